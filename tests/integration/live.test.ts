// The /workspace namespace live: lead and message events reach only their business's room; a new lead
// stores a "new-lead" notification and pushes it; notifications are listed and marked read per user,
// and the layout's unread dot is computed from the database.
import { io as ioClient, type Socket } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { registerAccount } from "#server/auth/accounts.server.ts";
import { hashPassword } from "#server/auth/password.server.ts";
import type { LeadSummary, Message, WorkspaceNotification } from "#server/realtime/protocol.ts";
import { HttpClient } from "../support/http-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { Visitor } from "../support/widget-client.ts";
import { DEMO_SIGN_IN } from "../support/demo-sign-in.ts";

let server: TestServer;
const sockets: Socket[] = [];
const visitors: Visitor[] = [];

type Received = {
  created: LeadSummary[];
  updated: LeadSummary[];
  messages: Message[];
  notifications: WorkspaceNotification[];
};

beforeAll(async () => {
  server = await startTestServer({
    widgetLimits: { connectionsPerIpPerMinute: 1000, messagesPerVisitorPerMinute: 100, messagesPerIpPerMinute: 1000 },
  });
});

afterEach(() => {
  for (const s of sockets.splice(0)) s.disconnect();
  for (const v of visitors.splice(0)) v.disconnect();
});

afterAll(async () => {
  await server?.close();
});

async function signIn(credentials: { email: string; password: string } | "demo"): Promise<HttpClient> {
  const http = new HttpClient(server.url);
  const res = await http.post(
    "/login",
    credentials === "demo" ? DEMO_SIGN_IN : { intent: "login", email: credentials.email, password: credentials.password },
  );
  expect(res.status).toBe(302);
  expect(http.cookies.size).toBeGreaterThan(0);
  return http;
}

async function workspaceSocket(http: HttpClient): Promise<Received> {
  const cookie = [...http.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const socket = ioClient(`${server.url}/workspace`, {
    transports: ["websocket"],
    reconnection: false,
    forceNew: true,
    extraHeaders: { Cookie: cookie, Origin: server.url },
  });
  sockets.push(socket);
  const received: Received = { created: [], updated: [], messages: [], notifications: [] };
  socket.on("lead:created", ({ lead }: { lead: LeadSummary }) => received.created.push(lead));
  socket.on("lead:updated", ({ lead }: { lead: LeadSummary }) => received.updated.push(lead));
  socket.on("conversation:message", ({ message }: { message: Message }) => received.messages.push(message));
  socket.on("notification", (n: WorkspaceNotification) => received.notifications.push(n));
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });
  return received;
}

let accountCounter = 0;
async function newBusiness(name: string) {
  accountCounter += 1;
  const email = `owner${accountCounter}-${Date.now()}@example.com`;
  const password = "LiveTest2026";
  const result = await registerAccount(server.services.db, { businessName: name, email, password });
  if (!result.ok) throw new Error(result.code);
  const chatbot = await server.services.db.chatbot.findFirstOrThrow({ where: { businessId: result.value.businessId } });
  return { ...result.value, email, password, siteKey: chatbot.siteKey };
}

/** A visitor who answers every question with quick replies: a High lead "Jane Doe (Acme Property Group)". */
async function qualify(siteKey: string, name = "Jane Doe", company = "Acme Property Group"): Promise<string> {
  const v = new Visitor(server.url, { siteKey });
  visitors.push(v);
  await v.connect();
  const opened = await v.open();
  if (!opened.ok) throw new Error(opened.error);
  await v.qualifyHighLead({ name, company, contact: `${name.split(" ")[0]!.toLowerCase()}@${company.split(" ")[0]!.toLowerCase()}.example` });
  await server.app.chat.idle();
  return v.conversationId!;
}

async function demoBusinessId(): Promise<string> {
  const chatbot = await server.services.db.chatbot.findUniqueOrThrow({ where: { siteKey: "demo" } });
  return chatbot.businessId;
}

