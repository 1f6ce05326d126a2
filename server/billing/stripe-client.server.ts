// The Stripe client: created once in the services (server/services.server.ts) only when
// STRIPE_SECRET_KEY is set; null means billing is not configured and trials work without it.
import Stripe from "stripe";
import type { Env } from "../config/env.server.ts";

export type StripeClient = Stripe;

export function createStripeClient(env: Env): Stripe | null {
  // BILLING=off: no Stripe client at all, so nothing can call Stripe (decision 0072).
  if (!env.STRIPE_SECRET_KEY || env.BILLING === "off") return null;
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

/** Card declines as the owner reads them (Stripe's decline codes; decision 0038: no raw provider text). */
const CARD_MESSAGES: Record<string, string> = {
  card_declined: "Your card was declined.",
  generic_decline: "Your card was declined.",
  insufficient_funds: "Your card has insufficient funds.",
  lost_card: "Your card was declined.",
  stolen_card: "Your card was declined.",
  expired_card: "Your card has expired.",
  incorrect_cvc: "Your card's security code is incorrect.",
  invalid_cvc: "Your card's security code is invalid.",
  incorrect_number: "Your card number is incorrect.",
  invalid_number: "Your card number is invalid.",
  invalid_expiry_month: "Your card's expiration month is invalid.",
  invalid_expiry_year: "Your card's expiration year is invalid.",
  processing_error: "An error occurred while processing your card. Try again in a little bit.",
  authentication_required: "Your card needs to be authenticated. Please try again.",
};

export type StripeFailure =
  /** The request was refused and will be refused again (a declined card, a bad request): fail the operation. */
  | { permanent: true; message: string }
  /** A network error, Stripe's 5xx or a rate limit: try again later. */
  | { permanent: false };

/**
 * How a Stripe error is told to the owner: a card error by its decline code (ours, else `fallback`),
 * any other refusal with `fallback` (the spec's text of the action); transient errors are retried.
 */
export function classifyStripeError(error: unknown, fallback: string): StripeFailure {
  if (error instanceof Stripe.errors.StripeCardError) {
    const code = error.decline_code ?? error.code ?? "";
    return { permanent: true, message: CARD_MESSAGES[code] ?? CARD_MESSAGES[error.code ?? ""] ?? fallback };
  }
  if (
    error instanceof Stripe.errors.StripeInvalidRequestError ||
    error instanceof Stripe.errors.StripeAuthenticationError ||
    error instanceof Stripe.errors.StripePermissionError ||
    error instanceof Stripe.errors.StripeIdempotencyError
  ) {
    return { permanent: true, message: fallback };
  }
  return { permanent: false };
}
