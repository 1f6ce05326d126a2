// "Your trial ends soon" for trials without a card. A trial with a Stripe subscription gets Stripe's
// `customer.subscription.trial_will_end` webhook (billing/webhook.server.ts); a cardless trial has no
// Stripe subscription, so nobody would be told. This job e-mails the owners of each such business once
// when its trial ends within TRIAL_ENDING_NOTICE_DAYS, with a link to the billing tab. Once per
// business: a scheduled tick (schedules.server.ts, hourly) claims it on the business row
// (trialEndingEmailedAt) and writes the e-mail jobs in the same transaction (DESIGN §10), so
// overlapping ticks or several instances queue it once; the job layer retries a failed delivery.
import { formatLongDate } from "../shared/billing/billing-display.ts";
import { billingOff } from "../shared/billing/billing-mode.ts";
import type { Db } from "../db/client.server.ts";
import { enqueueMail } from "../mail/mail-jobs.server.ts";
import { renderEmail } from "../mail/templates/render-email.tsx";
import { businessBrand, TRIAL_ENDING_SUBJECT, trialEndingEmail } from "../mail/templates/templates.ts";
import { owners } from "../notifications/lead-alert-email.server.ts";
import type { JobQueue } from "./queue/job-queue.server.ts";

export const TRIAL_ENDING_NOTICE_DAYS = 3;
export { TRIAL_ENDING_SUBJECT };

export type TrialEndingDeps = { db: Db; jobs: JobQueue; env: { PUBLIC_APP_URL: string } };

/** Queues every reminder due at `now`; returns the ids of the businesses it queued one for. */
export async function queueTrialEndingReminders(deps: TrialEndingDeps, now = new Date()): Promise<string[]> {
  const { db } = deps;
  // BILLING=off: no trial ends (every business is subscribed), so nobody is told one does.
  if (billingOff()) return [];
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
    select: { id: true, name: true, logoPath: true, street: true, city: true, state: true, zip: true, timeZone: true, trialEnd: true },
  });
  const queued: string[] = [];
  for (const business of businesses) {
    // Rendered before the transaction (PGlite has one connection: keep transactions short).
    const message = await renderEmail(
      trialEndingEmail({
        brand: businessBrand(business, deps.env.PUBLIC_APP_URL),
        endsOn: formatLongDate(business.trialEnd!, business.timeZone),
        appUrl: deps.env.PUBLIC_APP_URL,
      }),
    );
    const claimed = await db.$transaction(async (tx) => {
      const claim = await tx.business.updateMany({ where: { id: business.id, ...due }, data: { trialEndingEmailedAt: now } });
      if (claim.count !== 1) return false;
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
