import { describe, expect, it } from "vitest";
import {
  averageResponseSeconds,
  conversionRate,
  formatDuration,
  formatPercent,
  formatRevenue,
  monthToDate,
  percentChange,
  pointsChange,
  relativeTime,
  rollingDays,
  startOfMonth,
  startOfWeek,
  weekToDate,
} from "./periods.ts";
import { safeTimeZone } from "../time/calendar.ts";

const iso = (s: string) => new Date(s);

describe("calendar periods in the business's time zone", () => {
  it("starts the week on Monday at local midnight", () => {
    // Wednesday 2026-03-18 15:00 UTC = 11:00 in New York (EDT, UTC−4).
    expect(startOfWeek(iso("2026-03-18T15:00:00Z"), "America/New_York").toISOString()).toBe("2026-03-16T04:00:00.000Z");
    expect(startOfWeek(iso("2026-03-18T15:00:00Z"), "UTC").toISOString()).toBe("2026-03-16T00:00:00.000Z");
    // Monday 02:00 UTC is still Sunday evening in New York: the week began the Monday before.
    expect(startOfWeek(iso("2026-03-16T02:00:00Z"), "America/New_York").toISOString()).toBe("2026-03-09T04:00:00.000Z");
  });

  it("compares this week so far with the same span of last week, across a DST change", () => {
    // DST began on Sunday 2026-03-08 in New York: last Monday was EST (UTC−5), this Monday EDT.
    const { current, previous } = weekToDate(iso("2026-03-10T15:00:00Z"), "America/New_York");
    expect(current.start.toISOString()).toBe("2026-03-09T04:00:00.000Z");
    expect(current.end.toISOString()).toBe("2026-03-10T15:00:00.000Z");
    expect(previous.start.toISOString()).toBe("2026-03-02T05:00:00.000Z");
    expect(previous.end.getTime() - previous.start.getTime()).toBe(current.end.getTime() - current.start.getTime());
  });

  it("starts the month on the 1st and caps last month's span at its end", () => {
    expect(startOfMonth(iso("2026-03-18T15:00:00Z"), "Europe/Berlin").toISOString()).toBe("2026-02-28T23:00:00.000Z");
    // 31 March, late: February has fewer days, so its span ends at 1 March.
    const { current, previous } = monthToDate(iso("2026-03-31T20:00:00Z"), "UTC");
    expect(current.start.toISOString()).toBe("2026-03-01T00:00:00.000Z");
    expect(previous.start.toISOString()).toBe("2026-02-01T00:00:00.000Z");
    expect(previous.end.toISOString()).toBe("2026-03-01T00:00:00.000Z");
    // January of the next year: the prior month is December.
    const jan = monthToDate(iso("2027-01-05T12:00:00Z"), "UTC");
    expect(jan.previous.start.toISOString()).toBe("2026-12-01T00:00:00.000Z");
    expect(jan.previous.end.toISOString()).toBe("2026-12-05T12:00:00.000Z");
  });

  it("has rolling windows and falls back to UTC for an unknown zone", () => {
    const { current, previous } = rollingDays(iso("2026-03-31T00:00:00Z"), 30);
    expect(current.start.toISOString()).toBe("2026-03-01T00:00:00.000Z");
    expect(previous.start.toISOString()).toBe("2026-01-30T00:00:00.000Z");
    expect(previous.end).toEqual(current.start);
    expect(safeTimeZone("Not/AZone")).toBe("UTC");
    expect(safeTimeZone("Europe/Paris")).toBe("Europe/Paris");
  });
});

describe("changes and rates", () => {
  it("computes percent change, with no comparison against an empty prior period", () => {
    expect(percentChange(47, 40)).toBe(17.5);
    expect(percentChange(30, 40)).toBe(-25);
    expect(percentChange(0, 0)).toBe(0);
    expect(percentChange(5, 0)).toBeNull();
    expect(percentChange(null, 3)).toBeNull();
  });

  it("computes the conversion rate as Won ÷ (Won + Lost) and its change in points", () => {
    expect(conversionRate(2, 1)).toBe(66.7);
    expect(conversionRate(0, 0)).toBeNull();
    expect(pointsChange(66.7, 50)).toBe(16.7);
    expect(pointsChange(null, 50)).toBeNull();
  });

  it("averages the time from a visitor message to the next bot message", () => {
    expect(averageResponseSeconds([])).toBeNull();
    expect(
      averageResponseSeconds([
        { visitorAt: iso("2026-03-18T12:00:00.000Z"), botAt: iso("2026-03-18T12:00:00.400Z") },
        { visitorAt: iso("2026-03-18T12:01:00.000Z"), botAt: iso("2026-03-18T12:01:02.200Z") },
      ]),
    ).toBeCloseTo(1.3, 5);
  });
});

describe("display", () => {
  it("formats revenue, durations and percentages like the spec's sample", () => {
    expect(formatRevenue(1_240_000)).toBe("$12.4K");
    expect(formatRevenue(98_000)).toBe("$980");
    expect(formatRevenue(0)).toBe("$0");
    expect(formatRevenue(300_000_000)).toBe("$3M");
    expect(formatDuration(78)).toBe("1.3 minutes");
    expect(formatDuration(0.42)).toBe("0.4 seconds");
    expect(formatDuration(42)).toBe("42 seconds");
    expect(formatDuration(null)).toBe("—");
    expect(formatPercent(67)).toBe("67%");
    expect(formatPercent(66.7)).toBe("66.7%");
  });

  it("writes relative times", () => {
    const now = iso("2026-03-18T12:00:00Z");
    expect(relativeTime(iso("2026-03-18T11:59:50Z"), now)).toBe("just now");
    expect(relativeTime(iso("2026-03-18T11:58:00Z"), now)).toBe("2 minutes ago");
    expect(relativeTime(iso("2026-03-18T11:59:00Z"), now)).toBe("1 minute ago");
    expect(relativeTime(iso("2026-03-18T09:00:00Z"), now)).toBe("3 hours ago");
    expect(relativeTime("2026-03-16T12:00:00Z", now)).toBe("2 days ago");
    expect(relativeTime(iso("2026-03-18T12:00:30Z"), now)).toBe("just now");
  });
});
