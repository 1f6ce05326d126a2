// @postgres: the same request twice at once.
// Billing operations as jobs (decision 0038, issue 15): the request writes the operation with its job
// in one transaction and answers its id; the job handler makes the Stripe calls with keys derived from
// the operation (a retried job repeats nothing at Stripe); a declined card fails the operation with a
// clear text; the result is pushed to the business's workspace sockets and read only by its owners;
// the Billing tab's cards and invoices come from a copy refreshed by verified webhooks.
import type { SetupServer } from "msw/node";
import type { Socket } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { billingJobHandlers } from "#server/billing/jobs/billing-jobs.server.ts";
import { startOperation } from "#server/billing/operations.server.ts";
import type { JobHandler, JobQueue } from "#server/jobs/queue/job-queue.server.ts";
import { BILLING_OPERATION_QUEUE, BILLING_REFRESH_QUEUE } from "#server/jobs/queue/queues.ts";
import type { BillingUpdate } from "#server/realtime/protocol.ts";
import { stripeEvent, type StripeMock } from "../mocks/stripe.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { openWorkspaceSocket } from "../support/workspace-client.ts";
import {
  addSupportMember,
  awaitOperation,
  deliverWebhook,
  expireTrial,
  getJson,
  postJson,
  postOperation,
  registerOwner,
  startStripeMock,
  STRIPE_ENV,
} from "./billing-support.ts";

let server: TestServer;
let mock: StripeMock;
let msw: SetupServer;
const sockets: Socket[] = [];

beforeAll(async () => {
  ({ mock, msw } = startStripeMock());
  server = await startTestServer({ seedDemo: false, env: STRIPE_ENV });
});

afterEach(() => mock.reset());

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await server?.close();
  msw?.close();
});

const operations = (businessId: string) => server.services.db.billingOperation.findMany({ where: { businessId } });

/** The job rows of pg-boss for this key (the outbox). */
async function jobRows(key: string) {
  return server.services.db.$queryRawUnsafe<{ name: string; state: string; data: { operationId: string } }[]>(
    `SELECT name, state::text AS state, data FROM pgboss.job WHERE singleton_key = $1`,
    key,
  );
}

/** A job queue that writes nothing and never runs: the operation stays for the test to run by hand. */
function heldJobs(onEnqueue: () => Promise<void> = async () => {}): JobQueue {
  return { ...server.services.jobs, enqueue: onEnqueue, wake: () => {} };
}

function operationHandler(pushed: BillingUpdate[] = []): JobHandler<{ operationId: string }> {
  return billingJobHandlers(server.services, (_businessId, update) => pushed.push(update)).operations;
}

describe("the request", () => {
  it("writes the operation and its job in one transaction, and answers its id at once", async () => {
    const owner = await registerOwner(server);
    await expireTrial(server, owner.businessId);
    const started = await postJson(server, owner.client, "/api/subscribe", { plan: "Pro", period: "monthly", paymentMethodId: "pm_card_visa" });
    expect(started).toMatchObject({ status: 202, body: { success: true, operationStatus: "pending" } });
    const operationId = String(started.body.operationId);
    const [row] = await operations(owner.businessId);
    expect(row).toMatchObject({ id: operationId, kind: "subscribe", input: { plan: "Pro", period: "monthly", paymentMethodId: "pm_card_visa" } });
    const jobs = await jobRows(`billing.operation:${operationId}`);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ name: BILLING_OPERATION_QUEUE, data: { operationId } });
    const done = await awaitOperation(server, owner.client, operationId);
    expect(done.body).toMatchObject({ success: true, operationStatus: "requires_action", state: "requires_confirmation", intent: "payment" });

    // The job cannot be written: neither is the operation.
    const before = (await operations(owner.businessId)).length;
    const failing = heldJobs(async () => {
      throw new Error("the job table is unavailable");
    });
    await expect(startOperation({ db: server.services.db, jobs: failing }, owner.businessId, { kind: "billing_portal", input: {} })).rejects.toThrow(/unavailable/);
    expect(await operations(owner.businessId)).toHaveLength(before);
  });

  it("answers the same operation to a repeated request, and validates before writing anything", async () => {
    const owner = await registerOwner(server);
    const body = { plan: "Starter", period: "monthly", paymentMethodId: "pm_card_visa", requestKey: "5b0e2a3c-0f5d-4c1e-9d52-5f4f8f0c9a11" };
    const [first, second] = await Promise.all([
      postJson(server, owner.client, "/api/subscribe", body),
      postJson(server, owner.client, "/api/subscribe", body),
    ]);
    expect(first.body.operationId).toBe(second.body.operationId);
    await awaitOperation(server, owner.client, String(first.body.operationId));
    expect(mock.requests.filter((r) => r.path === "/v1/subscriptions" && !r.replayed)).toHaveLength(1);

    const bad = await postJson(server, owner.client, "/api/subscribe", { plan: "Gold", period: "monthly", paymentMethodId: "pm_card_visa" });
    expect(bad).toMatchObject({ status: 400, body: { success: false, error: "Choose a plan" } });
    expect(await operations(owner.businessId)).toHaveLength(1);
  });
});

