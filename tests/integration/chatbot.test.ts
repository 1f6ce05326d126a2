// The AI Chatbot page over HTTP against the real server: activate/deactivate (and the widget handshake
// that follows it), settings validation and save, and owner-only enforcement (support staff get 403).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "#server/auth/password.server.ts";
import { getChatbotStats } from "#server/chatbots/stats.server.ts";
import { HttpClient } from "../support/http-client.ts";
import { signTestToken } from "#server/chat/test-token.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { connectError, Visitor } from "../support/widget-client.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ seedDemo: false });
});

afterAll(async () => {
  await server?.close();
});

const password = "CleanFloors1";
let counter = 0;

async function registerOwner(businessName = "Acme Janitorial") {
  counter += 1;
  const email = `chatbot-owner${counter}-${Date.now()}@example.com`;
  const client = new HttpClient(server.url);
  const res = await client.post("/register", { displayName: "Test Owner", businessName, email, password, confirmPassword: password, acceptTerms: "on" });
  expect(res.status).toBe(302);
  const membership = await server.services.db.membership.findFirstOrThrow({
    where: { user: { email } },
    select: { businessId: true },
  });
  const chatbot = await server.services.db.chatbot.findFirstOrThrow({ where: { businessId: membership.businessId } });
  return { client, businessId: membership.businessId, chatbot };
}

async function signInSupport(businessId: string) {
  counter += 1;
  const email = `support${counter}-${Date.now()}@example.com`;
  await server.services.db.user.create({
    data: {
      email,
      passwordHash: await hashPassword(password),
      displayName: "Sam Support",
      memberships: { create: { businessId, role: "support" } },
    },
  });
  const client = new HttpClient(server.url);
  const res = await client.post("/login", { intent: "login", email, password });
  expect(res.status).toBe(302);
  return client;
}

/** POSTs a form with repeated fields (days, service types), with the client's cookies. */
async function postForm(client: HttpClient, path: string, form: URLSearchParams) {
  const res = await fetch(new URL(path, server.url), {
    method: "POST",
    headers: {
      Cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: form.toString(),
    redirect: "manual",
  });
  return { status: res.status, text: await res.text() };
}

function validSettings(overrides: Record<string, string | string[]> = {}): URLSearchParams {
  const fields: Record<string, string | string[]> = {
    intent: "save",
    businessName: "Acme Janitorial",
    welcomeMessage: "Hello! Need a cleaning quote?",
    serviceAreas: " Springfield ,Chatham,, Rochester ",
    hoursStart: "07:00",
    hoursEnd: "19:00",
    hoursDays: ["1", "2", "3", "4", "5", "6"],
    timeZone: "America/Chicago",
    afterHoursMessage: "We're closed; we'll call you back tomorrow.",
    serviceTypes: ["Regular Commercial Cleaning", "Medical Facility"],
    marketPrice: "$12.50",
    allowedOrigins: "https://WWW.Acme-Clean.example/\nhttp://localhost:4000",
    accentColor: "#AA3300",
    ...overrides,
  };
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) form.append(key, v);
  }
  return form;
}

describe("activate and deactivate", () => {
  it("persists the flag and the widget handshake follows it (chatbot_inactive, then accepted again)", async () => {
    const { client, chatbot } = await registerOwner();
    expect(chatbot.isActive).toBe(true);

    const off = await client.post("/app/chatbot", { intent: "toggle", active: "false" });
    expect(off.status).toBe(200);
    expect((await server.services.db.chatbot.findUniqueOrThrow({ where: { id: chatbot.id } })).isActive).toBe(false);
    expect(await connectError(new Visitor(server.url, { siteKey: chatbot.siteKey }))).toBe("chatbot_inactive");
    const page = await client.get("/app/chatbot");
    expect(page.status).toBe(200);
    expect(page.text).toContain(">Inactive<");
    expect(page.text).toContain(">Activate<");

    const on = await client.post("/app/chatbot", { intent: "toggle", active: "true" });
    expect(on.status).toBe(200);
    expect((await server.services.db.chatbot.findUniqueOrThrow({ where: { id: chatbot.id } })).isActive).toBe(true);
    const visitor = new Visitor(server.url, { siteKey: chatbot.siteKey });
    await visitor.connect();
    const opened = await visitor.open();
    expect(opened.ok).toBe(true);
    visitor.disconnect();
  });

  it("refuses a toggle without a valid value and writes nothing", async () => {
    const { client, chatbot } = await registerOwner();
    const res = await client.post("/app/chatbot", { intent: "toggle", active: "maybe" });
    expect(res.status).toBe(400);
    expect((await server.services.db.chatbot.findUniqueOrThrow({ where: { id: chatbot.id } })).isActive).toBe(true);
  });
});

