// The Analytics page's figures (spec §2.14, DESIGN §13), from stored rows only, scoped to one business
// and read in its time zone; test conversations and test leads are left out. Each figure is given for
// the chosen period and the one before it (analytics-period.ts).
//
// Definitions (decision 0034):
// - Leads of a period are the leads created in it (every source); their stage, score and value are
//   read as they are now (a cohort): "Proposal" counts leads now at Proposal or Won, "Won" leads now Won.
// - The funnel is the chatbot's: widget impressions → conversations → chatbot leads → Visit booked →
//   Proposal → Won. "Visit booked" (VISIT_BOOKED_DEFINITION, shown under the funnel) counts the period's
//   chatbot leads that have a walkthrough visit booked now, not cancelled (issue 31; an appointment
//   booked, rescheduled, completed or a no-show), read from the Appointment rows in both sources.
// - Conversion is Won ÷ leads of the period (the dashboard's Conversion Rate is the same figure for the
//   Last 30 Days). Won value is the value of the period's leads that are won; channels' revenue adds up
//   to it. Deals closed (revenueCents) is the value of deals won (closed) in the period, whenever the
//   lead came (the dashboard's Revenue This Month is the same for the month). Issue 32.
// - Response time by hour of day (local hour of the visitor's message / of the lead's creation): the
//   bot's, from the hourly roll-up of reply times (decision 0008; the last unsettled hour is not in it),
//   and the team's first action on a lead (the first history event written by a member).
//
// Where the figures come from (decision 0040): the daily roll-ups kept by database triggers
// (AnalyticsLeadDay, AnalyticsConversationDay, AnalyticsRevenueDay, AnalyticsTeamHour, in local days of
// the zone of the business's AnalyticsRollup row), a few hundred rows a year instead of every lead,
// conversation and history event. When the roll-ups are in another zone than the one asked for (a zone
// PostgreSQL does not know, or a report for another zone), the same figures are computed from the rows.
import type { Db } from "../db/client.server.ts";
import { Prisma } from "../db/generated/client.ts";
import { averageResponseTimes } from "../dashboard/response-times.server.ts";
import { dayNumberOf, isoDateOf, localDateTime, safeTimeZone, startOfLocalDay } from "../shared/time/calendar.ts";
import {
  analyticsPeriods,
  changePercent,
  periodLabel,
  ratePercent,
  type AnalyticsPeriodKey,
  type AnalyticsPeriods,
  type DaySpan,
} from "../shared/analytics/analytics-period.ts";
import type { AnalyticsReport, ChannelRow, Figure, HourRow } from "../shared/analytics/report.ts";
import { channelLabel } from "./channels.ts";
import { conversionPercent } from "../shared/analytics/definitions.ts";
import { VISIT_BOOKED_STAGE } from "../shared/analytics/analytics-format.ts";

type Num = bigint | number | string | null;
const num = (value: Num): number => (value === null ? 0 : Number(value));


const round1 = (value: number) => Math.round(value * 10) / 10;

function figure(current: number, previous: number): Figure {
  return { current, previous, change: changePercent(current, previous) };
}

/** A timestamp column as the business's local time (the columns hold UTC). */
function local(column: string, timeZone: string): Prisma.Sql {
  return Prisma.sql`((${Prisma.raw(column)} AT TIME ZONE 'UTC') AT TIME ZONE ${timeZone})`;
}

type LeadAggregate = {
  period: string;
  channel: string;
  leads: Num;
  chatbot_leads: Num;
  chatbot_proposal: Num;
  chatbot_won: Num;
  won: Num;
  won_value: Num;
  score_sum: Num;
  high: Num;
  medium: Num;
};

