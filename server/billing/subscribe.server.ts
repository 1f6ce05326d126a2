// Subscribing and changing plans (spec §2.5, §4, §9). The browser sends only the plan, the billing
// period and the card's PaymentMethod id from Stripe.js; prices come from the environment and the
// resulting state from Stripe. A first subscription is created `default_incomplete`: its first
// payment (or the card's setup during a trial) is confirmed by Stripe.js with the client secret we
// return, which also handles cards that need authentication. Upgrades apply at once with
// proration; downgrades are scheduled for the next billing date (decision 0010).
import type Stripe from "stripe";
import { z } from "zod";
import type { Env } from "../config/env.server.ts";
import type { Db } from "../db/client.server.ts";
import { ensureCustomer } from "./customers.server.ts";
import { isUpgrade, parseBillingPeriod, parsePlanName, type BillingPeriod, type PlanName } from "./plans.ts";
import { overagePriceIdFor, planOfPrice, priceIdFor, isOveragePrice } from "./prices.server.ts";
import { applySubscription } from "./subscription-state.server.ts";
import { BILLING_ERRORS } from "./billing-display.ts";
import { stripeErrorMessage } from "./stripe-client.server.ts";
import { isSubscribed } from "./subscription.ts";

export const paymentMethodIdSchema = z.string().trim().regex(/^pm_[A-Za-z0-9_]{1,200}$/, "Invalid payment method");

export const subscribeSchema = z.object({
  plan: z.unknown().transform((v, ctx) => parsePlanName(v) ?? (ctx.addIssue({ code: "custom", message: "Choose a plan" }), z.NEVER)),
  period: z.unknown().transform((v, ctx) => parseBillingPeriod(v ?? "monthly") ?? (ctx.addIssue({ code: "custom", message: "Choose monthly or annual billing" }), z.NEVER)),
  paymentMethodId: paymentMethodIdSchema,
});

export type SubscribeResult =
  | { success: true; state: "subscribed" | "scheduled" | "unchanged"; effectiveAt?: string }
  | { success: true; state: "requires_confirmation"; clientSecret: string; intent: "payment" | "setup" }
  | { success: false; error: string; status: number };

type BillingDeps = { db: Db; env: Env; stripe: Stripe };

const fail = (status: number, error: string): SubscribeResult => ({ success: false, status, error });

