// POST /api/stripe/webhook: Stripe's events. A resource route reading the raw body with
// request.text() (nothing upstream parses bodies: server/app.server.ts has no body parser), so the
// signature is checked on exactly the bytes Stripe signed.
import type { ActionFunctionArgs } from "@remix-run/node";
import { billingOffResponse, jsonResponse } from "#server/billing/http.server.ts";
import { handleStripeWebhook } from "#server/billing/webhook.server.ts";

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonResponse({ received: false, error: "Method not allowed" }, 405);
  const { db, env, stripe, jobs, logger } = context.services;
  if (env.BILLING === "off") return billingOffResponse();
  const rawBody = await request.text();
  const result = await handleStripeWebhook({ db, env, stripe, jobs, logger }, rawBody, request.headers.get("Stripe-Signature"));
  return jsonResponse(result.body, result.status);
}

export async function loader() {
  return jsonResponse({ received: false, error: "Method not allowed" }, 405);
}