async function leadAggregates(db: Db, businessId: string, p: AnalyticsPeriods): Promise<LeadAggregate[]> {
  return db.$queryRaw<LeadAggregate[]>`
    SELECT CASE WHEN "createdAt" >= ${p.current.start} THEN 'current' ELSE 'previous' END AS period,
           "channel",
           COUNT(*) AS leads,
           COUNT(*) FILTER (WHERE "source" = 'chatbot') AS chatbot_leads,
           COUNT(*) FILTER (WHERE "source" = 'chatbot' AND "status" IN ('proposal', 'won')) AS chatbot_proposal,
           COUNT(*) FILTER (WHERE "source" = 'chatbot' AND "status" = 'won') AS chatbot_won,
           COUNT(*) FILTER (WHERE "status" = 'won') AS won,
           COALESCE(SUM("valueCents") FILTER (WHERE "status" = 'won'), 0) AS won_value,
           COALESCE(SUM("score"::numeric), 0)::float8 AS score_sum,
           COUNT(*) FILTER (WHERE "priority" = 'high') AS high,
           COUNT(*) FILTER (WHERE "priority" = 'medium') AS medium
      FROM "Lead"
     WHERE "businessId" = ${businessId} AND "isTest" = false
       AND "createdAt" >= ${p.previous.start} AND "createdAt" < ${p.current.end}
     GROUP BY 1, 2`;
}

async function conversationCounts(db: Db, businessId: string, p: AnalyticsPeriods): Promise<{ current: Num; previous: Num }> {
  const [row] = await db.$queryRaw<{ current: Num; previous: Num }[]>`
    SELECT COUNT(*) FILTER (WHERE "createdAt" >= ${p.current.start}) AS current,
           COUNT(*) FILTER (WHERE "createdAt" < ${p.current.start}) AS previous
      FROM "Conversation"
     WHERE "businessId" = ${businessId} AND "isTest" = false
       AND "createdAt" >= ${p.previous.start} AND "createdAt" < ${p.current.end}`;
  return row ?? { current: 0, previous: 0 };
}

/** The period's (and the previous period's) chatbot leads with a visit booked and not cancelled. */
async function visitBookedCounts(db: Db, businessId: string, p: AnalyticsPeriods): Promise<{ current: Num; previous: Num }> {
  const [row] = await db.$queryRaw<{ current: Num; previous: Num }[]>`
    SELECT COUNT(*) FILTER (WHERE l."createdAt" >= ${p.current.start}) AS current,
           COUNT(*) FILTER (WHERE l."createdAt" < ${p.current.start}) AS previous
      FROM "Lead" l
     WHERE l."businessId" = ${businessId} AND l."isTest" = false AND l."source" = 'chatbot'
       AND l."createdAt" >= ${p.previous.start} AND l."createdAt" < ${p.current.end}
       AND EXISTS (SELECT 1 FROM "Appointment" a WHERE a."leadId" = l."id" AND a."businessId" = ${businessId} AND a."status" <> 'cancelled')`;
  return row ?? { current: 0, previous: 0 };
}

async function impressionCounts(db: Db, businessId: string, p: AnalyticsPeriods): Promise<{ current: Num; previous: Num }> {
  const day = (n: number) => isoDateOf(n);
  const [row] = await db.$queryRaw<{ current: Num; previous: Num }[]>`
    SELECT COALESCE(SUM("count") FILTER (WHERE "day" >= ${day(p.current.firstDay)}::date), 0) AS current,
           COALESCE(SUM("count") FILTER (WHERE "day" < ${day(p.current.firstDay)}::date), 0) AS previous
      FROM "WidgetImpressionDay"
     WHERE "businessId" = ${businessId}
       AND "day" >= ${day(p.previous.firstDay)}::date AND "day" <= ${day(p.current.lastDay)}::date`;
  return row ?? { current: 0, previous: 0 };
}

async function leadsByDay(db: Db, businessId: string, span: DaySpan, timeZone: string): Promise<Map<string, number>> {
  const rows = await db.$queryRaw<{ day: string; leads: Num }[]>`
    SELECT to_char(${local('"createdAt"', timeZone)}, 'YYYY-MM-DD') AS day, COUNT(*) AS leads
      FROM "Lead"
     WHERE "businessId" = ${businessId} AND "isTest" = false AND "createdAt" >= ${span.start} AND "createdAt" < ${span.end}
     GROUP BY 1`;
  return new Map(rows.map((r) => [r.day, num(r.leads)]));
}

