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

describe("localDateTime", () => {
  it("reads the wall clock Intl gives, across DST changes and in zones with odd offsets", () => {
    const zones = ["America/New_York", "Europe/London", "Australia/Lord_Howe", "Asia/Kathmandu", "America/St_Johns", "Pacific/Chatham", "UTC", "Not/AZone"];
    // Every 37 minutes through 2026's spring and autumn changes (both hemispheres).
    const starts = [Date.UTC(2026, 2, 7), Date.UTC(2026, 3, 3), Date.UTC(2026, 9, 2), Date.UTC(2026, 9, 30)];
    for (const zone of zones) {
      const intl = new Intl.DateTimeFormat("en-US", {
        timeZone: zone === "Not/AZone" ? "UTC" : zone,
        hourCycle: "h23",
        year: "numeric",
        month: "numeric",
        day: "numeric",
        hour: "numeric",
        minute: "numeric",
        second: "numeric",
      });
      for (const start of starts) {
        for (let t = start; t < start + 3 * 86_400_000; t += 37 * 60_000 + 13_000) {
          const instant = new Date(t);
          const parts = Object.fromEntries(intl.formatToParts(instant).map((p) => [p.type, p.value]));
          const local = localDateTime(instant, zone);
          expect([local.year, local.month, local.day, local.hour, local.minute, local.second], `${zone} ${instant.toISOString()}`).toEqual(
            [parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second].map(Number),
          );
        }
      }
    }
  });
});
