// Subscribing and changing plans (spec §2.5, §4, §9), run only by the `billing.operation` job
// (billing-jobs.server.ts, decision 0038). The request validated the plan, the billing period and the
// card's PaymentMethod id from Stripe.js; prices come from the environment and the resulting state
// from Stripe. A first subscription is created `default_incomplete`: its first payment (or the card's
// setup during a trial) is confirmed by Stripe.js with the client secret we return, which also
// handles cards that need authentication. Upgrades apply at once with proration; downgrades are
// scheduled for the next billing date (decision 0010).
//
// A job may run more than once (a crash after Stripe answered, a retry after a network error). Every
// write carries an idempotency key derived from the operation, and the decision is taken once: the
// subscription found on the first attempt is kept in the operation's checkpoint, so a retry sends the
// very same requests and Stripe answers them from its idempotency cache.
import type Stripe from "stripe";
import type { Env } from "../../config/env.server.ts";
import type { Db } from "../../db/client.server.ts";
import { isUpgrade } from "../../shared/billing/plans.ts";
import type { SubscribeInput } from "../operations.server.ts";
import { overagePriceIdFor, planOfPrice, priceIdFor, isOveragePrice } from "../prices.server.ts";
import { applySubscription } from "../subscription-state.server.ts";
import { attachDefaultCard, ensureCustomer, operationKey, storeCard } from "./stripe-customer.server.ts";

export type { SubscribeInput };

export type SubscribeOutcome =
  | { state: "subscribed" | "scheduled" | "unchanged"; effectiveAt?: string }
  | { state: "requires_confirmation"; clientSecret: string; intent: "payment" | "setup" }
  /** Refused by us, not by Stripe (a subscription this page cannot change). */
  | { state: "refused"; error: string };

/** What the first attempt found, replayed by retries. */
export type SubscribeCheckpoint = { current: Stripe.Subscription | null; trialEnd: number | null };

export type SubscribeOperation = {
  id: string;
  businessId: string;
  input: SubscribeInput;
  checkpoint: SubscribeCheckpoint | null;
  saveCheckpoint(checkpoint: SubscribeCheckpoint): Promise<void>;
};

type BillingDeps = { db: Db; env: Env; stripe: Stripe };

