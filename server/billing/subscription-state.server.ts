// Writes Stripe's subscription state onto the business. Only Stripe objects (from a verified
// webhook, or fetched from Stripe by the server) reach here: never anything the browser sent.
// Out-of-order safety: a state older than the last applied one (Stripe's `created` time) is skipped,
// and a canceled subscription never comes back to life.
import type Stripe from "stripe";
import type { Env } from "../config/env.server.ts";
import type { Db } from "../db/client.server.ts";
import type { SubscriptionStatus } from "../db/generated/enums.ts";
import { planOfPrice } from "./prices.server.ts";

/** The database handle: the client or an interactive transaction's. */
export type DbTx = Pick<Db, "business" | "membership" | "stripeEvent" | "leadUsage" | "overageReport" | "$queryRaw" | "$executeRaw">;

export function mapStripeStatus(status: Stripe.Subscription.Status): SubscriptionStatus {
  switch (status) {
    case "active":
      return "active";
    case "trialing":
      return "trial";
    case "past_due":
    case "unpaid":
    case "paused":
      return "past_due";
    case "incomplete":
      return "incomplete";
    default:
      return "canceled";
  }
}

export type ApplyOutcome = "applied" | "stale" | "ignored";

const businessBillingSelect = {
  id: true,
  subscriptionStatus: true,
  stripeCustomerId: true,
  stripeSubscriptionId: true,
  stripeStateAt: true,
} as const;

/** The business a Stripe object belongs to: by our metadata, else by its customer id. */
export async function findBillingBusiness(db: DbTx, customerId: string | null, businessId?: string | null) {
  if (businessId) {
    const business = await db.business.findUnique({ where: { id: businessId }, select: businessBillingSelect });
    // The metadata must agree with the customer, when the business has one.
    if (business && (!business.stripeCustomerId || !customerId || business.stripeCustomerId === customerId)) return business;
  }
  if (!customerId) return null;
  return db.business.findUnique({ where: { stripeCustomerId: customerId }, select: businessBillingSelect });
}

type BillingBusiness = NonNullable<Awaited<ReturnType<typeof findBillingBusiness>>>;

/** Whether a state stamped `at` for subscription `subscriptionId` may replace the stored one. */
export function isNewerState(business: BillingBusiness, subscriptionId: string, at: Date): boolean {
  if (business.stripeStateAt && at < business.stripeStateAt) return false;
  if (business.stripeSubscriptionId === subscriptionId && business.subscriptionStatus === "canceled") return false;
  return true;
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

export async function applySubscription(
  db: DbTx,
  env: Env,
  subscription: Stripe.Subscription,
  at: Date,
): Promise<ApplyOutcome> {
  const customerId = idOf(subscription.customer);
  const business = await findBillingBusiness(db, customerId, subscription.metadata?.businessId);
  if (!business) return "ignored";
  const status = mapStripeStatus(subscription.status);
  if (business.stripeSubscriptionId && business.stripeSubscriptionId !== subscription.id) {
    // Another subscription: an old one ending changes nothing; a live new one replaces a canceled one.
    const storedIsLive = business.subscriptionStatus !== "canceled" && business.subscriptionStatus !== "incomplete";
    if (status === "canceled" || status === "incomplete" || storedIsLive) return "ignored";
  }
  if (!isNewerState(business, subscription.id, at)) return "stale";

  const planItem = subscription.items.data.find((item) => planOfPrice(env, item.price) !== null);
  const planPeriod = planItem ? planOfPrice(env, planItem.price) : null;
  const paymentMethodId = idOf(subscription.default_payment_method as string | { id: string } | null);
  await db.business.update({
    where: { id: business.id },
    data: {
      subscriptionStatus: status,
      stripeSubscriptionId: subscription.id,
      ...(customerId && !business.stripeCustomerId ? { stripeCustomerId: customerId } : {}),
      ...(planPeriod ? { plan: planPeriod.plan, billingPeriod: planPeriod.period } : {}),
      ...(planItem
        ? {
            currentPeriodStart: new Date(planItem.current_period_start * 1000),
            currentPeriodEnd: new Date(planItem.current_period_end * 1000),
            amountCents: planItem.price.unit_amount ?? null,
          }
        : {}),
      ...(subscription.status === "trialing" && subscription.trial_end ? { trialEnd: new Date(subscription.trial_end * 1000) } : {}),
      ...(paymentMethodId ? { paymentMethodId } : {}),
      stripeStateAt: at,
    },
  });
  return "applied";
}

/** An invoice's outcome on the subscription it bills: paid → active again, failed → past due. */
export async function applyInvoiceOutcome(
  db: DbTx,
  invoice: Stripe.Invoice,
  outcome: "paid" | "payment_failed",
  at: Date,
): Promise<{ outcome: ApplyOutcome; businessId?: string }> {
  const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription ?? null);
  const business = await findBillingBusiness(db, idOf(invoice.customer), invoice.parent?.subscription_details?.metadata?.businessId);
  if (!business || !subscriptionId || business.stripeSubscriptionId !== subscriptionId) return { outcome: "ignored" };
  if (!isNewerState(business, subscriptionId, at)) return { outcome: "stale", businessId: business.id };
  if (outcome === "paid") {
    // A paid invoice ends a past-due or incomplete state; a trial's $0 invoice leaves the trial alone.
    if (business.subscriptionStatus !== "past_due" && business.subscriptionStatus !== "incomplete") {
      return { outcome: "ignored", businessId: business.id };
    }
    await db.business.update({ where: { id: business.id }, data: { subscriptionStatus: "active", stripeStateAt: at } });
  } else {
    await db.business.update({ where: { id: business.id }, data: { subscriptionStatus: "past_due", stripeStateAt: at } });
  }
  return { outcome: "applied", businessId: business.id };
}
