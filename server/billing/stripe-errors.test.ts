// What the owner reads when Stripe refuses a billing operation (decision 0038): card declines by
// their code from our own table, anything else with the action's spec text, never Stripe's wording;
// transient failures are retried instead.
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { BILLING_ERRORS } from "../shared/billing/billing-display.ts";
import { classifyStripeError } from "./stripe-client.server.ts";

const classes = {
  card_error: Stripe.errors.StripeCardError,
  invalid_request_error: Stripe.errors.StripeInvalidRequestError,
  idempotency_error: Stripe.errors.StripeIdempotencyError,
  api_error: Stripe.errors.StripeAPIError,
} as const;

/** An error as the library throws it for Stripe's answer of this type. */
const raw = (type: keyof typeof classes, extra: Record<string, unknown> = {}) =>
  new classes[type]({ type, message: "Raw provider wording req_123", ...extra } as Stripe.StripeRawError);

describe("classifyStripeError", () => {
  it("names a card decline by its code, and falls back to the action's text for an unknown one", () => {
    expect(classifyStripeError(raw("card_error", { code: "card_declined", decline_code: "insufficient_funds" }), BILLING_ERRORS.paymentFallback)).toEqual({
      permanent: true,
      message: "Your card has insufficient funds.",
    });
    expect(classifyStripeError(raw("card_error", { code: "expired_card" }), BILLING_ERRORS.paymentFallback)).toEqual({ permanent: true, message: "Your card has expired." });
    expect(classifyStripeError(raw("card_error", { code: "something_new" }), BILLING_ERRORS.addPaymentMethodFailed)).toEqual({
      permanent: true,
      message: BILLING_ERRORS.addPaymentMethodFailed,
    });
  });

  it("answers a refused request with the action's text, never the provider's", () => {
    for (const type of ["invalid_request_error", "idempotency_error"] as const) {
      const failure = classifyStripeError(raw(type), BILLING_ERRORS.portal);
      expect(failure).toEqual({ permanent: true, message: BILLING_ERRORS.portal });
    }
  });

  it("retries Stripe's own failures, rate limits and anything that is not a Stripe error", () => {
    expect(classifyStripeError(raw("api_error"), BILLING_ERRORS.portal)).toEqual({ permanent: false });
    expect(classifyStripeError(new Stripe.errors.StripeConnectionError({ message: "socket hang up" } as Stripe.StripeRawError), BILLING_ERRORS.portal)).toEqual({ permanent: false });
    expect(classifyStripeError(new Error("ECONNRESET"), BILLING_ERRORS.portal)).toEqual({ permanent: false });
  });
});