type Revenue = { byMonth: Map<string, number>; current: number; previous: number };

function revenueOf(rows: { month: string; current: Num; previous: Num; total: Num }[]): Revenue {
  return {
    byMonth: new Map(rows.map((r) => [r.month, num(r.total)])),
    current: rows.reduce((sum, r) => sum + num(r.current), 0),
    previous: rows.reduce((sum, r) => sum + num(r.previous), 0),
  };
}

/** Won deals' value by local month of closing, from `since`; the period's and the previous period's totals. */
async function revenue(db: Db, businessId: string, p: AnalyticsPeriods, since: Date): Promise<Revenue> {
  const from = since < p.previous.start ? since : p.previous.start;
  const rows = await db.$queryRaw<{ month: string; current: Num; previous: Num; total: Num }[]>`
    SELECT to_char(${local('"closedAt"', p.timeZone)}, 'YYYY-MM') AS month,
           COALESCE(SUM("valueCents") FILTER (WHERE "closedAt" >= ${p.current.start}), 0) AS current,
           COALESCE(SUM("valueCents") FILTER (WHERE "closedAt" >= ${p.previous.start} AND "closedAt" < ${p.current.start}), 0) AS previous,
           COALESCE(SUM("valueCents") FILTER (WHERE "closedAt" >= ${since}), 0) AS total
      FROM "Lead"
     WHERE "businessId" = ${businessId} AND "isTest" = false AND "status" = 'won'
       AND "closedAt" >= ${from} AND "closedAt" < ${p.current.end}
     GROUP BY 1`;
  return revenueOf(rows);
}

async function botResponseByHour(db: Db, businessId: string, span: DaySpan, timeZone: string): Promise<Map<number, number>> {
  const rows = await db.$queryRaw<{ hour: Num; pairs: Num; total: Num }[]>`
    SELECT EXTRACT(HOUR FROM ${local('"hour"', timeZone)})::int AS hour, SUM("pairs") AS pairs, SUM("totalMs") AS total
      FROM "ChatResponseHour"
     WHERE "businessId" = ${businessId} AND "hour" >= ${span.start} AND "hour" < ${span.end}
     GROUP BY 1`;
  return new Map(rows.filter((r) => num(r.pairs) > 0).map((r) => [num(r.hour), num(r.total) / num(r.pairs) / 1000]));
}

/** The team's first action on each lead created in the span (a history event by a member), by local hour of the lead. */
async function teamResponseByHour(db: Db, businessId: string, span: DaySpan, timeZone: string): Promise<Map<number, number>> {
  const rows = await db.$queryRaw<{ hour: Num; leads: Num; total: Num }[]>`
    WITH first_action AS (
      SELECT e."leadId", MIN(e."createdAt") AS at
        FROM "LeadEvent" e
       WHERE e."businessId" = ${businessId} AND e."actorUserId" IS NOT NULL AND e."createdAt" >= ${span.start}
       GROUP BY e."leadId"
    )
    SELECT EXTRACT(HOUR FROM ${local('l."createdAt"', timeZone)})::int AS hour, COUNT(*) AS leads,
           SUM(EXTRACT(EPOCH FROM (f.at - l."createdAt")))::float8 AS total
      FROM "Lead" l JOIN first_action f ON f."leadId" = l."id"
     WHERE l."businessId" = ${businessId} AND l."isTest" = false AND l."createdAt" >= ${span.start} AND l."createdAt" < ${span.end}
     GROUP BY 1`;
  return new Map(rows.filter((r) => num(r.leads) > 0).map((r) => [num(r.hour), num(r.total) / num(r.leads) / 60]));
}

