// Everything the Billing tab shows (spec §2.14): the subscription from our database, the cards and
// invoices from our copy of Stripe's (mirror.server.ts, decision 0038: opening the page waits for no
// Stripe call; an old copy asks for a refresh job and the page updates when it lands), the lead usage
// against the limit. A refresh that failed shows the spec's error text above the last known copy.
import type Stripe from "stripe";
import type { Env } from "../config/env.server.ts";
import { smsUsage } from "../automations/sms-allowance.server.ts";
import type { Db } from "../db/client.server.ts";
import type { Logger } from "../shared/logger.ts";
import type { JobQueue } from "../jobs/queue/job-queue.server.ts";
import { BILLING_REFRESH_QUEUE } from "../jobs/queue/queues.ts";
import { BILLING_ERRORS } from "../shared/billing/billing-display.ts";
import { effectivePlan, hasFeature, type Feature } from "../shared/billing/entitlements.ts";
import { leadUsage } from "./lead-quota.server.ts";
import { readMirror, refreshPending, requestMirrorRefresh, type CardView, type InvoiceView } from "./mirror.server.ts";
import { billingConfigured } from "./stripe-client.server.ts";
import { isSubscribed } from "../shared/billing/subscription.ts";
import { billingCard, type BillingCard } from "./billing-card.ts";

export type BillingOverview = {
  configured: boolean;
  publishableKey: string | null;
  subscription: {
    status: string;
    plan: string | null;
    billingPeriod: string | null;
    trialEnd: string | null;
    currentPeriodEnd: string | null;
    amountCents: number | null;
    subscribed: boolean;
    hasStripeSubscription: boolean;
    effectivePlan: string | null;
  };
  card: { lastFour: string; expMonth: number | null; expYear: number | null } | null;
  cards: CardView[];
  invoices: InvoiceView[];
  usage: { count: number; limit: number | null; periodStart: string; periodEnd: string };
  features: Record<Feature, boolean>;
  /** The Current Plan card for this state (billing-card.ts). */
  planCard: BillingCard;
  timeZone: string;
  overageFeeCents: number;
  stripeError: string | null;
  /** A refresh of the cards and invoices is on its way: the page shows this copy and updates on its push. */
  refreshing: boolean;
  /** When the cards and invoices were last copied from Stripe (ISO), or null. */
  mirroredAt: string | null;
  /** This month's SMS (in and out, automations included) against the plan's allowance (decision 0068). */
  smsUsage?: { used: number; allowance: number };
};

export async function getBillingOverview(
  deps: { db: Db; env: Env; stripe: Stripe | null; logger: Logger; jobs: JobQueue },
  businessId: string,
  now = new Date(),
): Promise<BillingOverview> {
  const business = await deps.db.business.findUniqueOrThrow({
    where: { id: businessId },
    select: {
      isDemo: true,
      timeZone: true,
      subscriptionStatus: true,
      plan: true,
      billingPeriod: true,
      trialEnd: true,
      currentPeriodEnd: true,
      amountCents: true,
      stripeCustomerId: true,
      stripeSubscriptionId: true,
      cardLastFour: true,
      cardExpMonth: true,
      cardExpYear: true,
    },
  });
  const configured = billingConfigured(deps.env, deps.stripe);
  const mirror = await readMirror(deps.db, businessId);
  let refreshing = false;
  if (configured && business.stripeCustomerId) {
    if (await requestMirrorRefresh(deps.db, deps.jobs, businessId, now)) deps.jobs.wake(BILLING_REFRESH_QUEUE);
    refreshing = refreshPending(await deps.db.billingMirror.findUnique({ where: { businessId } }), now);
  }
  const cards: CardView[] = mirror.cards;
  const invoices: InvoiceView[] = mirror.invoices;
  const stripeError = configured && mirror.failed ? BILLING_ERRORS.loadSubscription : null;
  const usage = await leadUsage(deps.db, businessId, now);
  const sms = await smsUsage(deps.db, businessId, now);
  const hasStripeSubscription = business.stripeSubscriptionId !== null && business.subscriptionStatus !== "canceled";
  const features = Object.fromEntries(
    (["cold_outreach", "competitor_analysis", "api_access", "white_label"] as const).map((feature) => [feature, hasFeature(business, feature, now)]),
  ) as Record<Feature, boolean>;
  return {
    smsUsage: sms,
    configured,
    publishableKey: configured ? (deps.env.STRIPE_PUBLISHABLE_KEY ?? null) : null,
    subscription: {
      status: business.subscriptionStatus,
      plan: business.plan,
      billingPeriod: business.billingPeriod,
      trialEnd: business.trialEnd?.toISOString() ?? null,
      currentPeriodEnd: business.currentPeriodEnd?.toISOString() ?? null,
      amountCents: business.amountCents,
      subscribed: isSubscribed(business, now),
      hasStripeSubscription,
      effectivePlan: effectivePlan(business, now),
    },
    card: business.cardLastFour ? { lastFour: business.cardLastFour, expMonth: business.cardExpMonth, expYear: business.cardExpYear } : null,
    cards,
    invoices,
    usage: { count: usage.count, limit: usage.limit, periodStart: usage.periodStart.toISOString(), periodEnd: usage.periodEnd.toISOString() },
    features,
    planCard: billingCard({
      isDemo: business.isDemo,
      status: business.subscriptionStatus,
      plan: business.plan,
      trialEnd: business.trialEnd?.toISOString() ?? null,
      currentPeriodEnd: business.currentPeriodEnd?.toISOString() ?? null,
      hasStripeSubscription,
      configured,
      timeZone: business.timeZone,
      now,
    }),
    timeZone: business.timeZone,
    overageFeeCents: deps.env.LEAD_OVERAGE_FEE_CENTS,
    stripeError,
    refreshing,
    mirroredAt: mirror.refreshedAt?.toISOString() ?? null,
  };
}
