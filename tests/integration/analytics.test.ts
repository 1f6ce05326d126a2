// Analytics on real data (issue 18, DESIGN §13): the figures of a seeded business in Los Angeles time
// across the edge of a 7-day period (hand-computed below), other businesses' and test rows left out;
// the lead channel trigger; widget impressions counted by the config request.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { analyticsReport } from "#server/analytics/analytics.server.ts";
import { foldAnalytics } from "#server/analytics/analytics-fold.server.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { Visitor } from "../support/widget-client.ts";
import { registerOwner, type Owner } from "./billing-support.ts";

let server: TestServer;
let owner: Owner;
let other: Owner;

beforeAll(async () => {
  server = await startTestServer({ seedDemo: false });
  owner = await registerOwner(server, "Pacific Shine");
  other = await registerOwner(server, "Elsewhere Cleaning");
  await server.services.db.business.update({ where: { id: owner.businessId }, data: { timeZone: "America/Los_Angeles" } });
});

afterAll(async () => {
  await server?.close();
});

// Thursday 2026-11-20 12:00 in Los Angeles (UTC-8). Last 7 Days = 14–20 November local
// (2026-11-14T08:00Z – 2026-11-21T08:00Z); the period before = 7–13 November.
const NOW = new Date("2026-11-20T20:00:00Z");
const at = (iso: string) => new Date(iso);

async function chatbotOf(businessId: string) {
  return server.services.db.chatbot.findFirstOrThrow({ where: { businessId }, select: { id: true, siteKey: true } });
}

let visitor = 0;
async function conversation(businessId: string, createdAt: string, channel: string, isTest = false) {
  const chatbot = await chatbotOf(businessId);
  visitor += 1;
  return server.services.db.conversation.create({
    data: { businessId, chatbotId: chatbot.id, visitorId: `visitor-${visitor}-abcdef`, channel, isTest, createdAt: at(createdAt), lastMessageAt: at(createdAt) },
  });
}

type LeadSeed = {
  createdAt: string;
  conversationId?: string;
  source?: "chatbot" | "manual" | "api" | "import";
  status?: "new" | "proposal" | "won";
  score: number;
  priority: "high" | "medium" | "low";
  valueCents?: number;
  closedAt?: string;
  isTest?: boolean;
  businessId?: string;
};

async function lead(seed: LeadSeed) {
  return server.services.db.lead.create({
    data: {
      businessId: seed.businessId ?? owner.businessId,
      name: "Lead",
      conversationId: seed.conversationId ?? null,
      source: seed.source ?? "chatbot",
      status: seed.status ?? "new",
      score: seed.score,
      priority: seed.priority,
      valueCents: seed.valueCents ?? null,
      closedAt: seed.closedAt ? at(seed.closedAt) : null,
      isTest: seed.isTest ?? false,
      createdAt: at(seed.createdAt),
    },
  });
}