describe("the job handler", () => {
  it("makes the Stripe calls once when the job runs again after Stripe answered", async () => {
    const owner = await registerOwner(server);
    await expireTrial(server, owner.businessId);
    const { operationId } = await startOperation({ db: server.services.db, jobs: heldJobs() }, owner.businessId, {
      kind: "subscribe",
      input: { plan: "Starter", period: "monthly", paymentMethodId: "pm_card_visa" },
    });
    const handler = operationHandler();
    await handler.run({ operationId }, { id: "j1", name: BILLING_OPERATION_QUEUE, key: operationId, attempt: 1 });
    const first = await server.services.db.billingOperation.findUniqueOrThrow({ where: { id: operationId } });
    expect(first.status).toBe("requires_action");

    // The process died after Stripe answered and before the result was stored: the job runs again.
    await server.services.db.billingOperation.update({ where: { id: operationId }, data: { status: "pending", result: undefined, finishedAt: null } });
    await handler.run({ operationId }, { id: "j1", name: BILLING_OPERATION_QUEUE, key: operationId, attempt: 2 });
    const second = await server.services.db.billingOperation.findUniqueOrThrow({ where: { id: operationId } });
    expect(second).toMatchObject({ status: "requires_action", attempts: 2 });
    expect(second.result).toEqual(first.result);

    const { stripeCustomerId } = await server.services.db.business.findUniqueOrThrow({ where: { id: owner.businessId } });
    const subscriptions = [...mock.state.subscriptions.values()].filter((s) => s.customer === stripeCustomerId);
    expect(subscriptions).toHaveLength(1);
    const mine = mock.requests.filter((r) => r.idempotencyKey?.startsWith(`leadbroom-op-${operationId}-`));
    const creates = mine.filter((r) => r.path === "/v1/subscriptions");
    expect(creates.map((r) => r.replayed ?? false)).toEqual([false, true]);
    expect(creates[0]!.idempotencyKey).toBe(`leadbroom-op-${operationId}-create`);
    const attaches = mine.filter((r) => r.path === "/v1/payment_methods/pm_card_visa/attach");
    expect(attaches.map((r) => r.replayed ?? false)).toEqual([false, true]);

    // Finished: a third delivery of the job does nothing at all. (The card and invoice refreshes that
    // successful operations enqueue call Stripe in the background: wait for them first.)
    await server.services.jobs.idle([BILLING_REFRESH_QUEUE], { timeoutMs: 60_000 });
    const calls = mock.requests.length;
    await handler.run({ operationId }, { id: "j1", name: BILLING_OPERATION_QUEUE, key: operationId, attempt: 3 });
    expect(mock.requests).toHaveLength(calls);
  });

  it("retries after Stripe fails midway and repeats nothing that had been done", async () => {
    const owner = await registerOwner(server);
    // The card is attached, then setting it as the default fails three times (the library's own two
    // retries included): the job fails and is retried by the runner.
    for (let i = 0; i < 3; i++) mock.failNext(/^\/v1\/customers\/cus_/);
    const done = await postOperation(server, owner.client, "/api/add-payment-method", { paymentMethodId: "pm_card_amex" });
    expect(done.body).toMatchObject({ success: true, operationStatus: "succeeded" });
    const [row] = await operations(owner.businessId);
    expect(row!.attempts).toBe(2);
    const attaches = mock.requests.filter((r) => r.path === "/v1/payment_methods/pm_card_amex/attach");
    expect(attaches.map((r) => r.replayed ?? false)).toEqual([false, true]);
    expect((await server.services.db.business.findUniqueOrThrow({ where: { id: owner.businessId } })).paymentMethodId).toBe("pm_card_amex");
  });

  it("fails a declined card at once with a clear text, never Stripe's raw one", async () => {
    const owner = await registerOwner(server);
    const declined = await postOperation(server, owner.client, "/api/subscribe", { plan: "Pro", period: "monthly", paymentMethodId: "pm_card_chargeDeclined" });
    expect(declined.body).toMatchObject({ success: false, operationStatus: "failed", error: "Your card was declined." });
    const [row] = await operations(owner.businessId);
    expect(row).toMatchObject({ status: "failed", error: "Your card was declined.", attempts: 1 });

    // A card error Stripe words its own way: the action's text from the spec.
    mock.failNext(/\/attach$/, 402, "Raw processor text 0x1F", "card_error");
    const odd = await postOperation(server, owner.client, "/api/add-payment-method", { paymentMethodId: "pm_card_visa" });
    expect(odd.body).toMatchObject({ success: false, operationStatus: "failed", error: "Failed to add payment method" });
    expect(JSON.stringify(odd.body)).not.toContain("Raw processor");
  });

  it("pushes the finished operation to the business's open workspaces", async () => {
    const owner = await registerOwner(server);
    const { socket } = await openWorkspaceSocket(server.url, owner.client, sockets);
    const pushed = new Promise<BillingUpdate>((resolve) => socket.on("billing:updated", (update: BillingUpdate) => "operationId" in update && resolve(update)));
    const started = await postJson(server, owner.client, "/api/billing-portal");
    const update = await pushed;
    expect(update).toEqual({ operationId: started.body.operationId, operationStatus: "succeeded" });
    const answer = await getJson(server, owner.client, `/api/billing-operations/${String(started.body.operationId)}`);
    expect(String(answer.body.url)).toMatch(/^https:\/\/billing\.stripe\.mock\//);
  });
});

describe("reading an operation", () => {
  it("is for the owners of its business only", async () => {
    const owner = await registerOwner(server, "Owner A");
    const other = await registerOwner(server, "Owner B");
    const done = await postOperation(server, owner.client, "/api/billing-portal");
    const id = String(done.body.operationId);
    expect(done.body).toMatchObject({ operationStatus: "succeeded" });
    expect(await getJson(server, other.client, `/api/billing-operations/${id}`)).toMatchObject({ status: 404, body: { success: false } });
    const support = await addSupportMember(server, owner.businessId);
    expect((await getJson(server, support, `/api/billing-operations/${id}`)).status).toBe(403);
    expect((await getJson(server, null, `/api/billing-operations/${id}`)).status).toBe(302);
    expect((await getJson(server, owner.client, "/api/billing-operations/not-an-id")).status).toBe(404);
  });
});

describe("the copy of cards and invoices", () => {
  it("is refreshed by a verified webhook, and the page reads it without calling Stripe", async () => {
    const owner = await registerOwner(server);
    await postOperation(server, owner.client, "/api/add-payment-method", { paymentMethodId: "pm_card_visa" });
    const { stripeCustomerId } = await server.services.db.business.findUniqueOrThrow({ where: { id: owner.businessId } });
    const before = await server.services.db.billingMirror.findUniqueOrThrow({ where: { businessId: owner.businessId } });
    expect(before.cards).toEqual([expect.objectContaining({ last4: "4242", isDefault: true })]);

    await server.services.jobs.idle([BILLING_REFRESH_QUEUE], { timeoutMs: 60_000 });
    mock.reset();
    const page = await owner.client.get("/app/settings/billing");
    expect(page.text.replace(/<!-- -->/g, "")).toMatch(/visa<\/span> ending in 4242/);
    expect(mock.requests).toHaveLength(0);

    const event = stripeEvent("customer.updated", { ...mock.state.customers.get(stripeCustomerId!)!, object: "customer" });
    expect(await deliverWebhook(server, event)).toMatchObject({ status: 200, body: { outcome: "applied" } });
    await server.services.jobs.idle([BILLING_REFRESH_QUEUE]);
    const after = await server.services.db.billingMirror.findUniqueOrThrow({ where: { businessId: owner.businessId } });
    expect(after.refreshedAt!.getTime()).toBeGreaterThan(before.refreshedAt!.getTime());
    expect(mock.requests.map((r) => r.path)).toEqual(expect.arrayContaining(["/v1/invoices", "/v1/payment_methods"]));
  });
});