describe("business rooms", () => {
  it("delivers a business's leads, messages and notifications only to that business's workspace", async () => {
    const other = await newBusiness("Evergreen Facility Care");
    const demoEvents = await workspaceSocket(await signIn("demo"));
    const otherEvents = await workspaceSocket(await signIn(other));

    const conversationId = await qualify("demo");
    await expect.poll(() => demoEvents.notifications.length).toBe(1);
    expect(demoEvents.created).toHaveLength(1);
    expect(demoEvents.created[0]).toMatchObject({ name: "Jane Doe", priority: "high", conversationId });
    expect(demoEvents.messages.length).toBeGreaterThanOrEqual(17);
    expect(new Set(demoEvents.messages.map((m) => m.conversationId))).toEqual(new Set([conversationId]));
    expect(demoEvents.notifications[0]).toMatchObject({
      type: "new-lead",
      text: "New high-priority lead: Jane Doe (Acme Property Group)",
      leadId: demoEvents.created[0]!.id,
    });

    // The other business heard nothing; now it gets its own lead, which the demo business does not hear.
    expect(otherEvents).toEqual({ created: [], updated: [], messages: [], notifications: [] });
    const before = { ...demoEvents, messages: demoEvents.messages.length };
    await qualify(other.siteKey, "Omar Haddad", "Haddad Offices");
    await expect.poll(() => otherEvents.notifications.length).toBe(1);
    expect(otherEvents.created.map((l) => l.name)).toEqual(["Omar Haddad"]);
    expect(otherEvents.notifications[0]!.text).toBe("New high-priority lead: Omar Haddad (Haddad Offices)");
    expect(demoEvents.created).toHaveLength(1);
    expect(demoEvents.notifications).toHaveLength(1);
    expect(demoEvents.messages).toHaveLength(before.messages);
  });

  it("refuses a workspace connection without a session", async () => {
    const socket = ioClient(`${server.url}/workspace`, {
      transports: ["websocket"],
      reconnection: false,
      forceNew: true,
      extraHeaders: { Origin: server.url },
    });
    sockets.push(socket);
    const error = await new Promise<Error>((resolve) => socket.once("connect_error", resolve));
    expect(error.message).toBe("unauthorized");
  });
});

