// Outgoing webhooks and the REST API additions (issue 21, DESIGN §15) against the real server and a real
// local HTTP receiver: endpoints added in Settings → Integrations (secret shown once, stored encrypted);
// a lead created → one signed delivery, verified the way docs/api.md says; a 500 → retried after the
// backoff, then delivered; Redeliver and Send test event; conversation.ended with its transcript; SSRF
// refusals at registration and at delivery (loopback for real, private and link-local through a stubbed
// resolver: nothing but loopback is ever connected to); PATCH a lead, conversations with transcripts,
// REST-hook subscribe/unsubscribe, and tenancy on each.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeBotTurn } from "#server/chat/turn-store.server.ts";
import { WEBHOOK_QUEUE } from "#server/jobs/queue/queues.ts";
import { createEndpoint, type WebhookSettings } from "#server/webhooks/endpoints.server.ts";
import { deliverWebhook } from "#server/webhooks/deliveries.server.ts";
import type { Resolver } from "#server/webhooks/safe-request.server.ts";
import { Webhook } from "standardwebhooks";
import { SIGNATURE_HEADER, verifySignature } from "#server/webhooks/signature.ts";
import type { HttpClient } from "../support/http-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { startReceiver, type Received } from "../support/webhook-receiver.ts";
import { registerOwner, type Owner } from "./billing-support.ts";

let server: TestServer;
let receiver: ReturnType<typeof startReceiver>;
let receiverUrl: string;

beforeAll(async () => {
  receiver = startReceiver();
  receiverUrl = await receiver.listen();
  server = await startTestServer({ seedDemo: false, env: { WEBHOOKS_ALLOW_LOOPBACK: "true" } });
});

afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => receiver?.server.close(resolve));
});

const SECRET = /whsec_[A-Za-z0-9+/]{43}=/;
const API_KEY = /lb_live_[A-Za-z0-9_-]{43}/;

function cookieOf(client: HttpClient): string {
  return [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
}

/** Adds an endpoint through the Settings form (a plain form post); answers its secret and row. */
async function addEndpoint(owner: Owner, url: string, events: string[]) {
  const form = new URLSearchParams({ intent: "webhook-create", url });
  for (const event of events) form.append("events", event);
  const res = await fetch(new URL("/app/settings/integrations", server.url), {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookieOf(owner.client) },
    body: form.toString(),
    redirect: "manual",
  });
  return { status: res.status, text: await res.text() };
}

async function enterpriseOwner(name: string): Promise<Owner & { apiKey: string }> {
  const owner = await registerOwner(server, name);
  await server.services.db.business.update({ where: { id: owner.businessId }, data: { subscriptionStatus: "active", plan: "Enterprise" } });
  const res = await owner.client.post("/app/settings/api-keys", { intent: "api-key-create", name: "Integration tests" });
  const apiKey = API_KEY.exec(res.text)?.[0];
  if (!apiKey) throw new Error("no API key");
  return { ...owner, apiKey };
}

