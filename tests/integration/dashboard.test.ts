// Dashboard numbers from known rows: the domain function with a fixed clock (exact values), and the
// page through HTTP for a signed-in owner (rendered cards and lists, scoped to the business).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAccount } from "#server/auth/accounts.server.ts";
import { loadDashboard } from "#server/dashboard/dashboard.server.ts";
import { rollingDays } from "#shared/dashboard/periods.ts";
import { averageResponseTimes, rollUpResponseTimes } from "#server/dashboard/response-times.server.ts";
import { changeLeadStatus } from "#server/leads/commands.server.ts";
import { commandContext } from "#server/events/command-context.server.ts";
import type { LeadPriority, LeadStatus } from "#server/db/generated/enums.ts";
import { HttpClient } from "../support/http-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { DEMO_SIGN_IN } from "../support/demo-sign-in.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

let counter = 0;
async function newBusiness(name: string) {
  counter += 1;
  const email = `dash${counter}-${Date.now()}@example.com`;
  const password = "Dashboard2026";
  const result = await registerAccount(server.services.db, { businessName: name, email, password });
  if (!result.ok) throw new Error(result.code);
  const chatbot = await server.services.db.chatbot.findFirstOrThrow({ where: { businessId: result.value.businessId } });
  return { ...result.value, email, password, chatbotId: chatbot.id };
}

type LeadSpec = {
  name: string;
  createdAt: string;
  priority: LeadPriority;
  status?: LeadStatus;
  valueCents?: number;
  /** When the status changed to won/lost. */
  closedAt?: string;
  isTest?: boolean;
  createdEvent?: boolean;
};

async function addLead(businessId: string, spec: LeadSpec) {
  const score = spec.priority === "high" ? 8.9 : spec.priority === "medium" ? 7 : 5;
  return server.services.db.lead.create({
    data: {
      businessId,
      name: spec.name,
      company: `${spec.name} Co`,
      email: `${spec.name.toLowerCase().replace(/\s+/g, ".")}@example.com`,
      score,
      priority: spec.priority,
      status: spec.status ?? "new",
      valueCents: spec.valueCents ?? null,
      // Set by the app's status change; a row written without it gets its last update (trigger).
      closedAt: spec.closedAt ? new Date(spec.closedAt) : undefined,
      isTest: spec.isTest ?? false,
      createdAt: new Date(spec.createdAt),
      events: {
        create: [
          ...(spec.createdEvent ? [{ businessId, type: "created", createdAt: new Date(spec.createdAt) }] : []),
          ...(spec.closedAt
            ? [{ businessId, type: "status_changed", data: { from: "proposal", to: spec.status! }, createdAt: new Date(spec.closedAt) }]
            : []),
        ],
      },
    },
  });
}

async function addConversation(
  business: { businessId: string; chatbotId: string },
  messages: { role: "visitor" | "bot"; text: string; at: string }[],
  isTest = false,
) {
  const db = server.services.db;
  const conversation = await db.conversation.create({
    data: {
      businessId: business.businessId,
      chatbotId: business.chatbotId,
      visitorId: `v_${Math.random().toString(36).slice(2, 12)}`,
      isTest,
      lastSeq: messages.length,
      lastMessageAt: new Date(messages.at(-1)!.at),
      createdAt: new Date(messages[0]!.at),
    },
  });
  await db.message.createMany({
    data: messages.map((m, i) => ({
      conversationId: conversation.id,
      businessId: business.businessId,
      seq: i + 1,
      role: m.role,
      text: m.text,
      createdAt: new Date(m.at),
    })),
  });
  return conversation.id;
}