describe("notifications", () => {
  const unreadLabel = /aria-label="Notifications \(unread\)"/;

  it("stores a notification per new lead, lists it with read flags and marks it read per user", async () => {
    const business = await newBusiness("Crystal Clear Janitorial");
    // A support member of the same business reads notifications independently of the owner.
    const memberEmail = `support-${Date.now()}@example.com`;
    await server.services.db.user.create({
      data: {
        email: memberEmail,
        passwordHash: await hashPassword("SupportPass2026"),
        displayName: "Sam Support",
        memberships: { create: { businessId: business.businessId, role: "support" } },
      },
    });
    const owner = await signIn(business);
    const support = await signIn({ email: memberEmail, password: "SupportPass2026" });

    // Nothing yet: no dot.
    const empty = await owner.get("/app/dashboard");
    expect(empty.status).toBe(200);
    expect(empty.text).not.toMatch(unreadLabel);
    expect(empty.text).toMatch(/aria-label="Notifications"/);

    const ownerEvents = await workspaceSocket(owner);
    await qualify(business.siteKey, "Priya Patel", "Patel Medical");
    await qualify(business.siteKey, "Tom Berg", "Berg Storage");
    await expect.poll(() => ownerEvents.notifications.length).toBe(2);

    const stored = await server.services.db.notification.findMany({
      where: { businessId: business.businessId },
      orderBy: { createdAt: "asc" },
    });
    expect(stored.map((n) => [n.type, n.text])).toEqual([
      ["new-lead", "New high-priority lead: Priya Patel (Patel Medical)"],
      ["new-lead", "New high-priority lead: Tom Berg (Berg Storage)"],
    ]);
    // Stored first, then pushed: the pushed notification is the stored row.
    expect(ownerEvents.notifications.map((n) => n.id).sort()).toEqual(stored.map((n) => n.id).sort());

    // The layout's dot for both members, from the database.
    expect((await owner.get("/app/dashboard")).text).toMatch(unreadLabel);
    expect((await support.get("/app/dashboard")).text).toMatch(unreadLabel);

    const listed = await owner.get("/app/notifications/feed");
    expect(listed.status).toBe(200);
    const list = JSON.parse(listed.text) as { notifications: (WorkspaceNotification & { read: boolean })[]; unreadCount: number };
    expect(list.unreadCount).toBe(2);
    expect(list.notifications.map((n) => [n.text, n.read])).toEqual([
      ["New high-priority lead: Tom Berg (Berg Storage)", false],
      ["New high-priority lead: Priya Patel (Patel Medical)", false],
    ]);

    // Mark one read (the owner only).
    const one = await owner.post("/app/notifications/feed", { intent: "mark-read", id: list.notifications[0]!.id });
    expect(one.status).toBe(200);
    expect(JSON.parse(one.text)).toMatchObject({ ok: true, marked: 1, unreadCount: 1 });
    const afterOne = JSON.parse((await owner.get("/app/notifications/feed")).text) as typeof list;
    expect(afterOne.notifications.map((n) => n.read)).toEqual([true, false]);
    expect((await owner.get("/app/dashboard")).text).toMatch(unreadLabel);

    // Mark all read: the owner's dot goes, the support member's stays.
    const all = await owner.post("/app/notifications/feed", { intent: "mark-all-read" });
    expect(JSON.parse(all.text)).toMatchObject({ ok: true, marked: 1, unreadCount: 0 });
    expect((await owner.get("/app/dashboard")).text).not.toMatch(unreadLabel);
    expect((await support.get("/app/dashboard")).text).toMatch(unreadLabel);
    const supportList = JSON.parse((await support.get("/app/notifications/feed")).text) as typeof list;
    expect(supportList.unreadCount).toBe(2);
    expect(await server.services.db.notificationRead.count({ where: { notification: { businessId: business.businessId } } })).toBe(2);
  });

  it("never reads or marks another business's notifications", async () => {
    const demoId = await demoBusinessId();
    const foreign = await server.services.db.notification.create({
      data: { businessId: demoId, type: "new-lead", text: "New high-priority lead: Someone (Elsewhere)" },
    });
    const business = await newBusiness("Spotless Facilities");
    const owner = await signIn(business);
    const list = JSON.parse((await owner.get("/app/notifications/feed")).text) as { notifications: { id: string }[] };
    expect(list.notifications.map((n) => n.id)).not.toContain(foreign.id);
    const res = await owner.post("/app/notifications/feed", { intent: "mark-read", id: foreign.id });
    expect(JSON.parse(res.text)).toMatchObject({ ok: true, marked: 0 });
    expect(await server.services.db.notificationRead.count({ where: { notificationId: foreign.id } })).toBe(0);
  });

  it("requires a session", async () => {
    const anonymous = new HttpClient(server.url);
    const res = await anonymous.get("/app/notifications");
    expect(res.status).toBe(302);
    expect(res.location).toBe("/login?redirectTo=%2Fapp%2Fnotifications");
    const post = await anonymous.post("/app/notifications", { intent: "mark-all-read" });
    expect(post.status).toBe(302);
  });
});

describe("an expired trial", () => {
  it("keeps capturing leads but pushes them without contact details until the business subscribes", async () => {
    const business = await newBusiness("Lapsed Cleaning Co");
    await server.services.db.business.update({
      where: { id: business.businessId },
      data: { subscriptionStatus: "trial", trialEnd: new Date(Date.now() - 60_000) },
    });
    const events = await workspaceSocket(await signIn(business));
    const conversationId = await qualify(business.siteKey, "Hidden Person", "Secret Corp");
    await expect.poll(() => events.created.length).toBe(1);
    expect(events.created[0]).toMatchObject({ conversationId, name: "Subscribe to see this lead", email: null, company: null, phone: null });
    for (const lead of events.updated) expect(lead).toMatchObject({ name: "Subscribe to see this lead", email: null });
    // Nothing is lost: the stored lead has everything.
    const stored = await server.services.db.lead.findUniqueOrThrow({ where: { conversationId } });
    expect(stored).toMatchObject({ name: "Hidden Person", company: "Secret Corp", email: "hidden@secret.example" });
  });
});
