// The Stripe customer portal (spec §2.14 Manage Subscription, Update Payment Method, View Full
// Billing History), returning to /app/settings?tab=billing.
import type Stripe from "stripe";
import type { Env } from "../config/env.server.ts";
import type { Db } from "../db/client.server.ts";
import { ensureCustomer } from "./customers.server.ts";

export const PORTAL_RETURN_PATH = "/app/settings?tab=billing";

export async function createPortalSession(deps: { db: Db; env: Env; stripe: Stripe }, businessId: string): Promise<string> {
  const customerId = await ensureCustomer(deps.db, deps.stripe, businessId);
  const session = await deps.stripe.billingPortal.sessions.create({
    customer: customerId,
    return_url: `${deps.env.PUBLIC_APP_URL}${PORTAL_RETURN_PATH}`,
  });
  return session.url;
}
