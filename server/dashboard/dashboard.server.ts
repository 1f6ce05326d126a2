// The workspace dashboard's data (spec §2.14): four stat cards from real rows, recent leads per filter
// tab, open conversations for the live chat preview and recent activity from lead history. Everything
// is scoped by the businessId of the session; test conversations and test leads are kept apart.
import type { Db } from "../db/client.server.ts";
import type { LeadSummary, Message } from "../realtime/protocol.ts";
import { leadSummarySelect, toLeadSummary } from "../leads/lead-summary.ts";
import { toMessage } from "../chat/conversations.server.ts";
import {
  conversionIn,
  formatDuration,
  formatPercent,
  formatRevenue,
  monthToDate,
  percentChange,
  pointsChange,
  revenueIn,
  rollingDays,
  safeTimeZone,
  weekToDate,
  type ClosedLead,
  type Period,
} from "./periods.ts";

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
};

export type RecentLeads = { all: LeadSummary[]; high: LeadSummary[]; followUp: LeadSummary[] };

export type LiveChat = {
  conversationId: string;
  lastMessageAt: string;
  pageUrl: string | null;
  lead: { id: string; name: string | null; company: string | null; priority: LeadSummary["priority"] } | null;
  /** The last few messages, oldest first. */
  messages: Message[];
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

async function countLeads(db: Db, businessId: string, period: Period): Promise<number> {
  return db.lead.count({
    where: { businessId, isTest: false, createdAt: { gte: period.start, lt: period.end } },
  });
}

async function closedLeadsSince(db: Db, businessId: string, since: Date): Promise<ClosedLead[]> {
  // A status change updates the lead, so updatedAt ≥ the close time: a safe pre-filter.
  const rows = await db.lead.findMany({
    where: { businessId, isTest: false, status: { in: ["won", "lost"] }, updatedAt: { gte: since } },
    select: {
      status: true,
      updatedAt: true,
      valueCents: true,
      events: {
        where: { type: "status_changed" },
        orderBy: { createdAt: "desc" },
        take: 5,
        select: { createdAt: true, data: true },
      },
    },
  });
  return rows.map((row) => ({ status: row.status, updatedAt: row.updatedAt, valueCents: row.valueCents, statusEvents: row.events }));
}

type ResponseRow = { period: string; n: bigint | number; avg: number | string | null };

/**
 * Average time from a visitor message to the next bot message of the same conversation, in seconds,
 * for visitor messages sent within each period (test conversations excluded).
 */
export async function averageResponseTimes(
  db: Db,
  businessId: string,
  periods: { current: Period; previous: Period },
): Promise<{ current: number | null; previous: number | null }> {
  const rows = await db.$queryRaw<ResponseRow[]>`
    SELECT CASE WHEN v."createdAt" >= ${periods.current.start} THEN 'current' ELSE 'previous' END AS period,
           COUNT(*) AS n,
           AVG(EXTRACT(EPOCH FROM (b."createdAt" - v."createdAt")))::float8 AS avg
      FROM "Message" v
      JOIN "Conversation" c ON c."id" = v."conversationId" AND c."isTest" = false
      JOIN LATERAL (
        SELECT m."createdAt" FROM "Message" m
         WHERE m."conversationId" = v."conversationId" AND m."seq" > v."seq" AND m."role" = 'bot'
         ORDER BY m."seq" ASC LIMIT 1
      ) b ON true
     WHERE v."businessId" = ${businessId}
       AND v."role" = 'visitor'
       AND v."createdAt" >= ${periods.previous.start}
       AND v."createdAt" < ${periods.current.end}
     GROUP BY 1`;
  const pick = (name: string) => {
    const row = rows.find((r) => r.period === name);
    return row && row.avg !== null && Number(row.n) > 0 ? Number(row.avg) : null;
  };
  return { current: pick("current"), previous: pick("previous") };
}

export async function dashboardStats(db: Db, input: { businessId: string; timeZone: string; now: Date }): Promise<StatCard[]> {
  const timeZone = safeTimeZone(input.timeZone);
  const week = weekToDate(input.now, timeZone);
  const month = monthToDate(input.now, timeZone);
  const rolling = rollingDays(input.now, 30);
  const since = new Date(Math.min(month.previous.start.getTime(), rolling.previous.start.getTime()));

  const [newThisWeek, newLastWeek, closed, response] = await Promise.all([
    countLeads(db, input.businessId, week.current),
    countLeads(db, input.businessId, week.previous),
    closedLeadsSince(db, input.businessId, since),
    averageResponseTimes(db, input.businessId, rolling),
  ]);

  const conversion = { current: conversionIn(closed, rolling.current), previous: conversionIn(closed, rolling.previous) };
  const revenue = { current: revenueIn(closed, month.current), previous: revenueIn(closed, month.previous) };

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
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// Lists

export async function recentLeads(db: Db, businessId: string, take = RECENT_LEADS): Promise<RecentLeads> {
  const query = (priority?: "high" | "medium") =>
    db.lead.findMany({
      where: { businessId, isTest: false, ...(priority ? { priority } : {}) },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take,
      select: leadSummarySelect,
    });
  const [all, high, followUp] = await Promise.all([query(), query("high"), query("medium")]);
  return { all: all.map(toLeadSummary), high: high.map(toLeadSummary), followUp: followUp.map(toLeadSummary) };
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
        select: {
          id: true,
          conversationId: true,
          seq: true,
          role: true,
          text: true,
          createdAt: true,
          quickReplies: true,
          clientMessageId: true,
        },
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

export async function recentActivity(db: Db, businessId: string, now: Date, take = ACTIVITY_ITEMS): Promise<ActivityItem[]> {
  const leadSelect = { name: true, company: true, email: true, priority: true } as const;
  const [events, reminders] = await Promise.all([
    db.leadEvent.findMany({
      where: { businessId, lead: { isTest: false } },
      orderBy: { createdAt: "desc" },
      take: take * 2,
      select: { id: true, type: true, data: true, createdAt: true, leadId: true, lead: { select: { ...leadSelect, score: true } } },
    }),
    db.reminder.findMany({
      where: { businessId, completedAt: null, dueAt: { lte: now }, lead: { isTest: false } },
      orderBy: { dueAt: "desc" },
      take,
      select: { id: true, dueAt: true, note: true, leadId: true, lead: { select: leadSelect } },
    }),
  ]);
  return toActivity(events, reminders, take);
}

export async function loadDashboard(db: Db, input: { businessId: string; now?: Date }): Promise<DashboardData> {
  const now = input.now ?? new Date();
  const business = await db.business.findUniqueOrThrow({ where: { id: input.businessId }, select: { timeZone: true } });
  const [stats, leads, chats, activity] = await Promise.all([
    dashboardStats(db, { businessId: input.businessId, timeZone: business.timeZone, now }),
    recentLeads(db, input.businessId),
    liveChats(db, input.businessId),
    recentActivity(db, input.businessId, now),
  ]);
  return { now: now.toISOString(), stats, recentLeads: leads, liveChats: chats, activity };
}
