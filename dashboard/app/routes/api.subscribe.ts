// POST /api/subscribe {plan, period, paymentMethodId}: the owner subscribes or changes plan. The request
// is validated and written as a billing operation with its job (decision 0038); the answer is the
// operation's id, whose result (state, client secret to confirm) the page reads from
// GET /api/billing-operations/:id. Plan prices and the resulting state never come from the browser.
import type { ActionFunctionArgs } from "@remix-run/node";
import { billingChangeDeps, jsonResponse, readBody, startOperationResponse, unexpectedBillingError } from "#server/billing/http.server.ts";
import { requireOwner } from "~/lib/session.server";

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonResponse({ success: false, error: "Method not allowed" }, 405);
  const workspace = await requireOwner(request, context);
  const deps = await billingChangeDeps(context.services, workspace.business.id);
  if (deps instanceof Response) return deps;
  try {
    return await startOperationResponse(context.services, workspace.business.id, "subscribe", await readBody(request));
  } catch (error) {
    return unexpectedBillingError(context.services, "subscribe", error);
  }
}

export async function loader() {
  return jsonResponse({ success: false, error: "Method not allowed" }, 405);
}
