// The OpenAPI document against the real server: served at GET /api/v1/openapi.json without a key
// (cacheable, other methods refused), linked from the API docs page, and every documented operation,
// called over HTTP with an Enterprise key, answers a status the document lists for it with a body of
// exactly the documented shape (no undocumented field, none missing). server/api/openapi.test.ts checks
// the document against the OpenAPI 3.1 schema and the route files.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildOpenApiDocument, OPENAPI_PATH } from "#server/api/openapi.server.ts";
import { saveAvailability } from "#server/appointments/settings.server.ts";
import { nextFreeSlots } from "#server/appointments/commands.server.ts";
import { commandContext } from "#server/events/command-context.server.ts";
import { DEFAULT_AVAILABILITY } from "#shared/appointments/availability.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { registerOwner, type Owner } from "./billing-support.ts";

type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
};
type Operation = { responses: Record<string, { content?: { "application/json": { schema: Schema } } }> };
type Doc = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };

const doc = buildOpenApiDocument() as unknown as Doc;
const API_KEY = /lb_live_[A-Za-z0-9_-]{43}/;

let server: TestServer;

beforeAll(async () => {
  // Loopback hook URLs are allowed (the development switch); subscribing never connects anywhere.
  server = await startTestServer({ seedDemo: false, env: { WEBHOOKS_ALLOW_LOOPBACK: "true" } });
});

afterAll(async () => {
  await server?.close();
});

/** Every difference between a JSON value and a schema of the document (refs, types, enums, fields). */
function mismatches(schema: Schema, value: unknown, at = "$"): string[] {
  if (schema.$ref) return mismatches(doc.components.schemas[schema.$ref.split("/").pop()!]!, value, at);
  const types = schema.type === undefined ? [] : [schema.type].flat();
  const actual = value === null ? "null" : Array.isArray(value) ? "array" : Number.isInteger(value) ? "integer" : typeof value;
  if (types.length > 0 && !types.includes(actual) && !(actual === "integer" && types.includes("number"))) return [`${at}: ${actual}, documented ${types.join("|")}`];
  if (schema.enum && !schema.enum.includes(value)) return [`${at}: ${JSON.stringify(value)} not in the documented enum`];
  if (actual === "array" && schema.items) return (value as unknown[]).flatMap((item, i) => mismatches(schema.items!, item, `${at}[${i}]`));
  if (actual === "object" && schema.properties) {
    const object = value as Record<string, unknown>;
    const problems = Object.keys(object).filter((k) => !(k in schema.properties!)).map((k) => `${at}.${k}: not documented`);
    for (const name of schema.required ?? []) if (!(name in object)) problems.push(`${at}.${name}: documented as required, missing`);
    for (const [name, property] of Object.entries(schema.properties)) if (name in object) problems.push(...mismatches(property, object[name], `${at}.${name}`));
    return problems;
  }
  return [];
}