describe("the analytics report", () => {
  it("gives exactly the hand-computed figures of the period and the one before", async () => {
    const db = server.services.db;
    const b = owner.businessId;
    // Current period.
    const paidConv = await conversation(b, "2026-11-14T08:20:00Z", "paid"); // 00:20 on the 14th, local
    const leadA = await lead({ createdAt: "2026-11-14T08:30:00Z", conversationId: paidConv.id, status: "won", score: 9, priority: "high", valueCents: 50_000, closedAt: "2026-11-18T18:00:00Z" });
    await lead({ createdAt: "2026-11-20T10:00:00Z", source: "manual", status: "proposal", score: 7, priority: "medium" });
    await conversation(b, "2026-11-19T00:00:00Z", "social");
    // Previous period: 23:20 / 23:30 on the 13th local, an hour before the edge in UTC terms.
    const directConv = await conversation(b, "2026-11-14T07:20:00Z", "direct");
    const leadDirect = await lead({ createdAt: "2026-11-14T07:30:00Z", conversationId: directConv.id, score: 5, priority: "low" });
    const searchConv = await conversation(b, "2026-11-10T11:50:00Z", "organic_search");
    await lead({ createdAt: "2026-11-10T12:00:00Z", conversationId: searchConv.id, status: "won", score: 8, priority: "high", valueCents: 20_000, closedAt: "2026-11-12T12:00:00Z" });
    // Left out: after the period (01:00 on the 21st local), test rows, another business.
    await lead({ createdAt: "2026-11-21T09:00:00Z", source: "manual", score: 9, priority: "high" });
    await lead({ createdAt: "2026-11-16T12:00:00Z", source: "manual", score: 9, priority: "high", isTest: true });
    await conversation(b, "2026-11-16T12:00:00Z", "paid", true);
    await lead({ businessId: other.businessId, createdAt: "2026-11-16T12:00:00Z", source: "manual", status: "won", score: 9, priority: "high", valueCents: 99_000, closedAt: "2026-11-17T12:00:00Z" });
    await conversation(other.businessId, "2026-11-16T12:00:00Z", "paid");

    // Visit booked (issue 31): lead A's walkthrough counts; the previous period's cancelled one does not.
    const visit = (leadId: string, status: "completed" | "cancelled") => ({ businessId: b, leadId, startsAt: at("2026-11-16T17:00:00Z"), endsAt: at("2026-11-16T17:45:00Z"), status, createdBy: "visitor", assignmentReason: "Only one member", manageNonce: `n-${leadId}` });
    await db.appointment.createMany({ data: [visit(leadA.id, "completed"), visit(leadDirect.id, "cancelled")] });

    // Impressions per local day.
    const chatbot = await chatbotOf(b);
    const otherBot = await chatbotOf(other.businessId);
    await db.widgetImpressionDay.createMany({
      data: [
        { chatbotId: chatbot.id, businessId: b, day: at("2026-11-14T00:00:00Z"), count: 10 },
        { chatbotId: chatbot.id, businessId: b, day: at("2026-11-20T00:00:00Z"), count: 5 },
        { chatbotId: chatbot.id, businessId: b, day: at("2026-11-13T00:00:00Z"), count: 4 },
        { chatbotId: chatbot.id, businessId: b, day: at("2026-11-21T00:00:00Z"), count: 100 },
        { chatbotId: otherBot.id, businessId: other.businessId, day: at("2026-11-16T00:00:00Z"), count: 1000 },
      ],
    });
    // Bot replies: two pairs in the UTC hour 09:00 of the 14th (01:00 local), 1.5 s on average; rolled up to now.
    await db.chatResponseHour.create({ data: { businessId: b, hour: at("2026-11-14T09:00:00Z"), pairs: 2, totalMs: 3000 } });
    await db.chatResponseRollup.create({ data: { businessId: b, through: at("2026-11-20T19:00:00Z") } });
    // The team's first action on lead A an hour after it came in (00:30 local), a later one ignored.
    await db.leadEvent.createMany({
      data: [
        { leadId: leadA.id, businessId: b, type: "note", actorUserId: owner.userId, createdAt: at("2026-11-14T09:30:00Z") },
        { leadId: leadA.id, businessId: b, type: "status_changed", actorUserId: owner.userId, createdAt: at("2026-11-18T18:00:00Z") },
        { leadId: leadA.id, businessId: b, type: "created", actorUserId: null, createdAt: at("2026-11-14T08:30:00Z") },
      ],
    });

    const report = await analyticsReport(db, { businessId: b, timeZone: "America/Los_Angeles", period: "7d", now: NOW });

    expect(report.period).toMatchObject({ key: "7d", label: "Last 7 Days", from: "2026-11-14", to: "2026-11-20", previousFrom: "2026-11-07", previousTo: "2026-11-13" });
    expect(report.kpis.impressions).toEqual({ current: 15, previous: 4, change: 275 });
    expect(report.kpis.conversations).toEqual({ current: 2, previous: 2, change: 0 });
    expect(report.kpis.leads).toEqual({ current: 2, previous: 2, change: 0 });
    expect(report.kpis.won).toEqual({ current: 1, previous: 1, change: 0 });
    expect(report.kpis.conversionRate).toEqual({ current: 50, previous: 50, change: 0 });
    expect(report.kpis.revenueCents).toEqual({ current: 50_000, previous: 20_000, change: 150 });
    expect(report.kpis.avgResponseSeconds).toEqual({ current: 1.5, previous: null, change: null });
    expect(report.funnel).toEqual([
      { stage: "Widget impressions", count: 15, previousCount: 4, rate: null },
      { stage: "Conversations", count: 2, previousCount: 2, rate: 13.3 },
      { stage: "Leads", count: 1, previousCount: 2, rate: 50 },
      { stage: "Visit booked", count: 1, previousCount: 0, rate: 100 },
      { stage: "Proposal", count: 1, previousCount: 1, rate: 100 },
      { stage: "Won", count: 1, previousCount: 1, rate: 100 },
    ]);
    expect(report.quality).toEqual({ high: 1, medium: 1, low: 0 });
    expect(report.leadsByDay).toHaveLength(7);
    expect(report.leadsByDay.filter((d) => d.leads > 0)).toEqual([
      { date: "2026-11-14", leads: 1 },
      { date: "2026-11-20", leads: 1 },
    ]);
    expect(report.responseByHour.filter((h) => h.botSeconds !== null || h.teamMinutes !== null)).toEqual([
      { hour: 0, botSeconds: null, teamMinutes: 60 },
      { hour: 1, botSeconds: 1.5, teamMinutes: null },
    ]);
    expect(report.revenueByMonth).toHaveLength(12);
    expect(report.revenueByMonth[0]).toEqual({ month: "2025-12", label: "Dec 2025", revenueCents: 0 });
    expect(report.revenueByMonth[11]).toEqual({ month: "2026-11", label: "Nov 2026", revenueCents: 70_000 });
    expect(report.channels).toEqual([
      { channel: "manual", label: "Manual", leads: 1, won: 0, conversion: 0, avgScore: 7, revenueCents: 0 },
      { channel: "paid", label: "Paid", leads: 1, won: 1, conversion: 100, avgScore: 9, revenueCents: 50_000 },
    ]);

    // The previous period, seen as the current one a week earlier: the 23:30 lead is on the 13th.
    const before = await analyticsReport(db, { businessId: b, timeZone: "America/Los_Angeles", period: "7d", now: at("2026-11-13T20:00:00Z") });
    expect(before.channels.map((c) => [c.channel, c.leads])).toEqual([
      ["direct", 1],
      ["organic_search", 1],
    ]);
    expect(before.leadsByDay.at(-1)).toEqual({ date: "2026-11-13", leads: 1 });
  });

  it("gives leads their channel on insert: the conversation's for the chatbot, the source otherwise", async () => {
    const b = owner.businessId;
    const conv = await conversation(b, "2026-11-01T10:00:00Z", "email");
    const fromChat = await lead({ createdAt: "2026-11-01T10:05:00Z", conversationId: conv.id, score: 6, priority: "medium" });
    const orphan = await lead({ createdAt: "2026-11-01T10:05:00Z", score: 6, priority: "medium" });
    const imported = await lead({ createdAt: "2026-11-01T10:05:00Z", source: "import", score: 6, priority: "medium" });
    const read = (id: string) => server.services.db.lead.findUniqueOrThrow({ where: { id }, select: { channel: true } });
    expect(await read(fromChat.id)).toEqual({ channel: "email" });
    expect(await read(orphan.id)).toEqual({ channel: "direct" });
    expect(await read(imported.id)).toEqual({ channel: "import" });
  });
});

