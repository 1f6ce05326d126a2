// The Analytics page's daily roll-ups (decision 0040) equal a from-scratch computation after every kind
// of write: inserts, status changes to and from Won with values, channel changes, isTest toggles,
// deletes, history events by members, and a change of the business's time zone. Two checks each time:
// the roll-up tables equal what "analytics_rebuild" computes from the rows, and the report read from
// the roll-ups equals the report computed from the rows (the pre-roll-up queries) for every period.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyticsReport } from "#server/analytics/analytics.server.ts";
import type { AnalyticsPeriodKey } from "#server/analytics/analytics-period.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { registerOwner, type Owner } from "./billing-support.ts";

let server: TestServer;
let owner: Owner;
let other: Owner;

beforeAll(async () => {
  server = await startTestServer({ seedDemo: false });
  owner = await registerOwner(server, "Rollup Cleaning");
  other = await registerOwner(server, "Other Rollup Co");
  await server.services.db.business.update({ where: { id: owner.businessId }, data: { timeZone: "America/Chicago" } });
});

afterAll(async () => {
  await server?.close();
});

// 2026-11-20 (after the US DST end on 1 November; the year before spans both changes).
const NOW = new Date("2026-11-20T18:00:00Z");
const PERIODS: AnalyticsPeriodKey[] = ["7d", "30d", "90d", "1y"];
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(NOW.getTime() - ms);

type Row = Record<string, unknown>;

/** A business's roll-up rows without the emptied ones, as sorted strings. */
async function rollupRows(businessId: string): Promise<Record<string, string[]>> {
  const db = server.services.db;
  const read = async (table: string, nonEmpty: string) =>
    (
      await db.$queryRawUnsafe<Row[]>(
        `SELECT to_jsonb(t) - 'businessId' AS r FROM "${table}" t WHERE "businessId" = $1 AND ${nonEmpty}`,
        businessId,
      )
    )
      .map((row) => JSON.stringify(row.r))
      .sort();
  return {
    leadDays: await read("AnalyticsLeadDay", `"leads" <> 0`),
    conversationDays: await read("AnalyticsConversationDay", `"conversations" <> 0`),
    revenueDays: await read("AnalyticsRevenueDay", `"valueCents" <> 0`),
    teamHours: await read("AnalyticsTeamHour", `"leads" <> 0`),
  };
}

async function expectRollupsRight(businessId: string, timeZone: string) {
  const db = server.services.db;
  const kept = await rollupRows(businessId);
  const [zone] = await db.$queryRaw<{ timeZone: string }[]>`SELECT "timeZone" FROM "AnalyticsRollup" WHERE "businessId" = ${businessId}`;
  expect(zone?.timeZone).toBe(timeZone);
  for (const period of PERIODS) {
    const fromRollups = await analyticsReport(db, { businessId, timeZone, period, now: NOW });
    const fromRows = await analyticsReport(db, { businessId, timeZone, period, now: NOW, source: "rows" });
    expect(fromRollups, period).toEqual(fromRows);
  }
  await db.$queryRaw`SELECT "analytics_rebuild"(${businessId}) IS NULL AS done`;
  expect(await rollupRows(businessId)).toEqual(kept);
  const [negative] = await db.$queryRaw<{ n: bigint }[]>`
    SELECT COUNT(*) AS n FROM "AnalyticsLeadDay" WHERE "leads" < 0 OR "won" < 0 OR "chatbotLeads" < 0 OR "high" < 0`;
  expect(Number(negative!.n)).toBe(0);
}

let visitor = 0;
async function conversation(businessId: string, createdAt: Date, channel: string, isTest = false) {
  const chatbot = await server.services.db.chatbot.findFirstOrThrow({ where: { businessId }, select: { id: true } });
  visitor += 1;
  return server.services.db.conversation.create({
    data: { businessId, chatbotId: chatbot.id, visitorId: `rollup-visitor-${visitor}`, channel, isTest, createdAt, lastMessageAt: createdAt },
  });
}

