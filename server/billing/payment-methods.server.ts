// Cards on file (spec §4 add-payment-method, §2.14 Payment Methods card). The PaymentMethod comes
// from Stripe.js; the business comes from the session, never from the request body.
import type Stripe from "stripe";
import type { Env } from "../config/env.server.ts";
import type { Db } from "../db/client.server.ts";
import { BILLING_ERRORS } from "./billing-display.ts";
import { ensureCustomer } from "./customers.server.ts";
import { stripeErrorMessage } from "./stripe-client.server.ts";
import { attachDefaultCard, paymentMethodIdSchema, storeCard } from "./subscribe.server.ts";

export type AddPaymentMethodResult = { success: true } | { success: false; error: string; status: number };

export async function addPaymentMethod(
  deps: { db: Db; env: Env; stripe: Stripe },
  businessId: string,
  input: unknown,
): Promise<AddPaymentMethodResult> {
  const parsed = paymentMethodIdSchema.safeParse((input as { paymentMethodId?: unknown } | null)?.paymentMethodId);
  if (!parsed.success) return { success: false, status: 400, error: BILLING_ERRORS.addPaymentMethodFailed };
  try {
    const customerId = await ensureCustomer(deps.db, deps.stripe, businessId);
    const card = await attachDefaultCard(deps.stripe, customerId, parsed.data);
    const business = await deps.db.business.findUniqueOrThrow({ where: { id: businessId }, select: { stripeSubscriptionId: true, subscriptionStatus: true } });
    if (business.stripeSubscriptionId && business.subscriptionStatus !== "canceled") {
      await deps.stripe.subscriptions.update(business.stripeSubscriptionId, { default_payment_method: card.id });
    }
    await storeCard(deps.db, businessId, card);
    return { success: true };
  } catch (error) {
    const message = stripeErrorMessage(error);
    if (message) return { success: false, status: 402, error: message };
    throw error;
  }
}

export type CardView = { id: string; brand: string; last4: string; expMonth: number; expYear: number; isDefault: boolean };

export async function listCards(stripe: Stripe, customerId: string): Promise<CardView[]> {
  const [methods, customer] = await Promise.all([
    stripe.paymentMethods.list({ customer: customerId, type: "card", limit: 10 }),
    stripe.customers.retrieve(customerId),
  ]);
  const defaultId =
    !customer.deleted && customer.invoice_settings?.default_payment_method
      ? typeof customer.invoice_settings.default_payment_method === "string"
        ? customer.invoice_settings.default_payment_method
        : customer.invoice_settings.default_payment_method.id
      : null;
  return methods.data
    .filter((method) => method.card)
    .map((method) => ({
      id: method.id,
      brand: method.card!.brand,
      last4: method.card!.last4,
      expMonth: method.card!.exp_month,
      expYear: method.card!.exp_year,
      isDefault: method.id === defaultId,
    }));
}