describe("conversation channels", () => {
  it("stores the channel of the page a conversation started on, from its campaign parameters and referrer", async () => {
    const business = await registerOwner(server, "Channel Cleaners");
    const { siteKey } = await chatbotOf(business.businessId);
    const cases: [{ pageUrl?: string; referrer?: string }, string][] = [
      [{ pageUrl: "https://channel.example/quote?utm_source=google&utm_medium=cpc" }, "paid"],
      [{ pageUrl: "https://channel.example/quote", referrer: "https://www.google.com" }, "organic_search"],
      [{ pageUrl: "https://channel.example/quote", referrer: "https://channel.example" }, "direct"],
      [{}, "direct"],
    ];
    for (const [payload, channel] of cases) {
      const v = new Visitor(server.url, { siteKey });
      await v.connect();
      await v.open(payload);
      await v.say("Regular Commercial Cleaning");
      const stored = await server.services.db.conversation.findUniqueOrThrow({ where: { id: v.conversationId! }, select: { channel: true, pageUrl: true } });
      expect(stored.channel, JSON.stringify(payload)).toBe(channel);
      if (payload.pageUrl) expect(stored.pageUrl).toBe("https://channel.example/quote");
      v.socket.disconnect();
    }
  });
});

describe("widget impressions", () => {
  it("counts one per config request from the business's website, none from the app or without an Origin", async () => {
    const business = await registerOwner(server, "Counting Cleaners");
    const chatbot = await chatbotOf(business.businessId);
    const rows = () => server.services.db.widgetImpressionDay.findMany({ where: { chatbotId: chatbot.id }, select: { count: true, businessId: true } });
    // Each request appends its own row (decision 0046), summed on read and folded by the analytics fold job.
    const count = async () => {
      const found = await rows();
      return { count: found.reduce((sum, r) => sum + r.count, 0), businessIds: [...new Set(found.map((r) => r.businessId))] };
    };
    const get = (headers: Record<string, string>) => fetch(`${server.url}/widget/config?key=${chatbot.siteKey}`, { headers });

    for (let i = 0; i < 3; i++) {
      const res = await get({ Origin: "https://counting-cleaners.example" });
      expect(res.status).toBe(200);
      expect(res.headers.get("set-cookie")).toBeNull();
      expect(((await res.json()) as { active: boolean }).active).toBe(true);
    }
    await vi.waitFor(async () => expect(await count()).toEqual({ count: 3, businessIds: [business.businessId] }), { timeout: 10_000 });
    await foldAnalytics(server.services.db);
    expect(await rows()).toEqual([{ count: 3, businessId: business.businessId }]);

    await get({ Origin: new URL(server.url).origin });
    await get({});
    const unknown = await fetch(`${server.url}/widget/config?key=no-such-key`, { headers: { Origin: "https://counting-cleaners.example" } });
    expect(((await unknown.json()) as { active: boolean }).active).toBe(false);
    // One more counted request after those: its count shows the three above added nothing.
    await get({ Origin: "https://counting-cleaners.example" });
    await vi.waitFor(async () => expect(await count()).toEqual({ count: 4, businessIds: [business.businessId] }), { timeout: 10_000 });
  });
});

