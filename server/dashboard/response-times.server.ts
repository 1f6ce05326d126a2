// The dashboard's Avg Response Time: the average time from a visitor message to the next bot message
// of the same conversation (test conversations left out), for visitor messages sent within a period.
// Computing it from the messages costs one index lookup per visitor message (tens of thousands for a
// busy business: ~370 ms on PGlite), so hours that are over are rolled up once into ChatResponseHour
// (pairs and total milliseconds per UTC hour) by an hourly job (`rollUpResponseTimes`, a schedule of
// the job layer, DESIGN §10) and only the rest of each period, the edges since the last roll-up, is
// computed from the messages per request; a page load only reads. The result is the same average, to
// the millisecond, whether or not the roll-up has run.
// A bot reply stored more than SETTLE_MS after the hour of its visitor message ended is not counted
// once that hour is rolled up (bot replies take seconds).
import type { Db } from "../db/client.server.ts";
import { Prisma } from "../db/generated/client.ts";
import type { Period } from "../shared/dashboard/periods.ts";

const HOUR_MS = 3_600_000;
/** An hour is rolled up only once it ended this long ago. */
export const SETTLE_MS = 10 * 60_000;

export type ResponsePairs = { pairs: number; totalMs: number };

const floorHour = (t: number) => Math.floor(t / HOUR_MS) * HOUR_MS;
const ceilHour = (t: number) => Math.ceil(t / HOUR_MS) * HOUR_MS;

type Range = { start: number; end: number };
type HourRow = { hour: Date; pairs: bigint | number; total: number | string | null };

/**
 * The count and summed milliseconds of visitor messages (v) in `ranges` of the business's real
 * conversations, each paired with the bot's next reply (b): the columns after SELECT's grouping key,
 * then FROM … WHERE (the caller adds GROUP BY).
 */
function replyPairs(businessId: string, ranges: Range[]) {
  const within = Prisma.join(
    ranges.map((r) => Prisma.sql`(v."createdAt" >= ${new Date(r.start)} AND v."createdAt" < ${new Date(r.end)})`),
    " OR ",
  );
  return Prisma.sql`COUNT(*) AS pairs,
           SUM(EXTRACT(EPOCH FROM (b."createdAt" - v."createdAt")) * 1000)::float8 AS total
      FROM "Message" v
      JOIN "Conversation" c ON c."id" = v."conversationId" AND c."isTest" = false
      JOIN LATERAL (
        SELECT m."createdAt" FROM "Message" m
         WHERE m."conversationId" = v."conversationId" AND m."seq" > v."seq" AND m."role" = 'bot'
         ORDER BY m."seq" ASC LIMIT 1
      ) b ON true
     WHERE v."businessId" = ${businessId}
       AND v."role" = 'visitor'
       AND (${within})`;
}

/** Pairs per UTC hour for the visitor messages sent in any of the ranges, straight from the messages. */
async function pairsByHour(db: Prisma.TransactionClient, businessId: string, ranges: Range[]): Promise<{ hour: Date; pairs: number; totalMs: number }[]> {
  if (ranges.length === 0) return [];
  const rows = await db.$queryRaw<HourRow[]>`
    SELECT date_trunc('hour', v."createdAt") AS hour, ${replyPairs(businessId, ranges)}
     GROUP BY 1`;
  return rows.map((r) => ({ hour: r.hour, pairs: Number(r.pairs), totalMs: Number(r.total ?? 0) }));
}

/**
 * Rolls up the hours from `from` (or from where the last roll-up stopped) to the last settled hour, and
 * returns the instant before which every hour since `from` is rolled up.
 */
export async function fillResponseRollup(db: Prisma.TransactionClient, businessId: string, from: Date, now: Date): Promise<number> {
  const settled = floorHour(now.getTime() - SETTLE_MS);
  const existing = await db.chatResponseRollup.findUnique({ where: { businessId }, select: { through: true } });
  const start = Math.max(floorHour(from.getTime()), existing?.through.getTime() ?? 0);
  if (start >= settled) return Math.max(start, existing?.through.getTime() ?? start);
  const hours = await pairsByHour(db, businessId, [{ start, end: settled }]);
  if (hours.length) {
    await db.chatResponseHour.createMany({
      data: hours.map((h) => ({ businessId, hour: h.hour, pairs: h.pairs, totalMs: h.totalMs })),
      skipDuplicates: true,
    });
  }
  // Never moves backwards (two requests may fill at once; the rows they write are the same).
  await db.$executeRaw`
    INSERT INTO "ChatResponseRollup" ("businessId", "through") VALUES (${businessId}, ${new Date(settled)})
    ON CONFLICT ("businessId") DO UPDATE SET "through" = GREATEST("ChatResponseRollup"."through", EXCLUDED."through")`;
  return settled;
}

/**
 * The hourly roll-up: for each business, the hours settled since its last roll-up (all its messages
 * the first time: imported or older data included). Returns how many businesses it looked at.
 */
