// People's data rights (issue 35 item 2, decision 0074) against the real server: erasing one person leaves
// no trace of their e-mail, phone or name in any text column of any table (the job outbox included) nor
// in the outbox folder, keeps the analytics roll-ups and the counts, touches no other business, and is
// logged without personal data; the whole-business export's zip holds what it should (and no secrets),
// behind an owner-only, business-scoped, expiring link; transcript retention by the hourly job; deleting
// the business after its grace period, cancelled or purged; support members get 403 everywhere.
import { readdir, readFile } from "node:fs/promises";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commandContext } from "#server/events/command-context.server.ts";
import { createLead } from "#server/leads/commands.server.ts";
import { AUTOMATION_QUEUE, EVENT_QUEUE, MAIL_QUEUE, PRIVACY_EXPORT_QUEUE, PRIVACY_TICK, PUSH_QUEUE, WEBHOOK_QUEUE } from "#server/jobs/queue/queues.ts";
import { purgeBusiness } from "#server/privacy/lifecycle.server.ts";
import { runPrivacyTick } from "#server/privacy/privacy-jobs.server.ts";
import type { HttpClient } from "../support/http-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { addSupportMember, registerOwner, type Owner } from "./billing-support.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ seedDemo: false });
});

afterAll(async () => {
  await server?.close();
});

/** Under a loaded machine a test's several server round trips and jobs take a while: generous bounds. */
const SLOW = 300_000;
const live = { leadCreated: () => {}, leadUpdated: () => {} };
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

