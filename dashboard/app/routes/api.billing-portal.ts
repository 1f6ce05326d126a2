// POST /api/billing-portal → {url}: a Stripe customer portal session returning to the Billing tab.
import type { ActionFunctionArgs } from "@remix-run/node";
import { BILLING_ERRORS } from "../../../server/billing/billing-display.ts";
import { billingChangeDeps, jsonResponse, unexpectedBillingError } from "../../../server/billing/http.server.ts";
import { createPortalSession } from "../../../server/billing/portal.server.ts";
import { requireOwner } from "~/lib/session.server";

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonResponse({ success: false, error: "Method not allowed" }, 405);
  const workspace = await requireOwner(request, context);
  const deps = await billingChangeDeps(context.services, workspace.business.id);
  if (deps instanceof Response) return deps;
  try {
    return jsonResponse({ success: true, url: await createPortalSession(deps, workspace.business.id) });
  } catch (error) {
    return unexpectedBillingError(context.services, "customer portal", error, BILLING_ERRORS.portal);
  }
}

export async function loader() {
  return jsonResponse({ success: false, error: "Method not allowed" }, 405);
}
