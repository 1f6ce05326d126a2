// The Stripe client: created once in the services (server/services.server.ts) only when
// STRIPE_SECRET_KEY is set; null means billing is not configured and trials work without it.
import Stripe from "stripe";
import type { Env } from "../config/env.server.ts";

export type StripeClient = Stripe;

export function createStripeClient(env: Env): Stripe | null {
  if (!env.STRIPE_SECRET_KEY) return null;
  return new Stripe(env.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: "LeadBroom" },
  });
}

/** Subscribing needs the server key and the browser key (Stripe.js confirms cards). */
export function billingConfigured(env: Env, stripe: Stripe | null): stripe is Stripe {
  return stripe !== null && Boolean(env.STRIPE_PUBLISHABLE_KEY);
}

/** The provider's own message of a Stripe error (card declined, …), or null for anything else. */
export function stripeErrorMessage(error: unknown): string | null {
  if (error instanceof Stripe.errors.StripeCardError || error instanceof Stripe.errors.StripeInvalidRequestError) {
    return error.message || null;
  }
  return null;
}
