// Issue 32 item 4, on the seeded demo business: one definition per figure across the dashboard and
// Analytics. The dashboard's Conversion Rate is Analytics' (Last 30 Days), its Revenue This Month is
// Analytics' deals closed this month, Performance by Channel adds up to the Won Value beside it, and
// Won Deals is a key figure. Checked in the domain functions and on the rendered pages.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyticsReport } from "#server/analytics/analytics.server.ts";
import { dashboardStats } from "#server/dashboard/dashboard.server.ts";
import { formatPercentValue } from "#shared/analytics/analytics-format.ts";
import { formatCount, formatWholeDollars } from "#shared/format/intl.ts";
import { HttpClient } from "../support/http-client.ts";
import { DEMO_SIGN_IN } from "../support/demo-sign-in.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

describe("the dashboard's and Analytics' figures on the demo's data", () => {
  it("agree, are named, and add up", async () => {
    const db = server.services.db;
    const demo = await db.business.findFirstOrThrow({ where: { isDemo: true, sandboxExpiresAt: null }, select: { id: true, timeZone: true } });
    const now = new Date();
    const [stats, report] = await Promise.all([
      dashboardStats(db, { businessId: demo.id, timeZone: demo.timeZone, now }),
      analyticsReport(db, { businessId: demo.id, timeZone: demo.timeZone, period: "30d", now }),
    ]);
    const card = (key: string) => stats.find((s) => s.key === key)!;
    const { kpis, channels } = report;
    // The demo has leads and won deals in the last 30 days: the comparisons below are not of zeros.
    expect(kpis.leads.current).toBeGreaterThan(0);
    expect(kpis.won.current).toBeGreaterThan(0);
    expect(kpis.wonValueCents.current).toBeGreaterThan(0);

    // One conversion rate: Won ÷ leads created in the last 30 days, on both pages.
    expect(card("conversion-rate").value).toBe(kpis.conversionRate.current);
    expect(kpis.conversionRate.current).toBeCloseTo((kpis.won.current / kpis.leads.current) * 100, 1);
    // One "deals closed" revenue: the dashboard's month so far is Analytics' current month of closing.
    expect(card("revenue").value).toBe(report.revenueByMonth.at(-1)!.revenueCents);
    // Performance by Channel adds up to the figures it sits beside.
    const total = (key: "leads" | "won" | "revenueCents") => channels.reduce((sum, c) => sum + c[key], 0);
    expect(total("leads")).toBe(kpis.leads.current);
    expect(total("won")).toBe(kpis.won.current);
    expect(total("revenueCents")).toBe(kpis.wonValueCents.current);

    // The pages show them, each with its definition.
    const http = new HttpClient(server.url);
    expect((await http.post("/login", DEMO_SIGN_IN)).status).toBe(302);
    const dashboard = (await http.get("/app/dashboard")).text;
    const stat = (key: string) => new RegExp(`data-stat="${key}"[\\s\\S]*?data-stat-value[^>]*>([^<]*)<`).exec(dashboard)?.[1];
    expect(stat("conversion-rate")).toBe(formatPercentValue(kpis.conversionRate.current));
    expect(dashboard).toContain("Leads created in the last 30 days that are now Won");
    expect(dashboard).toContain("Deals closed this month: value of leads marked Won in it");

    const analytics = (await http.get("/app/analytics?period=30d")).text;
    const kpi = (key: string) => new RegExp(`data-kpi="${key}"[\\s\\S]*?data-kpi-value[^>]*>([^<]*)<`).exec(analytics)?.[1];
    expect(kpi("won")).toBe(formatCount(kpis.won.current));
    expect(kpi("conversion")).toBe(stat("conversion-rate"));
    expect(kpi("won-value")).toBe(formatWholeDollars(kpis.wonValueCents.current));
    expect(kpi("revenue")).toBe(formatWholeDollars(kpis.revenueCents.current));
    for (const text of ["Won Deals", "Won value of leads created in the period", "Deals closed in the period", "Deals closed by month"]) expect(analytics).toContain(text);
    const totalRow = /data-testid="channel-total"[\s\S]*?<\/tr>/.exec(analytics)?.[0] ?? "";
    expect(totalRow).toContain(formatWholeDollars(kpis.wonValueCents.current));
    expect(totalRow).toContain(formatCount(kpis.leads.current));
  });
});
