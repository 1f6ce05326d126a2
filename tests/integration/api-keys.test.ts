// API keys and the REST API (/api/v1) against the real server: keys created, listed and revoked in
// Settings → API Keys (owners only, Enterprise only), the secret shown once and only its hash stored;
// Bearer authentication, the plan checked at every request, business scoping, validation, pagination,
// the per-key rate limit and lastUsedAt; a lead created through the API is pushed live.
import { createHash } from "node:crypto";
import { io as ioClient, type Socket } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { LeadSummary } from "#server/realtime/protocol.ts";
import type { HttpClient } from "../support/http-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { addSupportMember, expireTrial, registerOwner, type Owner } from "./billing-support.ts";

let server: TestServer;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startTestServer({ seedDemo: false });
});

afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});

afterAll(async () => {
  await server?.close();
});

const SECRET = /lb_live_[A-Za-z0-9_-]{43}/;
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

async function setPlan(businessId: string, plan: "Starter" | "Pro" | "Enterprise" | null, status: "active" | "trial" | "canceled" = "active") {
  await server.services.db.business.update({ where: { id: businessId }, data: { subscriptionStatus: status, plan } });
}

async function enterpriseOwner(name = "Enterprise Cleaning"): Promise<Owner> {
  const owner = await registerOwner(server, name);
  await setPlan(owner.businessId, "Enterprise");
  return owner;
}

async function createKey(client: HttpClient, name = "CRM sync"): Promise<string> {
  const res = await client.post("/app/settings/api-keys", { intent: "api-key-create", name });
  expect(res.status).toBe(200);
  expect(res.text).toContain("API key created. Copy it now: it will not be shown again.");
  const secret = SECRET.exec(res.text)?.[0];
  if (!secret) throw new Error("no secret in the answer");
  return secret;
}

async function api(secret: string | null, path: string, init: { method?: string; body?: unknown; rawBody?: string } = {}) {
  const headers: Record<string, string> = {};
  if (secret) headers.Authorization = `Bearer ${secret}`;
  let body: string | undefined;
  if (init.rawBody !== undefined) body = init.rawBody;
  else if (init.body !== undefined) body = JSON.stringify(init.body);
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetch(new URL(path, server.url), { method: init.method ?? (body === undefined ? "GET" : "POST"), headers, body });
  const text = await res.text();
  let json: Record<string, any> = {};
  try {
    json = JSON.parse(text) as Record<string, any>;
  } catch {
    json = { text };
  }
  return { status: res.status, headers: res.headers, body: json };
}

const validLead = {
  name: "Nora Fields",
  company: "Fields Medical Plaza",
  email: "Nora@FieldsMed.example",
  phone: "(555) 123-4567",
  serviceType: "Medical Facility",
  buildingSizeSqFt: 60000,
  frequency: "daily",
  monthlyBudget: 14000,
  timeline: "immediate",
  note: "Called from the CRM",
};

