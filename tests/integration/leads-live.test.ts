// Lead actions in the workspace are pushed live (DESIGN §3): every action of the lead detail page (status
// with Won's value, note, reminder create/snooze/complete, Send Quote/Info, Schedule Visit) sends
// `lead:updated`, and a lead added by hand `lead:created`, to the acting business's /workspace room
// only: a real socket.io-client of another business hears nothing, refused actions push nothing.
import { io as ioClient, type Socket } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "#server/auth/password.server.ts";
import type { LeadSummary, WorkspaceNotification } from "#server/realtime/protocol.ts";
import { HttpClient } from "../support/http-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { Visitor } from "../support/widget-client.ts";

let server: TestServer;
const sockets: Socket[] = [];
const visitors: Visitor[] = [];

beforeAll(async () => {
  server = await startTestServer({ seedDemo: false });
});

afterEach(() => {
  for (const s of sockets.splice(0)) s.disconnect();
  for (const v of visitors.splice(0)) v.disconnect();
});

afterAll(async () => {
  await server?.close();
});

const password = "CleanFloors1";
let counter = 0;
const uniqueEmail = (prefix: string) => `${prefix}${++counter}-${Date.now()}@example.com`;

type Member = { client: HttpClient; businessId: string };

async function registerOwner(businessName: string): Promise<Member> {
  const client = new HttpClient(server.url);
  const email = uniqueEmail("owner");
  const res = await client.post("/register", { displayName: "Test Owner", businessName, email, password, confirmPassword: password, acceptTerms: "on" });
  expect(res.status).toBe(302);
  const user = await server.services.db.user.findUniqueOrThrow({ where: { email }, include: { memberships: true } });
  return { client, businessId: user.memberships[0]!.businessId };
}

async function supportMember(businessId: string): Promise<Member> {
  const email = uniqueEmail("support");
  await server.services.db.user.create({
    data: { email, displayName: "Sam Support", passwordHash: await hashPassword(password), memberships: { create: { businessId, role: "support" } } },
  });
  const client = new HttpClient(server.url);
  expect((await client.post("/login", { intent: "login", email, password })).status).toBe(302);
  return { client, businessId };
}

type Heard = { created: LeadSummary[]; updated: LeadSummary[]; notifications: WorkspaceNotification[] };

async function listen(member: Member): Promise<Heard> {
  const socket = ioClient(`${server.url}/workspace`, {
    transports: ["websocket"],
    reconnection: false,
    forceNew: true,
    extraHeaders: { Cookie: [...member.client.cookies].map(([k, v]) => `${k}=${v}`).join("; "), Origin: server.url },
  });
  sockets.push(socket);
  const heard: Heard = { created: [], updated: [], notifications: [] };
  socket.on("lead:created", ({ lead }: { lead: LeadSummary }) => heard.created.push(lead));
  socket.on("lead:updated", ({ lead }: { lead: LeadSummary }) => heard.updated.push(lead));
  socket.on("notification", (n: WorkspaceNotification) => heard.notifications.push(n));
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });
  return heard;
}

const manualLead = {
  name: "Nora Fields",
  company: "Fields Medical Plaza",
  email: "nora@fieldsmed.example",
  phone: "(555) 123-4567",
  serviceType: "Medical Facility",
  buildingSize: "60,000",
  frequency: "daily",
  budget: "14,000",
  timeline: "immediate",
};

async function addLead(owner: Member, fields: Record<string, string> = manualLead): Promise<string> {
  const res = await owner.client.post("/app/leads/new", fields);
  expect(res.status).toBe(302);
  return res.location!.split("/").pop()!;
}