// ---- From the daily roll-ups (decision 0040) ----

/** The zone the business's roll-ups are bucketed in (null without a roll-up row). */
async function rollupZone(db: Db, businessId: string): Promise<string | null> {
  const [row] = await db.$queryRaw<{ timeZone: string }[]>`SELECT "timeZone" FROM "AnalyticsRollup" WHERE "businessId" = ${businessId}`;
  return row?.timeZone ?? null;
}

const dateOf = (day: number) => Prisma.sql`${isoDateOf(day)}::date`;

async function leadAggregatesRolledUp(db: Db, businessId: string, p: AnalyticsPeriods): Promise<LeadAggregate[]> {
  return db.$queryRaw<LeadAggregate[]>`
    SELECT CASE WHEN "day" >= ${dateOf(p.current.firstDay)} THEN 'current' ELSE 'previous' END AS period,
           "channel",
           SUM("leads") AS leads,
           SUM("chatbotLeads") AS chatbot_leads,
           SUM("chatbotProposal") AS chatbot_proposal,
           SUM("chatbotWon") AS chatbot_won,
           SUM("won") AS won,
           SUM("wonValueCents") AS won_value,
           SUM("scoreSum")::float8 AS score_sum,
           SUM("high") AS high,
           SUM("medium") AS medium
      FROM "AnalyticsLeadDay"
     WHERE "businessId" = ${businessId} AND "day" >= ${dateOf(p.previous.firstDay)} AND "day" <= ${dateOf(p.current.lastDay)}
     GROUP BY 1, 2
    HAVING SUM("leads") > 0`;
}

async function conversationCountsRolledUp(db: Db, businessId: string, p: AnalyticsPeriods): Promise<{ current: Num; previous: Num }> {
  const [row] = await db.$queryRaw<{ current: Num; previous: Num }[]>`
    SELECT COALESCE(SUM("conversations") FILTER (WHERE "day" >= ${dateOf(p.current.firstDay)}), 0) AS current,
           COALESCE(SUM("conversations") FILTER (WHERE "day" < ${dateOf(p.current.firstDay)}), 0) AS previous
      FROM "AnalyticsConversationDay"
     WHERE "businessId" = ${businessId} AND "day" >= ${dateOf(p.previous.firstDay)} AND "day" <= ${dateOf(p.current.lastDay)}`;
  return row ?? { current: 0, previous: 0 };
}

async function leadsByDayRolledUp(db: Db, businessId: string, span: DaySpan): Promise<Map<string, number>> {
  const rows = await db.$queryRaw<{ day: string; leads: Num }[]>`
    SELECT to_char("day", 'YYYY-MM-DD') AS day, SUM("leads") AS leads
      FROM "AnalyticsLeadDay"
     WHERE "businessId" = ${businessId} AND "day" >= ${dateOf(span.firstDay)} AND "day" <= ${dateOf(span.lastDay)}
     GROUP BY "day"`;
  return new Map(rows.map((r) => [r.day, num(r.leads)]));
}

async function revenueRolledUp(db: Db, businessId: string, p: AnalyticsPeriods, sinceDay: number): Promise<Revenue> {
  const rows = await db.$queryRaw<{ month: string; current: Num; previous: Num; total: Num }[]>`
    SELECT to_char("day", 'YYYY-MM') AS month,
           COALESCE(SUM("valueCents") FILTER (WHERE "day" >= ${dateOf(p.current.firstDay)}), 0) AS current,
           COALESCE(SUM("valueCents") FILTER (WHERE "day" >= ${dateOf(p.previous.firstDay)} AND "day" < ${dateOf(p.current.firstDay)}), 0) AS previous,
           COALESCE(SUM("valueCents") FILTER (WHERE "day" >= ${dateOf(sinceDay)}), 0) AS total
      FROM "AnalyticsRevenueDay"
     WHERE "businessId" = ${businessId}
       AND "day" >= ${dateOf(Math.min(sinceDay, p.previous.firstDay))} AND "day" <= ${dateOf(p.current.lastDay)}
     GROUP BY 1`;
  return revenueOf(rows);
}

