// POST /api/billing-portal → the billing operation that opens a Stripe customer portal session
// returning to the Billing tab; its result holds the portal's {url} (decision 0038).
import type { ActionFunctionArgs } from "@remix-run/node";
import { BILLING_ERRORS } from "#shared/billing/billing-display.ts";
import { billingChangeDeps, jsonResponse, readBody, startOperationResponse, unexpectedBillingError } from "#server/billing/http.server.ts";
import { requireOwner } from "~/lib/session.server";

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonResponse({ success: false, error: "Method not allowed" }, 405);
  const workspace = await requireOwner(request, context);
  const deps = await billingChangeDeps(context.services, workspace.business.id);
  if (deps instanceof Response) return deps;
  try {
    return await startOperationResponse(context.services, workspace.business.id, "billing_portal", await readBody(request));
  } catch (error) {
    return unexpectedBillingError(context.services, "customer portal", error, BILLING_ERRORS.portal);
  }
}

export async function loader() {
  return jsonResponse({ success: false, error: "Method not allowed" }, 405);
}
