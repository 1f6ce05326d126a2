// "Your trial ends soon" for trials without a card. A trial with a Stripe subscription gets Stripe's
// `customer.subscription.trial_will_end` webhook (billing/webhook.server.ts); a cardless trial has no
// Stripe subscription, so nobody would be told. This job e-mails the owners of each such business once
// when its trial ends within TRIAL_ENDING_NOTICE_DAYS, with a link to the billing tab. Once per
// business: a scheduled tick (schedules.server.ts, hourly) claims it on the business row
// (trialEndingEmailedAt) and writes the e-mail jobs in the same transaction (DESIGN §10), so
// overlapping ticks or several instances queue it once; the job layer retries a failed delivery.
import { formatLongDate } from "../billing/billing-display.ts";
import type { Db } from "../db/client.server.ts";
import { enqueueMail } from "../mail/mail-jobs.server.ts";
import { owners } from "../notifications/lead-alert-email.server.ts";
import type { JobQueue } from "./queue/job-queue.server.ts";

export const TRIAL_ENDING_NOTICE_DAYS = 3;
export const TRIAL_ENDING_SUBJECT = "Your LeadBroom trial ends soon";

export type TrialEndingDeps = { db: Db; jobs: JobQueue; env: { PUBLIC_APP_URL: string } };

export function trialEndingText(args: { businessName: string; trialEnd: Date; timeZone: string; appUrl: string }): { subject: string; text: string } {
  return {
    subject: TRIAL_ENDING_SUBJECT,
    text:
      `Your LeadBroom free trial for ${args.businessName} ends on ${formatLongDate(args.trialEnd, args.timeZone)}.\n\n` +
      `Choose a plan before then to keep seeing the details of the leads your chatbot captures. ` +
      `Leads keep being captured either way; nothing is deleted.\n\n` +
      `Choose a plan: ${args.appUrl}/app/settings?tab=billing\n`,
  };
}

/** Queues every reminder due at `now`; returns the ids of the businesses it queued one for. */
export async function queueTrialEndingReminders(deps: TrialEndingDeps, now = new Date()): Promise<string[]> {
  const { db } = deps;
  const horizon = new Date(now.getTime() + TRIAL_ENDING_NOTICE_DAYS * 86_400_000);
  // Cardless trials (no Stripe subscription) ending in the next few days, not told yet.
  const due = {
    subscriptionStatus: "trial" as const,
    isDemo: false,
    stripeSubscriptionId: null,
    trialEndingEmailedAt: null,
    trialEnd: { gt: now, lte: horizon },
  };
  const businesses = await db.business.findMany({
    where: due,
    orderBy: { trialEnd: "asc" },
    select: { id: true, name: true, timeZone: true, trialEnd: true },
  });
  const queued: string[] = [];
  for (const business of businesses) {
    const claimed = await db.$transaction(async (tx) => {
      const claim = await tx.business.updateMany({ where: { id: business.id, ...due }, data: { trialEndingEmailedAt: now } });
      if (claim.count !== 1) return false;
      const message = trialEndingText({
        businessName: business.name,
        trialEnd: business.trialEnd!,
        timeZone: business.timeZone,
        appUrl: deps.env.PUBLIC_APP_URL,
      });
      await enqueueMail(
        deps.jobs,
        tx,
        (await owners(tx, business.id)).map((owner) => ({
          key: `trial-ending:${business.id}:${owner.userId}`,
          mail: { businessId: business.id, kind: "trial-ending", message: { to: owner.email, ...message } },
        })),
      );
      return true;
    });
    if (claimed) queued.push(business.id);
  }
  return queued;
}
