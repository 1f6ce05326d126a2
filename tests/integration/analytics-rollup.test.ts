// @postgres: two writers' transactions at once.
// The Analytics page's daily roll-ups (decision 0040) equal a from-scratch computation after every kind
// of write: inserts, status changes to and from Won with values, channel changes, isTest toggles,
// deletes, history events by members, and a change of the business's time zone. Two checks each time:
// the roll-up tables equal what "analytics_rebuild" computes from the rows, and the report read from
// the roll-ups equals the report computed from the rows (the pre-roll-up queries) for every period.
// The triggers work per statement: bulk multi-row inserts, updates and deletes (also across two
// businesses at once) are checked the same way, and a 10,000-lead statement leaves the roll-up tables small.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyticsReport } from "#server/analytics/analytics.server.ts";
import { foldAnalytics } from "#server/analytics/analytics-fold.server.ts";
import { scheduleHandlers, schedules } from "#server/jobs/schedules.server.ts";
import { ANALYTICS_FOLD_TICK } from "#server/jobs/queue/queues.ts";
import type { AnalyticsPeriodKey } from "#shared/analytics/analytics-period.ts";
import { SEED_TRANSACTION, seedSampleYear } from "#server/demo/demo-data.server.ts";
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

/** The report from the roll-ups equals the report from the rows, for every period. */
async function expectReportRight(businessId: string, timeZone: string) {
  const db = server.services.db;
  for (const period of PERIODS) {
    const fromRollups = await analyticsReport(db, { businessId, timeZone, period, now: NOW });
    const fromRows = await analyticsReport(db, { businessId, timeZone, period, now: NOW, source: "rows" });
    expect(fromRollups, period).toEqual(fromRows);
  }
}

/** The deltas appended since the last fold (decision 0046), over all the roll-up tables. */
async function unfoldedRows(businessId: string): Promise<number> {
  const [row] = await server.services.db.$queryRawUnsafe<{ n: bigint }[]>(
    `SELECT (SELECT COUNT(*) FROM "AnalyticsLeadDay" WHERE "businessId" = $1 AND "part" <> 0)
          + (SELECT COUNT(*) FROM "AnalyticsConversationDay" WHERE "businessId" = $1 AND "part" <> 0)
          + (SELECT COUNT(*) FROM "AnalyticsRevenueDay" WHERE "businessId" = $1 AND "part" <> 0)
          + (SELECT COUNT(*) FROM "AnalyticsTeamHour" WHERE "businessId" = $1 AND "part" <> 0) AS n`,
    businessId,
  );
  return Number(row!.n);
}

/**
 * The report is right read live (folded rows plus the deltas appended since), and again after the fold;
 * the folded rows then equal a rebuild from the rows.
 */
async function expectRollupsRight(businessId: string, timeZone: string) {
  const db = server.services.db;
  const [zone] = await db.$queryRaw<{ timeZone: string }[]>`SELECT "timeZone" FROM "AnalyticsRollup" WHERE "businessId" = ${businessId}`;
  expect(zone?.timeZone).toBe(timeZone);
  await expectReportRight(businessId, timeZone);
  await foldAnalytics(db);
  expect(await unfoldedRows(businessId)).toBe(0);
  await expectReportRight(businessId, timeZone);
  const kept = await rollupRows(businessId);
  await db.$queryRaw`SELECT "analytics_rebuild"(${businessId}) IS NULL AS done`;
  expect(await rollupRows(businessId)).toEqual(kept);
  const [negative] = await db.$queryRaw<{ n: bigint }[]>`
    SELECT COUNT(*) AS n FROM "AnalyticsLeadDay" WHERE "leads" < 0 OR "won" < 0 OR "chatbotLeads" < 0 OR "high" < 0`;
  expect(Number(negative!.n)).toBe(0);
}

