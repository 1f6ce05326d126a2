// @postgres: two visitors at once, one UPDATE wins.
// Issue 14, the owner's first week, over HTTP and real sockets against the real server: the first-run
// checklist's facts (installation recorded once at the loader's config request or the /widget
// handshake, and pushed live; the widget's config answers; the Test
// Chatbot's first conversation, the snippet copied or e-mailed as a job), the Installation tab's
// allowed origins, the dismiss / show-again round trip.
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readOutbox } from "#server/mail/mailer.server.ts";
import { MAIL_QUEUE } from "#server/jobs/queue/queues.ts";
import { loadOnboarding } from "#server/onboarding/checklist.server.ts";
import { signTestToken } from "#server/chat/test-token.ts";
import type { OnboardingUpdate } from "#server/realtime/protocol.ts";
import { HttpClient } from "../support/http-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { Visitor } from "../support/widget-client.ts";
import { connected, cookieHeader, workspaceSocket } from "../support/workspace-client.ts";

let server: TestServer;
const sockets: Socket[] = [];
const visitors: Visitor[] = [];

beforeAll(async () => {
  server = await startTestServer({ seedDemo: false });
});

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  for (const v of visitors) v.socket?.disconnect();
  await server?.close();
});

const PASSWORD = "CleanFloors1";
let counter = 0;

type Owner = { client: HttpClient; businessId: string; chatbotId: string; siteKey: string };

async function registerOwner(businessName: string): Promise<Owner> {
  counter += 1;
  const client = new HttpClient(server.url);
  const email = `first-week-${counter}-${Date.now()}@example.com`;
  const res = await client.post("/register", { displayName: "Test Owner", businessName, email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: "on" });
  expect(res.status).toBe(302);
  const user = await server.services.db.user.findUniqueOrThrow({ where: { email }, include: { memberships: true } });
  const businessId = user.memberships[0]!.businessId;
  const chatbot = await server.services.db.chatbot.findFirstOrThrow({ where: { businessId } });
  return { client, businessId, chatbotId: chatbot.id, siteKey: chatbot.siteKey };
}

async function onboardingEvents(owner: Owner): Promise<OnboardingUpdate[]> {
  const socket = workspaceSocket(server.url, cookieHeader(owner.client));
  sockets.push(socket);
  const events: OnboardingUpdate[] = [];
  socket.on("onboarding:updated", (update: OnboardingUpdate) => events.push(update));
  await connected(socket);
  return Object.assign(events, { socket });
}

/** GET /widget/config as the loader sends it from a page on `origin`. */
async function widgetConfig(siteKey: string, origin: string | undefined, headers: Record<string, string> = {}): Promise<unknown> {
  const res = await fetch(`${server.url}/widget/config?key=${encodeURIComponent(siteKey)}`, {
    headers: { ...(origin ? { Origin: origin } : {}), ...headers },
  });
  expect(res.status).toBe(200);
  return res.json();
}

async function visitorFrom(siteKey: string, origin: string): Promise<Visitor> {
  const visitor = new Visitor(server.url, { siteKey, origin });
  visitors.push(visitor);
  await visitor.connect();
  return visitor;
}