export async function rollUpResponseTimes(db: Db, now: Date): Promise<number> {
  const businesses = await db.business.findMany({ select: { id: true }, orderBy: { createdAt: "asc" } });
  for (const business of businesses) await fillResponseRollup(db, business.id, new Date(0), now);
  return businesses.length;
}

type PeriodPlan = { rolled: Range | null; edges: Range[] };

/** Which part of a period comes from rolled-up hours, and which edges from the messages. */
function planPeriod(period: Period, through: number): PeriodPlan {
  const start = period.start.getTime();
  const end = period.end.getTime();
  if (end <= start) return { rolled: null, edges: [] };
  const rolledStart = ceilHour(start);
  const rolledEnd = Math.min(floorHour(end), through);
  if (rolledStart >= rolledEnd) return { rolled: null, edges: [{ start, end }] };
  const edges: Range[] = [];
  if (start < rolledStart) edges.push({ start, end: rolledStart });
  if (rolledEnd < end) edges.push({ start: rolledEnd, end });
  return { rolled: { start: rolledStart, end: rolledEnd }, edges };
}

type SumRow = { current_pairs: bigint | number | null; current_ms: number | null; previous_pairs: bigint | number | null; previous_ms: number | null };

/** Both periods' rolled-up hours in one aggregate. */
async function rolledPairs(db: Db, businessId: string, current: Range | null, previous: Range | null) {
  const ranges = [current, previous].filter((r): r is Range => r !== null);
  if (ranges.length === 0) return { current: { pairs: 0, totalMs: 0 }, previous: { pairs: 0, totalMs: 0 } };
  const within = (r: Range | null) => (r ? Prisma.sql`"hour" >= ${new Date(r.start)} AND "hour" < ${new Date(r.end)}` : Prisma.sql`false`);
  const [row] = await db.$queryRaw<SumRow[]>`
    SELECT SUM("pairs") FILTER (WHERE ${within(current)}) AS current_pairs,
           SUM("totalMs") FILTER (WHERE ${within(current)}) AS current_ms,
           SUM("pairs") FILTER (WHERE ${within(previous)}) AS previous_pairs,
           SUM("totalMs") FILTER (WHERE ${within(previous)}) AS previous_ms
      FROM "ChatResponseHour"
     WHERE "businessId" = ${businessId}
       AND "hour" >= ${new Date(Math.min(...ranges.map((r) => r.start)))}
       AND "hour" < ${new Date(Math.max(...ranges.map((r) => r.end)))}`;
  return {
    current: { pairs: Number(row?.current_pairs ?? 0), totalMs: Number(row?.current_ms ?? 0) },
    previous: { pairs: Number(row?.previous_pairs ?? 0), totalMs: Number(row?.previous_ms ?? 0) },
  };
}

type EdgeRow = { period: string; pairs: bigint | number; total: number | string | null };

/** Both periods' edges from the messages in one query (the periods follow each other: previous, then current). */
async function edgePairs(db: Db, businessId: string, currentStart: Date, ranges: Range[]) {
  const out = { current: { pairs: 0, totalMs: 0 }, previous: { pairs: 0, totalMs: 0 } };
  if (ranges.length === 0) return out;
  const rows = await db.$queryRaw<EdgeRow[]>`
    SELECT CASE WHEN v."createdAt" >= ${currentStart} THEN 'current' ELSE 'previous' END AS period, ${replyPairs(businessId, ranges)}
     GROUP BY 1`;
  for (const row of rows) {
    const target = row.period === "current" ? out.current : out.previous;
    target.pairs += Number(row.pairs);
    target.totalMs += Number(row.total ?? 0);
  }
  return out;
}

/**
 * Average response time in seconds for each period (null without any pair). The periods must follow each
 * other without overlapping (rolling windows: previous ends where current starts).
 */
export async function averageResponseTimes(
  db: Db,
  businessId: string,
  periods: { current: Period; previous: Period },
  now: Date,
): Promise<{ current: number | null; previous: number | null }> {
  if (periods.previous.end.getTime() > periods.current.start.getTime()) throw new Error("response-time periods overlap");
  // Rolled-up hours are used up to where the hourly job got; anything later is read from the messages.
  const rollup = await db.chatResponseRollup.findUnique({ where: { businessId }, select: { through: true } });
  const through = Math.min(rollup?.through.getTime() ?? 0, now.getTime());
  const current = planPeriod(periods.current, through);
  const previous = planPeriod(periods.previous, through);
  const [rolled, edges] = await Promise.all([
    rolledPairs(db, businessId, current.rolled, previous.rolled),
    edgePairs(db, businessId, periods.current.start, [...previous.edges, ...current.edges]),
  ]);
  const average = (a: ResponsePairs, b: ResponsePairs) => {
    const pairs = a.pairs + b.pairs;
    return pairs > 0 ? (a.totalMs + b.totalMs) / pairs / 1000 : null;
  };
  return { current: average(rolled.current, edges.current), previous: average(rolled.previous, edges.previous) };
}
