import { describe, expect, it } from "vitest";
import {
  dayNumberOf,
  endOfZonedDay,
  isoDateOf,
  localDateTime,
  localIsoDate,
  previousIsoDate,
  startOfLocalDay,
  startOfZonedDay,
  zonedTimeToUtc,
} from "./calendar.ts";

const at = (iso: string) => new Date(iso).toISOString();

describe("the calendar in a business's time zone", () => {
  it("gives the business's date and hour, not UTC's", () => {
    const instant = new Date("2026-03-10T03:30:00Z");
    expect(localIsoDate(instant, "UTC")).toBe("2026-03-10");
    expect(localDateTime(instant, "UTC").hour).toBe(3);
    expect(localIsoDate(instant, "America/New_York")).toBe("2026-03-09");
    expect(localDateTime(instant, "America/New_York")).toMatchObject({ hour: 23, minutes: 23 * 60 + 30, isoWeekday: 1 });
    expect(localIsoDate(instant, "Australia/Sydney")).toBe("2026-03-10");
    expect(localDateTime(instant, "Australia/Sydney").hour).toBe(14);
  });

  it("steps back across month and year ends", () => {
    expect(previousIsoDate("2026-03-01")).toBe("2026-02-28");
    expect(previousIsoDate("2026-01-01")).toBe("2025-12-31");
    expect(isoDateOf(dayNumberOf(2026, 13, 1))).toBe("2027-01-01");
  });

  it("finds local midnight on both sides of a daylight-saving change", () => {
    expect(startOfZonedDay("2026-03-08", "America/New_York").toISOString()).toBe(at("2026-03-08T05:00:00Z"));
    expect(endOfZonedDay("2026-03-08", "America/New_York").toISOString()).toBe(at("2026-03-09T04:00:00Z"));
    expect(startOfZonedDay("2026-11-01", "America/New_York").toISOString()).toBe(at("2026-11-01T04:00:00Z"));
    expect(endOfZonedDay("2026-11-01", "America/New_York").toISOString()).toBe(at("2026-11-02T05:00:00Z"));
  });

  it("starts a day whose midnight is skipped at its first instant (Havana springs forward at midnight)", () => {
    const start = startOfZonedDay("2026-03-08", "America/Havana");
    expect(localIsoDate(start, "America/Havana")).toBe("2026-03-08");
    expect(localDateTime(start, "America/Havana").minutes).toBe(60);
    expect(localIsoDate(new Date(start.getTime() - 1), "America/Havana")).toBe("2026-03-07");
  });

  it("moves a wall-clock time skipped by the change forward by the gap, as clocks do", () => {
    expect(zonedTimeToUtc("2026-03-08", "02:30", "America/New_York").toISOString()).toBe(at("2026-03-08T07:30:00Z"));
    expect(zonedTimeToUtc("2026-03-08", "09:00", "America/New_York").toISOString()).toBe(at("2026-03-08T13:00:00Z"));
  });

  it("falls back to UTC for an unknown zone", () => {
    expect(startOfLocalDay(dayNumberOf(2026, 3, 8), "Not/AZone").toISOString()).toBe(at("2026-03-08T00:00:00Z"));
  });
});
