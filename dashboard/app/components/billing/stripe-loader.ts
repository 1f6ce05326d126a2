// Stripe.js is loaded only when a payment modal opens (the pure entry does not load it on import),
// from Stripe's CDN as Stripe requires, with the publishable key from publicEnv.
import type { Stripe } from "@stripe/stripe-js";

export async function loadStripeJs(publishableKey: string): Promise<Stripe | null> {
  const { loadStripe } = await import("@stripe/stripe-js/pure");
  return loadStripe(publishableKey);
}
