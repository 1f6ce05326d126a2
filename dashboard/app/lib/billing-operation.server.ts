// The billing endpoints' one action (decision 0038): POST only, owners only, Stripe configured (and, for
// a change, allowed for the business: not the demo's sandbox), then the operation is written with its
// job and its id answered; anything unexpected is logged and answered with `failedText`.
import type { ActionFunctionArgs } from "@remix-run/node";
import { BILLING_ERRORS } from "#shared/billing/billing-display.ts";
import { billingChangeDeps, billingDeps, jsonResponse, readBody, startOperationResponse, unexpectedBillingError } from "#server/billing/http.server.ts";
import { requireOwner } from "./session.server";

type OperationKind = Parameters<typeof startOperationResponse>[2];

export const methodNotAllowed = () => jsonResponse({ success: false, error: "Method not allowed" }, 405);

export async function startBillingOperation(
  { request, context }: ActionFunctionArgs,
  operation: { kind: OperationKind; what: string; failedText?: string; change: boolean },
): Promise<Response> {
  if (request.method !== "POST") return methodNotAllowed();
  const workspace = await requireOwner(request, context);
  const businessId = workspace.business.id;
  const deps = operation.change ? await billingChangeDeps(context.services, businessId) : billingDeps(context.services);
  if (deps instanceof Response) return deps;
  try {
    return await startOperationResponse(context.services, businessId, operation.kind, await readBody(request));
  } catch (error) {
    return unexpectedBillingError(context.services, operation.what, error, operation.failedText ?? BILLING_ERRORS.unexpected);
  }
}
