// The billing part of the service container: the Stripe client (null without STRIPE_SECRET_KEY).
// Overage leads reach Stripe as jobs (overage-reporter.server.ts).
import type Stripe from "stripe";
import type { Env } from "../config/env.server.ts";
import { createStripeClient } from "./stripe-client.server.ts";

export type BillingServices = {
  /** The official Stripe client, or null when billing is not configured. */
  stripe: Stripe | null;
};

export function createBillingServices(options: { env: Env }): BillingServices {
  return { stripe: createStripeClient(options.env) };
}