async function api(key: string, path: string, init: { method?: string; body?: unknown } = {}) {
  const res = await fetch(new URL(path, server.url), {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: { Authorization: `Bearer ${key}`, ...(init.body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Record<string, any> };
}

const newLead = { name: "Nora Fields", company: "Fields Medical Plaza", email: "nora@fieldsmed.example", buildingSizeSqFt: 60000, frequency: "daily", timeline: "immediate" };

/** Waits until the failed attempt's job is back in the queue with its backoff, then makes it due now. */
async function releaseRetry(): Promise<void> {
  const deadline = Date.now() + 20_000;
  while ((await server.services.jobs.releaseDelayed(WEBHOOK_QUEUE)) === 0) {
    if (Date.now() > deadline) throw new Error("no webhook retry was scheduled");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function verified(delivery: Received, secret: string) {
  const header = delivery.headers[SIGNATURE_HEADER.toLowerCase()];
  return verifySignature(secret, typeof header === "string" ? header : null, delivery.body);
}

describe("outgoing webhooks", () => {
  let owner: Owner & { apiKey: string };
  let secret: string;
  let endpointId: string;
  let leadId: string;

  it("adds an endpoint in Settings: the secret is shown once and stored only encrypted", async () => {
    owner = await enterpriseOwner("Webhook Cleaning");
    const res = await addEndpoint(owner, `${receiverUrl}/hooks/leadbroom`, ["lead.created", "lead.updated", "conversation.ended"]);
    expect(res.status).toBe(200);
    expect(res.text).toContain("Endpoint added. Copy its signing secret now: it will not be shown again.");
    secret = SECRET.exec(res.text)?.[0] ?? "";
    expect(secret).not.toBe("");
    const row = await server.services.db.webhookEndpoint.findFirstOrThrow({ where: { businessId: owner.businessId } });
    endpointId = row.id;
    expect(row).toMatchObject({ url: `${receiverUrl}/hooks/leadbroom`, events: ["lead.created", "lead.updated", "conversation.ended"], enabled: true, source: "settings", secretPrefix: secret.slice(0, 10) });
    expect(JSON.stringify(row)).not.toContain(secret.slice(10));
    expect(server.services.webhooks.box.open(row.secretEncrypted)).toBe(secret);

    const page = await owner.client.get("/app/settings/integrations");
    expect(page.status).toBe(200);
    expect(page.text).toContain(`${receiverUrl}/hooks/leadbroom`);
    expect(page.text).toContain(`${secret.slice(0, 10)}…`);
    expect(page.text).not.toContain(secret);
    expect(page.text).not.toContain("This section is under development");
  });

  it("refuses a missing event and a bad URL with the field's message", async () => {
    const none = await addEndpoint(owner, `${receiverUrl}/x`, []);
    expect(none.status).toBe(400);
    expect(none.text).toContain("Choose at least one event.");
    const bad = await addEndpoint(owner, "ftp://example.com/hook", ["lead.created"]);
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("Enter a valid URL");
  });

  it("a new lead → one signed delivery; a 500 is retried after the backoff, then delivered", async () => {
    receiver.statuses.push(500);
    const before = receiver.received.length;
    const created = await api(owner.apiKey, "/api/v1/leads", { body: newLead });
    expect(created.status).toBe(201);
    leadId = created.body.data.id;

    const first = await receiver.until(before + 1);
    expect(verified(first, secret)).toMatchObject({ ok: true });
    expect(first.path).toBe("/hooks/leadbroom");
    expect(first.headers["leadbroom-event"]).toBe("lead.created");
    const body = JSON.parse(first.body);
    expect(body).toMatchObject({ type: "lead.created", version: 1, data: { lead: { id: leadId, name: "Nora Fields", company: "Fields Medical Plaza" } } });
    expect(body.id).toMatch(/^evt_[0-9a-f]{24}$/);

    // The Standard Webhooks headers too, checked with the standard library as a receiver would.
    expect(new Webhook(secret).verify(first.body, first.headers as Record<string, string>)).toMatchObject({ id: body.id, type: "lead.created" });
    expect(first.headers["webhook-id"]).toBe(body.id);

    await releaseRetry();
    const second = await receiver.until(before + 2);
    expect(second.body).toBe(first.body); // the same event, signed again
    expect(verified(second, secret)).toMatchObject({ ok: true });
    expect(second.headers["webhook-id"]).toBe(first.headers["webhook-id"]); // a retry keeps the message id
    expect(new Webhook(secret).verify(second.body, second.headers as Record<string, string>)).toMatchObject({ id: body.id });
    await server.services.jobs.idle([WEBHOOK_QUEUE]);
    const delivery = await server.services.db.webhookDelivery.findFirstOrThrow({ where: { endpointId, event: "lead.created" } });
    expect(delivery).toMatchObject({ status: "succeeded", attempts: 2, responseStatus: 200, error: null });
    expect(delivery.durationMs).toBeGreaterThanOrEqual(0);
    expect(receiver.received.length).toBe(before + 2); // nothing more

    const page = await owner.client.get("/app/settings/integrations");
    expect(page.text).toContain("Delivered");
    expect(page.text).toContain("lead.created");
  });

  it("PATCH a lead's status and note over the API → a lead.updated delivery per change", async () => {
    const before = receiver.received.length;
    const patched = await api(owner.apiKey, `/api/v1/leads/${leadId}`, { method: "PATCH", body: { status: "contacted", note: "Called back, site visit next week" } });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ id: leadId, status: "contacted" });
    const notes = await server.services.db.leadEvent.findMany({ where: { leadId, type: { in: ["note", "status_changed"] } }, orderBy: { createdAt: "asc" } });
    expect(notes.map((e) => e.type).sort()).toEqual(["note", "status_changed"]);

    await receiver.until(before + 2);
    await server.services.jobs.idle([WEBHOOK_QUEUE]);
    const updates = receiver.received.slice(before).map((r) => JSON.parse(r.body));
    expect(updates.map((u) => u.type)).toEqual(["lead.updated", "lead.updated"]);
    expect(updates.map((u) => u.data.changes[0]).sort()).toEqual(["notes", "status"]);
    expect(updates.every((u) => u.data.lead.status === "contacted")).toBe(true);
  });

  it("Redeliver sends the same body again as a new delivery; Send test event reaches the endpoint", async () => {
    const original = await server.services.db.webhookDelivery.findFirstOrThrow({ where: { endpointId, event: "lead.created" } });
    const before = receiver.received.length;
    const res = await owner.client.post("/app/settings/integrations", { intent: "webhook-redeliver", deliveryId: original.id });
    expect(res.status).toBe(200);
    expect(res.text).toContain("Redelivery queued.");
    const again = await receiver.until(before + 1);
    expect(again.body).toBe(original.body);
    expect(verified(again, secret)).toMatchObject({ ok: true });
    await server.services.jobs.idle([WEBHOOK_QUEUE]);
    const copy = await server.services.db.webhookDelivery.findFirstOrThrow({ where: { redeliveryOfId: original.id } });
    expect(copy).toMatchObject({ status: "succeeded", responseStatus: 200, attempts: 1 });

    const test = await owner.client.post("/app/settings/integrations", { intent: "webhook-test", endpointId });
    expect(test.status).toBe(200);
    const ping = await receiver.until(before + 2);
    expect(JSON.parse(ping.body)).toMatchObject({ type: "webhook.test" });
    expect(verified(ping, secret)).toMatchObject({ ok: true });
  });

  it("the qualification's last turn writes conversation.ended with the turn: delivered with the transcript", async () => {
    const chatbot = await server.services.db.chatbot.findFirstOrThrow({ where: { businessId: owner.businessId } });
    const conversation = await server.services.db.conversation.create({
      data: { businessId: owner.businessId, chatbotId: chatbot.id, visitorId: "visitor-1", lastSeq: 1, messages: { create: { businessId: owner.businessId, seq: 1, role: "visitor", text: "We need nightly cleaning" } } },
    });
    const before = receiver.received.length;
    await storeBotTurn(server.services.db, {
      conversationId: conversation.id,
      replies: [{ id: `m-${conversation.id}`, text: "Thanks! We'll be in touch." }],
      state: { engine: { version: 1, step: "done", answers: {}, skipped: [], reasked: [], completed: true }, handledSeq: 1 } as never,
      now: new Date(),
      ended: true,
    });
    const ended = JSON.parse((await receiver.until(before + 1)).body);
    expect(ended).toMatchObject({ type: "conversation.ended", data: { conversation: { id: conversation.id, leadId: null } } });
    expect(ended.data.conversation.messages.map((m: { role: string; text: string }) => `${m.role}: ${m.text}`)).toEqual([
      "visitor: We need nightly cleaning",
      "bot: Thanks! We'll be in touch.",
    ]);
  });

  it("rotating the secret signs the next delivery with the new one; a disabled endpoint gets nothing", async () => {
    const rotated = await owner.client.post("/app/settings/integrations", { intent: "webhook-rotate", endpointId });
    expect(rotated.status).toBe(200);
    const fresh = SECRET.exec(rotated.text)?.[0] ?? "";
    expect(fresh).not.toBe(secret);
    const before = receiver.received.length;
    await owner.client.post("/app/settings/integrations", { intent: "webhook-test", endpointId });
    const ping = await receiver.until(before + 1);
    expect(verified(ping, fresh)).toMatchObject({ ok: true });
    expect(verified(ping, secret)).toEqual({ ok: false, reason: "mismatch" });

    expect((await owner.client.post("/app/settings/integrations", { intent: "webhook-disable", endpointId })).status).toBe(200);
    await api(owner.apiKey, "/api/v1/leads", { body: { ...newLead, email: "second@fieldsmed.example" } });
    // The event was handled (its job finished) and caused no delivery.
    await server.services.jobs.idle(["domain.event", WEBHOOK_QUEUE]);
    expect(receiver.received.length).toBe(before + 1);
    const refused = await owner.client.post("/app/settings/integrations", { intent: "webhook-test", endpointId });
    expect(refused.status).toBe(409);
    expect(refused.text).toContain("This endpoint is disabled. Enable it first.");
    expect((await owner.client.post("/app/settings/integrations", { intent: "webhook-enable", endpointId })).status).toBe(200);
  });

  it("another business cannot redeliver, test, rotate or delete this business's endpoint", async () => {
    const other = await registerOwner(server, "Other Cleaning");
    const delivery = await server.services.db.webhookDelivery.findFirstOrThrow({ where: { endpointId } });
    expect((await other.client.post("/app/settings/integrations", { intent: "webhook-redeliver", deliveryId: delivery.id })).status).toBe(404);
    for (const intent of ["webhook-test", "webhook-rotate", "webhook-delete", "webhook-disable"]) {
      expect((await other.client.post("/app/settings/integrations", { intent, endpointId })).status).toBe(404);
    }
    expect(await server.services.db.webhookEndpoint.count({ where: { id: endpointId, enabled: true } })).toBe(1);
  });
});

describe("SSRF: private, loopback and link-local destinations refused in production mode", () => {
  const stubResolver: Resolver = async (host) => {
    const answers: Record<string, string[]> = {
      "internal.example": ["10.0.0.5"],
      "metadata.example": ["169.254.169.254"],
      "rebind.example": ["93.184.216.34", "192.168.1.1"],
      "public.example": ["93.184.216.34"],
    };
    const list = answers[host];
    if (!list) throw new Error("ENOTFOUND");
    return list.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
  const production = (resolver: Resolver): WebhookSettings => ({ ...server.services.webhooks, policy: { allowLoopback: false }, resolver });

  it("refuses at registration: http, loopback (real resolution) and private/link-local (stubbed resolver)", async () => {
    const owner = await registerOwner(server, "SSRF Cleaning");
    const deps = (resolver: Resolver) => ({ db: server.services.db, webhooks: production(resolver) });
    const create = (url: string, resolver: Resolver = stubResolver) =>
      createEndpoint(deps(resolver), { businessId: owner.businessId, input: { url, events: ["lead.created"] }, source: "settings" });
    expect(await create(`${receiverUrl}/x`)).toMatchObject({ ok: false, message: "The endpoint must use HTTPS." });
    expect(await create("https://127.0.0.1/x")).toMatchObject({ ok: false, message: expect.stringContaining("loopback") });
    expect(await create("https://localhost/x", server.services.webhooks.resolver)).toMatchObject({ ok: false, message: expect.stringContaining("loopback") });
    expect(await create("https://[::1]/x")).toMatchObject({ ok: false, message: expect.stringContaining("loopback") });
    expect(await create("https://internal.example/x")).toMatchObject({ ok: false, message: expect.stringContaining("private network") });
    expect(await create("https://metadata.example/latest")).toMatchObject({ ok: false, message: expect.stringContaining("link-local") });
    expect(await create("https://rebind.example/x")).toMatchObject({ ok: false, message: expect.stringContaining("private network") });
    expect(await server.services.db.webhookEndpoint.count({ where: { businessId: owner.businessId } })).toBe(0);
    // A public address is accepted (no connection is made at registration).
    expect(await create("https://public.example/hooks")).toMatchObject({ ok: true });
  });

  it("refuses at delivery, on the address resolved then: no connection is made", async () => {
    const owner = await registerOwner(server, "Rebinding Cleaning");
    // Registered while allowed (the development switch); production mode then refuses it at delivery.
    const created = await createEndpoint(
      { db: server.services.db, webhooks: server.services.webhooks },
      { businessId: owner.businessId, input: { url: `${receiverUrl}/never`, events: ["lead.created"] }, source: "settings" },
    );
    if (!created.ok) throw new Error(created.message);
    const before = receiver.received.length;
    const job = { id: "job-1", name: WEBHOOK_QUEUE, key: "webhook:ssrf-test", attempt: 1 };
    const data = { businessId: owner.businessId, endpointId: created.value.endpoint.id, event: "lead.created", body: "{}" };
    await deliverWebhook({ db: server.services.db, jobs: server.services.jobs, webhooks: production(stubResolver), logger: server.services.logger }, data, job);
    const delivery = await server.services.db.webhookDelivery.findUniqueOrThrow({ where: { key: "webhook:ssrf-test" } });
    expect(delivery).toMatchObject({ status: "failed", responseStatus: null, attempts: 1 });
    expect(delivery.error).toContain("loopback");
    expect(receiver.received.length).toBe(before);
  });
});

describe("REST API: leads, conversations and hooks", () => {
  let owner: Owner & { apiKey: string };
  let other: Owner & { apiKey: string };

  beforeAll(async () => {
    owner = await enterpriseOwner("API Cleaning");
    other = await enterpriseOwner("Other API Cleaning");
  });

  it("PATCH /api/v1/leads/{id}: validation, won with a value, and another business's lead is 404", async () => {
    const lead = (await api(owner.apiKey, "/api/v1/leads", { body: { ...newLead, email: "patch@example.com" } })).body.data;
    const empty = await api(owner.apiKey, `/api/v1/leads/${lead.id}`, { method: "PATCH", body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatchObject({ code: "validation_failed", message: "Send a status, a note, or both." });
    const bad = await api(owner.apiKey, `/api/v1/leads/${lead.id}`, { method: "PATCH", body: { status: "won", note: "", colour: "red" } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty("colour");
    const noValue = await api(owner.apiKey, `/api/v1/leads/${lead.id}`, { method: "PATCH", body: { status: "won" } });
    expect(noValue.status).toBe(400);
    expect(noValue.body.error.fields.status).toBe("Please enter the deal value to mark this lead as Won");
    const won = await api(owner.apiKey, `/api/v1/leads/${lead.id}`, { method: "PATCH", body: { status: "won", value: 2500 } });
    expect(won.status).toBe(200);
    expect(won.body.data).toMatchObject({ status: "won", valueCents: 250000 });

    const foreign = await api(other.apiKey, `/api/v1/leads/${lead.id}`, { method: "PATCH", body: { status: "lost" } });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe("not_found");
    expect((await server.services.db.lead.findUniqueOrThrow({ where: { id: lead.id } })).status).toBe("won");
    const put = await api(owner.apiKey, `/api/v1/leads/${lead.id}`, { method: "PUT", body: { status: "lost" } });
    expect(put.status).toBe(405);
  });

  it("GET /api/v1/conversations: with transcripts, paginated, test conversations and other businesses left out", async () => {
    const db = server.services.db;
    const chatbot = await db.chatbot.findFirstOrThrow({ where: { businessId: owner.businessId } });
    for (let i = 1; i <= 3; i++) {
      await db.conversation.create({
        data: {
          businessId: owner.businessId,
          chatbotId: chatbot.id,
          visitorId: `v${i}`,
          lastSeq: 2,
          createdAt: new Date(Date.UTC(2026, 10, i)),
          messages: {
            create: [
              { businessId: owner.businessId, seq: 1, role: "bot", text: `Hello ${i}` },
              { businessId: owner.businessId, seq: 2, role: "visitor", text: `Office ${i}` },
            ],
          },
        },
      });
    }
    await db.conversation.create({ data: { businessId: owner.businessId, chatbotId: chatbot.id, visitorId: "tester", isTest: true } });

    const page1 = await api(owner.apiKey, "/api/v1/conversations?limit=2");
    expect(page1.status).toBe(200);
    expect(page1.body.pagination).toEqual({ page: 1, limit: 2, hasMore: true });
    expect(page1.body.data.map((c: { messages: { text: string }[] }) => c.messages.map((m) => m.text))).toEqual([
      ["Hello 3", "Office 3"],
      ["Hello 2", "Office 2"],
    ]);
    expect(page1.body.data[0]).toMatchObject({ status: "open", leadId: null, messagesTruncated: false });
    const page2 = await api(owner.apiKey, "/api/v1/conversations?limit=2&page=2");
    expect(page2.body.data).toHaveLength(1);
    expect(page2.body.pagination.hasMore).toBe(false);

    expect((await api(other.apiKey, "/api/v1/conversations")).body.data).toEqual([]);
    const bad = await api(owner.apiKey, "/api/v1/conversations?limit=500");
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.limit).toContain("1 to 50");
  });

  it("POST /api/v1/hooks subscribes (signing secret once), DELETE unsubscribes; tenancy and SSRF hold", async () => {
    const created = await api(owner.apiKey, "/api/v1/hooks", { body: { target_url: `${receiverUrl}/zap`, event: "lead.created" } });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ url: `${receiverUrl}/zap`, events: ["lead.created"], enabled: true, source: "api" });
    expect(created.body.data.secret).toMatch(SECRET);
    const hookId = created.body.data.id as string;

    const listed = await api(owner.apiKey, "/api/v1/hooks");
    expect(listed.body.data.map((h: { id: string }) => h.id)).toContain(hookId);
    expect(JSON.stringify(listed.body)).not.toContain(created.body.data.secret);
    expect((await api(other.apiKey, "/api/v1/hooks")).body.data).toEqual([]);

    // Delivered like any endpoint.
    const before = receiver.received.length;
    await api(owner.apiKey, "/api/v1/leads", { body: { ...newLead, email: "zap@example.com" } });
    const delivered = await receiver.until(before + 1);
    expect(delivered.path).toBe("/zap");
    expect(verified(delivered, created.body.data.secret)).toMatchObject({ ok: true });

    const invalid = await api(owner.apiKey, "/api/v1/hooks", { body: { url: "https://10.1.2.3/hook", events: ["lead.created", "nope"] } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.fields.events).toContain("Unknown event");
    const privateUrl = await api(owner.apiKey, "/api/v1/hooks", { body: { url: "https://10.1.2.3/hook", events: ["lead.created"] } });
    expect(privateUrl.status).toBe(400);
    expect(privateUrl.body.error.fields.url).toContain("private network");

    expect((await api(other.apiKey, `/api/v1/hooks/${hookId}`, { method: "DELETE" })).status).toBe(404);
    const removed = await fetch(new URL(`/api/v1/hooks/${hookId}`, server.url), { method: "DELETE", headers: { Authorization: `Bearer ${owner.apiKey}` } });
    expect(removed.status).toBe(204);
    expect((await api(owner.apiKey, `/api/v1/hooks/${hookId}`, { method: "DELETE" })).status).toBe(404);
    expect(await server.services.db.webhookEndpoint.count({ where: { id: hookId } })).toBe(0);
  });
});