function cookieOf(client: HttpClient): string {
  return [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
}

async function fetchAs(client: HttpClient, path: string) {
  return fetch(new URL(path, server.url), { headers: { Cookie: cookieOf(client) }, redirect: "manual" });
}

/** No job of these queues is due or running (a delayed one, like the e-mail queued below, may wait). */
async function dueJobsDone(queues: string[]): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const [row] = await server.services.db.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM pgboss.job WHERE name = ANY(${queues}::text[]) AND state IN ('created', 'retry', 'active') AND start_after <= now()`;
    if (!row?.n) return;
    if (Date.now() > deadline) throw new Error(`jobs of ${queues.join(", ")} still due after 120 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

type Person = { name: string; email: string; phone: string };

/** A person known to the business in every way it can know someone: lead, chat, SMS, prospect, e-mails, jobs. */
async function seedPerson(owner: Owner, person: Person, tag: string) {
  const { db } = server.services;
  const businessId = owner.businessId;
  const chatbot = await db.chatbot.findFirstOrThrow({ where: { businessId } });
  const conversation = await db.conversation.create({
    data: { businessId, chatbotId: chatbot.id, visitorId: `visitor-${tag}`, lastSeq: 3, pageUrl: `https://example.com/?utm_source=${tag}&who=${encodeURIComponent(person.email)}`, state: { answers: { name: person.name, email: person.email } } },
  });
  await db.message.createMany({
    data: [
      { businessId, conversationId: conversation.id, seq: 1, role: "visitor", text: `Hi, I'm ${person.name}` },
      { businessId, conversationId: conversation.id, seq: 2, role: "visitor", text: `${person.email}, or call ${person.phone}` },
      { businessId, conversationId: conversation.id, seq: 3, role: "bot", text: `Thanks ${person.name}! We'll be in touch.` },
    ],
  });
  // Through the real command: its domain events and subscribers' jobs (lead alerts, pushes) are queued.
  const created = await createLead(commandContext(server.services, live), { businessId, fields: { name: person.name, email: person.email, phone: person.phone, company: `${person.name} Holdings`, buildingSizeSqFt: 60000, frequency: "daily", timeline: "immediate" } }, { source: "manual", actorUserId: owner.userId });
  if (!created.ok) throw new Error(created.error);
  const leadId = created.value.leadId;
  await db.lead.update({ where: { id: leadId }, data: { conversationId: conversation.id, customAnswers: [{ id: "q1", question: "Who refers you?", answer: `${person.name} herself` }] } });
  await db.leadEvent.create({ data: { businessId, leadId, type: "email_sent", data: { to: person.email, subject: `Quote for ${person.name}` }, actorUserId: owner.userId } });
  await db.reminder.create({ data: { businessId, leadId, dueAt: new Date(Date.now() + 86_400_000), note: `Call ${person.name} back` } });
  await db.notification.create({ data: { businessId, type: "new-lead", text: `New lead: ${person.name}`, leadId } });
  await db.prospect.create({ data: { businessId, name: person.name, firstName: person.name.split(" ")[0]!, company: `${person.name} Holdings`, email: person.email, profileUrl: `https://linkedin.example/${tag}` } });
  await db.smsConsent.create({ data: { businessId, phone: person.phone, wording: "Text me", conversationId: conversation.id } });
  await db.smsSuppression.create({ data: { businessId, phone: person.phone, keyword: "STOP" } });
  await db.emailSuppression.create({ data: { businessId, email: person.email, source: "link" } });
  await db.smsMessage.create({ data: { businessId, direction: "inbound", kind: "inbound", fromPhone: person.phone, toPhone: "+15550000000", body: `This is ${person.name}`, status: "received", conversationId: conversation.id } });
  await db.phoneCall.create({ data: { businessId, callSid: `CA${tag}`, fromPhone: person.phone, status: "no-answer", leadId } });
  await db.emailDelivery.create({ data: { businessId, key: `lead-email:${leadId}`, kind: "lead-email", to: person.email, subject: `Your quote, ${person.name}`, messageId: `<${tag}@leadbroom>`, status: "sent" } });
  const endpoint = await db.webhookEndpoint.create({ data: { businessId, url: "https://hooks.example/x", events: ["lead.created"], secretEncrypted: "v1.x.y.z", secretPrefix: "whsec_abcd" } });
  await db.webhookDelivery.create({ data: { businessId, endpointId: endpoint.id, key: `lead.created:${leadId}:${endpoint.id}`, event: "lead.created", body: JSON.stringify({ lead: { id: leadId, name: person.name, email: person.email, phone: person.phone } }) } });
  const appointmentStart = new Date(Date.now() + 3 * 86_400_000);
  await db.appointment.create({ data: { businessId, leadId, startsAt: appointmentStart, endsAt: new Date(appointmentStart.getTime() + 45 * 60_000), createdBy: "visitor", assignmentReason: "only one free", manageNonce: `n-${tag}` } });
  // What the new lead set off (alerts, pushes) has run; then a queued e-mail to them (delayed, so it is
  // still in the job outbox) and one written to the outbox folder.
  await dueJobsDone([EVENT_QUEUE, MAIL_QUEUE, PUSH_QUEUE, WEBHOOK_QUEUE, AUTOMATION_QUEUE]);
  await server.services.jobs.enqueue(db, [
    { name: MAIL_QUEUE, key: `test-mail:${tag}`, runAt: new Date(Date.now() + 86_400_000), data: { businessId, kind: "lead-email", message: { to: person.email, subject: `Hello ${person.name}`, text: `Dear ${person.name}`, html: `<p>Dear ${person.name}</p>` } } },
  ]);
  await server.services.mailer.send({ to: person.email, subject: `Hello ${person.name}`, text: `Dear ${person.name}, call ${person.phone}`, html: "<p>Hi</p>" });
  return { leadId, conversationId: conversation.id };
}

/** Every text-like column of every table (public and the job schema) holding `needle`: "table.column" names. */
async function tracesOf(needle: string): Promise<string[]> {
  const { db } = server.services;
  const columns = await db.$queryRaw<{ schema: string; table: string; column: string }[]>`
    SELECT c.table_schema AS "schema", c.table_name AS "table", c.column_name AS "column"
      FROM information_schema.columns c JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
     WHERE c.table_schema IN ('public', 'pgboss') AND t.table_type = 'BASE TABLE'
       AND (c.data_type IN ('text', 'character varying', 'json', 'jsonb') OR c.udt_name IN ('_text', '_varchar'))`;
  const found: string[] = [];
  for (const { schema, table, column } of columns) {
    const [row] = await db.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM "${schema}"."${table}" WHERE "${column}"::text ILIKE $1`, `%${needle}%`);
    if (row && row.n > 0) found.push(`${schema}.${table}.${column}`);
  }
  return found;
}

async function outboxHolding(needle: string): Promise<number> {
  const dir = server.services.outboxDir;
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith(".json"));
  let n = 0;
  for (const f of files) if ((await readFile(`${dir}/${f}`, "utf8")).toLowerCase().includes(needle.toLowerCase())) n++;
  return n;
}

async function rollups(businessId: string) {
  const [row] = await server.services.db.$queryRaw<{ leads: number; high: number; score: string; conversations: number }[]>`
    SELECT (SELECT coalesce(sum("leads"), 0)::int FROM "AnalyticsLeadDay" WHERE "businessId" = ${businessId}) AS "leads",
           (SELECT coalesce(sum("high"), 0)::int FROM "AnalyticsLeadDay" WHERE "businessId" = ${businessId}) AS "high",
           (SELECT coalesce(sum("scoreSum"), 0)::text FROM "AnalyticsLeadDay" WHERE "businessId" = ${businessId}) AS "score",
           (SELECT coalesce(sum("conversations"), 0)::int FROM "AnalyticsConversationDay" WHERE "businessId" = ${businessId}) AS "conversations"`;
  return row;
}

describe("erasing one person", () => {
  const zelda: Person = { name: "Zelda Quixotefield", email: "zelda.q@erase-me.example", phone: "+15557654321" };
  const other: Person = { name: "Otto Keepington", email: "otto@keep-me.example", phone: "+15551112222" };
  let owner: Owner;
  let otherBusiness: Owner;

  it("finds the person first and erases nothing until confirmed", async () => {
    owner = await registerOwner(server, "Erasure Cleaning");
    otherBusiness = await registerOwner(server, "Other Cleaning");
    await seedPerson(owner, zelda, "zelda");
    await seedPerson(owner, other, "otto");
    // The same person is also known to another business, which did not ask.
    await seedPerson(otherBusiness, zelda, "zelda-other");

    const bad = await owner.client.post("/app/settings/privacy", { intent: "person-search", person: "not a contact" });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("Enter a valid e-mail address or phone number");
    const none = await owner.client.post("/app/settings/privacy", { intent: "person-search", person: "nobody@nowhere.example" });
    expect(none.status).toBe(404);
    expect(none.text).toContain("Nothing in your business matches");

    const found = await owner.client.post("/app/settings/privacy", { intent: "person-search", person: "ZELDA.Q@erase-me.example" });
    expect(found.status).toBe(200);
    expect(found.text).toContain(zelda.name);
    expect(await server.services.db.lead.count({ where: { businessId: owner.businessId, email: zelda.email } })).toBe(1);
  }, SLOW);

  it("erases every trace in the business by e-mail, keeps the counts and roll-ups, and logs it without personal data", async () => {
    const { db } = server.services;
    const before = await rollups(owner.businessId);
    const leadCount = await db.lead.count({ where: { businessId: owner.businessId } });
    const messageCount = await db.message.count({ where: { businessId: owner.businessId } });
    const res = await owner.client.post("/app/settings/privacy", { intent: "person-erase", person: zelda.email });
    expect(res.status).toBe(200);
    expect(res.text).toContain("The person's data was erased.");

    // Only the other business still knows them: scoped, every trace counted there and nowhere else.
    const otherLead = await db.lead.findFirstOrThrow({ where: { businessId: otherBusiness.businessId, email: zelda.email } });
    expect(otherLead.name).toBe(zelda.name);
    // …and is purged here (as its owner's deletion would, queued jobs included), so what is left is ours to check.
    await db.business.update({ where: { id: otherBusiness.businessId }, data: { deletionScheduledFor: new Date(Date.now() - 1000) } });
    expect((await purgeBusiness({ db, dataDir: server.services.env.DATA_DIR, logger: quiet }, otherBusiness.businessId)).deleted).toBe(true);

    for (const needle of [zelda.email, zelda.phone, zelda.phone.slice(2), zelda.name, "Quixotefield"]) {
      expect({ needle, traces: await tracesOf(needle) }).toEqual({ needle, traces: [] });
      expect(await outboxHolding(needle)).toBe(0);
    }
    // The other person is untouched.
    expect(await tracesOf(other.email)).not.toEqual([]);
    expect((await db.lead.findFirstOrThrow({ where: { businessId: owner.businessId, email: other.email } })).name).toBe(other.name);
    expect(await db.message.count({ where: { businessId: owner.businessId, text: { contains: other.name } } })).toBe(2);

    // Counts and roll-ups as before.
    expect(await db.lead.count({ where: { businessId: owner.businessId } })).toBe(leadCount);
    expect(await db.message.count({ where: { businessId: owner.businessId } })).toBe(messageCount);
    expect(await rollups(owner.businessId)).toEqual(before);

    const [entry] = await db.privacyAuditEntry.findMany({ where: { businessId: owner.businessId, action: "erasure" } });
    expect(entry).toMatchObject({ actorUserId: owner.userId, details: expect.objectContaining({ by: "email", leads: 1, prospects: 1, smsConsents: 1 }) });
    const page = await owner.client.get("/app/settings/privacy");
    expect(page.text).toContain("Erased a person&#x27;s data");
    expect(page.text).not.toContain(zelda.email);

    const again = await owner.client.post("/app/settings/privacy", { intent: "person-search", person: zelda.email });
    expect(again.status).toBe(404);
  }, SLOW);

  it("erases by phone number, whatever way it is typed", async () => {
    const res = await owner.client.post("/app/settings/privacy", { intent: "person-erase", person: "(555) 111-2222" });
    expect(res.status).toBe(200);
    for (const needle of [other.email, other.phone, other.name]) expect(await tracesOf(needle)).toEqual([]);
  }, SLOW);
});

describe("the whole-business export", () => {
  let owner: Owner;
  let exportId: string;

  it("is built by a job into a zip of CSV and JSON, downloaded by the owner", async () => {
    owner = await registerOwner(server, "Export Cleaning");
    const { db } = server.services;
    const { conversationId } = await seedPerson(owner, { name: "Ada Exportson", email: "ada@export.example", phone: "+15553334444" }, "ada");
    await db.automation.create({ data: { businessId: owner.businessId, name: "Hot lead follow-up", type: "email", trigger: "lead_scored", actions: [{ type: "email", template: "Hi {name}", delay: 0 }] } });

    const res = await owner.client.post("/app/settings/privacy", { intent: "export" });
    expect(res.status).toBe(200);
    expect(res.text).toContain("Your export is being prepared.");
    await server.services.jobs.idle([PRIVACY_EXPORT_QUEUE], { timeoutMs: 120_000 });
    const row = await db.dataExport.findFirstOrThrow({ where: { businessId: owner.businessId } });
    expect(row.status).toBe("ready");
    // One export at a time: asked while one is being prepared, the owner is told so.
    const pending = await db.dataExport.create({ data: { businessId: owner.businessId, expiresAt: new Date(Date.now() + 3_600_000) } });
    const twice = await owner.client.post("/app/settings/privacy", { intent: "export" });
    expect(twice.status).toBe(409);
    expect(twice.text).toContain("An export is already being prepared.");
    await db.dataExport.delete({ where: { id: pending.id } });
    exportId = row.id;
    const page = await owner.client.get("/app/settings/privacy");
    expect(page.text).toContain(`/app/settings/data-export/${exportId}`);

    const download = await fetchAs(owner.client, `/app/settings/data-export/${exportId}`);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/zip");
    expect(download.headers.get("content-disposition")).toMatch(/^attachment; filename="leadbroom-export-\d{4}-\d{2}-\d{2}\.zip"$/);
    const files = unzipSync(new Uint8Array(await download.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(
      ["appointments.csv", "appointments.json", "automations.csv", "automations.json", "conversations.csv", "conversations.json", "leads.csv", "leads.json", "manifest.json", "messages.csv", "prospects.csv", "prospects.json", "settings.json"].sort(),
    );
    const text = (name: string) => strFromU8(files[name]!);
    expect(JSON.parse(text("manifest.json"))).toMatchObject({ format: "leadbroom-export", business: { id: owner.businessId, name: "Export Cleaning" }, counts: { leads: 1, conversations: 1, messages: 3, prospects: 1, automations: 1, appointments: 1 } });
    expect(text("leads.csv").split("\n")[0]).toMatch(/^id,name,email,phone,company,/);
    expect(text("leads.csv")).toContain("Ada Exportson,ada@export.example,+15553334444");
    const conversations = JSON.parse(text("conversations.json")) as { id: string; messages: { seq: number; text: string }[] }[];
    expect(conversations).toHaveLength(1);
    expect(conversations[0]).toMatchObject({ id: conversationId, messages: [{ seq: 1, text: "Hi, I'm Ada Exportson" }, { seq: 2, text: "ada@export.example, or call +15553334444" }, { seq: 3 }] });
    expect(text("prospects.csv")).toContain("ada@export.example");
    expect(JSON.parse(text("automations.json"))).toMatchObject([{ name: "Hot lead follow-up", trigger: "lead_scored" }]);
    const settings = JSON.parse(text("settings.json"));
    expect(settings).toMatchObject({ business: { name: "Export Cleaning" }, webhookEndpoints: [{ url: "https://hooks.example/x" }], members: [{ email: owner.email, role: "owner" }] });
    expect(JSON.stringify(settings)).not.toMatch(/secretEncrypted|passwordHash|v1\.x\.y\.z/);
    expect(await db.privacyAuditEntry.count({ where: { businessId: owner.businessId, action: "export" } })).toBe(1);
  }, SLOW);

  it("is only the business's owners' and only until it expires", async () => {
    const stranger = await registerOwner(server, "Stranger Cleaning");
    expect((await fetchAs(stranger.client, `/app/settings/data-export/${exportId}`)).status).toBe(404);
    const support = await addSupportMember(server, owner.businessId);
    expect((await fetchAs(support, `/app/settings/data-export/${exportId}`)).status).toBe(403);
    expect((await fetchAs(support, "/app/settings/privacy")).status).toBe(403);
    expect((await support.post("/app/settings/privacy", { intent: "export" })).status).toBe(403);
    expect((await support.post("/app/settings/privacy", { intent: "person-erase", person: "ada@export.example" })).status).toBe(403);
    expect((await support.post("/app/settings/privacy", { intent: "delete-business", confirmName: "Export Cleaning" })).status).toBe(403);
    expect(await server.services.db.lead.count({ where: { businessId: owner.businessId, email: "ada@export.example" } })).toBe(1);

    await server.services.db.dataExport.update({ where: { id: exportId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await fetchAs(owner.client, `/app/settings/data-export/${exportId}`)).status).toBe(410);
    await runPrivacyTick({ db: server.services.db, dataDir: server.services.env.DATA_DIR, logger: quiet, sessionsEnded: () => {} });
    expect((await server.services.db.dataExport.findUniqueOrThrow({ where: { id: exportId } })).status).toBe("expired");
    expect(await readdir(`${server.services.env.DATA_DIR}/exports/${owner.businessId}`)).toEqual([]);
  }, SLOW);
});

describe("transcript retention", () => {
  it("deletes the messages of conversations older than the setting, in the hourly job", async () => {
    const owner = await registerOwner(server, "Retention Cleaning");
    const { db } = server.services;
    const oldOne = await seedPerson(owner, { name: "Olga Oldtimer", email: "olga@old.example", phone: "+15556667777" }, "olga");
    const recent = await seedPerson(owner, { name: "Rita Recent", email: "rita@recent.example", phone: "+15558889999" }, "rita");
    await db.conversation.update({ where: { id: oldOne.conversationId }, data: { lastMessageAt: new Date(Date.now() - 100 * 86_400_000) } });

    const bad = await owner.client.post("/app/settings/privacy", { intent: "retention", months: "5" });
    expect(bad.status).toBe(400);
    const res = await owner.client.post("/app/settings/privacy", { intent: "retention", months: "3" });
    expect(res.status).toBe(200);
    expect(res.text).toContain("Transcripts older than 3 months will be deleted.");
    expect((await db.business.findUniqueOrThrow({ where: { id: owner.businessId } })).transcriptRetentionMonths).toBe(3);

    await server.services.jobs.enqueue(db, [{ name: PRIVACY_TICK, key: `privacy-tick-test:${Date.now()}`, data: {} }]);
    await server.services.jobs.idle([PRIVACY_TICK], { timeoutMs: 120_000 });
    expect(await db.message.count({ where: { conversationId: oldOne.conversationId } })).toBe(0);
    expect(await db.message.count({ where: { conversationId: recent.conversationId } })).toBe(3);
    expect(await db.conversation.count({ where: { businessId: owner.businessId } })).toBe(2);
    expect(await db.privacyAuditEntry.findFirst({ where: { businessId: owner.businessId, action: "retention_applied" } })).toMatchObject({ actorUserId: null, details: { months: 3, messages: 3 } });

    expect((await owner.client.post("/app/settings/privacy", { intent: "retention", months: "" })).status).toBe(200);
    expect((await db.business.findUniqueOrThrow({ where: { id: owner.businessId } })).transcriptRetentionMonths).toBeNull();
  }, SLOW);
});

describe("deleting the business", () => {
  it("waits 30 days with a banner, can be cancelled, then a job purges everything", async () => {
    const owner = await registerOwner(server, "Doomed Cleaning");
    const keeper = await registerOwner(server, "Keeper Cleaning");
    const { db } = server.services;
    await seedPerson(owner, { name: "Dora Doomed", email: "dora@doomed.example", phone: "+15552223333" }, "dora");
    await seedPerson(keeper, { name: "Kim Kept", email: "kim@kept.example", phone: "+15554445555" }, "kim");

    const wrong = await owner.client.post("/app/settings/privacy", { intent: "delete-business", confirmName: "Doomed" });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain("Type your business&#x27;s name exactly to confirm");
    const asked = await owner.client.post("/app/settings/privacy", { intent: "delete-business", confirmName: "Doomed Cleaning" });
    expect(asked.status).toBe(200);
    const scheduled = (await db.business.findUniqueOrThrow({ where: { id: owner.businessId } })).deletionScheduledFor!;
    expect(Math.abs(scheduled.getTime() - (Date.now() + 30 * 86_400_000))).toBeLessThan(60_000);
    const dashboard = await owner.client.get("/app/leads");
    expect(dashboard.text).toContain("This business is scheduled for deletion.");

    const cancel = await owner.client.post("/app/settings/privacy", { intent: "cancel-deletion" });
    expect(cancel.status).toBe(200);
    expect((await db.business.findUniqueOrThrow({ where: { id: owner.businessId } })).deletionScheduledFor).toBeNull();
    expect((await owner.client.get("/app/leads")).text).not.toContain("This business is scheduled for deletion.");
    // A cancelled deletion is not purged, however late the tick.
    const deps = { db, dataDir: server.services.env.DATA_DIR, logger: quiet, sessionsEnded: () => {} };
    expect((await runPrivacyTick(deps, new Date(Date.now() + 40 * 86_400_000))).businessesPurged).toBe(0);

    expect((await owner.client.post("/app/settings/privacy", { intent: "delete-business", confirmName: "Doomed Cleaning" })).status).toBe(200);
    // Not before the grace period ends…
    expect((await runPrivacyTick(deps, new Date(Date.now() + 29 * 86_400_000))).businessesPurged).toBe(0);
    expect(await db.business.count({ where: { id: owner.businessId } })).toBe(1);
    // …then everything goes: the business, its rows, its owner's account; the other business stays.
    const ended: string[] = [];
    expect((await runPrivacyTick({ ...deps, sessionsEnded: (id) => ended.push(id) }, new Date(Date.now() + 31 * 86_400_000))).businessesPurged).toBe(1);
    expect(ended).toEqual([owner.userId]);
    expect(await db.business.count({ where: { id: owner.businessId } })).toBe(0);
    expect(await db.user.count({ where: { id: owner.userId } })).toBe(0);
    expect(await tracesOf("dora@doomed.example")).toEqual([]);
    expect(await db.lead.count({ where: { businessId: keeper.businessId } })).toBe(1);
    expect((await owner.client.get("/app/leads")).status).toBe(302);
  }, SLOW);
});