describe("Settings → API Keys", () => {
  it("creates a key whose secret is shown once; only its SHA-256 hash and a short prefix are stored", async () => {
    const owner = await enterpriseOwner();
    const secret = await createKey(owner.client, "  CRM sync  ");
    const rows = await server.services.db.apiKey.findMany({ where: { businessId: owner.businessId } });
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({ name: "CRM sync", hash: sha256(secret), prefix: secret.slice(0, 12), createdById: owner.userId, lastUsedAt: null, revokedAt: null });
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(JSON.stringify(row)).not.toContain(secret.slice(12));

    const page = await owner.client.get("/app/settings/api-keys");
    expect(page.status).toBe(200);
    expect(page.text).toContain("Your API keys");
    expect(page.text).toContain("CRM sync");
    expect(page.text).toContain(`${row.prefix}…`);
    expect(page.text).toContain("Never");
    expect(page.text).not.toContain(secret);
    expect(page.text).toContain('href="/app/settings/api-docs"');
    expect(page.text).not.toContain("This section is under development");

    const docs = await owner.client.get("/app/settings/api-docs");
    expect(docs.status).toBe(200);
    expect(docs.text).toContain("Authorization: Bearer");
    // A page of the workspace, the markdown rendered (issue 14: it used to be served as raw text).
    expect(docs.text).toContain("<h1>LeadBroom REST API</h1>");
    expect(docs.text).toContain("<table");
    expect(docs.text).not.toContain("## Authentication");
  });

  it("lists keys with who created them, revokes one (it stops working at once) and refuses revoking it twice", async () => {
    const owner = await enterpriseOwner();
    const first = await createKey(owner.client, "Zapier");
    const second = await createKey(owner.client, "Warehouse export");
    expect((await api(first, "/api/v1/leads")).status).toBe(200);

    const page = await owner.client.get("/app/settings/api-keys");
    expect(page.text).toContain("Zapier");
    expect(page.text).toContain("Warehouse export");
    expect(page.text).toContain("2 of 10 active keys");
    const user = await server.services.db.user.findUniqueOrThrow({ where: { id: owner.userId } });
    expect(page.text).toContain(user.displayName);

    const key = await server.services.db.apiKey.findFirstOrThrow({ where: { businessId: owner.businessId, name: "Zapier" } });
    const revoked = await owner.client.post("/app/settings/api-keys", { intent: "api-key-revoke", keyId: key.id });
    expect(revoked.status).toBe(200);
    expect(revoked.text).toContain("API key revoked.");
    expect((await server.services.db.apiKey.findUniqueOrThrow({ where: { id: key.id } })).revokedAt).not.toBeNull();

    const refused = await api(first, "/api/v1/leads");
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ error: { code: "unauthorized", message: "The API key is not valid or has been revoked." } });
    expect((await api(second, "/api/v1/leads")).status).toBe(200);

    const again = await owner.client.post("/app/settings/api-keys", { intent: "api-key-revoke", keyId: key.id });
    expect(again.status).toBe(409);
    expect(again.text).toContain("This API key was already revoked.");
    expect((await owner.client.get("/app/settings/api-keys")).text).toMatch(/>Revoked<\/span><span[^>]*>[A-Z][a-z]{2} \d/);
  });

  it("scopes revoking to the business: another business's key id is not found", async () => {
    const mine = await enterpriseOwner();
    const theirs = await enterpriseOwner("Other Cleaning");
    const theirSecret = await createKey(theirs.client);
    const theirKey = await server.services.db.apiKey.findFirstOrThrow({ where: { businessId: theirs.businessId } });
    const res = await mine.client.post("/app/settings/api-keys", { intent: "api-key-revoke", keyId: theirKey.id });
    expect(res.status).toBe(404);
    expect(res.text).toContain("API key not found");
    expect((await api(theirSecret, "/api/v1/leads")).status).toBe(200);
  });

  it("validates the key name (1–60 characters)", async () => {
    const owner = await enterpriseOwner();
    for (const [name, message] of [
      ["", "Please give the key a name"],
      ["   ", "Please give the key a name"],
      ["x".repeat(61), "Key names are limited to 60 characters"],
    ] as const) {
      const res = await owner.client.post("/app/settings/api-keys", { intent: "api-key-create", name });
      expect(res.status).toBe(400);
      expect(res.text).toContain(message);
    }
    await createKey(owner.client, "y".repeat(60));
    expect(await server.services.db.apiKey.count({ where: { businessId: owner.businessId } })).toBe(1);
  });

  it("allows at most 10 active keys; revoking one makes room", async () => {
    const owner = await enterpriseOwner();
    for (let i = 1; i <= 10; i += 1) await createKey(owner.client, `Key ${i}`);
    const refused = await owner.client.post("/app/settings/api-keys", { intent: "api-key-create", name: "Key 11" });
    expect(refused.status).toBe(409);
    expect(refused.text).toContain("You can have up to 10 active API keys.");
    const oldest = await server.services.db.apiKey.findFirstOrThrow({ where: { businessId: owner.businessId, name: "Key 1" } });
    expect((await owner.client.post("/app/settings/api-keys", { intent: "api-key-revoke", keyId: oldest.id })).status).toBe(200);
    await createKey(owner.client, "Key 11");
    expect(await server.services.db.apiKey.count({ where: { businessId: owner.businessId, revokedAt: null } })).toBe(10);
  });

  it("is for owners only: support staff get 403 on the page and on every action", async () => {
    const owner = await enterpriseOwner();
    await createKey(owner.client);
    const key = await server.services.db.apiKey.findFirstOrThrow({ where: { businessId: owner.businessId } });
    const support = await addSupportMember(server, owner.businessId);
    expect((await support.get("/app/settings/api-keys")).status).toBe(403);
    expect((await support.post("/app/settings/api-keys", { intent: "api-key-create", name: "Mine" })).status).toBe(403);
    expect((await support.post("/app/settings/api-keys", { intent: "api-key-revoke", keyId: key.id })).status).toBe(403);
    expect(await server.services.db.apiKey.count({ where: { businessId: owner.businessId } })).toBe(1);
    expect((await server.services.db.apiKey.findUniqueOrThrow({ where: { id: key.id } })).revokedAt).toBeNull();
  });

  it("below Enterprise the section is locked with Unlock and the server refuses creating keys (403)", async () => {
    const trial = await registerOwner(server, "Trial Cleaning"); // a trial is a trial of Pro
    const page = await trial.client.get("/app/settings/api-keys");
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-feature-locked="api_access"');
    expect(page.text).toContain("Unlock");
    expect(page.text).toContain("ENTERPRISE");
    const refused = await trial.client.post("/app/settings/api-keys", { intent: "api-key-create", name: "CRM" });
    expect(refused.status).toBe(403);
    expect(refused.text).toContain("API access needs the Enterprise plan.");

    const pro = await registerOwner(server, "Pro Cleaning");
    await setPlan(pro.businessId, "Pro");
    expect((await pro.client.post("/app/settings/api-keys", { intent: "api-key-create", name: "CRM" })).status).toBe(403);
    expect(await server.services.db.apiKey.count({ where: { businessId: { in: [trial.businessId, pro.businessId] } } })).toBe(0);
  });
});

