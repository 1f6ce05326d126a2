// Business hours in the business's time zone, DST-safe (America/New_York in winter and summer).
import { describe, expect, it } from "vitest";
import { describeDays, describeHours, formatClock, isWithinBusinessHours, nextOpening, parseClock, type BusinessHours } from "./business-hours.ts";

const NY = "America/New_York";
const WEEKDAYS_8_TO_6: BusinessHours = { start: "08:00", end: "18:00", days: [1, 2, 3, 4, 5] };
const EVERY_DAY_8_TO_6: BusinessHours = { start: "08:00", end: "18:00", days: [1, 2, 3, 4, 5, 6, 7] };

describe("parseClock / formatClock", () => {
  it.each([
    ["08:00", 480],
    ["8:00", 480],
    ["18:30", 1110],
    ["00:00", 0],
    ["24:00", 1440],
    ["25:00", null],
    ["8am", null],
    ["12:60", null],
  ])("parseClock(%j) → %j", (text, minutes) => {
    expect(parseClock(text)).toBe(minutes);
  });

  it.each([
    [480, "8:00 AM"],
    [1080, "6:00 PM"],
    [720, "12:00 PM"],
    [750, "12:30 PM"],
    [0, "12:00 AM"],
    [1440, "12:00 AM"],
  ])("formatClock(%d) → %j", (minutes, text) => {
    expect(formatClock(minutes)).toBe(text);
  });
});

describe("isWithinBusinessHours", () => {
  it.each([
    // Winter (EST, UTC−5), Wednesday 15 January 2025.
    ["2025-01-15T12:59:00Z", false], // 07:59
    ["2025-01-15T13:00:00Z", true], // 08:00
    ["2025-01-15T22:59:00Z", true], // 17:59
    ["2025-01-15T23:00:00Z", false], // 18:00
    // Summer (EDT, UTC−4), Wednesday 16 July 2025: the same wall-clock hours an hour earlier in UTC.
    ["2025-07-16T11:59:00Z", false], // 07:59
    ["2025-07-16T12:00:00Z", true], // 08:00
    ["2025-07-16T21:59:00Z", true], // 17:59
    ["2025-07-16T22:00:00Z", false], // 18:00
    // The UTC date is already Thursday, New York is still Wednesday evening.
    ["2025-01-16T02:00:00Z", false],
    // Saturday 18 January 2025, midday.
    ["2025-01-18T17:00:00Z", false],
  ])("Monday to Friday 8–6 in New York at %s → %s", (iso, open) => {
    expect(isWithinBusinessHours(WEEKDAYS_8_TO_6, NY, new Date(iso))).toBe(open);
  });

  it("follows the local clock on the days the clocks change", () => {
    // Sunday 9 March 2025: clocks spring forward at 02:00; 08:00 EDT is 12:00 UTC.
    expect(isWithinBusinessHours(EVERY_DAY_8_TO_6, NY, new Date("2025-03-09T11:59:00Z"))).toBe(false);
    expect(isWithinBusinessHours(EVERY_DAY_8_TO_6, NY, new Date("2025-03-09T12:00:00Z"))).toBe(true);
    // Sunday 2 November 2025: clocks fall back at 02:00; 08:00 EST is 13:00 UTC.
    expect(isWithinBusinessHours(EVERY_DAY_8_TO_6, NY, new Date("2025-11-02T12:59:00Z"))).toBe(false);
    expect(isWithinBusinessHours(EVERY_DAY_8_TO_6, NY, new Date("2025-11-02T13:00:00Z"))).toBe(true);
  });

  it("uses the business's zone, not the server's", () => {
    const at = new Date("2025-01-15T09:00:00Z"); // 09:00 London, 04:00 New York, 18:00 Tokyo
    expect(isWithinBusinessHours(WEEKDAYS_8_TO_6, "Europe/London", at)).toBe(true);
    expect(isWithinBusinessHours(WEEKDAYS_8_TO_6, NY, at)).toBe(false);
    expect(isWithinBusinessHours(WEEKDAYS_8_TO_6, "Asia/Tokyo", at)).toBe(false);
  });

  it("handles hours past midnight and all-day opening", () => {
    const nights: BusinessHours = { start: "22:00", end: "06:00", days: [1, 2, 3, 4, 5] };
    expect(isWithinBusinessHours(nights, "UTC", new Date("2025-01-17T23:00:00Z"))).toBe(true); // Friday 23:00
    expect(isWithinBusinessHours(nights, "UTC", new Date("2025-01-18T05:00:00Z"))).toBe(true); // Friday night's tail
    expect(isWithinBusinessHours(nights, "UTC", new Date("2025-01-18T23:00:00Z"))).toBe(false); // Saturday 23:00
    expect(isWithinBusinessHours(nights, "UTC", new Date("2025-01-20T05:00:00Z"))).toBe(false); // Sunday night's tail
    const allDay: BusinessHours = { start: "00:00", end: "00:00", days: [6, 7] };
    expect(isWithinBusinessHours(allDay, "UTC", new Date("2025-01-18T03:00:00Z"))).toBe(true);
    expect(isWithinBusinessHours(allDay, "UTC", new Date("2025-01-17T12:00:00Z"))).toBe(false);
  });

  it("is closed for malformed hours, and falls back to UTC for an unknown zone", () => {
    expect(isWithinBusinessHours({ start: "8am", end: "18:00", days: [1, 2, 3, 4, 5] }, NY, new Date("2025-01-15T15:00:00Z"))).toBe(false);
    expect(isWithinBusinessHours(WEEKDAYS_8_TO_6, "Not/AZone", new Date("2025-01-15T09:00:00Z"))).toBe(true);
  });
});

