// The after-hours text of the closing: the owner's day words agree with the next opening, in every
// time zone and across daylight-saving changes.
import { describe, expect, it } from "vitest";
import { afterHoursText, reconcileAfterHoursMessage } from "./after-hours.ts";
import type { BusinessHours } from "./business-hours.ts";

const DEFAULT_MESSAGE = "Our office is closed right now, but we'll get back to you first thing next business day.";
const WEEKDAYS_8_TO_6: BusinessHours = { start: "08:00", end: "18:00", days: [1, 2, 3, 4, 5] };
const NY = "America/New_York";

function text(iso: string, timeZone = NY, message = DEFAULT_MESSAGE, hours = WEEKDAYS_8_TO_6): string {
  return afterHoursText(message, hours, timeZone, new Date(iso));
}

describe("afterHoursText with the default after-hours message", () => {
  it("before opening on an open day: when we open later today, never the next business day", () => {
    // Wednesday 06:00 EST.
    expect(text("2025-01-15T11:00:00Z")).toBe("Our office is closed right now, but we'll get back to you when we open at 8:00 AM today.");
  });

  it("after closing: first thing next business day, and the office opens tomorrow", () => {
    // Wednesday 19:00 EST.
    expect(text("2025-01-16T00:00:00Z")).toBe(`${DEFAULT_MESSAGE} The office opens again tomorrow at 8:00 AM (EST).`);
  });

  it("Friday evening and the weekend: the next business day is Monday", () => {
    expect(text("2025-01-18T00:00:00Z")).toBe(`${DEFAULT_MESSAGE} The office opens again Monday at 8:00 AM (EST).`); // Friday 19:00
    expect(text("2025-01-18T17:00:00Z")).toBe(`${DEFAULT_MESSAGE} The office opens again Monday at 8:00 AM (EST).`); // Saturday
    expect(text("2025-01-19T17:00:00Z")).toBe(`${DEFAULT_MESSAGE} The office opens again tomorrow at 8:00 AM (EST).`); // Sunday
  });

  it("a business open one day a week: next week's day", () => {
    const wednesdays: BusinessHours = { start: "08:00", end: "12:00", days: [3] };
    expect(text("2025-01-15T20:00:00Z", NY, DEFAULT_MESSAGE, wednesdays)).toBe(
      `${DEFAULT_MESSAGE} The office opens again next Wednesday at 8:00 AM (EST).`,
    );
  });

  it("no open day: the owner's message alone", () => {
    expect(text("2025-01-15T20:00:00Z", NY, DEFAULT_MESSAGE, { start: "08:00", end: "18:00", days: [] })).toBe(DEFAULT_MESSAGE);
  });
});

describe("afterHoursText across time zones and daylight-saving changes", () => {
  it.each([
    // New York, spring forward (Sunday 9 March 2025): Monday 07:30 EDT is 11:30 UTC.
    ["2025-03-10T11:30:00Z", NY, "when we open at 8:00 AM today"],
    // Sunday 9 March 03:30 EDT, just after the change.
    ["2025-03-09T07:30:00Z", NY, "The office opens again tomorrow at 8:00 AM (EDT)."],
    // New York, fall back (Sunday 2 November 2025): Monday 07:30 EST is 12:30 UTC (08:30 under EDT).
    ["2025-11-03T12:30:00Z", NY, "when we open at 8:00 AM today"],
    // London, spring forward (Sunday 30 March 2025): Monday 07:30 BST is 06:30 UTC.
    ["2025-03-31T06:30:00Z", "Europe/London", "when we open at 8:00 AM today"],
    // Sydney, fall back (Sunday 6 April 2025): Monday 07:30 AEST is 21:30 UTC on Sunday (08:30 under AEDT).
    ["2025-04-06T21:30:00Z", "Australia/Sydney", "when we open at 8:00 AM today"],
    // Tokyo, no DST: Wednesday 07:00 JST is Tuesday 22:00 UTC.
    ["2025-01-14T22:00:00Z", "Asia/Tokyo", "when we open at 8:00 AM today"],
    // Tokyo, Friday 20:00 JST: Monday.
    ["2025-01-17T11:00:00Z", "Asia/Tokyo", "The office opens again Monday at 8:00 AM"],
    // Kolkata (UTC+5:30), Tuesday 18:30 IST.
    ["2025-06-10T13:00:00Z", "Asia/Kolkata", "The office opens again tomorrow at 8:00 AM"],
  ])("%s in %s → %j", (iso, zone, expected) => {
    expect(text(iso, zone)).toContain(expected);
  });

  it.each([
    ["America/New_York", "2025-03-07T00:00:00Z"],
    ["America/New_York", "2025-10-31T00:00:00Z"],
    ["Australia/Sydney", "2025-04-03T00:00:00Z"],
    ["Europe/London", "2025-03-27T00:00:00Z"],
    ["Pacific/Auckland", "2025-09-25T00:00:00Z"],
  ])("never says today together with tomorrow or the next business day, hour by hour for a week (%s from %s)", (zone, from) => {
    const start = new Date(from).getTime();
    for (let hour = 0; hour < 24 * 8; hour++) {
      const t = afterHoursText(DEFAULT_MESSAGE, WEEKDAYS_8_TO_6, zone, new Date(start + hour * 3_600_000 + 30 * 60_000));
      if (/\btoday\b/.test(t)) expect(t).not.toMatch(/next business day|tomorrow/);
    }
  });
});

describe("reconcileAfterHoursMessage with the owner's own words", () => {
  const at = "8:00 AM";
  it.each([
    ["We'll call you first thing tomorrow morning.", { when: "later_today", day: "Wednesday", at }, "We'll call you when we open at 8:00 AM today."],
    ["We'll reply on the next working day.", { when: "later_today", day: "Wednesday", at }, "We'll reply when we open at 8:00 AM today."],
    ["We'll call you back later today.", { when: "tomorrow", day: "Thursday", at }, "We'll call you back tomorrow."],
    ["We'll call you tomorrow.", { when: "this_week", day: "Monday", at }, "We'll call you on Monday."],
    ["We'll call you first thing next business day.", { when: "this_week", day: "Monday", at }, "We'll call you first thing next business day."],
    ["We'll call you today.", { when: "next_week", day: "Wednesday", at }, "We'll call you next Wednesday."],
    ["Leave your details and we'll call.", { when: "later_today", day: "Wednesday", at }, "Leave your details and we'll call."],
  ] as const)("%j (%j) → %j", (message, opening, expected) => {
    expect(reconcileAfterHoursMessage(message, opening)).toBe(expected);
  });

  it("adds when the office opens to a message that does not name it", () => {
    expect(text("2025-01-15T11:00:00Z", NY, "Leave your details and we'll call.")).toBe(
      "Leave your details and we'll call. The office opens later today at 8:00 AM (EST).",
    );
  });
});