describe("REST API authentication and plan", () => {
  it("answers 401 without a key, with another scheme or with an unknown key", async () => {
    const missing = await api(null, "/api/v1/leads");
    expect(missing.status).toBe(401);
    expect(missing.body.error.code).toBe("unauthorized");
    expect(missing.body.error.message).toContain("Authorization: Bearer");
    expect(missing.headers.get("WWW-Authenticate")).toContain("Bearer");

    const basic = await fetch(new URL("/api/v1/leads", server.url), { headers: { Authorization: "Basic dXNlcjpwYXNz" } });
    expect(basic.status).toBe(401);
    expect((await basic.json()).error.code).toBe("unauthorized");

    const unknown = await api(`lb_live_${"A".repeat(43)}`, "/api/v1/leads");
    expect(unknown.status).toBe(401);
    expect(unknown.body.error.code).toBe("unauthorized");
    expect((await api("not-a-key", "/api/v1/leads/abc")).status).toBe(401);
  });

  it("checks the plan at every request: a downgraded or expired business's keys get 403 plan_required", async () => {
    const owner = await enterpriseOwner();
    const secret = await createKey(owner.client);
    expect((await api(secret, "/api/v1/leads")).status).toBe(200);

    await setPlan(owner.businessId, "Pro");
    const downgraded = await api(secret, "/api/v1/leads");
    expect(downgraded.status).toBe(403);
    expect(downgraded.body).toEqual({
      error: { code: "plan_required", message: "API access needs the Enterprise plan. Upgrade in Settings → Billing & Subscription." },
    });
    expect((await api(secret, "/api/v1/leads", { body: validLead })).status).toBe(403);
    expect(await server.services.db.lead.count({ where: { businessId: owner.businessId } })).toBe(0);

    // A trial of Enterprise that has ended: no subscription, no API.
    await setPlan(owner.businessId, "Enterprise", "trial");
    await expireTrial(server, owner.businessId);
    expect((await api(secret, "/api/v1/leads")).status).toBe(403);

    await setPlan(owner.businessId, "Enterprise");
    expect((await api(secret, "/api/v1/leads")).status).toBe(200);
  });

  it("records lastUsedAt, at most once a minute", async () => {
    const owner = await enterpriseOwner();
    const secret = await createKey(owner.client);
    const read = () => server.services.db.apiKey.findFirstOrThrow({ where: { businessId: owner.businessId } });
    expect((await read()).lastUsedAt).toBeNull();
    const before = Date.now();
    await api(secret, "/api/v1/leads");
    const first = (await read()).lastUsedAt!;
    expect(first.getTime()).toBeGreaterThanOrEqual(before - 1000);
    await api(secret, "/api/v1/leads");
    expect((await read()).lastUsedAt).toEqual(first);
    // A minute later the next request records the time again.
    await server.services.db.apiKey.updateMany({ where: { businessId: owner.businessId }, data: { lastUsedAt: new Date(Date.now() - 61_000) } });
    await api(secret, "/api/v1/leads");
    expect((await read()).lastUsedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const page = await owner.client.get("/app/settings/api-keys");
    expect(page.text).not.toMatch(/<td[^>]*>Never<\/td>/);
  });

  it("limits each key to 60 requests a minute (429 with Retry-After); other keys are not affected", async () => {
    const owner = await enterpriseOwner();
    const busy = await createKey(owner.client, "Busy");
    const calm = await createKey(owner.client, "Calm");
    for (let i = 0; i < 60; i += 1) {
      const res = await api(busy, "/api/v1/leads?limit=1");
      expect(res.status).toBe(200);
      if (i === 0) expect(res.headers.get("X-RateLimit-Limit")).toBe("60");
    }
    const limited = await api(busy, "/api/v1/leads?limit=1");
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe("rate_limited");
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await api(calm, "/api/v1/leads?limit=1")).status).toBe(200);
  });
});

