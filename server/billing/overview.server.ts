// Everything the Billing tab shows (spec §2.14): the subscription from our database, the cards and
// invoices from Stripe, the lead usage against the limit. Stripe failures degrade to an error text.
import type Stripe from "stripe";
import type { Env } from "../config/env.server.ts";
import type { Db } from "../db/client.server.ts";
import type { Logger } from "../mail/mailer.server.ts";
import { BILLING_ERRORS } from "./billing-display.ts";
import { effectivePlan, hasFeature, type Feature } from "./entitlements.ts";
import { listInvoices, type InvoiceView } from "./history.server.ts";
import { leadUsage } from "./lead-quota.server.ts";
import { listCards, type CardView } from "./payment-methods.server.ts";
import { billingConfigured } from "./stripe-client.server.ts";
import { isSubscribed } from "./subscription.ts";
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
};

export async function getBillingOverview(
  deps: { db: Db; env: Env; stripe: Stripe | null; logger: Logger },
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
  let cards: CardView[] = [];
  let invoices: InvoiceView[] = [];
  let stripeError: string | null = null;
  if (configured && deps.stripe && business.stripeCustomerId) {
    try {
      [cards, invoices] = await Promise.all([listCards(deps.stripe, business.stripeCustomerId), listInvoices(deps.stripe, business.stripeCustomerId)]);
    } catch (error) {
      deps.logger.warn(`[billing] could not load cards/invoices: ${error instanceof Error ? error.message : String(error)}`);
      stripeError = BILLING_ERRORS.loadSubscription;
    }
  }
  const usage = await leadUsage(deps.db, businessId, now);
  const hasStripeSubscription = business.stripeSubscriptionId !== null && business.subscriptionStatus !== "canceled";
  const features = Object.fromEntries(
    (["cold_outreach", "competitor_analysis", "api_access", "white_label"] as const).map((feature) => [feature, hasFeature(business, feature, now)]),
  ) as Record<Feature, boolean>;
  return {
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
  };
}
