// POST /api/check-subscription: the "check subscription status" step after the card is confirmed
// (spec §7): the server fetches the subscription from Stripe and stores it; answers the status.
import type { ActionFunctionArgs } from "@remix-run/node";
import { BILLING_ERRORS } from "../../../server/billing/billing-display.ts";
import { billingDeps, jsonResponse, unexpectedBillingError } from "../../../server/billing/http.server.ts";
import { refreshSubscription, storedSubscription } from "../../../server/billing/subscribe.server.ts";
import { requireOwner } from "~/lib/session.server";

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonResponse({ success: false, error: "Method not allowed" }, 405);
  const workspace = await requireOwner(request, context);
  const deps = billingDeps(context.services);
  if (deps instanceof Response) return deps;
  try {
    await refreshSubscription(deps, workspace.business.id);
  } catch (error) {
    return unexpectedBillingError(context.services, "subscription refresh", error, BILLING_ERRORS.loadSubscription);
  }
  return jsonResponse({ success: true, ...(await storedSubscription(deps.db, workspace.business.id)) });
}

export async function loader() {
  return jsonResponse({ success: false, error: "Method not allowed" }, 405);
}
