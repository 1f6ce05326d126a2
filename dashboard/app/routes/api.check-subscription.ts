// POST /api/check-subscription: the "check subscription status" step after the card is confirmed
// (spec §7), as a billing operation (decision 0038): its job fetches the subscription from Stripe and
// stores it; the operation's result is the stored {status, plan, subscribed}.
import type { ActionFunctionArgs } from "@remix-run/node";
import { BILLING_ERRORS } from "#shared/billing/billing-display.ts";
import { billingDeps, jsonResponse, readBody, startOperationResponse, unexpectedBillingError } from "#server/billing/http.server.ts";
import { requireOwner } from "~/lib/session.server";

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonResponse({ success: false, error: "Method not allowed" }, 405);
  const workspace = await requireOwner(request, context);
  const deps = billingDeps(context.services);
  if (deps instanceof Response) return deps;
  try {
    return await startOperationResponse(context.services, workspace.business.id, "check_subscription", await readBody(request));
  } catch (error) {
    return unexpectedBillingError(context.services, "subscription refresh", error, BILLING_ERRORS.loadSubscription);
  }
}

export async function loader() {
  return jsonResponse({ success: false, error: "Method not allowed" }, 405);
}