describe("the Analytics page and its export", () => {
  it("shows the period's figures, switches periods and exports analytics-{local date}.csv", async () => {
    const page = await owner.client.get("/app/analytics");
    expect(page.status).toBe(200);
    for (const text of ["Last 7 Days", "30 Days", "90 Days", "Last Year", "Export", "Performance by Channel", "Lead Quality Distribution", "Response Time by Hour", "Revenue Growth"]) {
      expect(page.text).toContain(text);
    }
    expect(page.text).toMatch(/<a[^>]*aria-current="page"[^>]*>30 Days<\/a>/);
    const week = await owner.client.get("/app/analytics?period=7d");
    expect(week.text).toMatch(/<a[^>]*aria-current="page"[^>]*>Last 7 Days<\/a>/);
    const bogus = await owner.client.get("/app/analytics?period=forever");
    expect(bogus.text).toMatch(/<a[^>]*aria-current="page"[^>]*>30 Days<\/a>/);

    const csv = await fetch(`${server.url}/app/analytics/export?period=1y`, { headers: { Cookie: [...owner.client.cookies].map(([k, v]) => `${k}=${v}`).join("; ") } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
    expect(csv.headers.get("content-disposition")).toBe(`attachment; filename="analytics-${today}.csv"`);
    const text = await csv.text();
    expect(text.split("\r\n")[2]).toMatch(/^Last Year,/);
    expect(text).toContain("Performance by Channel");
  });

  it("needs a signed-in member", async () => {
    const res = await fetch(`${server.url}/app/analytics/export`, { redirect: "manual" });
    expect(res.status).toBe(302);
  });
});