async function teamResponseByHourRolledUp(db: Db, businessId: string, span: DaySpan): Promise<Map<number, number>> {
  const rows = await db.$queryRaw<{ hour: Num; leads: Num; total: Num }[]>`
    SELECT "hour", SUM("leads") AS leads, SUM("seconds")::float8 AS total
      FROM "AnalyticsTeamHour"
     WHERE "businessId" = ${businessId} AND "day" >= ${dateOf(span.firstDay)} AND "day" <= ${dateOf(span.lastDay)}
     GROUP BY 1
    HAVING SUM("leads") > 0`;
  return new Map(rows.map((r) => [num(r.hour), num(r.total) / num(r.leads) / 60]));
}

const MONTH_LABEL = new Intl.DateTimeFormat("en-US", { month: "short", year: "numeric", timeZone: "UTC" });

/** The last 12 local months, oldest first, ending with the current one ("YYYY-MM"). */
function lastTwelveMonths(now: Date, timeZone: string): { months: string[]; since: Date; sinceDay: number } {
  const today = localDateTime(now, timeZone);
  const months: string[] = [];
  for (let i = 11; i >= 0; i--) {
    const d = new Date(Date.UTC(today.year, today.month - 1 - i, 1));
    months.push(d.toISOString().slice(0, 7));
  }
  const sinceDay = dayNumberOf(today.year, today.month - 11, 1);
  return { months, since: startOfLocalDay(sinceDay, timeZone), sinceDay };
}

/**
 * The report. `source`: "auto" reads the roll-ups when they are in the report's zone, else the rows;
 * "rows" always computes from the rows (the reference the roll-ups are checked against).
 */
