// Helpers for the billing API routes: the request body (JSON or a form), JSON answers, and the
// billing dependencies from the service container.
import type Stripe from "stripe";
import type { AppServices } from "../services.server.ts";
import { BILLING_ERRORS } from "../shared/billing/billing-display.ts";
import { billingConfigured } from "./stripe-client.server.ts";
import { sandboxRefusal } from "../demo/sandbox-policy.server.ts";
import { parseOperation, startOperation, type OperationKind } from "./operations.server.ts";

export async function readBody(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get("Content-Type") ?? "";
  try {
    if (type.includes("application/json")) {
      const value: unknown = await request.json();
      return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
    }
    return Object.fromEntries(await request.formData());
  } catch {
    return {};
  }
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" } });
}

/** BILLING=off (decision 0072): the billing endpoints are not there. */
export const billingOffResponse = () => jsonResponse({ success: false, error: "Billing is turned off on this server." }, 404);

/** The billing dependencies, or a 503 answer saying billing is not configured (404 with BILLING=off). */
export function billingDeps(services: AppServices): { db: AppServices["db"]; env: AppServices["env"]; stripe: Stripe } | Response {
  if (services.env.BILLING === "off") return billingOffResponse();
  if (!billingConfigured(services.env, services.stripe)) {
    return jsonResponse({ success: false, error: BILLING_ERRORS.notConfigured }, 503);
  }
  return { db: services.db, env: services.env, stripe: services.stripe! };
}

/**
 * For the actions that change billing (subscribe, payment methods, the portal): refused for a demo
 * sandbox (403, decision 0026) before anything else, then the billing dependencies as billingDeps.
 */
export async function billingChangeDeps(services: AppServices, businessId: string): Promise<ReturnType<typeof billingDeps>> {
  if (services.env.BILLING === "off") return billingOffResponse();
  const refused = await sandboxRefusal(services.db, businessId, "billing");
  if (refused) return jsonResponse({ success: false, error: refused.message }, refused.status);
  return billingDeps(services);
}

/** An unexpected failure talking to Stripe: logged as a warning, answered with the spec's text. */
export function unexpectedBillingError(services: AppServices, what: string, error: unknown, text: string = BILLING_ERRORS.unexpected): Response {
  services.logger.warn(`[billing] ${what} failed: ${error instanceof Error ? error.message : String(error)}`);
  return jsonResponse({ success: false, error: text }, 502);
}

/**
 * Validates the request and writes the billing operation with its job (operations.server.ts): 202
 * with the operation's id, which the page then waits for; 400/503 when the request itself is wrong.
 */
export async function startOperationResponse(services: AppServices, businessId: string, kind: OperationKind, body: Record<string, unknown>): Promise<Response> {
  const parsed = parseOperation(services.env, kind, body);
  if (!parsed.ok) return jsonResponse({ success: false, error: parsed.error }, parsed.status);
  const { operationId } = await startOperation({ db: services.db, jobs: services.jobs }, businessId, parsed.request, body.requestKey);
  return jsonResponse({ success: true, operationId, operationStatus: "pending", error: null }, 202);
}