function unix(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

function confirmationOf(subscription: Stripe.Subscription): SubscribeOutcome | null {
  const invoice = typeof subscription.latest_invoice === "object" ? subscription.latest_invoice : null;
  const setup = typeof subscription.pending_setup_intent === "object" ? subscription.pending_setup_intent : null;
  if (subscription.status === "incomplete" && invoice?.confirmation_secret?.client_secret) {
    return { state: "requires_confirmation", clientSecret: invoice.confirmation_secret.client_secret, intent: "payment" };
  }
  if (setup?.client_secret && (setup.status === "requires_action" || setup.status === "requires_confirmation")) {
    return { state: "requires_confirmation", clientSecret: setup.client_secret, intent: "setup" };
  }
  return null;
}

async function firstAttempt(deps: BillingDeps, op: SubscribeOperation, now: Date): Promise<SubscribeCheckpoint> {
  const business = await deps.db.business.findUniqueOrThrow({
    where: { id: op.businessId },
    select: { stripeSubscriptionId: true, subscriptionStatus: true, trialEnd: true },
  });
  const current = business.stripeSubscriptionId ? await deps.stripe.subscriptions.retrieve(business.stripeSubscriptionId) : null;
  // Subscribing during the free trial keeps its remaining days: the first charge is at its end.
  const inTrial = business.subscriptionStatus === "trial" && business.trialEnd !== null && business.trialEnd > new Date(now.getTime() + 60_000);
  const checkpoint = { current, trialEnd: inTrial ? unix(business.trialEnd!) : null };
  await op.saveCheckpoint(checkpoint);
  return checkpoint;
}

export async function performSubscribe(deps: BillingDeps, op: SubscribeOperation, now = new Date()): Promise<SubscribeOutcome> {
  const { plan, period, paymentMethodId } = op.input;
  const { db, env, stripe } = deps;
  const priceId = priceIdFor(env, plan, period);
  if (!priceId) return { state: "refused", error: `The ${plan} plan is not available for ${period} billing yet. Please contact us.` };
  const customerId = await ensureCustomer(db, stripe, op.businessId);
  const card = await attachDefaultCard(stripe, customerId, paymentMethodId, op.id);
  await storeCard(db, op.businessId, card);
  const checkpoint = op.checkpoint ?? (await firstAttempt(deps, op, now));
  const current = checkpoint.current;
  if (current) {
    if (current.status === "incomplete") {
      // An unpaid first attempt is replaced; a retry finds it canceled already (DELETE takes no key).
      const latest = op.checkpoint ? await stripe.subscriptions.retrieve(current.id) : current;
      if (latest.status === "incomplete") await stripe.subscriptions.cancel(current.id);
    } else if (current.status !== "canceled" && current.status !== "incomplete_expired") {
      return await changePlan(deps, op, current, now);
    }
  }
  const overagePrice = overagePriceIdFor(env, period);
  const subscription = await stripe.subscriptions.create(
    {
      customer: customerId,
      items: [{ price: priceId }, ...(overagePrice ? [{ price: overagePrice }] : [])],
      default_payment_method: paymentMethodId,
      payment_behavior: "default_incomplete",
      payment_settings: { save_default_payment_method: "on_subscription" },
      ...(checkpoint.trialEnd !== null ? { trial_end: checkpoint.trialEnd } : {}),
      metadata: { businessId: op.businessId, plan, period },
      expand: ["latest_invoice.confirmation_secret", "pending_setup_intent"],
    },
    { idempotencyKey: operationKey(op.id, "create") },
  );
  await applySubscription(db, env, subscription, now);
  return confirmationOf(subscription) ?? { state: "subscribed" };
}

/** Upgrade now with proration; downgrade at the next billing date through a subscription schedule. */
async function changePlan(deps: BillingDeps, op: SubscribeOperation, current: Stripe.Subscription, now: Date): Promise<SubscribeOutcome> {
  const { db, env, stripe } = deps;
  const { paymentMethodId } = op.input;
  const to = { plan: op.input.plan, period: op.input.period };
  const key = (step: string) => ({ idempotencyKey: operationKey(op.id, step) });
  const planItem = current.items.data.find((item) => planOfPrice(env, item.price) !== null);
  const from = planItem ? planOfPrice(env, planItem.price) : null;
  if (!planItem || !from) return { state: "refused", error: "Your subscription cannot be changed here. Please use Manage Subscription." };
  const newPrice = priceIdFor(env, to.plan, to.period)!;
  const overageItem = current.items.data.find((item) => isOveragePrice(env, item.price));
  const newOverage = overagePriceIdFor(env, to.period);
  const scheduleId = typeof current.schedule === "string" ? current.schedule : (current.schedule?.id ?? null);

  if (from.plan === to.plan && from.period === to.period) {
    // Choosing the current plan again cancels a pending downgrade.
    if (scheduleId) await stripe.subscriptionSchedules.release(scheduleId, {}, key("release"));
    await stripe.subscriptions.update(current.id, { default_payment_method: paymentMethodId }, key("subscription-card"));
    return { state: "unchanged" };
  }

  if (isUpgrade(from, to)) {
    if (scheduleId) await stripe.subscriptionSchedules.release(scheduleId, {}, key("release"));
    const items: Stripe.SubscriptionUpdateParams.Item[] = [{ id: planItem.id, price: newPrice }];
    if (from.period !== to.period) {
      if (overageItem) items.push({ id: overageItem.id, deleted: true });
      if (newOverage) items.push({ price: newOverage });
    }
    const updated = await stripe.subscriptions.update(
      current.id,
      {
        items,
        proration_behavior: "create_prorations",
        default_payment_method: paymentMethodId,
        metadata: { ...current.metadata, plan: to.plan, period: to.period },
      },
      key("upgrade"),
    );
    await applySubscription(db, env, updated, now);
    return { state: "subscribed" };
  }

  // Downgrade: the current phase runs to the end of the period, then the new price applies.
  const schedule = scheduleId
    ? await stripe.subscriptionSchedules.retrieve(scheduleId)
    : await stripe.subscriptionSchedules.create({ from_subscription: current.id }, key("schedule"));
  const phaseStart = schedule.current_phase?.start_date ?? planItem.current_period_start;
  const periodEnd = planItem.current_period_end;
  const currentItems = current.items.data.map((item) => ({ price: item.price.id }));
  const nextItems = [{ price: newPrice }, ...(from.period !== to.period ? (newOverage ? [{ price: newOverage }] : []) : overageItem ? [{ price: overageItem.price.id }] : [])];
  await stripe.subscriptionSchedules.update(
    schedule.id,
    {
      end_behavior: "release",
      phases: [
        { items: currentItems, start_date: phaseStart, end_date: periodEnd },
        { items: nextItems, proration_behavior: "none", metadata: { plan: to.plan, period: to.period } },
      ],
    },
    key("schedule-phases"),
  );
  await stripe.subscriptions.update(current.id, { default_payment_method: paymentMethodId }, key("subscription-card"));
  return { state: "scheduled", effectiveAt: new Date(periodEnd * 1000).toISOString() };
}

/** The "check subscription status" step (spec §7): fetch the subscription from Stripe and store it. */
export async function refreshSubscription(deps: BillingDeps, businessId: string, now = new Date()): Promise<void> {
  const business = await deps.db.business.findUniqueOrThrow({ where: { id: businessId }, select: { stripeSubscriptionId: true } });
  if (!business.stripeSubscriptionId) return;
  const subscription = await deps.stripe.subscriptions.retrieve(business.stripeSubscriptionId);
  await applySubscription(deps.db, deps.env, subscription, now);
}
