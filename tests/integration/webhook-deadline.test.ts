// @postgres: concurrent deliveries in the job layer.
// A slow webhook receiver stalls nobody (issue 27, item 5). Business A's endpoint on loopback answers its
// headers at once, then drips one byte every 2 s for 30 s. Each delivery has one deadline for the whole
// exchange (WEBHOOK_TIMEOUT_MS, 5 s here): A's are cut there and kept pending for a retry with backoff.
// A batch no longer waits for its slowest job and one endpoint (one business) holds only its share of
// the queue's workers, so business B's delivery arrives at once; a graceful stop waits one deadline at
// most.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WEBHOOK_QUEUE } from "#server/jobs/queue/queues.ts";
import { createEndpoint } from "#server/webhooks/endpoints.server.ts";
import { DELIVERY_SLOTS, sendTestEvent } from "#server/webhooks/deliveries.server.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { registerOwner, type Owner } from "./billing-support.ts";

const DEADLINE_MS = 5_000;

/** Answers 200 at once, then one byte every 2 s for 30 s. */
function startDrippingReceiver() {
  let requests = 0;
  const timers = new Set<NodeJS.Timeout>();
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      requests++;
      res.writeHead(200, { "Content-Type": "text/plain" });
      res.flushHeaders();
      let sent = 0;
      const timer = setInterval(() => {
        if (res.destroyed || ++sent > 15) {
          clearInterval(timer);
          timers.delete(timer);
          if (!res.destroyed) res.end();
          return;
        }
        res.write(".");
      }, 2_000);
      timers.add(timer);
    });
  });
  return {
    server,
    requests: () => requests,
    close() {
      for (const timer of timers) clearInterval(timer);
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Answers 200 at once; records when each request arrived. */
function startPromptReceiver() {
  const arrivals: number[] = [];
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      arrivals.push(Date.now());
      res.writeHead(200).end("ok");
    });
  });
  return { server, arrivals, close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(resolve))) };
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
}

let server: TestServer;
let dripping: ReturnType<typeof startDrippingReceiver>;
let prompt: ReturnType<typeof startPromptReceiver>;
let a: Owner & { endpointId: string };
let b: Owner & { endpointId: string };

async function withEndpoint(owner: Owner, url: string) {
  const created = await createEndpoint(server.services, { businessId: owner.businessId, input: { url, events: ["lead.created"] }, source: "settings" });
  if (!created.ok) throw new Error(created.message);
  return { ...owner, endpointId: created.value.endpoint.id };
}

beforeAll(async () => {
  dripping = startDrippingReceiver();
  prompt = startPromptReceiver();
  const [aUrl, bUrl] = await Promise.all([listen(dripping.server), listen(prompt.server)]);
  server = await startTestServer({ seedDemo: false, env: { WEBHOOKS_ALLOW_LOOPBACK: "true", WEBHOOK_TIMEOUT_MS: String(DEADLINE_MS) } });
  a = await withEndpoint(await registerOwner(server, "Slow Receiver Janitorial"), aUrl);
  b = await withEndpoint(await registerOwner(server, "Prompt Receiver Cleaning"), bUrl);
});

afterAll(async () => {
  await server?.close();
  await dripping?.close();
  await prompt?.close();
});

const deps = () => ({ db: server.services.db, jobs: server.services.jobs });

describe("a dripping webhook receiver", () => {
  it("holds nobody else's delivery: business B's arrives at once while A's endpoint drips", async () => {
    // More of A's deliveries than the queue has workers (and than a batch used to hold).
    for (let i = 0; i < 12; i++) expect((await sendTestEvent(deps(), { businessId: a.businessId, endpointId: a.endpointId })).ok).toBe(true);
    server.services.jobs.wake(WEBHOOK_QUEUE);
    await expect.poll(() => dripping.requests()).toBeGreaterThanOrEqual(DELIVERY_SLOTS.perEndpoint);

    const enqueued = Date.now();
    expect((await sendTestEvent(deps(), { businessId: b.businessId, endpointId: b.endpointId })).ok).toBe(true);
    server.services.jobs.wake(WEBHOOK_QUEUE);
    await expect.poll(() => prompt.arrivals.length, { timeout: 30_000 }).toBe(1);
    const waited = prompt.arrivals[0]! - enqueued;
    expect(waited).toBeLessThan(DEADLINE_MS);
    // Meanwhile A's endpoint never had more than its share of deliveries at once.
    expect(dripping.requests()).toBeLessThanOrEqual(DELIVERY_SLOTS.perEndpoint * 2);
    console.info(`[webhook-deadline] B's delivery arrived ${waited} ms after it was enqueued while A's endpoint dripped`);
  });

  it("cuts a delivery at the deadline, records it as not answered and retries it later", async () => {
    const cut = () =>
      server.services.db.webhookDelivery.findMany({ where: { endpointId: a.endpointId, attempts: { gte: 1 } }, select: { status: true, error: true, durationMs: true } });
    await expect.poll(async () => (await cut()).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    for (const delivery of await cut()) {
      expect(delivery.status).toBe("pending"); // retried with backoff: 30 s, then doubling
      expect(delivery.error).toBe("No answer: no complete answer within 5 s");
      expect(delivery.durationMs).toBeGreaterThanOrEqual(DEADLINE_MS - 50);
      expect(delivery.durationMs).toBeLessThan(DEADLINE_MS + 3_000);
    }
    // The delivery's row is written by the job's handler, the job's retry by the job layer after it: wait
    // for the second (on PostgreSQL the poll above can see the row first).
    await expect.poll(async () => (await server.services.jobs.counts(WEBHOOK_QUEUE)).retry ?? 0).toBeGreaterThanOrEqual(1);
  });

  it("stops gracefully within one deadline while deliveries drip", async () => {
    // A delivery of A's being dripped to now (a new one, whatever the earlier ones are doing).
    const before = dripping.requests();
    expect((await sendTestEvent(deps(), { businessId: a.businessId, endpointId: a.endpointId })).ok).toBe(true);
    server.services.jobs.wake(WEBHOOK_QUEUE);
    await expect.poll(() => dripping.requests(), { timeout: 30_000 }).toBeGreaterThan(before);
    const started = Date.now();
    await server.services.jobs.stop();
    const took = Date.now() - started;
    expect(took).toBeLessThan(DEADLINE_MS + 3_000);
    console.info(`[webhook-deadline] the job runner stopped in ${took} ms`);
  });
});