describe("lead actions pushed to the business's room", () => {
  it("a manual lead and every detail action reach the business's members, and nobody else", async () => {
    const owner = await registerOwner("Live Leads Cleaning");
    const support = await supportMember(owner.businessId);
    const stranger = await registerOwner("Elsewhere Facility Care");
    const [ownerHeard, supportHeard, strangerHeard] = await Promise.all([listen(owner), listen(support), listen(stranger)]);

    const leadId = await addLead(owner);
    await expect.poll(() => supportHeard.created.length).toBe(1);
    expect(supportHeard.created[0]).toMatchObject({
      id: leadId,
      name: "Nora Fields",
      email: "nora@fieldsmed.example",
      company: "Fields Medical Plaza",
      priority: "high",
      status: "new",
      conversationId: null,
      isTest: false,
    });
    expect(typeof supportHeard.created[0]!.createdAt).toBe("string");
    expect(ownerHeard.created.map((l) => l.id)).toEqual([leadId]);
    // A lead added by hand is not announced as a "new lead" notification: a teammate made it.
    expect(supportHeard.notifications).toEqual([]);

    const reminder = await server.services.db.reminder.findFirstOrThrow({ where: { leadId } });
    const actions: [Member, Record<string, string>, Partial<LeadSummary>][] = [
      [support, { intent: "status", status: "contacted" }, { status: "contacted" }],
      [owner, { intent: "note", note: "Called, wants a walkthrough." }, { status: "contacted" }],
      [support, { intent: "reminder-create", dueDate: "2030-01-02", dueTime: "09:00", note: "Send the walkthrough times" }, {}],
      [owner, { intent: "reminder-snooze", reminderId: reminder.id, snooze: "1d" }, {}],
      [owner, { intent: "reminder-complete", reminderId: reminder.id }, {}],
      [support, { intent: "email", kind: "quote", subject: "Your quote", body: "Here is our quote." }, {}],
      [owner, { intent: "email", kind: "info", subject: "About us", body: "Here is more about us." }, {}],
      [owner, { intent: "visit", visitDate: "2030-01-03", visitTime: "10:00", note: "Site walk" }, {}],
      [owner, { intent: "status", status: "won", value: "$4,200" }, { status: "won" }],
    ];
    for (const [member, body, expected] of actions) {
      const before = ownerHeard.updated.length;
      const res = await member.client.post(`/app/leads/${leadId}`, body);
      expect(res.status, body.intent).toBe(200);
      await expect.poll(() => ownerHeard.updated.length, { message: body.intent }).toBe(before + 1);
      await expect.poll(() => supportHeard.updated.length, { message: body.intent }).toBe(before + 1);
      expect(ownerHeard.updated.at(-1), body.intent).toMatchObject({ id: leadId, ...expected });
    }
    expect(supportHeard.updated.map((l) => l.status)).toEqual(ownerHeard.updated.map((l) => l.status));

    // Refused actions change nothing and push nothing.
    const pushed = ownerHeard.updated.length;
    expect((await owner.client.post(`/app/leads/${leadId}`, { intent: "status", status: "won" })).status).toBe(400);
    expect((await owner.client.post(`/app/leads/${leadId}`, { intent: "note", note: " " })).status).toBe(400);

    // The other business heard none of it, and its own lead is not heard here.
    const strangerLead = await addLead(stranger, { ...manualLead, name: "Omar Haddad", email: "omar@haddad.example" });
    await expect.poll(() => strangerHeard.created.map((l) => l.id)).toEqual([strangerLead]);
    expect(strangerHeard.updated).toEqual([]);
    expect(ownerHeard.created.map((l) => l.id)).toEqual([leadId]);
    expect(supportHeard.created.map((l) => l.id)).toEqual([leadId]);
    expect(ownerHeard.updated).toHaveLength(pushed);
  });

  it("an expired trial's members hear a new lead without its contact details", async () => {
    const owner = await registerOwner("Lapsed Leads Cleaning");
    const support = await supportMember(owner.businessId);
    await server.services.db.business.update({
      where: { id: owner.businessId },
      data: { subscriptionStatus: "trial", trialEnd: new Date(Date.now() - 60_000) },
    });
    const heard = await listen(support);
    const leadId = await addLead(owner);
    await expect.poll(() => heard.created.length).toBe(1);
    expect(heard.created[0]).toMatchObject({ id: leadId, name: "Subscribe to see this lead", email: null, phone: null, company: null });
    // Nothing is lost: the stored lead has everything.
    expect(await server.services.db.lead.findUniqueOrThrow({ where: { id: leadId } })).toMatchObject({ name: "Nora Fields", email: "nora@fieldsmed.example" });
  });

  it("an action on another business's lead answers 404 and pushes nothing to either room", async () => {
    const alice = await registerOwner("Alice Cleaning Co");
    const bob = await registerOwner("Bob Facility Services");
    const aliceLead = await addLead(alice);
    const [aliceHeard, bobHeard] = await Promise.all([listen(alice), listen(bob)]);

    const attempts: Record<string, string>[] = [
      { intent: "status", status: "contacted" },
      { intent: "note", note: "sneaky" },
      { intent: "visit", visitDate: "2030-01-03", visitTime: "10:00" },
    ];
    for (const body of attempts) {
      expect((await bob.client.post(`/app/leads/${aliceLead}`, body)).status, body.intent).toBe(404);
    }
    // A push of Alice's own action proves the rooms are live while nothing else arrived.
    expect((await alice.client.post(`/app/leads/${aliceLead}`, { intent: "note", note: "Mine." })).status).toBe(200);
    await expect.poll(() => aliceHeard.updated.length).toBe(1);
    expect(bobHeard).toEqual({ created: [], updated: [], notifications: [] });
    expect((await server.services.db.lead.findUniqueOrThrow({ where: { id: aliceLead } })).status).toBe("new");
  });

  it("a chatbot lead's page shows its conversation's transcript (the replay's), with quick replies and the replay link", async () => {
    const owner = await registerOwner("Transcript Cleaning");
    const chatbot = await server.services.db.chatbot.findFirstOrThrow({ where: { businessId: owner.businessId } });
    const heard = await listen(owner);
    const visitor = new Visitor(server.url, { siteKey: chatbot.siteKey });
    visitors.push(visitor);
    await visitor.connect();
    const opened = await visitor.open();
    expect(opened.ok).toBe(true);
    await visitor.qualifyHighLead({ name: "Tess Tran", company: "Tran Towers", contact: "tess@trantowers.example" });
    await server.app.chat.idle();
    await expect.poll(() => heard.created.length).toBe(1);
    const lead = heard.created[0]!;
    expect(lead.conversationId).toBe(visitor.conversationId);

    const page = await owner.client.get(`/app/leads/${lead.id}`);
    expect(page.status).toBe(200);
    const messages = await server.services.db.message.findMany({ where: { conversationId: visitor.conversationId! }, orderBy: { seq: "asc" } });
    expect(messages.length).toBeGreaterThanOrEqual(17);
    for (const m of messages.filter((m) => m.role === "visitor")) expect(page.text).toContain(m.text.replace(/&/g, "&amp;"));
    expect(page.text).toContain("Quick replies: ");
    expect(page.text).toContain(`href="/app/conversations/${visitor.conversationId}"`);
    expect((await owner.client.get(`/app/conversations/${visitor.conversationId}`)).status).toBe(200);
  });
});