describe("dashboard data from known rows (fixed clock)", () => {
  it("computes the four stats with their changes, the lists and the activity", async () => {
    const business = await newBusiness("Fixed Clock Cleaning");
    const db = server.services.db;
    await db.business.update({ where: { id: business.businessId }, data: { timeZone: "UTC" } });
    // Wednesday 18 March 2026, noon UTC. This week: from Monday 16 March; the same span last week:
    // 9 March 00:00 to 11 March 12:00. Rolling 30 days: from 16 February; before: 17 January – 16 February.
    const now = new Date("2026-03-18T12:00:00Z");
    const id = business.businessId;

    const a = await addLead(id, { name: "Alice High", createdAt: "2026-03-17T10:00:00Z", priority: "high", createdEvent: true });
    await addLead(id, { name: "Bob Medium", createdAt: "2026-03-18T11:58:00Z", priority: "medium", createdEvent: true });
    await addLead(id, { name: "Carol Won", createdAt: "2026-03-16T00:00:00Z", priority: "low", status: "won", valueCents: 420_000, closedAt: "2026-03-17T09:00:00Z" });
    // Dan and Eve are Medium but closed: "Needs Follow-up" leaves them out (server/leads/follow-up.ts).
    await addLead(id, { name: "Dan Lost", createdAt: "2026-03-10T08:00:00Z", priority: "medium", status: "lost", closedAt: "2026-03-12T08:00:00Z" });
    await addLead(id, { name: "Eve Won", createdAt: "2026-03-12T08:00:00Z", priority: "medium", status: "won", valueCents: 100_000, closedAt: "2026-02-10T00:00:00Z" });
    await addLead(id, { name: "Gus Lost", createdAt: "2026-01-20T08:00:00Z", priority: "low", status: "lost", closedAt: "2026-02-01T00:00:00Z" });
    await addLead(id, { name: "Hal Lost", createdAt: "2026-01-20T09:00:00Z", priority: "low", status: "lost", closedAt: "2026-02-05T00:00:00Z" });
    // A test lead counts nowhere.
    await addLead(id, { name: "Tess Test", createdAt: "2026-03-18T11:00:00Z", priority: "high", status: "won", valueCents: 999_900, closedAt: "2026-03-18T11:30:00Z", isTest: true, createdEvent: true });
    await db.reminder.create({ data: { businessId: id, leadId: a.id, dueAt: new Date("2026-03-18T11:00:00Z"), note: "Call Alice" } });

    // Response times: 2 s and 1 s this period (average 1.5 s); 3 s in the previous one; a test conversation's 10 minutes excluded.
    const current = await addConversation(business, [
      { role: "bot", text: "Welcome!", at: "2026-03-18T10:59:00Z" },
      { role: "visitor", text: "Office cleaning", at: "2026-03-18T11:00:00Z" },
      { role: "bot", text: "How big is the building?", at: "2026-03-18T11:00:02Z" },
      { role: "visitor", text: "About 12k sq ft", at: "2026-03-18T11:01:00Z" },
      { role: "bot", text: "How often?", at: "2026-03-18T11:01:01Z" },
    ]);
    const older = await addConversation(business, [
      { role: "visitor", text: "Hello", at: "2026-02-01T10:00:00Z" },
      { role: "bot", text: "Hi there", at: "2026-02-01T10:00:03Z" },
    ]);
    await addConversation(business, [
      { role: "visitor", text: "Testing", at: "2026-03-18T11:00:00Z" },
      { role: "bot", text: "Slow test reply", at: "2026-03-18T11:10:00Z" },
    ], true);

    const data = await loadDashboard(db, { businessId: id, now });
    const stats = Object.fromEntries(data.stats.map((s) => [s.key, s]));
    // New leads: Alice, Bob, Carol this week; Dan in last week's span (Eve came after it) → +200%.
    expect(stats["new-leads"]).toMatchObject({ value: 3, display: "3", change: 200, changeUnit: "%" });
    // Conversion, as on Analytics (issue 32): leads created in the last 30 local days (17 February – 18
    // March) that are now Won: Carol and Eve of five → 40%; before (18 January – 16 February): Gus and Hal,
    // none Won → 0% → +40 points.
    expect(stats["conversion-rate"]).toMatchObject({ value: 40, display: "40%", change: 40, changeUnit: "pts" });
    // Response: 1.5 s against 3 s → −50% (lower is better).
    expect(stats["response-time"]).toMatchObject({ display: "1.5 seconds", change: -50, higherIsBetter: false });
    expect(stats["response-time"]!.value).toBeCloseTo(1.5, 6);
    // Revenue this month: Carol $4,200; last month's span: Eve $1,000 (won 10 February) → +320%.
    expect(stats.revenue).toMatchObject({ value: 420_000, display: "$4.2K", change: 320 });

    expect(data.recentLeads.all.map((l) => l.name)).toEqual(["Bob Medium", "Alice High", "Carol Won", "Eve Won", "Dan Lost"]);
    expect(data.recentLeads.high.map((l) => l.name)).toEqual(["Alice High"]);
    expect(data.recentLeads.followUp.map((l) => l.name)).toEqual(["Bob Medium"]);

    expect(data.liveChats.map((c) => c.conversationId)).toEqual([current, older]);
    expect(data.liveChats[0]!.messages.map((m) => m.text)).toEqual(["How big is the building?", "About 12k sq ft", "How often?"]);

    expect(data.activity.slice(0, 5).map((i) => [i.type, i.text])).toEqual([
      ["new-lead", "New medium-priority lead: Bob Medium (Bob Medium Co), score 7.0"],
      ["follow-up", "Follow-up due: Alice High (Alice High Co), high priority"],
      ["new-lead", "New high-priority lead: Alice High (Alice High Co), score 8.9"],
      ["response", "Carol Won (Carol Won Co) moved to Won"],
      ["response", "Dan Lost (Dan Lost Co) moved to Lost"],
    ]);
    expect(data.activity.some((i) => i.text.includes("Tess"))).toBe(false);
  });

  it("shows no change when there is nothing to compare", async () => {
    const business = await newBusiness("Empty Cleaning");
    const data = await loadDashboard(server.services.db, { businessId: business.businessId, now: new Date("2026-03-18T12:00:00Z") });
    expect(data.stats.map((s) => [s.key, s.display, s.change])).toEqual([
      ["new-leads", "0", 0],
      ["conversion-rate", "—", null],
      ["response-time", "—", null],
      ["revenue", "$0", 0],
    ]);
    expect(data.recentLeads).toEqual({ all: [], high: [], followUp: [] });
    expect(data.liveChats).toEqual([]);
    expect(data.activity).toEqual([]);
  });
});

