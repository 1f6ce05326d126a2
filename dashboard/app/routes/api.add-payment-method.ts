// POST /api/add-payment-method {paymentMethodId} → {success, error} (spec §7). The business and user
// come from the session; a userId in the body is ignored.
import type { ActionFunctionArgs } from "@remix-run/node";
import { BILLING_ERRORS } from "../../../server/billing/billing-display.ts";
import { billingChangeDeps, jsonResponse, readBody, unexpectedBillingError } from "../../../server/billing/http.server.ts";
import { addPaymentMethod } from "../../../server/billing/payment-methods.server.ts";
import { requireOwner } from "~/lib/session.server";

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonResponse({ success: false, error: "Method not allowed" }, 405);
  const workspace = await requireOwner(request, context);
  const deps = await billingChangeDeps(context.services, workspace.business.id);
  if (deps instanceof Response) return deps;
  const body = await readBody(request);
  try {
    const result = await addPaymentMethod(deps, workspace.business.id, body);
    if (!result.success) return jsonResponse({ success: false, error: result.error }, result.status);
    return jsonResponse({ success: true, error: null });
  } catch (error) {
    return unexpectedBillingError(context.services, "add payment method", error, BILLING_ERRORS.addPaymentMethodFailed);
  }
}

export async function loader() {
  return jsonResponse({ success: false, error: "Method not allowed" }, 405);
}
