import { describe, expect, it } from "vitest";
import { DEFAULT_AVAILABILITY } from "../shared/appointments/availability.ts";
import { matchSlots, parseSlotRequest } from "./slot-request.ts";
import { freeSlots } from "./slots.ts";

const NY = "America/New_York";
// Tuesday 2026-02-03 10:00 EST.
const now = new Date("2026-02-03T15:00:00Z");
const day = { start: "09:00", end: "17:00" };
const slots = freeSlots({
  availability: { ...DEFAULT_AVAILABILITY, enabled: true, windows: { "1": [day], "2": [day], "3": [day], "4": [day], "5": [day] }, memberIds: ["ann"], horizonDays: 30, maxPerDay: 20 },
  timeZone: NY,
  now,
  appointments: [],
});
const pick = (text: string) => {
  const req = parseSlotRequest(text);
  if (!req) return null;
  return matchSlots(slots, req, NY, now).map((s) => s.startsAt.toISOString());
};

describe("a visitor's own words for a time", () => {
  it("reads weekday and part of day", () => {
    expect(parseSlotRequest("tuesday afternoon")).toEqual({ day: { kind: "weekday", isoWeekday: 2, nextWeek: false }, from: 720, to: 1020 });
    // The next Tuesday with room: today's is inside the notice, so next week's, from 12:00 EST.
    expect(pick("tuesday afternoon")).toEqual(["2026-02-10T17:00:00.000Z", "2026-02-10T18:00:00.000Z", "2026-02-10T19:00:00.000Z"]);
  });

  it("reads next week after 3", () => {
    expect(parseSlotRequest("next week after 3")).toEqual({ day: { kind: "week", next: true }, from: 900 });
    expect(pick("next week after 3")).toEqual(["2026-02-09T20:00:00.000Z", "2026-02-09T21:00:00.000Z", "2026-02-10T20:00:00.000Z"]);
  });

  it("reads the 14th at 10, and offers the nearest times that day when 10 is not free", () => {
    expect(parseSlotRequest("the 14th at 10")).toEqual({ day: { kind: "date", day: 14 }, at: 600 });
    // 2026-02-14 is a Saturday (no visits): the next 14th with room is March 14th — also a Saturday —
    // so nothing fits.
    expect(pick("the 14th at 10")).toEqual([]);
    expect(pick("the 12th at 10")).toEqual(["2026-02-12T15:00:00.000Z"]);
    // 10:30 is not on the grid: the nearest times that day.
    expect(pick("feb 12 at 10:30")).toEqual(["2026-02-12T14:00:00.000Z", "2026-02-12T15:00:00.000Z", "2026-02-12T16:00:00.000Z"]);
  });

  it("reads a time typed in another zone on that zone's clock", () => {
    expect(parseSlotRequest("thursday 8am pacific")).toEqual({ day: { kind: "weekday", isoWeekday: 4, nextWeek: false }, at: 480, zone: "America/Los_Angeles" });
    // 8:00 PST is 11:00 EST.
    expect(pick("thursday 8am pacific")).toEqual(["2026-02-05T16:00:00.000Z"]);
  });

  it("knows tomorrow morning and says nothing for words that are not a time", () => {
    expect(pick("tomorrow morning")).toEqual(["2026-02-04T15:00:00.000Z", "2026-02-04T16:00:00.000Z"]);
    expect(parseSlotRequest("do you clean carpets?")).toBeNull();
    expect(parseSlotRequest("we have 3 floors")).toBeNull();
  });
});
