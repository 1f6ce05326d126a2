// Stripe calls about the business's customer, run only by the billing job handlers
// (billing-jobs.server.ts, decision 0038): the customer itself (created on first need), its cards and
// the customer portal. Every write carries an idempotency key derived from the operation, so a
// retried job repeats nothing at Stripe.
import type Stripe from "stripe";
import type { Env } from "../../config/env.server.ts";
import type { Db } from "../../db/client.server.ts";
import { ownerEmail } from "../customers.server.ts";

export type StripeDeps = { db: Db; env: Env; stripe: Stripe };

/** The Stripe idempotency key of one step of a billing operation. */
export function operationKey(operationId: string, step: string): string {
  return `leadbroom-op-${operationId}-${step}`;
}

export const PORTAL_RETURN_PATH = "/app/settings/billing";

/** One customer per business: the key is the business's, so two operations racing create one customer. */
export async function ensureCustomer(db: Db, stripe: Stripe, businessId: string): Promise<string> {
  const business = await db.business.findUniqueOrThrow({
    where: { id: businessId },
    select: { id: true, name: true, email: true, stripeCustomerId: true },
  });
  if (business.stripeCustomerId) return business.stripeCustomerId;
  const email = (await ownerEmail(db, businessId)) ?? business.email ?? undefined;
  const customer = await stripe.customers.create(
    { name: business.name, email, metadata: { businessId: business.id } },
    { idempotencyKey: `leadbroom-customer-${business.id}` },
  );
  // Only the first writer stores its id (the idempotency key makes both the same customer anyway).
  await db.business.updateMany({ where: { id: business.id, stripeCustomerId: null }, data: { stripeCustomerId: customer.id } });
  const stored = await db.business.findUniqueOrThrow({ where: { id: business.id }, select: { stripeCustomerId: true } });
  return stored.stripeCustomerId ?? customer.id;
}

/** Attaches the card to the customer and makes it the default for invoices. */
export async function attachDefaultCard(stripe: Stripe, customerId: string, paymentMethodId: string, operationId: string): Promise<Stripe.PaymentMethod> {
  const paymentMethod = await stripe.paymentMethods.attach(paymentMethodId, { customer: customerId }, { idempotencyKey: operationKey(operationId, "attach") });
  await stripe.customers.update(
    customerId,
    { invoice_settings: { default_payment_method: paymentMethodId } },
    { idempotencyKey: operationKey(operationId, "default-card") },
  );
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

/** Add a card (spec §4 add-payment-method): the default for invoices and for the live subscription. */
export async function addCard(deps: StripeDeps, businessId: string, paymentMethodId: string, operationId: string): Promise<void> {
  const customerId = await ensureCustomer(deps.db, deps.stripe, businessId);
  const card = await attachDefaultCard(deps.stripe, customerId, paymentMethodId, operationId);
  const business = await deps.db.business.findUniqueOrThrow({ where: { id: businessId }, select: { stripeSubscriptionId: true, subscriptionStatus: true } });
  if (business.stripeSubscriptionId && business.subscriptionStatus !== "canceled") {
    await deps.stripe.subscriptions.update(
      business.stripeSubscriptionId,
      { default_payment_method: card.id },
      { idempotencyKey: operationKey(operationId, "subscription-card") },
    );
  }
  await storeCard(deps.db, businessId, card);
}

/** A customer portal session (spec §2.14 Manage Subscription …) returning to the Billing tab. */
export async function createPortalSession(deps: StripeDeps, businessId: string, operationId: string): Promise<string> {
  const customerId = await ensureCustomer(deps.db, deps.stripe, businessId);
  const session = await deps.stripe.billingPortal.sessions.create(
    { customer: customerId, return_url: `${deps.env.PUBLIC_APP_URL}${PORTAL_RETURN_PATH}` },
    { idempotencyKey: operationKey(operationId, "portal") },
  );
  return session.url;
}