/** One statement straight on the database (a bulk write as an import or a seed runs it; real error texts). */
const exec = (text: string, ...values: unknown[]) => server.database.sql.query(text, values);

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
  it("equal a from-scratch computation after bulk multi-row inserts, updates and deletes", async () => {
    const db = server.services.db;
    const bulk = await registerOwner(server, "Bulk Rollup Co");
    const b = bulk.businessId;
    const chatbot = await db.chatbot.findFirstOrThrow({ where: { businessId: b }, select: { id: true } });
    const now = NOW.toISOString();
    // One INSERT … SELECT of 300 conversations over ~300 days (every tenth a test).
    await exec(
      `INSERT INTO "Conversation" ("id", "businessId", "chatbotId", "visitorId", "channel", "isTest", "createdAt", "updatedAt", "lastMessageAt")
       SELECT 'bulk-c-' || g, $1::text, $2::text, 'bulk-visitor-' || g, (ARRAY['paid','social','organic_search','direct','email'])[g % 5 + 1],
              g % 10 = 3, t, t, t
         FROM generate_series(1, 300) g, LATERAL (SELECT $3::timestamp - g * interval '23 hours 7 minutes' AS t) x`,
      b, chatbot.id, now,
    );
    // One INSERT … SELECT of 400 leads across days, channels, stages and sources; the chatbot ones on the
    // conversations above; won ones closed a few days later; every 13th a test.
    await exec(
      `INSERT INTO "Lead" ("id", "businessId", "conversationId", "name", "source", "status", "score", "priority", "valueCents",
                           "channel", "isTest", "closedAt", "createdAt", "updatedAt")
       SELECT 'bulk-l-' || g, $1::text, CASE WHEN g % 2 = 0 AND g <= 600 THEN 'bulk-c-' || (g / 2) END, 'Bulk ' || g,
              (CASE WHEN g % 2 = 0 THEN 'chatbot' WHEN g % 3 = 0 THEN 'import' ELSE 'manual' END)::"LeadSource",
              (ARRAY['new','contacted','proposal','won','lost'])[g % 5 + 1]::"LeadStatus",
              4 + (g * 13 % 61) / 10.0, (ARRAY['high','medium','low'])[g % 3 + 1]::"LeadPriority",
              CASE WHEN g % 5 = 3 THEN 10000 + g * 100 WHEN g % 4 = 0 THEN 5000 END,
              (ARRAY['paid','social','organic_search','direct','email','referral'])[g % 6 + 1], g % 13 = 5,
              CASE WHEN g % 5 = 3 THEN t + interval '3 days' END, t, t
         FROM generate_series(1, 400) g, LATERAL (SELECT $2::timestamp - g * interval '17 hours 31 minutes' AS t) x`,
      b, now,
    );
    // One INSERT … SELECT of history: a system event and a member's note for two leads in three.
    await exec(
      `INSERT INTO "LeadEvent" ("id", "leadId", "businessId", "type", "actorUserId", "createdAt")
       SELECT 'bulk-e-' || g || '-' || k, l."id", l."businessId", CASE k WHEN 0 THEN 'created' ELSE 'note' END,
              CASE k WHEN 0 THEN NULL ELSE $1::text END, l."createdAt" + k * (g % 9 + 1) * interval '13 minutes'
         FROM generate_series(1, 400) g JOIN "Lead" l ON l."id" = 'bulk-l-' || g, generate_series(0, 1) k
        WHERE g % 3 <> 2`,
      bulk.userId,
    );
    await expectRollupsRight(b, "America/New_York");
    const seeded = await rollupRows(b);
    for (const rows of Object.values(seeded)) expect(rows.length).toBeGreaterThan(20);

    // One UPDATE of many leads' stage, value, closing and channel; one of isTest both ways; one that
    // changes nothing the roll-ups read (no roll-up row written); one spanning two businesses.
    await exec(
      `UPDATE "Lead" SET "status" = CASE WHEN "status" = 'won' THEN 'lost'::"LeadStatus" ELSE 'won'::"LeadStatus" END,
              "valueCents" = COALESCE("valueCents", 0) + 700, "closedAt" = "createdAt" + interval '5 days',
              "channel" = CASE WHEN "channel" = 'paid' THEN 'email' ELSE "channel" END
        WHERE "businessId" = $1 AND "id" LIKE 'bulk-l-%' AND substring("id" from 8)::int % 4 = 1`,
      b,
    );
    await exec(`UPDATE "Lead" SET "isTest" = NOT "isTest" WHERE "businessId" = $1 AND "id" LIKE 'bulk-l-%' AND substring("id" from 8)::int % 13 IN (5, 6)`, b);
    await expectRollupsRight(b, "America/New_York");
    const before = await db.$queryRawUnsafe<{ xmin: string }[]>(`SELECT xmin::text FROM "AnalyticsLeadDay" WHERE "businessId" = $1 ORDER BY 1`, b);
    await exec(`UPDATE "Lead" SET "name" = "name" || '!', "updatedAt" = now() WHERE "businessId" = $1`, b);
    await exec(`UPDATE "Conversation" SET "lastMessageAt" = now() WHERE "businessId" = $1`, b);
    expect(await db.$queryRawUnsafe(`SELECT xmin::text FROM "AnalyticsLeadDay" WHERE "businessId" = $1 ORDER BY 1`, b)).toEqual(before);
    await exec(
      `UPDATE "Lead" SET "priority" = 'high', "score" = "score" + 0.5 WHERE "businessId" IN ($1, $2) AND "priority" = 'medium'`,
      b, other.businessId,
    );
    // Conversations moved a day earlier and test flags flipped, in one statement each.
    await exec(`UPDATE "Conversation" SET "createdAt" = "createdAt" - interval '1 day' WHERE "businessId" = $1 AND "visitorId" LIKE '%1'`, b);
    await exec(`UPDATE "Conversation" SET "isTest" = NOT "isTest" WHERE "businessId" = $1 AND "visitorId" LIKE '%3'`, b);
    // History: many members' events lose their author (first actions recomputed), others move earlier.
    await exec(`UPDATE "LeadEvent" SET "actorUserId" = NULL WHERE "businessId" = $1 AND "id" LIKE '%7-1'`, b);
    await exec(`UPDATE "LeadEvent" SET "createdAt" = "createdAt" - interval '2 hours' WHERE "businessId" = $1 AND "id" LIKE '%4-1'`, b);
    await expectRollupsRight(b, "America/New_York");
    await expectRollupsRight(other.businessId, "America/New_York");

    // One DELETE of many leads (their history goes with them), of many conversations, of many events.
    await exec(`DELETE FROM "LeadEvent" WHERE "businessId" = $1 AND "id" LIKE '%0-1'`, b);
    await exec(`DELETE FROM "Lead" WHERE "businessId" = $1 AND "id" LIKE 'bulk-l-%' AND substring("id" from 8)::int % 3 = 0`, b);
    await exec(`DELETE FROM "Conversation" WHERE "businessId" = $1 AND "visitorId" LIKE '%2'`, b);
    await expectRollupsRight(b, "America/New_York");

    // Deleting the business takes its roll-ups with it (the cascading deletes insert nothing).
    await db.business.delete({ where: { id: b } });
    const [left] = await db.$queryRawUnsafe<{ n: bigint }[]>(
      `SELECT (SELECT COUNT(*) FROM "AnalyticsLeadDay" WHERE "businessId" = $1) + (SELECT COUNT(*) FROM "AnalyticsConversationDay" WHERE "businessId" = $1)
            + (SELECT COUNT(*) FROM "AnalyticsRollup" WHERE "businessId" = $1) AS n`,
      b,
    );
    expect(Number(left!.n)).toBe(0);
  });

  it("are folded every minute by a job of the job layer, the figures the same before and after", async () => {
    const db = server.services.db;
    const b = other.businessId;
    expect(schedules.find((s) => s.name === ANALYTICS_FOLD_TICK)?.cron).toBe("* * * * *");
    const handler = scheduleHandlers(server.services, { notification() {} }).find((h) => h.name === ANALYTICS_FOLD_TICK)!;
    await conversation(b, ago(2 * DAY), "social");
    await exec(
      `INSERT INTO "Lead" ("id", "businessId", "name", "source", "status", "score", "priority", "valueCents", "channel", "closedAt", "createdAt", "updatedAt")
       VALUES ('folded-lead', $1, 'Folded Lead', 'manual', 'won', 6.5, 'medium', 12000, 'social', $2, $3, $3)`,
      b, ago(DAY).toISOString(), ago(2 * DAY).toISOString(),
    );
    expect(await unfoldedRows(b)).toBeGreaterThanOrEqual(3);
    const before = await analyticsReport(db, { businessId: b, timeZone: "America/New_York", period: "30d", now: NOW });
    await handler.run(undefined as never, { id: "test", name: ANALYTICS_FOLD_TICK, key: "", attempt: 1 });
    expect(await unfoldedRows(b)).toBe(0);
    expect(await analyticsReport(db, { businessId: b, timeZone: "America/New_York", period: "30d", now: NOW })).toEqual(before);
    await expectRollupsRight(b, "America/New_York");
  });

  it("stay small after a 10,000-lead statement (one write per roll-up row, not one per lead)", async () => {
    const db = server.services.db;
    const big = await registerOwner(server, "Big Import Co");
    const tables = ["AnalyticsLeadDay", "AnalyticsRevenueDay", "AnalyticsTeamHour", "AnalyticsConversationDay"];
    const size = async () => {
      const [row] = await db.$queryRawUnsafe<{ bytes: bigint }[]>(
        `SELECT SUM(pg_total_relation_size(c.oid))::bigint AS bytes FROM pg_class c WHERE c.relname = ANY($1::text[]) AND c.relkind = 'r'`,
        tables,
      );
      return Number(row!.bytes);
    };
    const start = await size();
    // 10,000 leads over 50 days and 5 channels (250 lead-day rows), every fifth won: one statement, then
    // one statement changing all their stages. Per-row triggers wrote a row version per lead each time
    // (over 1 MB for the lead days alone).
    await exec(
      `INSERT INTO "Lead" ("id", "businessId", "name", "source", "status", "score", "priority", "valueCents", "channel", "closedAt", "createdAt", "updatedAt")
       SELECT 'big-' || g, $1::text, 'Big ' || g, 'import', CASE WHEN g % 5 = 0 THEN 'won' ELSE 'new' END::"LeadStatus", 5, 'medium', 1000,
              (ARRAY['paid','social','organic_search','direct','email'])[(g / 50) % 5 + 1], t + interval '1 day', t, t
         FROM generate_series(1, 10000) g, LATERAL (SELECT $2::timestamp - (g % 50) * interval '1 day' AS t) x`,
      big.businessId, NOW.toISOString(),
    );
    await exec(`UPDATE "Lead" SET "status" = 'contacted' WHERE "businessId" = $1 AND "status" = 'new'`, big.businessId);
    const grown = (await size()) - start;
    expect(grown).toBeLessThan(320 * 1024);
    // One delta row per lead day (the stage change nets to nothing there), folded into one row each.
    expect(await unfoldedRows(big.businessId)).toBeGreaterThanOrEqual(250);
    await foldAnalytics(db);
    const [rows] = await db.$queryRawUnsafe<{ leads: bigint; n: bigint }[]>(
      `SELECT SUM("leads")::bigint AS leads, COUNT(*) AS n FROM "AnalyticsLeadDay" WHERE "businessId" = $1`,
      big.businessId,
    );
    expect({ leads: Number(rows!.leads), n: Number(rows!.n) }).toEqual({ leads: 10_000, n: 250 });
    await expectRollupsRight(big.businessId, "America/New_York");
  });

  it("are right for a seeded sample year, whose leads are inserted with their team's first action", async () => {
    const db = server.services.db;
    const sample = await registerOwner(server, "Sample Year Cleaning");
    await db.$transaction((tx) => seedSampleYear(tx, { businessId: sample.businessId, teamUserId: sample.userId, now: NOW }), SEED_TRANSACTION);
    // Each lead's team first action is what the LeadEvent trigger computes from its events.
    const [first] = await db.$queryRaw<{ set: bigint; wrong: bigint }[]>`
      SELECT COUNT(*) FILTER (WHERE l."teamFirstActionAt" IS NOT NULL) AS set,
             COUNT(*) FILTER (WHERE l."teamFirstActionAt" IS DISTINCT FROM
               (SELECT MIN(e."createdAt") FROM "LeadEvent" e WHERE e."leadId" = l."id" AND e."actorUserId" IS NOT NULL)) AS wrong
        FROM "Lead" l WHERE l."businessId" = ${sample.businessId}`;
    expect(Number(first!.set)).toBeGreaterThan(100);
    expect(Number(first!.wrong)).toBe(0);
    const [business] = await db.$queryRaw<{ timeZone: string }[]>`SELECT "timeZone" FROM "Business" WHERE "id" = ${sample.businessId}`;
    await expectRollupsRight(sample.businessId, business!.timeZone);
  });
});

