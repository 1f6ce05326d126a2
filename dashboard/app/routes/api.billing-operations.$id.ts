// GET /api/billing-operations/:id: a billing operation of the session's business (decision 0038) —
// pending, or its result (state and client secret to confirm, portal URL, subscription status) or its
// clear error. Another business's operation is 404, like one that does not exist. Owners only.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { billingOffResponse, jsonResponse } from "#server/billing/http.server.ts";
import { operationAnswer } from "#server/billing/operations.server.ts";
import { requireOwner } from "~/lib/session.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const workspace = await requireOwner(request, context);
  if (context.services.env.BILLING === "off") return billingOffResponse();
  const answer = await operationAnswer(context.services.db, workspace.business.id, params.id ?? "");
  if (!answer) return jsonResponse({ success: false, error: "Not found" }, 404);
  return jsonResponse(answer);
}