export async function analyticsReport(
  db: Db,
  input: { businessId: string; timeZone: string; period: AnalyticsPeriodKey; now?: Date; source?: "auto" | "rows" },
): Promise<AnalyticsReport> {
  const now = input.now ?? new Date();
  const timeZone = safeTimeZone(input.timeZone);
  const p = analyticsPeriods(input.period, now, timeZone);
  const { months, since, sinceDay } = lastTwelveMonths(now, timeZone);
  const { businessId } = input;
  const rolledUp = input.source !== "rows" && (await rollupZone(db, businessId)) === timeZone;

  const [aggregates, conversations, impressions, byDay, money, botByHour, teamByHour, response, visits] = await Promise.all([
    rolledUp ? leadAggregatesRolledUp(db, businessId, p) : leadAggregates(db, businessId, p),
    rolledUp ? conversationCountsRolledUp(db, businessId, p) : conversationCounts(db, businessId, p),
    impressionCounts(db, businessId, p),
    rolledUp ? leadsByDayRolledUp(db, businessId, p.current) : leadsByDay(db, businessId, p.current, timeZone),
    rolledUp ? revenueRolledUp(db, businessId, p, sinceDay) : revenue(db, businessId, p, since),
    botResponseByHour(db, businessId, p.current, timeZone),
    rolledUp ? teamResponseByHourRolledUp(db, businessId, p.current) : teamResponseByHour(db, businessId, p.current, timeZone),
    averageResponseTimes(
      db,
      businessId,
      { current: { start: p.current.start, end: new Date(Math.min(now.getTime(), p.current.end.getTime())) }, previous: { start: p.previous.start, end: p.previous.end } },
      now,
    ),
    visitBookedCounts(db, businessId, p),
  ]);

  const sum = (period: string, key: keyof LeadAggregate) =>
    aggregates.filter((r) => r.period === period).reduce((total, r) => total + num(r[key] as Num), 0);
  const both = (key: keyof LeadAggregate) => ({ current: sum("current", key), previous: sum("previous", key) });

  const leads = both("leads");
  const won = both("won");
  const wonValue = both("won_value");
  const chatbotLeads = both("chatbot_leads");
  const proposal = both("chatbot_proposal");
  const chatbotWon = both("chatbot_won");
  const conv = { current: num(conversations.current), previous: num(conversations.previous) };
  const imp = { current: num(impressions.current), previous: num(impressions.previous) };

  const stages: [string, { current: number; previous: number }][] = [
    ["Widget impressions", imp],
    ["Conversations", conv],
    ["Leads", chatbotLeads],
    [VISIT_BOOKED_STAGE, { current: num(visits.current), previous: num(visits.previous) }],
    ["Proposal", proposal],
    ["Won", chatbotWon],
  ];
  // "Visit booked" only for a business that books visits (one in either period): the others' funnel
  // goes from Leads to Proposal, without a stage that is always 0 (e.g. the demo, which takes none).
  const shown = stages.filter(([stage, counts]) => stage !== VISIT_BOOKED_STAGE || counts.current > 0 || counts.previous > 0);
  const funnel = shown.map(([stage, counts], i) => ({
    stage,
    count: counts.current,
    previousCount: counts.previous,
    rate: i === 0 ? null : ratePercent(counts.current, shown[i - 1]![1].current),
  }));

  const conversionNow = conversionPercent(won.current, leads.current);
  const conversionBefore = conversionPercent(won.previous, leads.previous);

  const channels = aggregates
    .filter((r) => r.period === "current")
    .map((r): ChannelRow => {
      const count = num(r.leads);
      return {
        channel: r.channel,
        label: channelLabel(r.channel),
        leads: count,
        won: num(r.won),
        conversion: ratePercent(num(r.won), count),
        avgScore: count ? round1(num(r.score_sum) / count) : null,
        revenueCents: num(r.won_value),
      };
    })
    .sort((a, b) => b.leads - a.leads || a.label.localeCompare(b.label));

  const high = sum("current", "high");
  const medium = sum("current", "medium");

  const days: { date: string; leads: number }[] = [];
  for (let d = p.current.firstDay; d <= p.current.lastDay; d++) days.push({ date: isoDateOf(d), leads: byDay.get(isoDateOf(d)) ?? 0 });

  const responseByHour: HourRow[] = Array.from({ length: 24 }, (_, hour) => ({
    hour,
    botSeconds: botByHour.has(hour) ? round1(botByHour.get(hour)!) : null,
    teamMinutes: teamByHour.has(hour) ? round1(teamByHour.get(hour)!) : null,
  }));

  return {
    period: {
      key: p.key,
      label: periodLabel(p.key),
      from: isoDateOf(p.current.firstDay),
      to: isoDateOf(p.current.lastDay),
      previousFrom: isoDateOf(p.previous.firstDay),
      previousTo: isoDateOf(p.previous.lastDay),
      timeZone,
    },
    kpis: {
      impressions: figure(imp.current, imp.previous),
      conversations: figure(conv.current, conv.previous),
      leads: figure(leads.current, leads.previous),
      won: figure(won.current, won.previous),
      conversionRate: {
        current: conversionNow,
        previous: conversionBefore,
        change: conversionNow === null || conversionBefore === null ? null : round1(conversionNow - conversionBefore),
      },
      revenueCents: figure(money.current, money.previous),
      wonValueCents: figure(wonValue.current, wonValue.previous),
      avgResponseSeconds: {
        current: response.current === null ? null : round1(response.current),
        previous: response.previous === null ? null : round1(response.previous),
        change: response.current === null || response.previous === null ? null : changePercent(response.current, response.previous),
      },
    },
    funnel,
    leadsByDay: days,
    quality: { high, medium, low: leads.current - high - medium },
    responseByHour,
    revenueByMonth: months.map((month) => ({
      month,
      label: MONTH_LABEL.format(new Date(`${month}-01T00:00:00Z`)),
      revenueCents: money.byMonth.get(month) ?? 0,
    })),
    channels,
  };
}