// Decision 0046: the statements of a chat turn and of a lead capture only append to the roll-ups and the
// impression counters (rows of their own transaction's "part"), so two conversations of one business on
// the same local day and channel never wait for each other's row locks. Needs two connections: PostgreSQL
// only (PGlite has one connection, whose statements run one at a time anyway).
describe.skipIf(!process.env.DATABASE_URL)("analytics roll-ups on PostgreSQL", () => {
  it("let two conversations of one business write at once: one transaction held open, the other completes without waiting", async () => {
    const db = server.services.db;
    const busy = await registerOwner(server, "Busy Day Cleaning");
    const b = busy.businessId;
    const chatbot = await db.chatbot.findFirstOrThrow({ where: { businessId: b }, select: { id: true } });
    const first = new pg.Client({ connectionString: server.databaseUrl });
    const second = new pg.Client({ connectionString: server.databaseUrl });
    await first.connect();
    await second.connect();
    const at = NOW.toISOString();
    // What the chat does for a visitor (decision 0007's statements, in one transaction here so that its
    // locks are held): the conversation opened, a message stored, the lead captured with its history, a
    // member's first action on it, and the widget's impression counted; all on the same local day and
    // channel for both conversations.
    const chatTurn = async (client: pg.Client, n: number) => {
      const conversationId = `busy-c-${n}`;
      const leadId = `busy-l-${n}`;
      await client.query(
        `INSERT INTO "Conversation" ("id", "businessId", "chatbotId", "visitorId", "channel", "createdAt", "updatedAt", "lastMessageAt")
         VALUES ($1, $2, $3, $4, 'paid', $5, $5, $5)`,
        [conversationId, b, chatbot.id, `busy-visitor-${n}`, at],
      );
      await client.query(
        `WITH conv AS (UPDATE "Conversation" SET "lastSeq" = "lastSeq" + 1, "lastMessageAt" = $2 WHERE "id" = $1 RETURNING "id", "businessId", "lastSeq")
         INSERT INTO "Message" ("id", "conversationId", "businessId", "seq", "role", "text", "quickReplies", "createdAt")
         SELECT $1 || '-m', conv."id", conv."businessId", conv."lastSeq", 'visitor', 'We need an office cleaned', ARRAY[]::text[], $2 FROM conv`,
        [conversationId, at],
      );
      await client.query(
        `WITH lead AS (
           INSERT INTO "Lead" ("id", "businessId", "conversationId", "name", "score", "priority", "status", "source", "channel", "createdAt", "updatedAt")
           VALUES ($1, $2, $3, 'Busy ' || $1, 7.5, 'high', 'new', 'chatbot', 'paid', $4, $4) RETURNING "id"
         )
         INSERT INTO "LeadEvent" ("id", "leadId", "businessId", "type", "createdAt") SELECT lead."id" || '-e', lead."id", $2, 'created', $4 FROM lead`,
        [leadId, b, conversationId, at],
      );
      await client.query(
        `INSERT INTO "LeadEvent" ("id", "leadId", "businessId", "type", "actorUserId", "createdAt") VALUES ($1 || '-n', $1, $2, 'note', $3, $4::timestamp + interval '5 minutes')`,
        [leadId, b, busy.userId, at],
      );
      await client.query(
        `INSERT INTO "WidgetImpressionDay" ("chatbotId", "businessId", "day", "part", "count") VALUES ($1, $2, $3::date, txid_current(), 1)`,
        [chatbot.id, b, at.slice(0, 10)],
      );
    };
    try {
      await first.query("BEGIN");
      await chatTurn(first, 1);
      // The first transaction stays open. The second would wait on any row lock the first holds; it
      // gives up after 3 s instead of waiting for ever.
      await second.query("SET lock_timeout = '3s'");
      await second.query("BEGIN");
      await chatTurn(second, 2);
      const { rows: waiting } = await second.query(`SELECT COUNT(*)::int AS n FROM pg_locks WHERE NOT granted`);
      expect(waiting[0].n).toBe(0);
      await second.query("COMMIT");
      // The second conversation's figures show at once (the first's are not committed yet).
      const live = await analyticsReport(db, { businessId: b, timeZone: "America/New_York", period: "7d", now: NOW });
      expect(live.kpis.leads.current).toBe(1);
      await first.query("COMMIT");
    } finally {
      await first.end();
      await second.end();
    }
    const both = await analyticsReport(db, { businessId: b, timeZone: "America/New_York", period: "7d", now: NOW });
    expect(both.kpis.leads.current).toBe(2);
    await expectRollupsRight(b, "America/New_York");
  });
});
