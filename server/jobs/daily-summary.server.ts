// The daily summary (Settings > Notifications): once per local day, from DAILY_SUMMARY_HOUR in the
// business's time zone, each owner of a business with the preference on gets yesterday's leads.
// Idempotent per business per day: the day is claimed on the business row (lastDailySummaryOn) before
// sending, atomically, so overlapping runs or several instances send it once; a failed send gives the
// claim back so the next run retries.
import type { Db } from "../db/client.server.ts";
import type { Logger, Mailer } from "../mail/mailer.server.ts";
import { startOfZonedDay } from "../leads/time-zone.ts";
import { ownerEmails } from "../notifications/lead-alert-email.server.ts";
import { localDayAndHour, previousDay } from "./local-day.ts";

/** Local hour from which yesterday's summary goes out. */
export const DAILY_SUMMARY_HOUR = 7;
const LISTED_LEADS = 25;

export type DailySummaryDeps = { db: Db; mailer: Mailer; logger: Logger; env: { PUBLIC_APP_URL: string } };

type SummaryLead = { id: string; name: string | null; company: string | null; email: string | null; score: number; priority: string };

export function dailySummaryText(args: {
  businessName: string;
  day: string;
  leads: SummaryLead[];
  total: number;
  counts: { high: number; medium: number; low: number };
  appUrl: string;
}): { subject: string; text: string } {
  const plural = args.total === 1 ? "lead" : "leads";
  const subject = `${args.businessName}: ${args.total} new ${plural} on ${args.day}`;
  if (args.total === 0) {
    return {
      subject,
      text: `No new leads came in for ${args.businessName} on ${args.day}.\n\nYour workspace: ${args.appUrl}/app/dashboard\n`,
    };
  }
  const lines = args.leads.map((lead) => {
    const who = lead.name?.trim() || lead.email || "A website visitor";
    const company = lead.company?.trim() ? ` (${lead.company.trim()})` : "";
    return `- ${who}${company}: score ${lead.score.toFixed(1)}, ${lead.priority} priority. ${args.appUrl}/app/leads/${lead.id}`;
  });
  const more = args.total > args.leads.length ? `\n…and ${args.total - args.leads.length} more in your workspace.\n` : "";
  return {
    subject,
    text:
      `${args.total} new ${plural} for ${args.businessName} on ${args.day}: ` +
      `${args.counts.high} high, ${args.counts.medium} medium, ${args.counts.low} low priority.\n\n` +
      `${lines.join("\n")}\n${more}\n` +
      `All leads: ${args.appUrl}/app/leads\n\n` +
      `You get this e-mail because "Daily summary" is on in Settings > Notifications.`,
  };
}

/** Sends every summary that is due at `now`; returns the ids of the businesses it sent one for. */
export async function sendDailySummaries(deps: DailySummaryDeps, now = new Date()): Promise<string[]> {
  const { db } = deps;
  const businesses = await db.business.findMany({
    where: { notifyDailySummary: true },
    select: { id: true, name: true, timeZone: true, lastDailySummaryOn: true },
  });
  const sent: string[] = [];
  for (const business of businesses) {
    const { day: today, hour } = localDayAndHour(now, business.timeZone);
    if (hour < DAILY_SUMMARY_HOUR || business.lastDailySummaryOn === today) continue;
    const claimed = await db.business.updateMany({
      where: {
        id: business.id,
        notifyDailySummary: true,
        OR: [{ lastDailySummaryOn: null }, { lastDailySummaryOn: { not: today } }],
      },
      data: { lastDailySummaryOn: today },
    });
    if (claimed.count !== 1) continue;
    try {
      await sendOne(deps, business, today);
      sent.push(business.id);
    } catch (error) {
      deps.logger.error(`[daily-summary] sending the summary of business ${business.id} failed`, error);
      await db.business.updateMany({
        where: { id: business.id, lastDailySummaryOn: today },
        data: { lastDailySummaryOn: business.lastDailySummaryOn },
      });
    }
  }
  return sent;
}

async function sendOne(
  deps: DailySummaryDeps,
  business: { id: string; name: string; timeZone: string },
  today: string,
): Promise<void> {
  const day = previousDay(today);
  const where = {
    businessId: business.id,
    isTest: false,
    createdAt: { gte: startOfZonedDay(day, business.timeZone), lt: startOfZonedDay(today, business.timeZone) },
  };
  const [leads, grouped, recipients] = await Promise.all([
    deps.db.lead.findMany({
      where,
      orderBy: [{ score: "desc" }, { createdAt: "asc" }],
      take: LISTED_LEADS,
      select: { id: true, name: true, company: true, email: true, score: true, priority: true },
    }),
    deps.db.lead.groupBy({ by: ["priority"], where, _count: { _all: true } }),
    ownerEmails(deps.db, business.id),
  ]);
  const counts = { high: 0, medium: 0, low: 0 };
  for (const row of grouped) counts[row.priority] = row._count._all;
  const total = counts.high + counts.medium + counts.low;
  const message = dailySummaryText({
    businessName: business.name,
    day,
    leads,
    total,
    counts,
    appUrl: deps.env.PUBLIC_APP_URL,
  });
  for (const to of recipients) await deps.mailer.send({ to, ...message });
}