describe("REST API leads", () => {
  it("creates a lead like the Add a lead form (scored, source api, history, reminder) and pushes it live", async () => {
    const owner = await enterpriseOwner();
    const secret = await createKey(owner.client);
    const socket = ioClient(`${server.url}/workspace`, {
      transports: ["websocket"],
      reconnection: false,
      forceNew: true,
      extraHeaders: { Cookie: [...owner.client.cookies].map(([k, v]) => `${k}=${v}`).join("; "), Origin: server.url },
    });
    sockets.push(socket);
    const heard: LeadSummary[] = [];
    socket.on("lead:created", ({ lead }: { lead: LeadSummary }) => heard.push(lead));
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", () => resolve());
      socket.once("connect_error", reject);
    });

    const res = await api(secret, "/api/v1/leads", { body: validLead });
    expect(res.status).toBe(201);
    const lead = res.body.data;
    expect(res.headers.get("Location")).toBe(`/api/v1/leads/${lead.id}`);
    expect(lead).toMatchObject({
      name: "Nora Fields",
      email: "nora@fieldsmed.example",
      // Sent as "(555) 123-4567": stored normalised, as from the form and the chat (server/format/phone.ts).
      phone: "+15551234567",
      company: "Fields Medical Plaza",
      buildingSizeSqFt: 60000,
      frequency: "daily",
      budgetMonthlyCents: 1_400_000,
      timeline: "immediate",
      priority: "high",
      status: "new",
      source: "api",
      incomplete: false,
      detailsHidden: false,
    });
    expect(lead.score).toBeGreaterThanOrEqual(8);

    const row = await server.services.db.lead.findUniqueOrThrow({ where: { id: lead.id }, include: { events: true, reminders: true } });
    expect(row).toMatchObject({ businessId: owner.businessId, source: "api" });
    expect(row.events.map((e) => e.type).sort()).toEqual(["created", "note"]);
    expect(row.events.every((e) => e.actorUserId === owner.userId)).toBe(true);
    expect(row.reminders).toHaveLength(1);
    // API leads count in the month's usage (decision 0010), unlike leads typed in by hand.
    const usage = await server.services.db.leadUsage.findMany({ where: { businessId: owner.businessId } });
    expect(usage.map((u) => u.count)).toEqual([1]);

    await expect.poll(() => heard.map((l) => l.id)).toEqual([lead.id]);

    const read = await api(secret, `/api/v1/leads/${lead.id}`);
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual(lead);
  });

  it("answers 400 with a message per invalid field, and for a body that is not a JSON object", async () => {
    const owner = await enterpriseOwner();
    const secret = await createKey(owner.client);
    const empty = await api(secret, "/api/v1/leads", { body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.error.code).toBe("validation_failed");
    expect(empty.body.error.fields.name).toBe("Please enter the contact's name");

    const many = await api(secret, "/api/v1/leads", {
      body: { name: "Ann", email: "not-an-email", frequency: "hourly", buildingSizeSqFt: -5, monthlyBudget: "lots", timeline: true },
    });
    expect(many.status).toBe(400);
    expect(many.body.error.fields).toMatchObject({
      email: "Invalid email address",
      frequency: "Please choose a cleaning frequency",
      buildingSizeSqFt: "Building size must be a whole number of square feet",
      monthlyBudget: "Monthly budget must be an amount in dollars",
      timeline: "timeline must be a string",
    });

    const noContact = await api(secret, "/api/v1/leads", { body: { name: "Ann" } });
    expect(noContact.status).toBe(400);
    expect(noContact.body.error.fields).toEqual({ email: "Please enter an email address or a phone number" });

    const notJson = await api(secret, "/api/v1/leads", { rawBody: "name=Ann" });
    expect(notJson.status).toBe(400);
    expect(notJson.body.error.code).toBe("invalid_json");
    const array = await api(secret, "/api/v1/leads", { rawBody: "[]" });
    expect(array.status).toBe(400);
    expect(array.body.error.code).toBe("invalid_json");
    // A NUL in a field (PostgreSQL refuses it: once a 500) or in the address is refused before the database.
    const nul = await api(secret, "/api/v1/leads", { body: { ...validLead, company: "Fields\u0000Plaza" } });
    expect(nul.status).toBe(400);
    expect(nul.body.error.code).toBe("validation_failed");
    const nulId = await api(secret, "/api/v1/leads/abc%00def");
    expect(nulId.status).toBe(400);
    expect(nulId.body.error.code).toBe("validation_failed");
    expect(await server.services.db.lead.count({ where: { businessId: owner.businessId } })).toBe(0);
  });

  it("lists leads newest first with page/limit (≤ 100) and priority/status filters", async () => {
    const owner = await enterpriseOwner();
    const secret = await createKey(owner.client);
    const db = server.services.db;
    const base = Date.now() - 60 * 60_000;
    const specs = [
      { name: "Lead 1", priority: "high", status: "new" },
      { name: "Lead 2", priority: "low", status: "contacted" },
      { name: "Lead 3", priority: "high", status: "won" },
      { name: "Lead 4", priority: "medium", status: "new" },
      { name: "Lead 5", priority: "high", status: "new" },
    ] as const;
    for (const [i, spec] of specs.entries()) {
      await db.lead.create({
        data: { businessId: owner.businessId, ...spec, email: `lead${i + 1}@example.com`, score: 7, source: "manual", createdAt: new Date(base + i * 60_000) },
      });
    }
    const page1 = await api(secret, "/api/v1/leads?limit=2");
    expect(page1.status).toBe(200);
    expect(page1.body.data.map((l: { name: string }) => l.name)).toEqual(["Lead 5", "Lead 4"]);
    expect(page1.body.pagination).toEqual({ page: 1, limit: 2, hasMore: true });
    const page3 = await api(secret, "/api/v1/leads?limit=2&page=3");
    expect(page3.body.data.map((l: { name: string }) => l.name)).toEqual(["Lead 1"]);
    expect(page3.body.pagination).toEqual({ page: 3, limit: 2, hasMore: false });
    const beyond = await api(secret, "/api/v1/leads?limit=2&page=4");
    expect(beyond.body).toEqual({ data: [], pagination: { page: 4, limit: 2, hasMore: false } });

    const all = await api(secret, "/api/v1/leads");
    expect(all.body.data).toHaveLength(5);
    expect(all.body.pagination.limit).toBe(25);
    expect(Object.keys(all.body.data[0]).sort()).toEqual(
      ["company", "createdAt", "detailsHidden", "email", "id", "incomplete", "isTest", "name", "phone", "priority", "score", "source", "status"].sort(),
    );

    const high = await api(secret, "/api/v1/leads?priority=high");
    expect(high.body.data.map((l: { name: string }) => l.name)).toEqual(["Lead 5", "Lead 3", "Lead 1"]);
    const highNew = await api(secret, "/api/v1/leads?priority=high&status=new");
    expect(highNew.body.data.map((l: { name: string }) => l.name)).toEqual(["Lead 5", "Lead 1"]);
    expect((await api(secret, "/api/v1/leads?limit=100")).status).toBe(200);

    const bad = await api(secret, "/api/v1/leads?limit=101&page=0&priority=urgent&status=closed");
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("validation_failed");
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(["limit", "page", "priority", "status"]);
    expect(bad.body.error.fields.limit).toBe("limit must be a whole number from 1 to 100");
  });

  it("never shows another business's leads: their lead id is 404, and lists are scoped", async () => {
    const mine = await enterpriseOwner();
    const theirs = await enterpriseOwner("Rival Cleaning");
    const mySecret = await createKey(mine.client);
    const theirSecret = await createKey(theirs.client);
    const created = await api(theirSecret, "/api/v1/leads", { body: { name: "Their Lead", phone: "555-0100" } });
    expect(created.status).toBe(201);
    const theirLeadId: string = created.body.data.id;

    const res = await api(mySecret, `/api/v1/leads/${theirLeadId}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: "not_found", message: "Lead not found." } });
    expect((await api(mySecret, "/api/v1/leads/does-not-exist")).status).toBe(404);
    expect((await api(mySecret, "/api/v1/leads")).body.data).toEqual([]);
    expect((await api(theirSecret, `/api/v1/leads/${theirLeadId}`)).status).toBe(200);
  });

  it("answers JSON for unknown addresses and methods", async () => {
    const owner = await enterpriseOwner();
    const secret = await createKey(owner.client);
    const unknown = await api(secret, "/api/v1/customers");
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe("not_found");
    const del = await api(secret, "/api/v1/leads/abc", { method: "DELETE" });
    expect(del.status).toBe(405);
    expect(del.body.error.code).toBe("method_not_allowed");
  });
});
