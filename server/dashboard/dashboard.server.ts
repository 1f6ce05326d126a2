// The workspace dashboard's data (spec §2.14): four stat cards from real rows, recent leads per filter
// tab, open conversations for the live chat preview and recent activity from lead history. Everything
// is scoped by the businessId of the session; test conversations and test leads are kept apart.
import type { Db } from "../db/client.server.ts";
import type { LeadSummary, Message } from "../realtime/protocol.ts";
import { toLeadSummary } from "../leads/lead-summary.ts";
import { CLOSED_STATUSES, FOLLOW_UP_PRIORITY } from "../shared/leads/follow-up.ts";
import { messageSelect, toMessage } from "../chat/conversations.server.ts";
import { Prisma } from "../db/generated/client.ts";
import { HIDDEN_LEAD_NAME, hideLeadDetails } from "../billing/lead-visibility.ts";
import { averageResponseTimes } from "./response-times.server.ts";
import {
  formatDuration,
  formatPercent,
  formatRevenue,
  lastLocalDays,
  monthToDate,
  percentChange,
  pointsChange,
  rollingDays,
  weekToDate,
  type Period,
  type PeriodPair,
} from "../shared/dashboard/periods.ts";
import { safeTimeZone } from "../shared/time/calendar.ts";
import { conversionPercent, CONVERSION_DEFINITION } from "../shared/analytics/definitions.ts";

export type StatKey = "new-leads" | "conversion-rate" | "response-time" | "revenue";

export type StatCard = {
  key: StatKey;
  label: string;
  value: number | null;
  display: string;
  /** Change against the prior period: percent, or percentage points for the conversion rate. */
  change: number | null;
  changeUnit: "%" | "pts";
  /** Whether a rise is good (false for response time). */
  higherIsBetter: boolean;
  comparison: string;
  /** What the figure counts, shown under it (issue 32: one definition per figure, named where shown). */
  definition: string;
};

export type RecentLeads = { all: LeadSummary[]; high: LeadSummary[]; followUp: LeadSummary[] };

export type LiveChat = {
  conversationId: string;
  lastMessageAt: string;
  pageUrl: string | null;
  lead: { id: string; name: string | null; company: string | null; priority: LeadSummary["priority"] } | null;
  /** The last few messages, oldest first (none while lead details are hidden: they hold names and e-mails). */
  messages: Message[];
  /** An expired trial: the conversation's lead and messages wait until the business subscribes. */
  detailsHidden?: true;
};

export type ActivityType = "new-lead" | "response" | "follow-up";
export type ActivityItem = { id: string; type: ActivityType; text: string; time: string; leadId: string };

export type DashboardData = {
  now: string;
  stats: StatCard[];
  recentLeads: RecentLeads;
  liveChats: LiveChat[];
  activity: ActivityItem[];
};

export const RECENT_LEADS = 5;
export const LIVE_CHATS = 4;
export const ACTIVITY_ITEMS = 8;
const PREVIEW_MESSAGES = 3;

// ---------------------------------------------------------------------------------------------
// Stats

type LeadStatsRow = {
  new_current: bigint | number;
  new_previous: bigint | number;
  cohort_current: bigint | number;
  cohort_won_current: bigint | number;
  cohort_previous: bigint | number;
  cohort_won_previous: bigint | number;
  revenue_current: bigint | number | null;
  revenue_previous: bigint | number | null;
};

/**
 * The lead stats in one round trip (test leads left out): new leads this week so far and in the same span
 * of last week; conversion with the Analytics page's definition (leads created in its Last 30 Days that
 * are now Won ÷ those leads: the same figure on both pages, issue 32); revenue as deals closed (Won
 * leads' value by their `closedAt`) this month so far. Each part walks a (businessId, time) index.
 */
