// Shared set-up of the billing suites: the Stripe environment of the test server, the in-memory
// Stripe (tests/mocks/stripe.ts) behind MSW, owners registered over HTTP and JSON calls with their
// session cookie, and signed webhook deliveries (Stripe's own test-header helper).
import { setupServer } from "msw/node";
import Stripe from "stripe";
import { expect } from "vitest";
import { hashPassword } from "#server/auth/password.server.ts";
import { createStripeMock, MOCK_STRIPE_ENV as STRIPE_ENV, MOCK_STRIPE_PRICES as PRICES, MOCK_WEBHOOK_SECRET as WEBHOOK_SECRET } from "../mocks/stripe.ts";
import { HttpClient } from "../support/http-client.ts";
import type { TestServer } from "../support/test-server.ts";
import { BILLING_OPERATION_QUEUE, BILLING_REFRESH_QUEUE } from "#server/jobs/queue/queues.ts";

export { WEBHOOK_SECRET, PRICES, STRIPE_ENV };

export function startStripeMock() {
  const mock = createStripeMock({ prices: PRICES });
  // Stripe calls are answered by the mock; requests to the test server itself pass through.
  const msw = setupServer(...mock.handlers);
  msw.listen({ onUnhandledRequest: "bypass" });
  return { mock, msw };
}

export const goodPassword = "CleanFloors1";
let counter = 0;
export function uniqueEmail(prefix = "owner"): string {
  counter += 1;
  return `${prefix}${counter}-${Date.now()}@example.com`;
}

export type Owner = { client: HttpClient; businessId: string; userId: string; email: string };

export async function registerOwner(server: TestServer, businessName = "Sparkle Janitorial"): Promise<Owner> {
  const client = new HttpClient(server.url);
  const email = uniqueEmail();
  const res = await client.post("/register", { displayName: "Test Owner", businessName, email, password: goodPassword, confirmPassword: goodPassword, acceptTerms: "on" });
  expect(res.status).toBe(302);
  const user = await server.services.db.user.findUniqueOrThrow({ where: { email }, include: { memberships: true } });
  return { client, businessId: user.memberships[0]!.businessId, userId: user.id, email };
}

export async function addSupportMember(server: TestServer, businessId: string): Promise<HttpClient> {
  const email = uniqueEmail("support");
  await server.services.db.user.create({
    data: { email, displayName: "Sam Support", passwordHash: await hashPassword(goodPassword), memberships: { create: { businessId, role: "support" } } },
  });
  const client = new HttpClient(server.url);
  const login = await client.post("/login", { intent: "login", email, password: goodPassword });
  expect(login.status).toBe(302);
  return client;
}

/** A request with the client's session cookie; the answer's status and parsed body. */
async function sendJson(server: TestServer, client: HttpClient | null, path: string, init: RequestInit & { headers: Record<string, string> }) {
  if (client) init.headers.Cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const res = await fetch(new URL(path, server.url), { ...init, redirect: "manual" });
  const text = await res.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    json = { text };
  }
  return { status: res.status, body: json };
}

/** A JSON POST with the client's session cookie; the answer's status and parsed body. */
export function postJson(server: TestServer, client: HttpClient | null, path: string, body: unknown = {}) {
  return sendJson(server, client, path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
}

/** A GET with the client's session cookie; the answer's status and parsed body. */
export function getJson(server: TestServer, client: HttpClient | null, path: string) {
  return sendJson(server, client, path, { headers: { Accept: "application/json" } });
}

/** Waits (for the job runner, not a timer) until the operation is no longer pending; its GET answer. */
export async function awaitOperation(server: TestServer, client: HttpClient, operationId: string) {
  for (;;) {
    const answer = await getJson(server, client, `/api/billing-operations/${operationId}`);
    if (answer.status !== 200 || answer.body.operationStatus !== "pending") return answer;
    await server.services.jobs.idle([BILLING_OPERATION_QUEUE], { timeoutMs: 60_000 });
  }
}

/**
 * What the page does with a billing change (decision 0038): POST it (202 with the operation's id), then
 * wait for the operation's result, and for the refresh of the cards and invoices it causes. A refused
 * request (400, 403, 503 …) is answered as is.
 */
export async function postOperation(server: TestServer, client: HttpClient, path: string, body: unknown = {}) {
  const started = await postJson(server, client, path, body);
  if (started.status !== 202) return started;
  const answer = await awaitOperation(server, client, String(started.body.operationId));
  await server.services.jobs.idle([BILLING_REFRESH_QUEUE], { timeoutMs: 60_000 });
  return answer;
}

const signer = new Stripe("sk_test_signing_only");

/** Delivers `event` to the webhook endpoint, signed with `secret` (the right one unless told). */
export async function deliverWebhook(server: TestServer, event: unknown, secret = WEBHOOK_SECRET, timestamp?: number) {
  const payload = JSON.stringify(event);
  const header = signer.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) });
  const res = await fetch(new URL("/api/stripe/webhook", server.url), {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": header },
    body: payload,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Makes the business's trial end in the past (an expired trial). */
export async function expireTrial(server: TestServer, businessId: string): Promise<void> {
  await server.services.db.business.update({ where: { id: businessId }, data: { trialEnd: new Date(Date.now() - 86_400_000) } });
}