describe("what the stats read at 100,000 leads", () => {
  it("keeps a lead's closing time for every writer: set on Won or Lost, kept on other edits, cleared on reopening", async () => {
    const business = await newBusiness("Closing Cleaning");
    const db = server.services.db;
    const won = await db.lead.create({ data: { businessId: business.businessId, name: "Wendy Won", score: 7, priority: "medium", status: "won", valueCents: 1000 } });
    expect(won.closedAt).toEqual(won.updatedAt);
    const open = await db.lead.create({ data: { businessId: business.businessId, name: "Oscar Open", score: 7, priority: "medium" } });
    expect(open.closedAt).toBeNull();

    const reopened = await db.lead.update({ where: { id: won.id }, data: { status: "proposal" } });
    expect(reopened.closedAt).toBeNull();
    const lost = await db.lead.update({ where: { id: won.id }, data: { status: "lost" } });
    expect(lost.closedAt).toEqual(lost.updatedAt);
    const renamed = await db.lead.update({ where: { id: won.id }, data: { name: "Wendy Lost" } });
    expect(renamed.closedAt).toEqual(lost.closedAt);

    // The app's status change dates the close on its own clock, like the history event.
    const at = new Date("2026-05-01T10:00:00Z");
    const changed = await changeLeadStatus(commandContext(server.services, server.app.workspaceEvents, () => at), { businessId: business.businessId, leadId: open.id, actorUserId: business.userId, input: { status: "won", value: "500" } });
    expect(changed.ok).toBe(true);
    expect((await db.lead.findUniqueOrThrow({ where: { id: open.id } })).closedAt).toEqual(at);
    // Correcting a Won lead's value keeps its close time.
    await changeLeadStatus(commandContext(server.services, server.app.workspaceEvents, () => new Date("2026-05-03T10:00:00Z")), { businessId: business.businessId, leadId: open.id, actorUserId: business.userId, input: { status: "won", value: "600" } });
    expect(await db.lead.findUniqueOrThrow({ where: { id: open.id } })).toMatchObject({ closedAt: at, valueCents: 60_000 });
  });

  it("rolls settled hours of response times up in the hourly job and averages exactly what the messages say", async () => {
    const business = await newBusiness("Rollup Cleaning");
    const db = server.services.db;
    const id = business.businessId;
    const pair = (visitorAt: string, seconds: number) =>
      addConversation(business, [
        { role: "visitor", text: "Hello", at: visitorAt },
        { role: "bot", text: "Hi", at: new Date(new Date(visitorAt).getTime() + seconds * 1000).toISOString() },
      ]);
    await pair("2026-06-01T10:00:00Z", 2);
    await pair("2026-06-10T12:25:00Z", 4);
    await pair("2026-05-01T09:00:00Z", 6);
    await addConversation(business, [
      { role: "visitor", text: "Testing", at: "2026-06-01T10:00:00Z" },
      { role: "bot", text: "Slow", at: "2026-06-01T10:10:00Z" },
    ], true);

    const now = new Date("2026-06-10T12:30:00Z");
    // Before any roll-up the page reads everything from the messages, and writes nothing.
    expect(await averageResponseTimes(db, id, rollingDays(now, 30), now)).toEqual({ current: 3, previous: 6 });
    expect(await db.chatResponseRollup.findUnique({ where: { businessId: id } })).toBeNull();
    await rollUpResponseTimes(db, now); // the hourly job
    expect(await averageResponseTimes(db, id, rollingDays(now, 30), now)).toEqual({ current: 3, previous: 6 });
    // Hours up to 12:00 (the last one over by 10 minutes) are rolled up; the 12:25 pair was read live.
    expect((await db.chatResponseRollup.findUniqueOrThrow({ where: { businessId: id } })).through).toEqual(new Date("2026-06-10T12:00:00Z"));
    const hours = () => db.chatResponseHour.findMany({ where: { businessId: id }, orderBy: { hour: "asc" }, select: { hour: true, pairs: true, totalMs: true } });
    expect(await hours()).toEqual([
      { hour: new Date("2026-05-01T09:00:00Z"), pairs: 1, totalMs: 6000 },
      { hour: new Date("2026-06-01T10:00:00Z"), pairs: 1, totalMs: 2000 },
    ]);

    // A later load sees a new pair at once; once its hour is over it is rolled up, with the same result.
    await pair("2026-06-10T12:40:00Z", 8);
    const later = new Date("2026-06-10T12:50:00Z");
    const soon = await averageResponseTimes(db, id, rollingDays(later, 30), later);
    expect(soon.current).toBeCloseTo(14 / 3, 9);
    expect(soon.previous).toBe(6);
    const after = new Date("2026-06-10T14:30:00Z");
    await rollUpResponseTimes(db, after);
    const rolled = await averageResponseTimes(db, id, rollingDays(after, 30), after);
    expect(rolled.current).toBeCloseTo(14 / 3, 9);
    expect((await hours()).at(-1)).toEqual({ hour: new Date("2026-06-10T12:00:00Z"), pairs: 2, totalMs: 12_000 });
    expect(await hours()).toHaveLength(3);
  });
});