describe("settings", () => {
  it("saves valid settings: trimmed service areas, hours, time zone, cents, normalised origins", async () => {
    const { client, businessId, chatbot } = await registerOwner();
    const res = await postForm(client, "/app/chatbot?tab=settings", validSettings());
    expect(res.status).toBe(200);
    expect(res.text).toContain("Settings saved successfully!");
    const saved = await server.services.db.chatbot.findUniqueOrThrow({ where: { id: chatbot.id }, include: { business: true } });
    expect(saved).toMatchObject({
      businessName: "Acme Janitorial",
      welcomeMessage: "Hello! Need a cleaning quote?",
      hoursStart: "07:00",
      hoursEnd: "19:00",
      hoursDays: [1, 2, 3, 4, 5, 6],
      afterHoursMessage: "We're closed; we'll call you back tomorrow.",
      serviceTypes: ["Regular Commercial Cleaning", "Medical Facility"],
      marketPriceCents: 1250,
      allowedOrigins: ["https://www.acme-clean.example", "http://localhost:4000"],
      settings: { accentColor: "#aa3300" },
    });
    expect(saved.business.serviceAreas).toEqual(["Springfield", "Chatham", "Rochester"]);
    expect(saved.business.timeZone).toBe("America/Chicago");
    expect(saved.business.id).toBe(businessId);

    // The settings page shows them back.
    const page = await client.get("/app/chatbot?tab=settings");
    expect(page.text).toContain("Springfield, Chatham, Rochester");
    expect(page.text).toContain("12.50");
  });

  it.each([
    ["an origin with a path", { allowedOrigins: "https://acme.example/contact" }, "not a valid website origin"],
    ["a non-http origin", { allowedOrigins: "ftp://acme.example" }, "not a valid website origin"],
    ["a start time outside 6–9 AM", { hoursStart: "10:00" }, "Choose a start time between 6:00 AM and 9:00 AM."],
    ["an end time outside 5–8 PM", { hoursEnd: "16:30" }, "Choose an end time between 5:00 PM and 8:00 PM."],
    ["a negative market price", { marketPrice: "-5" }, "positive dollar amount"],
    ["a zero market price", { marketPrice: "0" }, "positive dollar amount"],
    ["an empty welcome message", { welcomeMessage: "   " }, "Welcome message is required."],
    ["an unknown time zone", { timeZone: "Mars/Olympus" }, "Choose a valid time zone."],
    ["no service type", { serviceTypes: [] }, "Choose at least one service type."],
  ])("refuses %s with a clear error and writes nothing", async (_name, override, message) => {
    const { client, chatbot } = await registerOwner();
    const before = await server.services.db.chatbot.findUniqueOrThrow({ where: { id: chatbot.id }, include: { business: true } });
    const res = await postForm(client, "/app/chatbot?tab=settings", validSettings(override));
    expect(res.status).toBe(400);
    expect(res.text).toContain("Error saving settings. Please try again.");
    expect(res.text).toContain(message.replace(/'/g, "&#x27;"));
    const after = await server.services.db.chatbot.findUniqueOrThrow({ where: { id: chatbot.id }, include: { business: true } });
    expect(after).toEqual(before);
  });

  it("shows an empty allowed-origins warning", async () => {
    const { client } = await registerOwner();
    const page = await client.get("/app/chatbot?tab=installation");
    expect(page.text).toContain("no allowed origins are set");
    expect(page.text).toContain("data-site-key=");
  });
});

describe("support staff", () => {
  it("see the chatbot page but get 403 on activate/deactivate and settings; nothing is written", async () => {
    const { businessId, chatbot } = await registerOwner("Support Test Co");
    const support = await signInSupport(businessId);

    const page = await support.get("/app/chatbot");
    expect(page.status).toBe(200);
    expect(page.text).toContain("Only the business owner can change the chatbot.");
    expect(page.text).not.toContain(">Deactivate<");

    const toggle = await support.post("/app/chatbot", { intent: "toggle", active: "false" });
    expect(toggle.status).toBe(403);
    const save = await postForm(support, "/app/chatbot", validSettings({ businessName: "Hijacked" }));
    expect(save.status).toBe(403);

    const after = await server.services.db.chatbot.findUniqueOrThrow({ where: { id: chatbot.id } });
    expect(after.isActive).toBe(true);
    expect(after.businessName).toBe(chatbot.businessName);
    expect(after.updatedAt).toEqual(chatbot.updatedAt);
  });
});

describe("chatbot stats", () => {
  it("counts real conversations, answered visitor messages and questions, not test ones", async () => {
    const { client, businessId, chatbot } = await registerOwner("Stats Cleaning");
    const visitor = new Visitor(server.url, { siteKey: chatbot.siteKey });
    await visitor.connect();
    await visitor.open();
    await visitor.say("Do you clean on weekends?");
    visitor.disconnect();
    // A test conversation (from the app's own origin with the Test Chatbot page's token) is left out.
    const tester = new Visitor(server.url, { siteKey: chatbot.siteKey, origin: server.url });
    await tester.connect();
    await tester.open({ test: signTestToken(server.services.signingSecret, chatbot.id) });
    await tester.say("Is this a test?");
    tester.disconnect();

    const stats = await getChatbotStats(server.services.db, businessId, "America/New_York");
    expect(stats).toMatchObject({
      conversations: 1,
      conversationsToday: 1,
      responseRate: 100,
      qualifiedLeads: 0,
      topQuestions: [{ question: "Do you clean on weekends?", count: 1 }],
    });
    expect(stats.avgResponseTime).toBeGreaterThanOrEqual(0);
    const overview = await client.get("/app/chatbot?tab=overview");
    expect(overview.text).toContain("Do you clean on weekends?");
    expect(overview.text).not.toContain("Is this a test?");
    const analytics = await client.get("/app/chatbot?tab=analytics");
    expect(analytics.status).toBe(200);
    expect(analytics.text).toContain("Qualified leads per day");
  });
});
