// POST /api/add-payment-method {paymentMethodId} → the billing operation that adds the card (spec §7;
// decision 0038: the page waits for its result). The business and user come from the session; a
// userId in the body is ignored.
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
    return await startOperationResponse(context.services, workspace.business.id, "add_payment_method", await readBody(request));
  } catch (error) {
    return unexpectedBillingError(context.services, "add payment method", error, BILLING_ERRORS.addPaymentMethodFailed);
  }
}

export async function loader() {
  return jsonResponse({ success: false, error: "Method not allowed" }, 405);
}