describe("describeHours", () => {
  it.each<[number[], string, string, string]>([
    [[1, 2, 3, 4, 5], "08:00", "18:00", "Monday to Friday, 8:00 AM to 6:00 PM"],
    [[1, 2, 3, 4, 5, 6, 7], "08:00", "18:00", "Every day, 8:00 AM to 6:00 PM"],
    [[1, 2, 3, 4, 5, 6], "07:30", "17:00", "Monday to Saturday, 7:30 AM to 5:00 PM"],
    [[6, 7], "09:00", "13:00", "Saturday and Sunday, 9:00 AM to 1:00 PM"],
    [[1, 3, 5], "08:00", "18:00", "Monday, Wednesday and Friday, 8:00 AM to 6:00 PM"],
    [[1, 2, 3, 5], "08:00", "18:00", "Monday to Wednesday and Friday, 8:00 AM to 6:00 PM"],
    [[7, 1, 2, 3, 4], "08:00", "18:00", "Sunday to Thursday, 8:00 AM to 6:00 PM"],
    [[5, 4, 3, 2, 1, 1], "08:00", "18:00", "Monday to Friday, 8:00 AM to 6:00 PM"],
    [[2], "12:00", "20:00", "Tuesday, 12:00 PM to 8:00 PM"],
    [[1, 2, 3, 4, 5], "00:00", "00:00", "Monday to Friday, open 24 hours"],
    [[], "08:00", "18:00", "By appointment only"],
  ])("%j %s–%s → %j", (days, start, end, text) => {
    expect(describeHours({ start, end, days })).toBe(text);
  });

  it("ignores day numbers outside 1–7", () => {
    expect(describeDays([0, 1, 2, 3, 8])).toBe("Monday to Wednesday");
  });
});

describe("nextOpening", () => {
  it.each([
    ["2025-01-15T11:00:00Z", "later today at 8:00 AM"], // Wednesday 06:00 EST
    ["2025-01-15T15:00:00Z", "now"], // Wednesday 10:00 EST
    ["2025-01-16T00:00:00Z", "tomorrow at 8:00 AM"], // Wednesday 19:00 EST (Thursday in UTC)
    ["2025-01-18T00:00:00Z", "Monday at 8:00 AM"], // Friday 19:00 EST
    ["2025-01-18T17:00:00Z", "Monday at 8:00 AM"], // Saturday
    ["2025-01-19T17:00:00Z", "tomorrow at 8:00 AM"], // Sunday
    ["2025-07-18T23:00:00Z", "Monday at 8:00 AM"], // Friday 19:00 EDT
    ["2025-07-17T11:30:00Z", "later today at 8:00 AM"], // Thursday 07:30 EDT
  ])("Monday to Friday 8–6 in New York at %s → %j", (iso, phrase) => {
    expect(nextOpening(WEEKDAYS_8_TO_6, NY, new Date(iso))).toBe(phrase);
  });

  it("says next week's day when the only open day has just passed, and null with no open day", () => {
    const wednesdays: BusinessHours = { start: "08:00", end: "12:00", days: [3] };
    expect(nextOpening(wednesdays, NY, new Date("2025-01-15T20:00:00Z"))).toBe("next Wednesday at 8:00 AM");
    expect(nextOpening({ start: "08:00", end: "18:00", days: [] }, NY, new Date("2025-01-15T20:00:00Z"))).toBeNull();
  });
});