async function leadStats(db: Db, businessId: string, periods: { week: PeriodPair; cohort: PeriodPair; month: PeriodPair }) {
  const { week, cohort, month } = periods;
  const created = (p: Period) => Prisma.sql`"createdAt" >= ${p.start} AND "createdAt" < ${p.end}`;
  const closed = (p: Period) => Prisma.sql`"closedAt" >= ${p.start} AND "closedAt" < ${p.end}`;
  const [row] = await db.$queryRaw<LeadStatsRow[]>`
    SELECT * FROM (
      SELECT COUNT(*) FILTER (WHERE ${created(week.current)}) AS new_current,
             COUNT(*) FILTER (WHERE ${created(week.previous)}) AS new_previous
        FROM "Lead"
       WHERE "businessId" = ${businessId} AND "isTest" = false
         AND "createdAt" >= ${week.previous.start} AND "createdAt" < ${week.current.end}
    ) AS created_leads CROSS JOIN (
      SELECT COUNT(*) FILTER (WHERE ${created(cohort.current)}) AS cohort_current,
             COUNT(*) FILTER (WHERE "status" = 'won' AND ${created(cohort.current)}) AS cohort_won_current,
             COUNT(*) FILTER (WHERE ${created(cohort.previous)}) AS cohort_previous,
             COUNT(*) FILTER (WHERE "status" = 'won' AND ${created(cohort.previous)}) AS cohort_won_previous
        FROM "Lead"
       WHERE "businessId" = ${businessId} AND "isTest" = false
         AND "createdAt" >= ${cohort.previous.start} AND "createdAt" < ${cohort.current.end}
    ) AS cohort_leads CROSS JOIN (
      SELECT SUM("valueCents") FILTER (WHERE ${closed(month.current)}) AS revenue_current,
             SUM("valueCents") FILTER (WHERE ${closed(month.previous)}) AS revenue_previous
        FROM "Lead"
       WHERE "businessId" = ${businessId} AND "isTest" = false AND "status" = 'won'
         AND "closedAt" >= ${month.previous.start} AND "closedAt" < ${month.current.end}
    ) AS closed_leads`;
  const n = (v: bigint | number | null | undefined) => Number(v ?? 0);
  return {
    newLeads: { current: n(row?.new_current), previous: n(row?.new_previous) },
    conversion: {
      current: conversionPercent(n(row?.cohort_won_current), n(row?.cohort_current)),
      previous: conversionPercent(n(row?.cohort_won_previous), n(row?.cohort_previous)),
    },
    revenue: { current: n(row?.revenue_current), previous: n(row?.revenue_previous) },
  };
}

