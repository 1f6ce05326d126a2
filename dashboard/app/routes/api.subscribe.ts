// POST /api/subscribe {plan, period, paymentMethodId}: the owner subscribes or changes plan
// (server/billing/subscribe.server.ts). Plan prices and the resulting state never come from the browser.
import type { ActionFunctionArgs } from "@remix-run/node";
import { billingChangeDeps, jsonResponse, readBody, unexpectedBillingError } from "../../../server/billing/http.server.ts";
import { subscribe } from "../../../server/billing/subscribe.server.ts";
import { requireOwner } from "~/lib/session.server";

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonResponse({ success: false, error: "Method not allowed" }, 405);
  const workspace = await requireOwner(request, context);
  const deps = await billingChangeDeps(context.services, workspace.business.id);
  if (deps instanceof Response) return deps;
  const body = await readBody(request);
  try {
    const result = await subscribe(deps, workspace.business.id, body);
    if (!result.success) return jsonResponse({ success: false, error: result.error }, result.status);
    return jsonResponse(result);
  } catch (error) {
    return unexpectedBillingError(context.services, "subscribe", error);
  }
}

export async function loader() {
  return jsonResponse({ success: false, error: "Method not allowed" }, 405);
}