function unix(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

/** Attaches the card to the customer and makes it the default for invoices. */
export async function attachDefaultCard(stripe: Stripe, customerId: string, paymentMethodId: string): Promise<Stripe.PaymentMethod> {
  const paymentMethod = await stripe.paymentMethods.attach(paymentMethodId, { customer: customerId });
  await stripe.customers.update(customerId, { invoice_settings: { default_payment_method: paymentMethodId } });
  return paymentMethod;
}

export async function storeCard(db: Db, businessId: string, paymentMethod: Stripe.PaymentMethod): Promise<void> {
  await db.business.update({
    where: { id: businessId },
    data: {
      paymentMethodId: paymentMethod.id,
      cardLastFour: paymentMethod.card?.last4 ?? null,
      cardExpMonth: paymentMethod.card?.exp_month ?? null,
      cardExpYear: paymentMethod.card?.exp_year ?? null,
    },
  });
}

function confirmationOf(subscription: Stripe.Subscription): SubscribeResult | null {
  const invoice = typeof subscription.latest_invoice === "object" ? subscription.latest_invoice : null;
  const setup = typeof subscription.pending_setup_intent === "object" ? subscription.pending_setup_intent : null;
  if (subscription.status === "incomplete" && invoice?.confirmation_secret?.client_secret) {
    return { success: true, state: "requires_confirmation", clientSecret: invoice.confirmation_secret.client_secret, intent: "payment" };
  }
  if (setup?.client_secret && (setup.status === "requires_action" || setup.status === "requires_confirmation")) {
    return { success: true, state: "requires_confirmation", clientSecret: setup.client_secret, intent: "setup" };
  }
  return null;
}

export async function subscribe(deps: BillingDeps, businessId: string, input: unknown, now = new Date()): Promise<SubscribeResult> {
  const parsed = subscribeSchema.safeParse(input);
  if (!parsed.success) return fail(400, parsed.error.issues[0]?.message ?? "Invalid request");
  const { plan, period, paymentMethodId } = parsed.data;
  const { db, env, stripe } = deps;
  const priceId = priceIdFor(env, plan, period);
  if (!priceId) return fail(503, `The ${plan} plan is not available for ${period} billing yet. Please contact us.`);
  try {
    const customerId = await ensureCustomer(db, stripe, businessId);
    const card = await attachDefaultCard(stripe, customerId, paymentMethodId);
    await storeCard(db, businessId, card);
    const business = await db.business.findUniqueOrThrow({
      where: { id: businessId },
      select: { stripeSubscriptionId: true, subscriptionStatus: true, trialEnd: true },
    });
    if (business.stripeSubscriptionId) {
      const current = await stripe.subscriptions.retrieve(business.stripeSubscriptionId);
      if (current.status === "incomplete") {
        await stripe.subscriptions.cancel(current.id);
      } else if (current.status !== "canceled" && current.status !== "incomplete_expired") {
        return await changePlan(deps, current, { plan, period }, paymentMethodId, now);
      }
    }
    const overagePrice = overagePriceIdFor(env, period);
    const inTrial = business.subscriptionStatus === "trial" && business.trialEnd !== null && business.trialEnd > new Date(now.getTime() + 60_000);
    const subscription = await stripe.subscriptions.create(
      {
        customer: customerId,
        items: [{ price: priceId }, ...(overagePrice ? [{ price: overagePrice }] : [])],
        default_payment_method: paymentMethodId,
        payment_behavior: "default_incomplete",
        payment_settings: { save_default_payment_method: "on_subscription" },
        // Subscribing during the free trial keeps its remaining days: the first charge is at its end.
        ...(inTrial ? { trial_end: unix(business.trialEnd!) } : {}),
        metadata: { businessId, plan, period },
        expand: ["latest_invoice.confirmation_secret", "pending_setup_intent"],
      },
      // A double click creates one subscription; a new one after a cancellation gets a new key.
      { idempotencyKey: `leadbroom-subscribe-${businessId}-${business.stripeSubscriptionId ?? "first"}-${paymentMethodId}-${plan}-${period}` },
    );
    await applySubscription(db, env, subscription, now);
    return confirmationOf(subscription) ?? { success: true, state: "subscribed" };
  } catch (error) {
    const message = stripeErrorMessage(error);
    if (message) return fail(402, message);
    throw error;
  }
}

/** Upgrade now with proration; downgrade at the next billing date through a subscription schedule. */
async function changePlan(
  deps: BillingDeps,
  current: Stripe.Subscription,
  to: { plan: PlanName; period: BillingPeriod },
  paymentMethodId: string,
  now: Date,
): Promise<SubscribeResult> {
  const { db, env, stripe } = deps;
  const planItem = current.items.data.find((item) => planOfPrice(env, item.price) !== null);
  const from = planItem ? planOfPrice(env, planItem.price) : null;
  if (!planItem || !from) return fail(409, "Your subscription cannot be changed here. Please use Manage Subscription.");
  const newPrice = priceIdFor(env, to.plan, to.period)!;
  const overageItem = current.items.data.find((item) => isOveragePrice(env, item.price));
  const newOverage = overagePriceIdFor(env, to.period);
  const scheduleId = typeof current.schedule === "string" ? current.schedule : (current.schedule?.id ?? null);

  if (from.plan === to.plan && from.period === to.period) {
    // Choosing the current plan again cancels a pending downgrade.
    if (scheduleId) await stripe.subscriptionSchedules.release(scheduleId);
    await stripe.subscriptions.update(current.id, { default_payment_method: paymentMethodId });
    return { success: true, state: "unchanged" };
  }

  if (isUpgrade(from, to)) {
    if (scheduleId) await stripe.subscriptionSchedules.release(scheduleId);
    const items: Stripe.SubscriptionUpdateParams.Item[] = [{ id: planItem.id, price: newPrice }];
    if (from.period !== to.period) {
      if (overageItem) items.push({ id: overageItem.id, deleted: true });
      if (newOverage) items.push({ price: newOverage });
    }
    const updated = await stripe.subscriptions.update(current.id, {
      items,
      proration_behavior: "create_prorations",
      default_payment_method: paymentMethodId,
      metadata: { ...current.metadata, plan: to.plan, period: to.period },
    });
    await applySubscription(db, env, updated, now);
    return { success: true, state: "subscribed" };
  }

  // Downgrade: the current phase runs to the end of the period, then the new price applies.
  const schedule = scheduleId
    ? await stripe.subscriptionSchedules.retrieve(scheduleId)
    : await stripe.subscriptionSchedules.create({ from_subscription: current.id });
  const phaseStart = schedule.current_phase?.start_date ?? planItem.current_period_start;
  const periodEnd = planItem.current_period_end;
  const currentItems = current.items.data.map((item) => ({ price: item.price.id }));
  const nextItems = [{ price: newPrice }, ...(from.period !== to.period ? (newOverage ? [{ price: newOverage }] : []) : overageItem ? [{ price: overageItem.price.id }] : [])];
  await stripe.subscriptionSchedules.update(schedule.id, {
    end_behavior: "release",
    phases: [
      { items: currentItems, start_date: phaseStart, end_date: periodEnd },
      { items: nextItems, proration_behavior: "none", metadata: { plan: to.plan, period: to.period } },
    ],
  });
  await stripe.subscriptions.update(current.id, { default_payment_method: paymentMethodId });
  return { success: true, state: "scheduled", effectiveAt: new Date(periodEnd * 1000).toISOString() };
}

/** The "check subscription status" step (spec §7): fetch the subscription from Stripe and store it. */
export async function refreshSubscription(deps: BillingDeps, businessId: string, now = new Date()): Promise<void> {
  const business = await deps.db.business.findUniqueOrThrow({ where: { id: businessId }, select: { stripeSubscriptionId: true } });
  if (!business.stripeSubscriptionId) return;
  const subscription = await deps.stripe.subscriptions.retrieve(business.stripeSubscriptionId);
  await applySubscription(deps.db, deps.env, subscription, now);
}

/** The subscription as stored (after a refresh): what the "check subscription status" step answers. */
export async function storedSubscription(db: BillingDeps["db"], businessId: string) {
  const business = await db.business.findUniqueOrThrow({
    where: { id: businessId },
    select: { subscriptionStatus: true, plan: true, trialEnd: true, isDemo: true },
  });
  return { status: business.subscriptionStatus, plan: business.plan, subscribed: isSubscribed(business) };
}

export { BILLING_ERRORS };