describe("analytics roll-ups", () => {
  it("equal a from-scratch computation after inserts, changes, deletes and a time-zone change", async () => {
    const db = server.services.db;
    const b = owner.businessId;
    const channels = ["paid", "social", "organic_search", "direct", "email"];
    const statuses = ["new", "contacted", "proposal", "won", "lost"] as const;
    const leadIds: string[] = [];
    // 40 leads over ~2 years at uneven hours (local midnights and DST edges included), half from chats.
    for (let i = 0; i < 40; i += 1) {
      const createdAt = ago(i * 19 * DAY + (i % 7) * 3.5 * HOUR + 17 * 60_000);
      const chat = i % 2 === 0 ? await conversation(b, new Date(createdAt.getTime() - 5 * 60_000), channels[i % 5]!, i % 10 === 4) : null;
      const status = statuses[i % 5]!;
      const lead = await db.lead.create({
        data: {
          businessId: b,
          name: `Lead ${i}`,
          conversationId: chat?.id ?? null,
          source: chat ? "chatbot" : i % 3 === 0 ? "import" : "manual",
          status,
          score: 4 + ((i * 13) % 61) / 10,
          priority: i % 3 === 0 ? "high" : i % 3 === 1 ? "medium" : "low",
          valueCents: status === "won" ? 10_000 + i * 1_000 : i % 4 === 0 ? 5_000 : null,
          isTest: i === 9,
          createdAt,
          updatedAt: new Date(createdAt.getTime() + DAY),
        },
      });
      leadIds.push(lead.id);
      if (i % 3 !== 2) {
        // A member's note a few hours in, and the system's events (no author) before it.
        await db.leadEvent.createMany({
          data: [
            { leadId: lead.id, businessId: b, type: "created", actorUserId: null, createdAt },
            { leadId: lead.id, businessId: b, type: "note", actorUserId: owner.userId, createdAt: new Date(createdAt.getTime() + (i + 1) * 17 * 60_000) },
          ],
        });
      }
    }
    // Conversations without a lead, one a test; another business's rows.
    for (let i = 0; i < 12; i += 1) await conversation(b, ago(i * 31 * DAY + 5 * HOUR), channels[i % 5]!, i === 3);
    await conversation(other.businessId, ago(2 * DAY), "paid");
    await db.lead.create({ data: { businessId: other.businessId, name: "Other", source: "manual", status: "won", valueCents: 99_000, score: 9, priority: "high", createdAt: ago(3 * DAY) } });
    await expectRollupsRight(b, "America/Chicago");
    const seeded = await rollupRows(b);
    for (const rows of Object.values(seeded)) expect(rows.length).toBeGreaterThan(5);

    // Status changes: to Won with a value, from Won to Lost, a won value changed, a reopened lead.
    await db.lead.update({ where: { id: leadIds[0]! }, data: { status: "won", valueCents: 77_700, closedAt: ago(2 * DAY) } });
    await db.lead.update({ where: { id: leadIds[3]! }, data: { status: "lost" } });
    await db.lead.update({ where: { id: leadIds[8]! }, data: { valueCents: 123_400 } });
    await db.lead.update({ where: { id: leadIds[13]! }, data: { status: "proposal" } });
    await db.lead.updateMany({ where: { businessId: b, status: "contacted" }, data: { status: "qualified" } });
    // Channel, score and priority changes.
    await db.lead.update({ where: { id: leadIds[2]! }, data: { channel: "referral" } });
    await db.lead.update({ where: { id: leadIds[6]! }, data: { score: 9.9, priority: "high" } });
    await expectRollupsRight(b, "America/Chicago");

    // isTest toggles, on a lead and on a conversation, both ways.
    await db.lead.update({ where: { id: leadIds[9]! }, data: { isTest: false } });
    await db.lead.update({ where: { id: leadIds[10]! }, data: { isTest: true } });
    const testChat = await db.conversation.findFirstOrThrow({ where: { businessId: b, isTest: true } });
    await db.conversation.update({ where: { id: testChat.id }, data: { isTest: false } });
    const liveChat = await db.conversation.findFirstOrThrow({ where: { businessId: b, isTest: false, lead: { is: null } } });
    await db.conversation.update({ where: { id: liveChat.id }, data: { isTest: true } });
    await expectRollupsRight(b, "America/Chicago");

    // History: an earlier member event moves the first action; deleting it and a member's events
    // losing their author (a removed member) move it back or clear it.
    const second = await db.lead.findUniqueOrThrow({ where: { id: leadIds[1]! } });
    const early = await db.leadEvent.create({
      data: { leadId: second.id, businessId: b, type: "note", actorUserId: owner.userId, createdAt: new Date(second.createdAt.getTime() + 5 * 60_000) },
    });
    await expectRollupsRight(b, "America/Chicago");
    await db.leadEvent.delete({ where: { id: early.id } });
    await db.leadEvent.updateMany({ where: { leadId: leadIds[4]!, actorUserId: { not: null } }, data: { actorUserId: null } });
    await expectRollupsRight(b, "America/Chicago");

    // Deletes: a won lead (its history goes with it), a conversation with its lead kept, a plain conversation.
    await db.lead.delete({ where: { id: leadIds[8]! } });
    await db.conversation.delete({ where: { id: (await db.lead.findUniqueOrThrow({ where: { id: leadIds[12]! } })).conversationId! } });
    await db.conversation.delete({ where: { id: liveChat.id } });
    await expectRollupsRight(b, "America/Chicago");

    // A time-zone change rebuilds the local days in the new zone (a day ahead of Chicago), in the same
    // transaction; a zone PostgreSQL does not know buckets in UTC, as the report reads it.
    await db.business.update({ where: { id: b }, data: { timeZone: "Asia/Tokyo" } });
    await expectRollupsRight(b, "Asia/Tokyo");
    await db.lead.update({ where: { id: leadIds[5]! }, data: { status: "won", valueCents: 5_500 } });
    await expectRollupsRight(b, "Asia/Tokyo");
    await db.business.update({ where: { id: b }, data: { timeZone: "Not/AZone" } });
    await expectRollupsRight(b, "UTC");

    // The other business is untouched by all of it.
    await expectRollupsRight(other.businessId, "America/New_York");

    // The report does read the roll-ups: a changed roll-up row shows.
    await db.$executeRaw`UPDATE "AnalyticsLeadDay" SET "leads" = "leads" + 100 WHERE "businessId" = ${b} AND "day" = (SELECT max("day") FROM "AnalyticsLeadDay" WHERE "businessId" = ${b})`;
    const skewed = await analyticsReport(db, { businessId: b, timeZone: "UTC", period: "1y", now: NOW });
    const exact = await analyticsReport(db, { businessId: b, timeZone: "UTC", period: "1y", now: NOW, source: "rows" });
    expect(skewed.kpis.leads.current).toBe(exact.kpis.leads.current + 100);
  });
});
