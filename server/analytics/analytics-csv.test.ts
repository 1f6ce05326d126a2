import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import type { AnalyticsReport } from "../shared/analytics/report.ts";
import { analyticsCsv, analyticsFileName, neutralizeCell } from "./analytics-csv.ts";

const figure = (current: number, previous: number, change: number | null) => ({ current, previous, change });

function report(channelLabel: string): AnalyticsReport {
  return {
    period: { key: "30d", label: "30 Days", from: "2026-10-27", to: "2026-11-25", previousFrom: "2026-09-27", previousTo: "2026-10-26", timeZone: "America/New_York" },
    kpis: {
      impressions: figure(1200, 1000, 20),
      conversations: figure(150, 160, -6.3),
      leads: figure(40, 0, null),
      won: figure(8, 4, 100),
      conversionRate: { current: 20, previous: 25, change: -5 },
      revenueCents: figure(1_234_500, 1_000_000, 23.5),
      wonValueCents: figure(500_000, 0, null),
      avgResponseSeconds: { current: 1.3, previous: null, change: null },
    },
    funnel: [
      { stage: "Widget impressions", count: 1200, previousCount: 1000, rate: null },
      { stage: "Conversations", count: 150, previousCount: 160, rate: 12.5 },
    ],
    leadsByDay: [{ date: "2026-11-25", leads: 3 }],
    quality: { high: 10, medium: 20, low: 10 },
    responseByHour: [{ hour: 0, botSeconds: 1.5, teamMinutes: 90 }, { hour: 13, botSeconds: null, teamMinutes: null }],
    revenueByMonth: [{ month: "2026-11", label: "Nov 2026", revenueCents: 1_234_500 }],
    channels: [{ channel: "paid", label: channelLabel, leads: 12, won: 3, conversion: 25, avgScore: 7.25, revenueCents: 500_000 }],
  };
}

describe("the analytics CSV", () => {
  it("names the file after the local date", () => {
    expect(analyticsFileName("2026-11-25")).toBe("analytics-2026-11-25.csv");
  });

  it("writes one section per table with the values as shown", () => {
    const csv = analyticsCsv(report("Paid"));
    const rows = parse(csv, { relax_column_count: true }) as string[][];
    expect(rows[0]).toEqual(["Analytics"]);
    expect(rows[2]).toEqual(["30 Days", "2026-10-27", "2026-11-25", "2026-09-27 to 2026-10-26"]);
    const titles = rows.filter((r) => r.length === 1 && r[0] !== "").map((r) => r[0]);
    expect(titles).toEqual(["Analytics", "Key figures", "Funnel", "Leads by day", "Lead quality", "Response time by hour", "Revenue growth", "Performance by Channel"]);
    expect(rows).toContainEqual(["Widget Impressions", "1,200", "+20%"]);
    expect(rows).toContainEqual(["Conversations", "150", "-6.3%"]);
    expect(rows).toContainEqual(["Total Leads", "40", "—"]);
    expect(rows).toContainEqual(["Conversion Rate", "20%", "-5 pts"]);
    expect(rows).toContainEqual(["Deals Closed", "$12,345", "+23.5%"]);
    expect(rows).toContainEqual(["Avg Response Time", "1.3 seconds", "—"]);
    expect(rows).toContainEqual(["12 AM", "1.5 seconds", "1.5 hours"]);
    expect(rows).toContainEqual(["1 PM", "—", "—"]);
    expect(rows).toContainEqual(["Nov 2026", "$12,345"]);
    expect(rows).toContainEqual(["Paid", "12", "25%", "7.3", "$5,000"]);
    expect(csv).toContain("\r\n");
  });

  it("quotes separators and neutralises formulas", () => {
    const rows = parse(analyticsCsv(report('=HYPERLINK("http://x","a, b")')), { relax_column_count: true }) as string[][];
    expect(rows.at(-1)![0]).toBe(`'=HYPERLINK("http://x","a, b")`);
    for (const [input, output] of [
      ["=1+1", "'=1+1"],
      ["+cmd", "'+cmd"],
      ["-2+3", "'-2+3"],
      ["@SUM(A1)", "'@SUM(A1)"],
      ["\tx", "'\tx"],
      ["-12.5%", "-12.5%"],
      ["+3 pts", "+3 pts"],
      ["-1,200", "-1,200"],
      ["Direct", "Direct"],
    ]) {
      expect(neutralizeCell(input!)).toBe(output);
    }
  });
});
