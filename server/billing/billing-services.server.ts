// The billing part of the service container: the Stripe client (null without STRIPE_SECRET_KEY)
// and the overage reporter that sends overage leads to Stripe.
import type Stripe from "stripe";
import type { Env } from "../config/env.server.ts";
import type { Db } from "../db/client.server.ts";
import type { Logger } from "../mail/mailer.server.ts";
import { createOverageReporter, type OverageReporter } from "./overage-reporter.server.ts";
import { createStripeClient } from "./stripe-client.server.ts";

export type BillingServices = {
  /** The official Stripe client, or null when billing is not configured. */
  stripe: Stripe | null;
  overageReporter: OverageReporter;
};

export function createBillingServices(options: { env: Env; db: Db; logger: Logger }): BillingServices {
  const stripe = createStripeClient(options.env);
  return { stripe, overageReporter: createOverageReporter({ ...options, stripe }) };
}
