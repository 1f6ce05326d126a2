// "Your trial ends soon" for trials without a card. A trial with a Stripe subscription gets Stripe's
// `customer.subscription.trial_will_end` webhook (billing/webhook.server.ts); a cardless trial has no
// Stripe subscription, so nobody would be told. This job e-mails the owners of each such business once
// when its trial ends within TRIAL_ENDING_NOTICE_DAYS, with a link to the billing tab. Once per
// business: the send is claimed on the business row (trialEndingEmailedAt) atomically before sending,
// so overlapping runs or several instances send it once; a failed send gives the claim back.
import { formatLongDate } from "../billing/billing-display.ts";
import type { Db } from "../db/client.server.ts";
import type { Logger, Mailer } from "../mail/mailer.server.ts";
import { ownerEmails } from "../notifications/lead-alert-email.server.ts";

export const TRIAL_ENDING_NOTICE_DAYS = 3;
export const TRIAL_ENDING_SUBJECT = "Your LeadBroom trial ends soon";

export type TrialEndingDeps = { db: Db; mailer: Mailer; logger: Logger; env: { PUBLIC_APP_URL: string } };

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

/** Sends every reminder due at `now`; returns the ids of the businesses it e-mailed. */
export async function sendTrialEndingReminders(deps: TrialEndingDeps, now = new Date()): Promise<string[]> {
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
  const sent: string[] = [];
  for (const business of businesses) {
    const claimed = await db.business.updateMany({ where: { id: business.id, ...due }, data: { trialEndingEmailedAt: now } });
    if (claimed.count !== 1) continue;
    try {
      const message = trialEndingText({
        businessName: business.name,
        trialEnd: business.trialEnd!,
        timeZone: business.timeZone,
        appUrl: deps.env.PUBLIC_APP_URL,
      });
      for (const to of await ownerEmails(db, business.id)) await deps.mailer.send({ to, ...message });
      sent.push(business.id);
    } catch (error) {
      deps.logger.error(`[trial-ending] e-mailing the owners of business ${business.id} failed`, error);
      await db.business.updateMany({ where: { id: business.id, trialEndingEmailedAt: now }, data: { trialEndingEmailedAt: null } });
    }
  }
  return sent;
}