describe("the dashboard page over HTTP", () => {
  function statValue(html: string, key: string): string | undefined {
    return new RegExp(`data-stat="${key}"[\\s\\S]*?data-stat-value[^>]*>([^<]*)<`).exec(html)?.[1];
  }

  it("renders the business's own numbers and lists, without test leads or other businesses' leads", async () => {
    const business = await newBusiness("Rendered Cleaning Co");
    const minuteAgo = new Date(Date.now() - 60_000).toISOString();
    await addLead(business.businessId, { name: "Hana Hot", createdAt: minuteAgo, priority: "high", createdEvent: true });
    await addLead(business.businessId, { name: "Milo Mid", createdAt: minuteAgo, priority: "medium", createdEvent: true });
    await addLead(business.businessId, { name: "Tina Trial", createdAt: minuteAgo, priority: "high", isTest: true });
    await addConversation(business, [
      { role: "bot", text: "Welcome!", at: minuteAgo },
      { role: "visitor", text: "We need nightly janitorial service", at: minuteAgo },
    ]);

    const http = new HttpClient(server.url);
    const login = await http.post("/login", { intent: "login", email: business.email, password: business.password });
    expect(login.status).toBe(302);
    const page = await http.get("/app/dashboard");
    expect(page.status).toBe(200);
    const html = page.text;
    expect(statValue(html, "new-leads")).toBe("2");
    expect(statValue(html, "conversion-rate")).toBe("0%"); // two leads this month, none Won yet
    expect(statValue(html, "revenue")).toBe("$0");
    for (const text of ["New Leads This Week", "Conversion Rate", "Avg Response Time", "Revenue This Month", "Recent Leads", "Live Chat Preview", "Recent Activity"]) {
      expect(html).toContain(text);
    }
    // A trial without a chosen plan is a trial of Pro: it is not offered Pro (issue 14). On Starter it is.
    expect(html).not.toContain("Upgrade to Pro");
    for (const tab of ["All", "High Priority", "Needs Follow-up"]) expect(html).toMatch(new RegExp(`role="tab"[^>]*>${tab}<`));
    expect(html).toContain("Hana Hot");
    expect(html).toContain("Milo Mid");
    expect(html).toContain("We need nightly janitorial service");
    expect(html).toContain('href="/app/chatbot?tab=settings"');
    expect(html).toContain("1 minute ago");
    expect(html).not.toContain("Tina Trial");
    // The demo business's sample leads are not this business's.
    expect(html).not.toContain("Sarah Mitchell");

    await server.services.db.business.update({ where: { id: business.businessId }, data: { subscriptionStatus: "active", plan: "Starter" } });
    expect((await http.get("/app/dashboard")).text).toContain("Upgrade to Pro");
  });

  it("shows the demo business its sample leads and no upgrade banner on the Pro plan", async () => {
    const http = new HttpClient(server.url);
    await http.post("/login", DEMO_SIGN_IN);
    const html = (await http.get("/app/dashboard")).text;
    expect(html).toContain("Sarah Mitchell");
    expect(html).not.toContain("Upgrade to Pro");
    expect(html).not.toContain("Hana Hot");
  });
});