describe("the first-run checklist's facts", () => {
  it("records the installation once, at the first connection from the owner's website, and pushes it live", async () => {
    const owner = await registerOwner("Verify Once Cleaning");
    const events = await onboardingEvents(owner);
    const before = await loadOnboarding(server.services.db, owner.businessId);
    expect(before.steps.find((s) => s.key === "verify")!.done).toBe(false);

    // The app's own origin (the Test Chatbot page) is not an installation.
    await visitorFrom(owner.siteKey, server.url);
    // Two visitors of the owner's site at once: one UPDATE wins, one event.
    await Promise.all([visitorFrom(owner.siteKey, "https://www.brightpath.example"), visitorFrom(owner.siteKey, "https://www.brightpath.example")]);
    await expect.poll(() => events.length).toBe(1);
    expect(events[0]).toEqual({ step: "verify", origin: "https://www.brightpath.example" });
    const chatbot = await server.services.db.chatbot.findUniqueOrThrow({ where: { id: owner.chatbotId } });
    expect(chatbot.installedOrigin).toBe("https://www.brightpath.example");
    const installedAt = chatbot.installedAt!;

    // Later connections (another page, another site) change nothing and announce nothing.
    await visitorFrom(owner.siteKey, "https://other.example");
    await visitorFrom(owner.siteKey, "https://www.brightpath.example");
    await new Promise((resolve) => setTimeout(resolve, 300)); // would-be late events: none may arrive
    expect(events).toHaveLength(1);
    const after = await server.services.db.chatbot.findUniqueOrThrow({ where: { id: owner.chatbotId } });
    expect(after.installedAt).toEqual(installedAt);
    expect(after.installedOrigin).toBe("https://www.brightpath.example");

    const checklist = await loadOnboarding(server.services.db, owner.businessId);
    expect(checklist.steps.filter((s) => s.done).map((s) => s.key)).toEqual(["snippet", "verify"]);
    expect(checklist.steps.find((s) => s.key === "verify")!.description).toContain("https://www.brightpath.example");
    // Another business's checklist is untouched.
    const other = await registerOwner("Untouched Cleaning");
    expect((await loadOnboarding(server.services.db, other.businessId)).doneCount).toBe(0);
  });

  it("records the installation at the loader's config request from an allowed origin of theirs, before any chat is opened", async () => {
    const owner = await registerOwner("Config Verify Cleaning");
    const events = await onboardingEvents(owner);
    await server.services.db.chatbot.update({ where: { id: owner.chatbotId }, data: { allowedOrigins: ["https://www.config-verify.example"] } });
    // Not an installation: a refused origin, the app's own origin, a same-origin request without Origin.
    expect(await widgetConfig(owner.siteKey, "https://elsewhere.example")).toMatchObject({ active: false, reason: "origin_not_allowed" });
    expect(await widgetConfig(owner.siteKey, server.url)).toMatchObject({ active: true });
    expect(await widgetConfig(owner.siteKey, undefined, { "Sec-Fetch-Site": "same-origin" })).toMatchObject({ active: true });
    expect(await widgetConfig(owner.siteKey, undefined)).toMatchObject({ active: false, reason: "origin_not_allowed" });
    await new Promise((resolve) => setTimeout(resolve, 200)); // would-be late events: none may arrive
    expect(events).toHaveLength(0);

    const [a, b] = await Promise.all([
      widgetConfig(owner.siteKey, "https://www.config-verify.example"),
      widgetConfig(owner.siteKey, "https://www.config-verify.example"),
    ]);
    expect(a).toEqual({ active: true, config: { businessName: "Config Verify Cleaning", welcomeMessage: expect.any(String), accentColor: "#1d64d8", whiteLabel: false } });
    expect(b).toEqual(a);
    await expect.poll(() => events.length).toBe(1);
    expect(events[0]).toEqual({ step: "verify", origin: "https://www.config-verify.example" });
    const chatbot = await server.services.db.chatbot.findUniqueOrThrow({ where: { id: owner.chatbotId } });
    expect(chatbot.installedOrigin).toBe("https://www.config-verify.example");
    expect(await server.services.db.conversation.count({ where: { chatbotId: owner.chatbotId } })).toBe(0);
    const checklist = await loadOnboarding(server.services.db, owner.businessId);
    expect(checklist.steps.find((s) => s.key === "verify")!.done).toBe(true);
  });

  it("answers the config request with what the loader needs: active or why not, short-cached per Origin, readable cross-origin", async () => {
    const owner = await registerOwner("Config Answers Cleaning");
    const res = await fetch(`${server.url}/widget/config?key=${encodeURIComponent(owner.siteKey)}`, { headers: { Origin: "https://www.answers.example" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
    expect(res.headers.get("vary")).toMatch(/Origin/);
    expect(res.headers.get("access-control-allow-origin")).toBe("https://www.answers.example");
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(await res.json()).toMatchObject({ active: true, config: { businessName: "Config Answers Cleaning" } });

    expect(await widgetConfig("no-such-key", "https://www.answers.example")).toEqual({ active: false, reason: "invalid_site_key" });
    expect(await widgetConfig("", "https://www.answers.example")).toEqual({ active: false, reason: "invalid_site_key" });
    expect(await widgetConfig("x".repeat(101), "https://www.answers.example")).toEqual({ active: false, reason: "invalid_site_key" });
    await server.services.db.chatbot.update({ where: { id: owner.chatbotId }, data: { isActive: false } });
    expect(await widgetConfig(owner.siteKey, "https://www.answers.example")).toEqual({ active: false, reason: "chatbot_inactive" });
    // An inactive chatbot's page view is not an installation either (the first answer above was).
    const other = await registerOwner("Config Inactive Cleaning");
    await server.services.db.chatbot.update({ where: { id: other.chatbotId }, data: { isActive: false } });
    expect(await widgetConfig(other.siteKey, "https://www.inactive.example")).toEqual({ active: false, reason: "chatbot_inactive" });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await server.services.db.chatbot.findUniqueOrThrow({ where: { id: other.chatbotId } })).installedAt).toBeNull();
  });

  it("ticks the test step when the Test Chatbot page opens a conversation (with its token, from the app's origin)", async () => {
    const owner = await registerOwner("Tested Cleaning");
    const events = await onboardingEvents(owner);
    // A forged test flag from another site flags nothing.
    const forged = await visitorFrom(owner.siteKey, "https://www.tested.example");
    const forgedOpen = await forged.open({ test: signTestToken(server.services.signingSecret, owner.chatbotId) });
    expect(forgedOpen.ok).toBe(true);
    const tester = await visitorFrom(owner.siteKey, server.url);
    const open = await tester.open({ test: signTestToken(server.services.signingSecret, owner.chatbotId) });
    expect(open.ok).toBe(true);
    await expect.poll(() => events.filter((e) => e.step === "test").length).toBe(1);
    const chatbot = await server.services.db.chatbot.findUniqueOrThrow({ where: { id: owner.chatbotId } });
    expect(chatbot.testedAt).not.toBeNull();
    await (await visitorFrom(owner.siteKey, server.url)).open({ test: signTestToken(server.services.signingSecret, owner.chatbotId) });
    expect((await server.services.db.chatbot.findUniqueOrThrow({ where: { id: owner.chatbotId } })).testedAt).toEqual(chatbot.testedAt);
    expect((await loadOnboarding(server.services.db, owner.businessId)).steps.find((s) => s.key === "test")!.done).toBe(true);
  });

  it("sets allowed origins on the Installation tab, records a copied snippet and e-mails the instructions as a job", async () => {
    const owner = await registerOwner("Instructions Cleaning");
    const bad = await owner.client.post("/app/chatbot?tab=installation", { intent: "origins", allowedOrigins: "https://shop.example/contact" });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("is not a valid website origin");
    const good = await owner.client.post("/app/chatbot?tab=installation", { intent: "origins", allowedOrigins: "https://WWW.Instructions.example/\nhttps://www.instructions.example" });
    expect(good.status).toBe(200);
    expect((await server.services.db.chatbot.findUniqueOrThrow({ where: { id: owner.chatbotId } })).allowedOrigins).toEqual(["https://www.instructions.example"]);
    const page = await owner.client.get("/app/chatbot?tab=installation");
    expect(page.text).toMatch(/Allowed on: (<!-- -->)?https:\/\/www.instructions.example/);

    const missing = await owner.client.post("/app/chatbot", { intent: "email-instructions", to: "" });
    expect(missing.status).toBe(400);
    expect(missing.text).toContain("Please enter your web person");
    expect((await loadOnboarding(server.services.db, owner.businessId)).steps.find((s) => s.key === "snippet")!.done).toBe(false);

    const sent = await owner.client.post("/app/chatbot", { intent: "email-instructions", to: "Web@Agency.example", note: "Footer of every page, please." });
    expect(sent.status).toBe(200);
    expect((await loadOnboarding(server.services.db, owner.businessId)).steps.find((s) => s.key === "snippet")!.done).toBe(true);
    await server.services.jobs.idle([MAIL_QUEUE]);
    const mail = (await readOutbox(server.services.outboxDir)).filter((m) => m.to === "web@agency.example");
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe("Please add Instructions Cleaning's chat assistant to the website");
    expect(mail[0]!.text).toContain(`data-site-key="${owner.siteKey}"`);
    expect(mail[0]!.text).toContain("Footer of every page, please.");
    const delivery = await server.services.db.emailDelivery.findFirstOrThrow({ where: { businessId: owner.businessId, kind: "install-instructions" } });
    expect(delivery.status).toBe("sent");

    const copier = await registerOwner("Copier Cleaning");
    expect((await copier.client.post("/app/chatbot", { intent: "snippet-copied" })).status).toBe(200);
    expect((await loadOnboarding(server.services.db, copier.businessId)).steps.find((s) => s.key === "snippet")!.done).toBe(true);
  });

  it("is hidden from the dashboard by the owner and shown again from Settings", async () => {
    const owner = await registerOwner("Dismiss Cleaning");
    expect((await owner.client.get("/app/dashboard")).text).toContain("Get your chatbot live");
    expect((await owner.client.post("/app/dashboard", { intent: "dismiss-onboarding" })).status).toBe(200);
    expect((await owner.client.get("/app/dashboard")).text).not.toContain("Get your chatbot live");
    const settings = await owner.client.get("/app/settings/profile");
    expect(settings.text).toContain("Show the checklist on my dashboard");
    const shown = await owner.client.post("/app/settings/profile", { intent: "show-onboarding" });
    expect(shown.status).toBe(302);
    expect(shown.location).toBe("/app/dashboard");
    expect((await owner.client.get("/app/dashboard")).text).toContain("Get your chatbot live");
  });
});

describe("Send Quote", () => {
  it("drafts from the lead's answers, refuses a placeholder or an empty body and queues nothing then", async () => {
    const owner = await registerOwner("Quote Rules Cleaning");
    const added = await owner.client.post("/app/leads/new", {
      name: "Pat Placeholder",
      email: "pat@placeholder.example",
      phone: "555.234.9999",
      serviceType: "Educational Facility",
      buildingSize: "30,000",
      frequency: "weekly",
    });
    expect(added.status).toBe(302);
    const leadPath = added.location!;
    const lead = await server.services.db.lead.findFirstOrThrow({ where: { businessId: owner.businessId } });
    expect(lead.phone).toBe("+15552349999");

    // 30,000 sq ft × $10 × 4.33 visits = $1,299 → $1,300 a month, in the editor the page opens with.
    const page = await owner.client.get(`${leadPath}?compose=quote`);
    expect(page.text).toContain("Price: $1,300 a month");
    expect(page.text).toContain("Service: Educational Facility");

    const before = await server.services.db.emailDelivery.count({ where: { businessId: owner.businessId } });
    for (const body of ["Hi Pat,\n\n[Service, frequency and monthly price]", "Price: [monthly price]", "   "]) {
      const res = await owner.client.post(leadPath, { intent: "email", kind: "quote", subject: "Your quote", body });
      expect(res.status, body).toBe(400);
    }
    expect(await server.services.db.leadEvent.count({ where: { leadId: lead.id, type: "email_sent" } })).toBe(0);
    const sent = await owner.client.post(leadPath, { intent: "email", kind: "quote", subject: "Your quote", body: "Hi Pat, $1,300 a month for weekly cleaning." });
    expect(sent.status).toBe(200);
    await server.services.jobs.idle([MAIL_QUEUE]);
    expect(await server.services.db.emailDelivery.count({ where: { businessId: owner.businessId } })).toBe(before + 1);
    const mail = (await readOutbox(server.services.outboxDir)).filter((m) => m.to === "pat@placeholder.example");
    expect(mail).toHaveLength(1);
    // The owner's words, under the business's brand, with the unsubscribe footer of e-mails to leads.
    expect(mail[0]!.text.startsWith("Hi Pat, $1,300 a month for weekly cleaning.\n")).toBe(true);
    expect(mail[0]!.text).toMatch(/Unsubscribe from .+'s e-mails: http\S+\/unsubscribe\//);
    expect(mail[0]!.html).toContain("Hi Pat, $1,300 a month for weekly cleaning.");
  });
});

describe("/app/notifications", () => {
  it("is a page listing the user's notifications with mark read, not raw JSON", async () => {
    const owner = await registerOwner("Notified Cleaning");
    await server.services.db.notification.create({ data: { businessId: owner.businessId, type: "new-lead", text: "New high-priority lead: Nia North" } });
    const page = await owner.client.get("/app/notifications");
    expect(page.status).toBe(200);
    expect(page.text.trimStart().startsWith("<!DOCTYPE html>")).toBe(true);
    expect(page.text).toMatch(/<h1[^>]*>Notifications<\/h1>/);
    expect(page.text).toContain("New high-priority lead: Nia North");
    expect(page.text).toContain("Mark all as read");
    const marked = await owner.client.post("/app/notifications", { intent: "mark-all-read" });
    expect(marked.status).toBe(200);
    const after = await owner.client.get("/app/notifications");
    expect(after.text).toContain("You&#x27;re all caught up.");
  });
});

