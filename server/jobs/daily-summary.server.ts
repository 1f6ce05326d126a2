// The daily summary (Settings > Notifications): once per local day, from DAILY_SUMMARY_HOUR in the
// business's time zone, each owner of a business with the preference on gets yesterday's leads.
// A scheduled tick (schedules.server.ts, every 10 minutes) looks for the businesses that are due. Per
// business per day, the day is claimed on the business row (lastDailySummaryOn) and the e-mail jobs
// are written in the same transaction (DESIGN §10): overlapping ticks or several instances queue it
// once, and a failed delivery is retried by the job layer, not by claiming the day again.
import type { Db } from "../db/client.server.ts";
import type { JobQueue } from "./queue/job-queue.server.ts";
import { enqueueMail } from "../mail/mail-jobs.server.ts";
import { renderEmail } from "../mail/templates/render-email.tsx";
import { businessBrand, dailySummaryEmail } from "../mail/templates/templates.ts";
import { owners } from "../notifications/lead-alert-email.server.ts";
import { localDateTime, localIsoDate, previousIsoDate, startOfZonedDay } from "../shared/time/calendar.ts";

/** Local hour from which yesterday's summary goes out. */
export const DAILY_SUMMARY_HOUR = 7;
const LISTED_LEADS = 25;

export type DailySummaryDeps = { db: Db; jobs: JobQueue; env: { PUBLIC_APP_URL: string } };

/** Queues every summary that is due at `now`; returns the ids of the businesses it queued one for. */
export async function queueDailySummaries(deps: DailySummaryDeps, now = new Date()): Promise<string[]> {
  const { db } = deps;
  const businesses = await db.business.findMany({
    // Not a demo sandbox seeded ahead and not yet given to anyone (decision 0046).
    where: { notifyDailySummary: true, sandboxPreparedAt: null },
    select: { id: true, name: true, logoPath: true, street: true, city: true, state: true, zip: true, timeZone: true, lastDailySummaryOn: true },
  });
  const queued: string[] = [];
  for (const business of businesses) {
    const today = localIsoDate(now, business.timeZone);
    const { hour } = localDateTime(now, business.timeZone);
    if (hour < DAILY_SUMMARY_HOUR || business.lastDailySummaryOn === today) continue;
    const claimed = await db.$transaction(async (tx) => {
      const claim = await tx.business.updateMany({
        where: {
          id: business.id,
          notifyDailySummary: true,
          OR: [{ lastDailySummaryOn: null }, { lastDailySummaryOn: { not: today } }],
        },
        data: { lastDailySummaryOn: today },
      });
      if (claim.count !== 1) return false;
      const { message, recipients } = await summaryOf(tx, deps.env.PUBLIC_APP_URL, business, today);
      await enqueueMail(
        deps.jobs,
        tx,
        recipients.map((owner) => ({
          key: `daily-summary:${business.id}:${today}:${owner.userId}`,
          mail: { businessId: business.id, kind: "daily-summary", message: { to: owner.email, ...message } },
        })),
      );
      return true;
    });
    if (claimed) queued.push(business.id);
  }
  return queued;
}

async function summaryOf(
  db: Pick<Db, "lead" | "membership">,
  appUrl: string,
  business: { id: string; name: string; timeZone: string } & Parameters<typeof businessBrand>[0],
  today: string,
) {
  const day = previousIsoDate(today);
  const where = {
    businessId: business.id,
    isTest: false,
    createdAt: { gte: startOfZonedDay(day, business.timeZone), lt: startOfZonedDay(today, business.timeZone) },
  };
  // One after the other: inside an interactive transaction (PGlite has one connection).
  const leads = await db.lead.findMany({
    where,
    orderBy: [{ score: "desc" }, { createdAt: "asc" }],
    take: LISTED_LEADS,
    select: { id: true, name: true, company: true, email: true, score: true, priority: true },
  });
  const grouped = await db.lead.groupBy({ by: ["priority"], where, _count: { _all: true } });
  const recipients = await owners(db, business.id);
  const counts = { high: 0, medium: 0, low: 0 };
  for (const row of grouped) counts[row.priority] = row._count._all;
  const total = counts.high + counts.medium + counts.low;
  const message = await renderEmail(dailySummaryEmail({ brand: businessBrand(business, appUrl), day, leads, total, counts, appUrl }));
  return { message, recipients };
}