export async function dashboardStats(db: Db, input: { businessId: string; timeZone: string; now: Date }): Promise<StatCard[]> {
  const timeZone = safeTimeZone(input.timeZone);
  const week = weekToDate(input.now, timeZone);
  const month = monthToDate(input.now, timeZone);
  const rolling = rollingDays(input.now, 30);
  // The Analytics page's default period (its Last 30 Days in local days), for the conversion rate.
  const cohort = lastLocalDays(input.now, 30, timeZone);

  const [leads, response] = await Promise.all([
    leadStats(db, input.businessId, { week, cohort, month }),
    averageResponseTimes(db, input.businessId, rolling, input.now),
  ]);
  const newThisWeek = leads.newLeads.current;
  const newLastWeek = leads.newLeads.previous;
  const { conversion, revenue } = leads;

  return [
    {
      key: "new-leads",
      label: "New Leads This Week",
      value: newThisWeek,
      display: newThisWeek.toLocaleString("en-US"),
      change: percentChange(newThisWeek, newLastWeek),
      changeUnit: "%",
      higherIsBetter: true,
      comparison: "vs last week",
      definition: "Leads created this week so far",
    },
    {
      key: "conversion-rate",
      label: "Conversion Rate",
      value: conversion.current,
      display: formatPercent(conversion.current),
      change: pointsChange(conversion.current, conversion.previous),
      changeUnit: "pts",
      higherIsBetter: true,
      comparison: "vs previous 30 days",
      definition: CONVERSION_DEFINITION.replace("in the period", "in the last 30 days"),
    },
    {
      key: "response-time",
      label: "Avg Response Time",
      value: response.current,
      display: formatDuration(response.current),
      change: percentChange(response.current, response.previous),
      changeUnit: "%",
      higherIsBetter: false,
      comparison: "vs previous 30 days",
      definition: "The chatbot's reply time, last 30 days",
    },
    {
      key: "revenue",
      label: "Revenue This Month",
      value: revenue.current,
      display: formatRevenue(revenue.current),
      change: percentChange(revenue.current, revenue.previous),
      changeUnit: "%",
      higherIsBetter: true,
      comparison: "vs last month",
      definition: "Deals closed this month: value of leads marked Won in it",
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// Lists

type RecentLeadRow = Omit<LeadSummary, "createdAt"> & { tab: "all" | "high" | "followUp"; createdAt: Date };

/**
 * The newest leads of each tab in one round trip: All, High Priority, and Needs Follow-up (open Medium
 * leads, server/leads/follow-up.ts: a Won or Lost lead needs no follow-up).
 */
export async function recentLeads(db: Db, businessId: string, take = RECENT_LEADS): Promise<RecentLeads> {
  const closed = Prisma.join(CLOSED_STATUSES.map((status) => Prisma.sql`${status}::"LeadStatus"`));
  const filters: Record<RecentLeadRow["tab"], Prisma.Sql> = {
    all: Prisma.empty,
    high: Prisma.sql`AND "priority" = 'high'::"LeadPriority"`,
    followUp: Prisma.sql`AND "priority" = ${FOLLOW_UP_PRIORITY}::"LeadPriority" AND "status" NOT IN (${closed})`,
  };
  const newest = (tab: RecentLeadRow["tab"]) => Prisma.sql`(
    SELECT ${tab} AS tab, "id", "name", "email", "phone", "company", "score", "priority"::text AS priority,
           "status"::text AS status, "conversationId", "isTest", "createdAt"
      FROM "Lead"
     WHERE "businessId" = ${businessId} AND "isTest" = false ${filters[tab]}
     ORDER BY "createdAt" DESC, "id" DESC
     LIMIT ${take})`;
  const rows = await db.$queryRaw<RecentLeadRow[]>`${newest("all")} UNION ALL ${newest("high")} UNION ALL ${newest("followUp")}`;
  const of = (tab: RecentLeadRow["tab"]) =>
    rows
      .filter((r) => r.tab === tab)
      .map(({ tab: _tab, ...lead }) => toLeadSummary({ ...lead, score: Number(lead.score) }))
      .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  return { all: of("all"), high: of("high"), followUp: of("followUp") };
}

/** Open conversations in which the visitor has said something, most recently active first. */
export async function liveChats(db: Db, businessId: string, take = LIVE_CHATS): Promise<LiveChat[]> {
  const rows = await db.conversation.findMany({
    where: { businessId, isTest: false, status: "open", messages: { some: { role: "visitor" } } },
    orderBy: { lastMessageAt: "desc" },
    take,
    select: {
      id: true,
      lastMessageAt: true,
      pageUrl: true,
      lead: { select: { id: true, name: true, company: true, priority: true } },
      messages: {
        orderBy: { seq: "desc" },
        take: PREVIEW_MESSAGES,
        select: messageSelect,
      },
    },
  });
  return rows.map((row) => ({
    conversationId: row.id,
    lastMessageAt: row.lastMessageAt.toISOString(),
    pageUrl: row.pageUrl,
    lead: row.lead,
    messages: row.messages.map(toMessage).reverse(),
  }));
}

function leadLabel(lead: { name: string | null; company: string | null; email?: string | null }): string {
  const who = lead.name ?? lead.email ?? "A visitor";
  return lead.company ? `${who} (${lead.company})` : who;
}

function capitalise(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}

type EventRow = {
  id: string;
  type: string;
  data: unknown;
  createdAt: Date;
  leadId: string;
  lead: { name: string | null; company: string | null; email: string | null; priority: string; score: number };
};
type ReminderRow = {
  id: string;
  dueAt: Date;
  note: string;
  leadId: string;
  lead: { name: string | null; company: string | null; email: string | null; priority: string };
};

/** Maps lead history to the spec's activity types (new-lead, response, follow-up); unknown events are skipped. */
export function toActivity(events: EventRow[], dueReminders: ReminderRow[], limit = ACTIVITY_ITEMS): ActivityItem[] {
  const items: ActivityItem[] = [];
  for (const event of events) {
    const label = leadLabel(event.lead);
    const data = (event.data && typeof event.data === "object" ? event.data : {}) as Record<string, unknown>;
    let item: Omit<ActivityItem, "id" | "time" | "leadId"> | null = null;
    switch (event.type) {
      case "created":
        item = { type: "new-lead", text: `New ${event.lead.priority}-priority lead: ${label}, score ${event.lead.score.toFixed(1)}` };
        break;
      case "status_changed": {
        const to = typeof data.to === "string" ? data.to : typeof data.status === "string" ? data.status : null;
        item = { type: "response", text: to ? `${label} moved to ${capitalise(to)}` : `${label} changed status` };
        break;
      }
      case "email_sent":
        item = { type: "response", text: `Email sent to ${label}` };
        break;
      case "note":
        item = { type: "response", text: `Note added to ${label}` };
        break;
      case "reminder_created":
        item = { type: "follow-up", text: `Follow-up scheduled for ${label}` };
        break;
      case "reminder_completed":
        item = { type: "follow-up", text: `Followed up with ${label}` };
        break;
      case "reminder_snoozed":
        item = { type: "follow-up", text: `Follow-up with ${label} snoozed` };
        break;
      case "visit_scheduled":
        item = { type: "follow-up", text: `Site visit scheduled with ${label}` };
        break;
      default:
        item = null;
    }
    if (item) items.push({ id: `event:${event.id}`, leadId: event.leadId, time: event.createdAt.toISOString(), ...item });
  }
  for (const reminder of dueReminders) {
    items.push({
      id: `reminder:${reminder.id}`,
      type: "follow-up",
      text: `Follow-up due: ${leadLabel(reminder.lead)}, ${reminder.lead.priority} priority`,
      time: reminder.dueAt.toISOString(),
      leadId: reminder.leadId,
    });
  }
  return items.sort((a, b) => (a.time < b.time ? 1 : a.time > b.time ? -1 : 0)).slice(0, limit);
}

type ActivityLead = { name: string | null; company: string | null; email: string | null; priority: string };

/**
 * The latest history events and the latest due open reminders, test leads left out. Joined in SQL so the
 * planner walks the (businessId, createdAt) and open-reminder (businessId, dueAt) indexes newest first
 * and stops after `take` rows, however many leads the business has.
 */
export async function recentActivity(db: Db, businessId: string, now: Date, take = ACTIVITY_ITEMS, detailsHidden = false): Promise<ActivityItem[]> {
  const [events, reminders] = await Promise.all([
    db.$queryRaw<(Omit<EventRow, "lead"> & ActivityLead & { score: number })[]>`
      SELECT e."id", e."type", e."data", e."createdAt", e."leadId", l."name", l."company", l."email", l."priority"::text AS priority, l."score"
        FROM "LeadEvent" e JOIN "Lead" l ON l."id" = e."leadId"
       WHERE e."businessId" = ${businessId} AND l."isTest" = false
       ORDER BY e."createdAt" DESC
       LIMIT ${take * 2}`,
    db.$queryRaw<(Omit<ReminderRow, "lead"> & ActivityLead)[]>`
      SELECT r."id", r."dueAt", r."note", r."leadId", l."name", l."company", l."email", l."priority"::text AS priority
        FROM "Reminder" r JOIN "Lead" l ON l."id" = r."leadId"
       WHERE r."businessId" = ${businessId} AND r."completedAt" IS NULL AND r."dueAt" <= ${now} AND l."isTest" = false
       ORDER BY r."dueAt" DESC
       LIMIT ${take}`,
  ]);
  const lead = (row: ActivityLead) =>
    detailsHidden
      ? { name: HIDDEN_LEAD_NAME, company: null, email: null, priority: row.priority }
      : { name: row.name, company: row.company, email: row.email, priority: row.priority };
  return toActivity(
    events.map((e) => ({ id: e.id, type: e.type, data: e.data, createdAt: e.createdAt, leadId: e.leadId, lead: { ...lead(e), score: Number(e.score) } })),
    reminders.map((r) => ({ id: r.id, dueAt: r.dueAt, note: r.note, leadId: r.leadId, lead: lead(r) })),
    take,
  );
}

/**
 * Without a subscription (an expired trial) the lists show no contact details, like the leads list
 * (decision 0010): leads are hidden, the live chats keep only their time and page, and activity texts
 * name no one. Applied here so nothing hidden reaches the page's data.
 */
function hideDetails(data: Omit<DashboardData, "activity">): Omit<DashboardData, "activity"> {
  const hide = (leads: LeadSummary[]) => leads.map((lead) => hideLeadDetails(lead));
  return {
    ...data,
    recentLeads: { all: hide(data.recentLeads.all), high: hide(data.recentLeads.high), followUp: hide(data.recentLeads.followUp) },
    liveChats: data.liveChats.map((chat) => ({
      ...chat,
      lead: chat.lead ? { ...chat.lead, name: HIDDEN_LEAD_NAME, company: null } : null,
      messages: [],
      detailsHidden: true as const,
    })),
  };
}

export async function loadDashboard(
  db: Db,
  input: { businessId: string; now?: Date; /** leadDetailsHidden(business): an expired trial. */ detailsHidden?: boolean },
): Promise<DashboardData> {
  const now = input.now ?? new Date();
  // Only the stats need the time zone: the lists do not wait for it.
  const stats = db.business
    .findUniqueOrThrow({ where: { id: input.businessId }, select: { timeZone: true } })
    .then((business) => dashboardStats(db, { businessId: input.businessId, timeZone: business.timeZone, now }));
  const [statCards, leads, chats, activity] = await Promise.all([
    stats,
    recentLeads(db, input.businessId),
    liveChats(db, input.businessId),
    recentActivity(db, input.businessId, now, ACTIVITY_ITEMS, input.detailsHidden ?? false),
  ]);
  const lists = { now: now.toISOString(), stats: statCards, recentLeads: leads, liveChats: chats };
  return { ...(input.detailsHidden ? hideDetails(lists) : lists), activity };
}
