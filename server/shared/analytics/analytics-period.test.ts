import { describe, expect, it } from "vitest";
import { analyticsPeriods, changePercent, conversionTone, monthsOf, parseAnalyticsPeriod, ratePercent } from "./analytics-period.ts";

describe("analytics periods", () => {
  it("parses the URL's period, 30 days by default", () => {
    expect(parseAnalyticsPeriod("7d")).toBe("7d");
    expect(parseAnalyticsPeriod("1y")).toBe("1y");
    expect(parseAnalyticsPeriod(null)).toBe("30d");
    expect(parseAnalyticsPeriod("365")).toBe("30d");
  });

  it("takes whole local days ending today, and the same number before", () => {
    // 2026-11-25 03:00 UTC is still 24 November in New York (UTC-5).
    const p = analyticsPeriods("7d", new Date("2026-11-25T03:00:00Z"), "America/New_York");
    expect(p.current.start.toISOString()).toBe("2026-11-18T05:00:00.000Z");
    expect(p.current.end.toISOString()).toBe("2026-11-25T05:00:00.000Z");
    expect(p.previous.start.toISOString()).toBe("2026-11-11T05:00:00.000Z");
    expect(p.previous.end.toISOString()).toBe(p.current.start.toISOString());
  });

  it("keeps local midnights across a daylight-saving change", () => {
    // US clocks went back on 2026-11-01: the 30 days to 2026-11-10 start on 12 October at 00:00 EDT.
    const p = analyticsPeriods("30d", new Date("2026-11-10T15:00:00Z"), "America/New_York");
    expect(p.current.start.toISOString()).toBe("2026-10-12T04:00:00.000Z");
    expect(p.current.end.toISOString()).toBe("2026-11-11T05:00:00.000Z");
    expect(p.current.end.getTime() - p.current.start.getTime()).toBe((30 * 24 + 1) * 3_600_000);
    expect(p.previous.start.toISOString()).toBe("2026-09-12T04:00:00.000Z");
  });

  it("Last Year runs from the day after this date last year, across the year end", () => {
    const p = analyticsPeriods("1y", new Date("2027-01-02T12:00:00Z"), "Europe/Berlin");
    expect(p.current.start.toISOString()).toBe("2026-01-02T23:00:00.000Z");
    expect(p.current.lastDay - p.current.firstDay + 1).toBe(365);
    expect(p.previous.start.toISOString()).toBe("2025-01-02T23:00:00.000Z");
    expect(monthsOf(p.current)).toHaveLength(13);
    expect(monthsOf(p.current)[0]).toBe("2026-01");
    expect(monthsOf(p.current).at(-1)).toBe("2027-01");
    // 366 days across a 29 February.
    const leap = analyticsPeriods("1y", new Date("2028-03-01T12:00:00Z"), "UTC");
    expect(leap.current.lastDay - leap.current.firstDay + 1).toBe(366);
  });

  it("computes changes, rates and the conversion colour", () => {
    expect(changePercent(15, 10)).toBe(50);
    expect(changePercent(0, 0)).toBe(0);
    expect(changePercent(3, 0)).toBeNull();
    expect(ratePercent(1, 3)).toBe(33.3);
    expect(ratePercent(0, 0)).toBeNull();
    expect(conversionTone(20)).toBe("green");
    expect(conversionTone(19.9)).toBe("amber");
    expect(conversionTone(10)).toBe("amber");
    expect(conversionTone(9.9)).toBe("red");
    expect(conversionTone(null)).toBe("red");
  });
});
