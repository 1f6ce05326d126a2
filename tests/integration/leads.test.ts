// Leads workspace over HTTP against the real server (production build) and a fresh database: the
// list (filters, search, sort, paging), the detail actions (status, notes, reminders, e-mail, visit),
// manual leads, roles and tenancy (another business's ids answer 404, nothing written).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "#server/auth/password.server.ts";
import { readOutbox } from "#server/mail/mailer.server.ts";
import { MAIL_QUEUE } from "#server/jobs/queue/queues.ts";
import { HttpClient } from "../support/http-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ seedDemo: false });
});

afterAll(async () => {
  await server?.close();
});

const goodPassword = "CleanFloors1";
let counter = 0;
function uniqueEmail(prefix = "owner"): string {
  counter += 1;
  return `${prefix}${counter}-${Date.now()}@example.com`;
}

type Owner = { client: HttpClient; businessId: string; userId: string };

async function registerOwner(businessName: string): Promise<Owner> {
  const client = new HttpClient(server.url);
  const email = uniqueEmail();
  const res = await client.post("/register", {
    businessName,
    displayName: "Test Owner",
    email,
    password: goodPassword,
    confirmPassword: goodPassword,
    acceptTerms: "on",
  });
  expect(res.status).toBe(302);
  const user = await server.services.db.user.findUniqueOrThrow({ where: { email }, include: { memberships: true } });
  return { client, businessId: user.memberships[0]!.businessId, userId: user.id };
}

async function addSupportMember(businessId: string): Promise<HttpClient> {
  const email = uniqueEmail("support");
  await server.services.db.user.create({
    data: {
      email,
      displayName: "Sam Support",
      passwordHash: await hashPassword(goodPassword),
      memberships: { create: { businessId, role: "support" } },
    },
  });
  const client = new HttpClient(server.url);
  const login = await client.post("/login", { intent: "login", email, password: goodPassword });
  expect(login.status).toBe(302);
  return client;
}

const goodLead = {
  name: "Nora Fields",
  company: "Fields Medical Plaza",
  email: "Nora@FieldsMed.example",
  phone: "(555) 123-4567",
  serviceType: "Medical Facility",
  buildingSize: "60,000",
  frequency: "daily",
  budget: "14,000",
  timeline: "immediate",
  note: "Referred by the building manager.",
};

async function addLead(owner: Owner, fields: Record<string, string> = goodLead): Promise<string> {
  const res = await owner.client.post("/app/leads/new", fields);
  expect(res.status).toBe(302);
  const id = res.location!.split("/").pop()!;
  expect(res.location).toBe(`/app/leads/${id}`);
  return id;
}

function counts(leadId: string) {
  const db = server.services.db;
  return Promise.all([
    db.leadEvent.count({ where: { leadId } }),
    db.reminder.count({ where: { leadId } }),
    db.lead.findUniqueOrThrow({ where: { id: leadId }, select: { status: true, valueCents: true } }),
  ]);
}