describe("the OpenAPI document on the real server", () => {
  let owner: Owner & { apiKey: string };

  beforeAll(async () => {
    const registered = await registerOwner(server, "Spec Conformance Cleaning");
    await server.services.db.business.update({ where: { id: registered.businessId }, data: { subscriptionStatus: "active", plan: "Enterprise" } });
    const res = await registered.client.post("/app/settings/api-keys", { intent: "api-key-create", name: "OpenAPI conformance" });
    const apiKey = API_KEY.exec(res.text)?.[0];
    if (!apiKey) throw new Error("no API key");
    owner = { ...registered, apiKey };
  });

  /** Calls an operation as documented and checks the answer against the document; the parsed body. */
  async function call(method: string, template: string, path: string, body?: unknown, key: string | null = owner.apiKey) {
    const res = await fetch(new URL(path, server.url), {
      method: method.toUpperCase(),
      headers: { ...(key ? { Authorization: `Bearer ${key}` } : {}), ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const operation = doc.paths[template]?.[method];
    expect(operation, `${method} ${template} is documented`).toBeDefined();
    const documented = operation!.responses[String(res.status)];
    expect(documented, `${method} ${path} answered ${res.status}, which the document does not list`).toBeDefined();
    const text = await res.text();
    const json: unknown = text ? JSON.parse(text) : null;
    const schema = documented!.content?.["application/json"]?.schema;
    if (schema) expect(mismatches(schema, json), `${method} ${path} ${res.status}`).toEqual([]);
    else expect(text, `${method} ${path} ${res.status} has no documented body`).toBe("");
    return { status: res.status, headers: res.headers, json: json as Record<string, any> };
  }

  it("is served without a key, cacheable, and only to GET", async () => {
    const res = await fetch(new URL(OPENAPI_PATH, server.url));
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=3600");
    expect(res.headers.get("Content-Type")).toContain("application/json");
    expect(await res.json()).toEqual(doc);

    const post = await fetch(new URL(OPENAPI_PATH, server.url), { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    expect(post.status).toBe(405);
    expect(post.headers.get("Allow")).toBe("GET");
    expect((await post.json()).error.code).toBe("method_not_allowed");
  });

  it("is linked from the API docs page", async () => {
    const page = await owner.client.get("/app/settings/api-docs");
    expect(page.status).toBe(200);
    expect(page.text).toContain(`href="${OPENAPI_PATH}"`);
  });

  it("describes what every operation really answers, successes and errors", async () => {
    // Without a key: 401 in the error envelope, on every keyed operation.
    expect((await call("get", "/api/v1/leads", "/api/v1/leads", undefined, null)).status).toBe(401);
    expect((await call("delete", "/api/v1/hooks/{id}", "/api/v1/hooks/nope", undefined, null)).status).toBe(401);

    const created = await call("post", "/api/v1/leads", "/api/v1/leads", {
      name: "Priya Raman",
      email: "priya@harbourview.example",
      buildingSizeSqFt: 30000,
      frequency: "weekly",
      monthlyBudget: "$3,000",
      timeline: "within_30_days",
      note: "Found us through the API",
    });
    expect(created.status).toBe(201);
    const leadId = created.json.data.id as string;
    expect((await call("post", "/api/v1/leads", "/api/v1/leads", { email: "x" })).status).toBe(400);

    const list = await call("get", "/api/v1/leads", "/api/v1/leads?priority=high&limit=5");
    expect(list.status).toBe(200);
    expect((await call("get", "/api/v1/leads", "/api/v1/leads")).json.data).toHaveLength(1);
    expect((await call("get", "/api/v1/leads", "/api/v1/leads?limit=500")).status).toBe(400);

    expect((await call("get", "/api/v1/leads/{id}", `/api/v1/leads/${leadId}`)).status).toBe(200);
    expect((await call("get", "/api/v1/leads/{id}", "/api/v1/leads/not-a-lead")).status).toBe(404);

    const patched = await call("patch", "/api/v1/leads/{id}", `/api/v1/leads/${leadId}`, { status: "won", value: 3000, note: "Signed" });
    expect(patched.status).toBe(200);
    expect(patched.json.data.valueCents).toBe(300000);
    expect((await call("patch", "/api/v1/leads/{id}", `/api/v1/leads/${leadId}`, {})).status).toBe(400);

    // A conversation with a transcript, so the listed item's shape is checked too.
    const chatbot = await server.services.db.chatbot.findFirstOrThrow({ where: { businessId: owner.businessId } });
    const conversation = await server.services.db.conversation.create({
      data: { businessId: owner.businessId, chatbotId: chatbot.id, visitorId: "visitor-openapi", pageUrl: "https://harbourview.example/quote", lastSeq: 1 },
    });
    await server.services.db.message.create({ data: { conversationId: conversation.id, businessId: owner.businessId, seq: 1, role: "bot", text: "Hi! What kind of cleaning do you need?" } });
    const conversations = await call("get", "/api/v1/conversations", "/api/v1/conversations?lead=without");
    expect(conversations.json.data).toHaveLength(1);
    expect(conversations.json.data[0].messages).toHaveLength(1);
    expect((await call("get", "/api/v1/conversations", "/api/v1/conversations?lead=maybe")).status).toBe(400);

    const hook = await call("post", "/api/v1/hooks", "/api/v1/hooks", { target_url: "https://127.0.0.1:9/hooks/leadbroom", event: "lead.created" });
    expect(hook.status).toBe(201);
    expect(hook.json.data.secret).toMatch(/^whsec_/);
    expect((await call("post", "/api/v1/hooks", "/api/v1/hooks", { url: "https://127.0.0.1:9/x", events: ["lead.deleted"] })).status).toBe(400);
    expect((await call("get", "/api/v1/hooks", "/api/v1/hooks")).json.data).toHaveLength(1);
    expect((await call("delete", "/api/v1/hooks/{id}", `/api/v1/hooks/${hook.json.data.id}`)).status).toBe(204);
    expect((await call("delete", "/api/v1/hooks/{id}", `/api/v1/hooks/${hook.json.data.id}`)).status).toBe(404);
  });

  it("books, lists, moves and cancels appointments as documented, only in the key's business (issue 31)", async () => {
    const db = server.services.db;
    const day = { start: "08:00", end: "18:00" };
    const live = { leadCreated: () => {}, leadUpdated: () => {} };
    const saved = await saveAvailability(commandContext(server.services, live), {
      businessId: owner.businessId,
      input: { ...DEFAULT_AVAILABILITY, enabled: true, windows: { "0": [day], "1": [day], "2": [day], "3": [day], "4": [day], "5": [day], "6": [day] }, memberIds: [owner.userId] },
    });
    expect(saved.ok).toBe(true);
    const lead = await call("post", "/api/v1/leads", "/api/v1/leads", { name: "Ada Booker", email: "ada@booker.example" });
    const leadId = lead.json.data.id as string;
    const [first, second] = await nextFreeSlots(db, owner.businessId, new Date(), { limit: 2 });

    // Validation: no offset, a missing lead, another business's lead, a time outside the availability.
    const noOffset = await call("post", "/api/v1/appointments", "/api/v1/appointments", { leadId, startsAt: "2026-12-01T10:00:00" });
    expect(noOffset.status).toBe(400);
    expect(Object.keys(noOffset.json.error.fields)).toEqual(["startsAt"]);
    expect((await call("post", "/api/v1/appointments", "/api/v1/appointments", { leadId: "not-a-lead", startsAt: first!.startsAt })).json.error.fields).toEqual({ leadId: "No lead with this id in your business" });
    const stranger = await registerOwner(server, "Stranger Cleaning");
    const strangerLead = await db.lead.create({ data: { businessId: stranger.businessId, name: "Not yours", source: "manual", score: 5, priority: "low" } });
    expect((await call("post", "/api/v1/appointments", "/api/v1/appointments", { leadId: strangerLead.id, startsAt: first!.startsAt })).status).toBe(400);
    const past = await call("post", "/api/v1/appointments", "/api/v1/appointments", { leadId, startsAt: "2020-01-06T15:00:00Z" });
    expect(past.status).toBe(400);
    expect(past.json.error.message).toBe("That time has already passed. Please pick one of the times below.");
    expect(past.json.error.nextSlots).toEqual(expect.arrayContaining([first!.startsAt]));

    // Booked, the same request again answers the same visit (200), listed and read.
    const booked = await call("post", "/api/v1/appointments", "/api/v1/appointments", { leadId, startsAt: first!.startsAt });
    expect(booked.status).toBe(201);
    expect(booked.headers.get("Location")).toBe(`/api/v1/appointments/${booked.json.data.id}`);
    expect(booked.json.data).toMatchObject({ leadId, startsAt: first!.startsAt, status: "booked", createdBy: "api", assigneeUserId: owner.userId, sequence: 0 });
    const again = await call("post", "/api/v1/appointments", "/api/v1/appointments", { leadId, startsAt: first!.startsAt });
    expect([again.status, again.json.data.id]).toEqual([200, booked.json.data.id]);
    const id = booked.json.data.id as string;
    expect((await call("get", "/api/v1/appointments", `/api/v1/appointments?lead=${leadId}&status=booked`)).json.data.map((a: { id: string }) => a.id)).toEqual([id]);
    expect((await call("get", "/api/v1/appointments", "/api/v1/appointments?status=maybe")).status).toBe(400);
    expect((await call("get", "/api/v1/appointments", `/api/v1/appointments?from=${encodeURIComponent(second!.startsAt)}`)).json.data).toEqual([]);
    expect((await call("get", "/api/v1/appointments/{id}", `/api/v1/appointments/${id}`)).json.data.id).toBe(id);

    // Another lead at the same time: taken (409) with the next free times; the slot is booked once.
    const other = await call("post", "/api/v1/leads", "/api/v1/leads", { name: "Ben Late", email: "ben@late.example" });
    const taken = await call("post", "/api/v1/appointments", "/api/v1/appointments", { leadId: other.json.data.id, startsAt: first!.startsAt });
    expect(taken.status).toBe(409);
    expect(taken.json.error.nextSlots.length).toBeGreaterThan(0);
    expect(taken.json.error.nextSlots).not.toContain(first!.startsAt);

    // Moved, then cancelled; another business's key sees none of it.
    const moved = await call("post", "/api/v1/appointments/{id}/reschedule", `/api/v1/appointments/${id}/reschedule`, { startsAt: second!.startsAt });
    expect(moved.json.data).toMatchObject({ status: "rescheduled", startsAt: second!.startsAt, sequence: 1 });
    expect((await call("post", "/api/v1/appointments/{id}/reschedule", `/api/v1/appointments/${id}/reschedule`, { startsAt: "soon" })).status).toBe(400);
    const cancelled = await call("post", "/api/v1/appointments/{id}/cancel", `/api/v1/appointments/${id}/cancel`);
    expect(cancelled.json.data).toMatchObject({ status: "cancelled", sequence: 2 });
    expect((await call("post", "/api/v1/appointments/{id}/reschedule", `/api/v1/appointments/${id}/reschedule`, { startsAt: first!.startsAt })).status).toBe(409);
    expect((await call("post", "/api/v1/appointments/{id}/cancel", "/api/v1/appointments/nope/cancel")).status).toBe(404);
    await db.business.update({ where: { id: stranger.businessId }, data: { subscriptionStatus: "active", plan: "Enterprise" } });
    const strangerKey = API_KEY.exec((await stranger.client.post("/app/settings/api-keys", { intent: "api-key-create", name: "Stranger" })).text)![0];
    expect((await call("get", "/api/v1/appointments/{id}", `/api/v1/appointments/${id}`, undefined, strangerKey)).status).toBe(404);
    expect((await call("post", "/api/v1/appointments/{id}/cancel", `/api/v1/appointments/${id}/cancel`, undefined, strangerKey)).status).toBe(404);
    expect((await call("get", "/api/v1/appointments", "/api/v1/appointments", undefined, strangerKey)).json.data).toEqual([]);
    expect(await db.appointment.count({ where: { businessId: owner.businessId } })).toBe(1);
  }, 120_000);
});