describe("manual leads", () => {
  it("an owner adds a lead by hand: scored, New, source manual, history, follow-up reminder", async () => {
    const owner = await registerOwner("Manual Cleaning Co");
    const id = await addLead(owner);
    const lead = await server.services.db.lead.findUniqueOrThrow({
      where: { id },
      include: { events: { orderBy: { createdAt: "asc" } }, reminders: true },
    });
    expect(lead.businessId).toBe(owner.businessId);
    // 60,000 sq ft daily: expected 60 × $10 × 22 = $13,200; $14,000 is within ±10% → at market (8).
    expect([lead.sizePoints, lead.frequencyPoints, lead.budgetPoints, lead.timelinePoints]).toEqual([10, 10, 8, 10]);
    expect(lead.score).toBe(9.5);
    expect(lead.priority).toBe("high");
    expect(lead.status).toBe("new");
    expect(lead.source).toBe("manual");
    expect(lead.email).toBe("nora@fieldsmed.example");
    // Typed "(555) 123-4567": stored in E.164, shown formatted (server/format/phone.ts).
    expect(lead.phone).toBe("+15551234567");
    expect(lead.events.map((e) => e.type)).toEqual(["created", "note"]);
    expect(lead.events[0]!.actorUserId).toBe(owner.userId);
    expect(lead.reminders).toHaveLength(1);
    expect(lead.reminders[0]!.dueAt.getTime() - lead.createdAt.getTime()).toBe(3_600_000);

    const page = await owner.client.get(`/app/leads/${id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Nora Fields");
    expect(page.text).toContain("Fields Medical Plaza");
    expect(page.text).toContain('href="tel:+15551234567"');
    expect(page.text).toContain(">(555) 123-4567</a>");
    expect(page.text).toContain("Referred by the building manager.");
    expect(page.text).toContain("Lead added by hand");
  });

  it("keeps the market price it was scored with when the owner changes the price later", async () => {
    const owner = await registerOwner("Repriced Cleaning Co");
    const db = server.services.db;
    await db.chatbot.updateMany({ where: { businessId: owner.businessId }, data: { marketPriceCents: 1100 } });
    // 60,000 sq ft daily at $11: expected 60 × $11 × 22 = $14,520; $14,000 is within ±10% → at market (8).
    const id = await addLead(owner);
    expect(await db.lead.findUniqueOrThrow({ where: { id }, select: { marketPriceCents: true, budgetPoints: true } })).toEqual({
      marketPriceCents: 1100,
      budgetPoints: 8,
    });
    // At $20 the same budget would be below market ($26,400), but the lead was scored at $11: its
    // breakdown still shows the $14,520 it was compared with, and its points do not move.
    await db.chatbot.updateMany({ where: { businessId: owner.businessId }, data: { marketPriceCents: 2000 } });
    const page = await owner.client.get(`/app/leads/${id}`);
    expect(page.text).toContain("$14,000 a month (market: $14,520)");
    expect(page.text).not.toContain("$26,400");
    expect(await db.lead.findUniqueOrThrow({ where: { id }, select: { budgetPoints: true, score: true } })).toEqual({ budgetPoints: 8, score: 9.5 });
  });

  it("refuses invalid input with a clear error and writes nothing", async () => {
    const owner = await registerOwner("Strict Cleaning Co");
    const before = await server.services.db.lead.count({ where: { businessId: owner.businessId } });
    const cases: [Record<string, string>, string][] = [
      [{ ...goodLead, name: "  " }, "Please enter the contact&#x27;s name"],
      [{ ...goodLead, email: "", phone: "" }, "Please enter an email address or a phone number"],
      [{ ...goodLead, phone: "call the front desk" }, "Enter a phone number with 7 to 15 digits, e.g. (555) 123-4567"],
      [{ ...goodLead, email: "not-an-email" }, "Invalid email address"],
      [{ ...goodLead, buildingSize: "big" }, "Building size must be a whole number of square feet"],
      [{ ...goodLead, frequency: "hourly" }, "Please choose a cleaning frequency"],
      [{ ...goodLead, budget: "-5" }, "Monthly budget must be an amount in dollars"],
    ];
    for (const [fields, message] of cases) {
      const res = await owner.client.post("/app/leads/new", fields);
      expect(res.status, message).toBe(400);
      expect(res.text).toContain(message);
    }
    expect(await server.services.db.lead.count({ where: { businessId: owner.businessId } })).toBe(before);
  });

  it("support staff see and work leads but cannot add them", async () => {
    const owner = await registerOwner("Team Cleaning Co");
    const id = await addLead(owner);
    const support = await addSupportMember(owner.businessId);
    expect((await support.get("/app/leads")).text).toContain("Nora Fields");
    expect((await support.get("/app/leads")).text).not.toContain("Add Lead");
    expect((await support.get("/app/leads/new")).status).toBe(403);
    expect((await support.post("/app/leads/new", goodLead)).status).toBe(403);
    expect(await server.services.db.lead.count({ where: { businessId: owner.businessId } })).toBe(1);

    const status = await support.post(`/app/leads/${id}`, { intent: "status", status: "contacted" });
    expect(status.status).toBe(200);
    const note = await support.post(`/app/leads/${id}`, { intent: "note", note: "Left a voicemail." });
    expect(note.status).toBe(200);
    const events = await server.services.db.leadEvent.findMany({ where: { leadId: id, type: { in: ["status_changed", "note"] } }, include: { actor: true } });
    expect(events.filter((e) => e.actor?.displayName === "Sam Support")).toHaveLength(2);
  });
});

describe("lead detail actions", () => {
  let owner: Owner;
  let leadId: string;

  beforeAll(async () => {
    owner = await registerOwner("Action Cleaning Co");
    leadId = await addLead(owner);
  });

  it("a status change writes a status_changed event with from and to", async () => {
    const res = await owner.client.post(`/app/leads/${leadId}`, { intent: "status", status: "contacted" });
    expect(res.status).toBe(200);
    expect(res.text).toContain("Status updated.");
    const event = await server.services.db.leadEvent.findFirstOrThrow({ where: { leadId, type: "status_changed" } });
    expect(event.data).toEqual({ from: "new", to: "contacted" });
    expect(event.actorUserId).toBe(owner.userId);
    expect((await owner.client.get(`/app/leads/${leadId}`)).text).toContain("Status changed from New to Contacted");
  });

  it("Won requires a deal value; invalid status input writes nothing", async () => {
    const before = await counts(leadId);
    for (const [fields, message] of [
      [{ intent: "status", status: "won" }, "Please enter the deal value to mark this lead as Won"],
      [{ intent: "status", status: "won", value: "0" }, "The deal value must be an amount in dollars above $0"],
      [{ intent: "status", status: "won", value: "lots" }, "The deal value must be an amount in dollars above $0"],
      [{ intent: "status", status: "archived" }, "Please choose a status"],
      [{ intent: "status", status: "contacted" }, "The lead already has this status"],
    ] as const) {
      const res = await owner.client.post(`/app/leads/${leadId}`, fields);
      expect(res.status, message).toBe(400);
      expect(res.text).toContain(message);
    }
    expect(await counts(leadId)).toEqual(before);

    const won = await owner.client.post(`/app/leads/${leadId}`, { intent: "status", status: "won", value: "$4,200.50" });
    expect(won.status).toBe(200);
    const lead = await server.services.db.lead.findUniqueOrThrow({ where: { id: leadId } });
    expect(lead.status).toBe("won");
    expect(lead.valueCents).toBe(420050);
    const event = await server.services.db.leadEvent.findFirstOrThrow({ where: { leadId, type: "status_changed" }, orderBy: { createdAt: "desc" } });
    expect(event.data).toEqual({ from: "contacted", to: "won", valueCents: 420050 });
  });

  it("adds notes; an empty note is refused", async () => {
    const empty = await owner.client.post(`/app/leads/${leadId}`, { intent: "note", note: "   " });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain("Please write a note");
    const res = await owner.client.post(`/app/leads/${leadId}`, { intent: "note", note: "Wants a walkthrough on Tuesday." });
    expect(res.status).toBe(200);
    const notes = await server.services.db.leadEvent.findMany({ where: { leadId, type: "note" } });
    expect(notes.map((n) => (n.data as { text: string }).text)).toContain("Wants a walkthrough on Tuesday.");
    expect((await owner.client.get(`/app/leads/${leadId}`)).text).toContain("Wants a walkthrough on Tuesday.");
  });

  it("creates, snoozes and completes reminders; overdue ones stand out", async () => {
    const db = server.services.db;
    const bad = await owner.client.post(`/app/leads/${leadId}`, { intent: "reminder-create", dueDate: "tomorrow", note: "x" });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("Please choose a due date");
    const noNote = await owner.client.post(`/app/leads/${leadId}`, { intent: "reminder-create", dueDate: "2020-01-02", note: "" });
    expect(noNote.status).toBe(400);
    expect(noNote.text).toContain("Please say what the reminder is for");

    // A reminder in the past is overdue. The business's zone is America/New_York (EST in January).
    const created = await owner.client.post(`/app/leads/${leadId}`, {
      intent: "reminder-create",
      dueDate: "2020-01-02",
      dueTime: "09:30",
      note: "Call about the contract",
    });
    expect(created.status).toBe(200);
    const reminder = await db.reminder.findFirstOrThrow({ where: { leadId, note: "Call about the contract" } });
    expect(reminder.dueAt.toISOString()).toBe("2020-01-02T14:30:00.000Z");
    const page = await owner.client.get(`/app/leads/${leadId}`);
    expect(page.text).toContain("Overdue: was due ");
    expect((await owner.client.get("/app/leads")).text).toMatch(/\d overdue reminders?/);

    const snoozeBad = await owner.client.post(`/app/leads/${leadId}`, { intent: "reminder-snooze", reminderId: reminder.id, snooze: "1y" });
    expect(snoozeBad.status).toBe(400);
    const before = Date.now();
    const snoozed = await owner.client.post(`/app/leads/${leadId}`, { intent: "reminder-snooze", reminderId: reminder.id, snooze: "1d" });
    expect(snoozed.status).toBe(200);
    const afterSnooze = await db.reminder.findUniqueOrThrow({ where: { id: reminder.id } });
    expect(afterSnooze.dueAt.getTime()).toBeGreaterThanOrEqual(before + 86_400_000 - 1000);
    expect(afterSnooze.dueAt.getTime()).toBeLessThanOrEqual(Date.now() + 86_400_000 + 1000);

    const done = await owner.client.post(`/app/leads/${leadId}`, { intent: "reminder-complete", reminderId: reminder.id });
    expect(done.status).toBe(200);
    expect((await db.reminder.findUniqueOrThrow({ where: { id: reminder.id } })).completedAt).not.toBeNull();
    const again = await owner.client.post(`/app/leads/${leadId}`, { intent: "reminder-complete", reminderId: reminder.id });
    expect(again.status).toBe(400);
    expect(again.text).toContain("This reminder is already completed");

    const types = (await db.leadEvent.findMany({ where: { leadId }, select: { type: true } })).map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(["reminder_created", "reminder_snoozed", "reminder_completed"]));
  });

  it("Schedule Visit creates a reminder at the visit's time", async () => {
    const past = await owner.client.post(`/app/leads/${leadId}`, { intent: "visit", visitDate: "2020-05-05", visitTime: "10:00" });
    expect(past.status).toBe(400);
    expect(past.text).toContain("Please choose a visit time in the future");
    const year = new Date().getUTCFullYear() + 1;
    const res = await owner.client.post(`/app/leads/${leadId}`, { intent: "visit", visitDate: `${year}-07-01`, visitTime: "10:00", note: "Bring the checklist" });
    expect(res.status).toBe(200);
    const reminder = await server.services.db.reminder.findFirstOrThrow({ where: { leadId, note: { startsWith: "Site visit" } } });
    expect(reminder.dueAt.toISOString()).toBe(`${year}-07-01T14:00:00.000Z`); // EDT
    expect(reminder.note).toBe("Site visit at Fields Medical Plaza: Bring the checklist");
    expect(await server.services.db.leadEvent.count({ where: { leadId, type: "visit_scheduled" } })).toBe(1);
  });

  it("Send Quote e-mails the lead through the app and records it", async () => {
    const empty = await owner.client.post(`/app/leads/${leadId}`, { intent: "email", kind: "quote", subject: "", body: "x" });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain("Please enter a subject");
    const compose = await owner.client.get(`/app/leads/${leadId}?compose=quote`);
    expect(compose.text).toContain("Your cleaning quote from Action Cleaning Co");
    const res = await owner.client.post(`/app/leads/${leadId}`, {
      intent: "email",
      kind: "quote",
      subject: "Your cleaning quote",
      body: "Hi Nora, $13,500 a month for daily cleaning.",
    });
    expect(res.status).toBe(200);
    await server.services.jobs.idle([MAIL_QUEUE]); // the e-mail is a job (DESIGN §10)
    const sent = (await readOutbox(server.services.outboxDir)).filter((m) => m.to === "nora@fieldsmed.example");
    expect(sent.at(-1)).toMatchObject({ subject: "Your cleaning quote" });
    // The owner's words first, then the footer of e-mails to leads (why, and how to unsubscribe).
    expect(sent.at(-1)!.text.startsWith("Hi Nora, $13,500 a month for daily cleaning.\n\n--\n")).toBe(true);
    expect(sent.at(-1)!.text).toContain("/unsubscribe/");
    expect(sent.at(-1)!.html).toContain("Hi Nora, $13,500 a month for daily cleaning.");
    const event = await server.services.db.leadEvent.findFirstOrThrow({ where: { leadId, type: "email_sent" } });
    expect(event.data).toMatchObject({ kind: "quote", to: "nora@fieldsmed.example", subject: "Your cleaning quote" });
  });

  it("refuses an unknown action", async () => {
    const res = await owner.client.post(`/app/leads/${leadId}`, { intent: "delete" });
    expect(res.status).toBe(400);
    expect(await server.services.db.lead.count({ where: { id: leadId } })).toBe(1);
  });
});

describe("tenancy", () => {
  it("another business's lead ids answer 404 for every loader and action, and nothing is written", async () => {
    const alice = await registerOwner("Alice Cleaning Co");
    const bob = await registerOwner("Bob Facility Services");
    const aliceLead = await addLead(alice);
    const reminder = await server.services.db.reminder.findFirstOrThrow({ where: { leadId: aliceLead } });
    const before = await counts(aliceLead);
    const outboxBefore = (await readOutbox(server.services.outboxDir)).length;

    expect((await bob.client.get(`/app/leads/${aliceLead}`)).status).toBe(404);
    expect((await bob.client.get(`/app/leads/no-such-lead`)).status).toBe(404);
    const attempts: Record<string, string>[] = [
      { intent: "status", status: "won", value: "100" },
      { intent: "note", note: "sneaky" },
      { intent: "reminder-create", dueDate: "2030-01-01", note: "sneaky" },
      { intent: "reminder-snooze", reminderId: reminder.id, snooze: "1w" },
      { intent: "reminder-complete", reminderId: reminder.id },
      { intent: "visit", visitDate: "2030-01-01", visitTime: "10:00" },
      { intent: "email", kind: "info", subject: "Hi", body: "sneaky" },
    ];
    for (const body of attempts) {
      const res = await bob.client.post(`/app/leads/${aliceLead}`, body);
      expect(res.status, body.intent).toBe(404);
    }
    expect(await counts(aliceLead)).toEqual(before);
    expect((await server.services.db.reminder.findUniqueOrThrow({ where: { id: reminder.id } })).dueAt).toEqual(reminder.dueAt);
    await server.services.jobs.idle([MAIL_QUEUE]);
    expect((await readOutbox(server.services.outboxDir)).length).toBe(outboxBefore);

    // Bob's own lead cannot reach Alice's reminder either.
    const bobLead = await addLead(bob, { ...goodLead, name: "Bob's Contact" });
    const cross = await bob.client.post(`/app/leads/${bobLead}`, { intent: "reminder-complete", reminderId: reminder.id });
    expect(cross.status).toBe(404);
    expect((await server.services.db.reminder.findUniqueOrThrow({ where: { id: reminder.id } })).completedAt).toBeNull();

    // Lists are per business.
    const bobList = await bob.client.get("/app/leads");
    expect(bobList.text).not.toContain(aliceLead);
    expect(bobList.text).toContain(bobLead);
  });

  it("signed-out requests go to the sign-in page", async () => {
    const anonymous = new HttpClient(server.url);
    expect((await anonymous.get("/app/leads/abc")).location).toBe("/login?redirectTo=%2Fapp%2Fleads%2Fabc");
    expect((await anonymous.post("/app/leads/abc", { intent: "note", note: "x" })).status).toBe(302);
    expect((await anonymous.post("/app/leads/new", goodLead)).status).toBe(302);
  });
});

describe("leads list", () => {
  let owner: Owner;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    owner = await registerOwner("List Cleaning Co");
    const db = server.services.db;
    const base = Date.UTC(2026, 0, 10, 15);
    const rows = [
      { key: "a", name: "Alpha Adams", company: "Acme Towers", email: "alpha@acme.example", score: 9.2, priority: "high", status: "new", source: "chatbot", day: 0 },
      { key: "b", name: "Beta Brown", company: "Brown Dental", email: "beta@browndental.example", score: 6.4, priority: "medium", status: "contacted", source: "manual", day: 1 },
      { key: "c", name: "Gamma Green", company: "Green School", email: "gamma@green.example", score: 4.6, priority: "low", status: "won", source: "chatbot", day: 2 },
      { key: "d", name: "Delta Diaz", company: "ACME Warehouse", email: "delta@warehouse.example", score: 7.9, priority: "medium", status: "new", source: "chatbot", day: 3 },
    ] as const;
    for (const r of rows) {
      const lead = await db.lead.create({
        data: {
          businessId: owner.businessId,
          name: r.name,
          company: r.company,
          email: r.email,
          score: r.score,
          priority: r.priority,
          status: r.status,
          source: r.source,
          createdAt: new Date(base + r.day * 86_400_000),
        },
      });
      ids[r.key] = lead.id;
    }
  });

  const order = (html: string) =>
    Object.entries(ids)
      .filter(([, id]) => html.includes(id))
      .sort(([, a], [, b]) => html.indexOf(a) - html.indexOf(b))
      .map(([key]) => key);

  it("lists newest first by default with a total", async () => {
    const res = await owner.client.get("/app/leads");
    expect(res.status).toBe(200);
    expect(order(res.text)).toEqual(["d", "c", "b", "a"]);
    expect(res.text).toContain("Showing 1–4 of 4 leads");
  });

  it("filters by priority, status, source and date, searches name/email/company, sorts by score", async () => {
    const get = async (search: string) => order((await owner.client.get(`/app/leads${search}`)).text);
    expect(await get("?priority=high")).toEqual(["a"]);
    expect(await get("?priority=medium")).toEqual(["d", "b"]);
    expect(await get("?status=new")).toEqual(["d", "a"]);
    expect(await get("?source=manual")).toEqual(["b"]);
    // Jan 11 and 12 in New York (the leads were created at 10:00 EST).
    expect(await get("?from=2026-01-11&to=2026-01-12")).toEqual(["c", "b"]);
    expect(await get("?q=acme")).toEqual(["d", "a"]);
    expect(await get("?q=BROWNDENTAL")).toEqual(["b"]);
    expect(await get("?q=gamma")).toEqual(["c"]);
    expect(await get("?sort=score_desc")).toEqual(["a", "d", "b", "c"]);
    expect(await get("?sort=score_asc")).toEqual(["c", "b", "d", "a"]);
    expect(await get("?sort=oldest&status=new")).toEqual(["a", "d"]);
    // Nonsense parameters fall back to defaults rather than failing.
    const odd = await owner.client.get("/app/leads?priority=urgent&sort=random&page=-3&from=yesterday");
    expect(odd.status).toBe(200);
    expect(order(odd.text)).toEqual(["d", "c", "b", "a"]);
    expect((await owner.client.get("/app/leads?q=nobody")).text).toContain("No leads match these filters.");
  });

  it("paginates on the server", async () => {
    const db = server.services.db;
    await db.lead.createMany({
      data: Array.from({ length: 30 }, (_, i) => ({
        businessId: owner.businessId,
        name: `Bulk Lead ${i}`,
        score: 5,
        priority: "low" as const,
        createdAt: new Date(Date.UTC(2025, 0, 1) + i * 60_000),
      })),
    });
    const first = await owner.client.get("/app/leads");
    expect(first.text).toContain("Showing 1–25 of 34 leads");
    expect(first.text).toContain("Page 1 of 2");
    expect(first.text).toContain('href="/app/leads?page=2"');
    const second = await owner.client.get("/app/leads?page=2");
    expect(second.text).toContain("Showing 26–34 of 34 leads");
    expect(second.text).toContain("Bulk Lead 0");
    expect(second.text).not.toContain("Bulk Lead 29");
  });
});
