// @postgres: parallel presses against the per-IP limit.
// Demo sandboxes (issue 13, finding 1; decision 0026): the /login demo button gives each browser a
// business of its own, resumed by its cookie and limited per IP; a sandbox e-mails nobody (its e-mails
// are held and listed), cannot invite, create API keys or touch billing, and is deleted by a job after
// 24 hours with its sockets closed.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Socket } from "socket.io-client";
import { DEMO } from "#server/demo/demo-credentials.ts";
import { analyticsReport } from "#server/analytics/analytics.server.ts";
import { addSandboxHistory, createSandbox, SANDBOX_EMAIL_DOMAIN, SANDBOX_TTL_MS } from "#server/demo/sandbox.server.ts";
import { HELD_EMAIL_NOTE, SANDBOX_EXPIRED_MESSAGE, SANDBOX_LIMIT_MESSAGE, SANDBOX_MESSAGES } from "#shared/demo/sandbox-policy.ts";
import {
  MAIL_QUEUE,
  PASSWORD_RESET_QUEUE,
  SANDBOX_DELETE_QUEUE,
  SANDBOX_HISTORY_QUEUE,
  SANDBOX_PREPARE_QUEUE,
  SANDBOX_SWEEP_TICK,
} from "#server/jobs/queue/queues.ts";
import { readOutbox } from "#server/mail/mailer.server.ts";
import { postJson } from "./billing-support.ts";
import { HttpClient } from "../support/http-client.ts";
import { connectError, Visitor } from "../support/widget-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { describeOnPgliteOnly } from "../support/postgres-pass.ts";
import { openWorkspaceSocket } from "../support/workspace-client.ts";

let server: TestServer;
const sockets: Socket[] = [];
const openSocket = (http: HttpClient) => openWorkspaceSocket(server.url, http, sockets);

beforeAll(async () => {
  server = await startTestServer({
    // Behind "one proxy" so each browser has its own address (X-Forwarded-For), as real ones do.
    env: { TRUST_PROXY: "1" },
    authLimits: { sandboxesPerIp: 3 },
  });
});
afterEach(() => {
  for (const s of sockets.splice(0)) s.disconnect();
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.services.db;
let address = 0;

/** A new browser, on its own address unless told. */
function browser(ip = `203.0.113.${++address}`): HttpClient {
  return new HttpClient(server.url, { "X-Forwarded-For": ip });
}

/** The sandbox this browser's lb_sandbox cookie names (verified with the server's own cookie). */
async function sandboxOf(http: HttpClient): Promise<string> {
  const value: unknown = await server.services.sandboxCookie.parse(`lb_sandbox=${http.cookies.get("lb_sandbox")}`);
  if (typeof value !== "string") throw new Error("no sandbox cookie");
  return value;
}

/** Presses the demo button; answers the browser's sandbox and its owner. */
async function pressDemo(http: HttpClient): Promise<{ businessId: string; userId: string; email: string }> {
  const res = await http.post("/login", { intent: "demo", redirectTo: "" });
  expect(res.status).toBe(302);
  expect(res.location).toBe("/app");
  const businessId = await sandboxOf(http);
  const owner = await db().membership.findFirstOrThrow({ where: { businessId }, select: { userId: true, user: { select: { email: true } } } });
  return { businessId, userId: owner.userId, email: owner.user.email };
}

const expire = (businessId: string) =>
  db().business.update({ where: { id: businessId }, data: { sandboxExpiresAt: new Date(Date.now() - 1000) } });

describe("the demo button", () => {
  it("makes a seeded sandbox for the browser, signed in as its owner with a session row, and resumes it", async () => {
    const before = Date.now();
    const http = browser();
    const res = await http.post("/login", { intent: "demo", redirectTo: "/app/leads" });
    expect(res.status).toBe(302);
    expect(res.location).toBe("/app/leads");
    const cookie = res.setCookie.find((c) => c.startsWith("lb_sandbox="))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);

    const businessId = await sandboxOf(http);
    const sandbox = await db().business.findUniqueOrThrow({ where: { id: businessId }, include: { memberships: { include: { user: true } }, chatbots: true } });
    expect(sandbox.sandboxExpiresAt!.getTime()).toBeGreaterThanOrEqual(before + SANDBOX_TTL_MS);
    expect(sandbox.sandboxExpiresAt!.getTime()).toBeLessThanOrEqual(Date.now() + SANDBOX_TTL_MS);
    // A chatbot of its own (not the fixed demo's `demo` key) and an owner account of its own.
    expect(sandbox.chatbots.map((c) => c.siteKey)).not.toContain(DEMO.siteKey);
    expect(sandbox.chatbots).toHaveLength(1);
    const [owner] = sandbox.memberships;
    expect(sandbox.memberships).toHaveLength(1);
    expect(owner!.role).toBe("owner");
    expect(owner!.user.email.endsWith(`@${SANDBOX_EMAIL_DOMAIN}`)).toBe(true);
    expect(await db().session.count({ where: { userId: owner!.userId } })).toBe(1);
    // Seeded like the fixed demo business: the same sample leads, scored the same (with its year of
    // history, which a sandbox made on the press gets from its sandbox.history job: decision 0087).
    await server.services.jobs.idle([SANDBOX_HISTORY_QUEUE], { timeoutMs: 120_000 });
    const demo = await db().business.findFirstOrThrow({ where: { isDemo: true, sandboxExpiresAt: null } });
    const leads = (id: string) => db().lead.findMany({ where: { businessId: id }, orderBy: { name: "asc" }, select: { name: true, score: true, status: true } });
    expect((await leads(businessId)).length).toBeGreaterThan(0);
    expect(await leads(businessId)).toEqual(await leads(demo.id));

    const page = await http.get("/app/leads");
    expect(page.text).toContain("Sarah Mitchell");
    expect(page.text).toContain("Demo sandbox.");
    // Its deletion job is written with it, due at its expiry.
    const jobs = await server.database.sql.query<{ start_after: string }>(
      `SELECT start_after FROM pgboss.job WHERE name = $1 AND singleton_key = $2`,
      [SANDBOX_DELETE_QUEUE, `sandbox-delete:${businessId}`],
    );
    expect(jobs).toHaveLength(1);
    expect(new Date(jobs[0]!.start_after).getTime()).toBe(sandbox.sandboxExpiresAt!.getTime());

    // Signed out and back, more times than the per-IP limit: the same sandbox each time.
    expect((await http.post("/logout", {})).status).toBe(302);
    for (let i = 0; i < 4; i++) expect((await http.post("/login", { intent: "demo", redirectTo: "" })).status).toBe(302);
    expect(await sandboxOf(http)).toBe(businessId);
    expect(await db().session.count({ where: { userId: owner!.userId } })).toBe(1);
    expect(await db().business.count({ where: { sandboxExpiresAt: { not: null }, memberships: { some: { userId: owner!.userId } } } })).toBe(1);
  });

  it("gives two browsers two sandboxes, and neither sees the other's leads", async () => {
    const a = browser();
    const b = browser();
    const [sa, sb] = [await pressDemo(a), await pressDemo(b)];
    expect(sa.businessId).not.toBe(sb.businessId);
    const lead = await db().lead.findFirstOrThrow({ where: { businessId: sa.businessId, name: "Sarah Mitchell" } });
    await db().lead.update({ where: { id: lead.id }, data: { name: "Renamed Only In A" } });
    expect((await a.get("/app/leads")).text).toContain("Renamed Only In A");
    expect((await b.get("/app/leads")).text).not.toContain("Renamed Only In A");
    expect((await b.get(`/app/leads/${lead.id}`)).status).toBe(404);
  });

  it("takes a sandbox prepared ahead by the job: the same content, its sample leads as fresh", async () => {
    await pressDemo(browser());
    // The press queued the next one's preparation (decision 0046).
    await server.services.jobs.idle([SANDBOX_PREPARE_QUEUE], { timeoutMs: 120_000 });
    const [prepared] = await db().business.findMany({ where: { sandboxPreparedAt: { not: null } }, orderBy: { sandboxPreparedAt: "desc" }, select: { id: true } });
    expect(prepared).toBeDefined();
    const now = new Date();
    const made = await createSandbox({ db: db(), jobs: server.services.jobs }, now);
    expect(made.businessId).toBe(prepared!.id);
    const sandbox = await db().business.findUniqueOrThrow({ where: { id: made.businessId }, select: { sandboxPreparedAt: true, sandboxExpiresAt: true } });
    expect(sandbox).toEqual({ sandboxPreparedAt: null, sandboxExpiresAt: new Date(now.getTime() + SANDBOX_TTL_MS) });
    const demo = await db().business.findFirstOrThrow({ where: { isDemo: true, sandboxExpiresAt: null }, select: { id: true } });
    const leads = (id: string) => db().lead.findMany({ where: { businessId: id }, orderBy: { name: "asc" }, select: { name: true, score: true, status: true } });
    expect(await leads(made.businessId)).toEqual(await leads(demo.id));
    // "2 hours ago" from the press, not from the preparation.
    const sarah = await db().lead.findFirstOrThrow({ where: { businessId: made.businessId, name: "Sarah Mitchell" }, select: { createdAt: true } });
    expect(Math.abs(now.getTime() - 2 * 3_600_000 - sarah.createdAt.getTime())).toBeLessThan(1000);
    const jobs = await server.database.sql.query<{ start_after: string }>(
      `SELECT start_after FROM pgboss.job WHERE name = $1 AND singleton_key = $2`,
      [SANDBOX_DELETE_QUEUE, `sandbox-delete:${made.businessId}`],
    );
    expect(jobs.map((j) => new Date(j.start_after).getTime())).toEqual([made.expiresAt.getTime()]);
  });

  it("with none prepared, makes the business and its owner at once and adds the year of history in its job, once", async () => {
    // Prepared sandboxes are offered on the local day they were seeded: none qualifies two days on.
    const now = new Date(Date.now() + 2 * 86_400_000);
    const prepared = (await db().business.findMany({ where: { sandboxPreparedAt: { not: null } }, select: { id: true } })).map((b) => b.id);
    const made = await createSandbox({ db: db(), jobs: server.services.jobs }, now);
    expect(prepared).not.toContain(made.businessId);
    const demo = await db().business.findFirstOrThrow({ where: { isDemo: true, sandboxExpiresAt: null }, select: { id: true } });
    const owner = await db().membership.findFirstOrThrow({ where: { businessId: made.businessId, role: "owner" }, select: { userId: true } });
    expect(owner.userId).toBe(made.userId);
    // The history's job was written with the sandbox; run by the server's job runner, it adds the year.
    await server.services.jobs.idle([SANDBOX_HISTORY_QUEUE], { timeoutMs: 120_000 });
    const counts = async (businessId: string) => ({
      conversations: await db().conversation.count({ where: { businessId } }),
      messages: await db().message.count({ where: { businessId } }),
      leads: await db().lead.count({ where: { businessId } }),
      impressions: await db().widgetImpressionDay.count({ where: { businessId } }),
    });
    const demoCounts = await counts(demo.id);
    expect(demoCounts.conversations).toBeGreaterThan(100);
    expect(await counts(made.businessId)).toEqual(demoCounts);
    // Run again (a retried job): nothing is added twice.
    expect(await addSandboxHistory(db(), made.businessId)).toBe(false);
    expect(await counts(made.businessId)).toEqual(demoCounts);
  });

  it("makes at most the per-IP limit of sandboxes from parallel presses on one address", async () => {
    const ip = "198.51.100.200";
    // Sandboxes given to browsers (not the ones the sandbox.prepare job seeds ahead meanwhile).
    const given = { sandboxExpiresAt: { not: null }, sandboxPreparedAt: null };
    const before = await db().business.count({ where: given });
    const answers = await Promise.all(Array.from({ length: 8 }, () => browser(ip).post("/login", { intent: "demo", redirectTo: "" })));
    expect(answers.filter((r) => r.status === 302)).toHaveLength(3);
    const refused = answers.filter((r) => r.status === 429);
    expect(refused).toHaveLength(5);
    expect(refused[0]!.text).toContain(SANDBOX_LIMIT_MESSAGE);
    expect(await db().business.count({ where: given })).toBe(before + 3);
    // Another address is not affected.
    expect((await browser("198.51.100.201").post("/login", { intent: "demo", redirectTo: "" })).status).toBe(302);
  });
});

describeOnPgliteOnly("what a sandbox may not do", () => {
  it("refuses invites, API keys and billing with a clear message, and Settings says why", async () => {
    const http = browser();
    const { businessId } = await pressDemo(http);

    const invite = await http.post("/app/settings/users", { intent: "invite", email: "friend@example.com", role: "owner" });
    expect(invite.status).toBe(403);
    expect(invite.text).toContain(SANDBOX_MESSAGES.invite);
    expect(await db().invite.count({ where: { businessId } })).toBe(0);

    const key = await http.post("/app/settings/api-keys", { intent: "api-key-create", name: "CRM sync" });
    expect(key.status).toBe(403);
    expect(key.text).toContain(SANDBOX_MESSAGES["api-key"]);
    expect(await db().apiKey.count({ where: { businessId } })).toBe(0);

    for (const path of ["/api/subscribe", "/api/billing-portal", "/api/add-payment-method"]) {
      const res = await postJson(server, http, path, { plan: "Pro", period: "monthly", paymentMethodId: "pm_card_visa" });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ success: false, error: SANDBOX_MESSAGES.billing });
    }
    expect(await db().business.findUniqueOrThrow({ where: { id: businessId }, select: { stripeCustomerId: true } })).toEqual({ stripeCustomerId: null });

    expect((await http.get("/app/settings/users")).text).toContain(SANDBOX_MESSAGES.invite);
    expect((await http.get("/app/settings/api-keys")).text).toContain(SANDBOX_MESSAGES["api-key"]);
    expect((await http.get("/app/settings/billing")).text).toContain(SANDBOX_MESSAGES.billing);
  });

  it("lets its own chatbot answer on the app's pages only, not embedded on another website", async () => {
    const { businessId } = await pressDemo(browser());
    const { siteKey } = await db().chatbot.findFirstOrThrow({ where: { businessId }, select: { siteKey: true } });
    const elsewhere = new Visitor(server.url, { siteKey, origin: "https://someone-else.example" });
    const own = new Visitor(server.url, { siteKey, origin: server.url });
    try {
      expect(await connectError(elsewhere)).toBe("origin_not_allowed");
      await own.connect();
    } finally {
      elsewhere.disconnect();
      own.disconnect();
    }
    // The loader's config request says the same, so no launcher is drawn there, and it is no installation.
    const config = async (origin: string) =>
      (await fetch(`${server.url}/widget/config?key=${encodeURIComponent(siteKey)}`, { headers: { Origin: origin } })).json();
    expect(await config("https://someone-else.example")).toEqual({ active: false, reason: "origin_not_allowed" });
    expect(await config(server.url)).toMatchObject({ active: true });
    expect((await db().chatbot.findFirstOrThrow({ where: { businessId }, select: { installedAt: true } })).installedAt).toBeNull();
  });

  it("refuses its chatbot once past its expiry (not yet deleted) at the handshake and the config request, like a switched-off one", async () => {
    const { businessId } = await pressDemo(browser());
    const { siteKey } = await db().chatbot.findFirstOrThrow({ where: { businessId }, select: { siteKey: true } });
    const config = async () => (await fetch(`${server.url}/widget/config?key=${encodeURIComponent(siteKey)}`, { headers: { Origin: server.url } })).json();
    const before = new Visitor(server.url, { siteKey, origin: server.url });
    const after = new Visitor(server.url, { siteKey, origin: server.url });
    try {
      await before.connect();
      expect(await config()).toMatchObject({ active: true });
      await expire(businessId);
      expect(await connectError(after)).toBe("chatbot_inactive");
      expect(await config()).toEqual({ active: false, reason: "chatbot_inactive" });
      // Still there (its deletion job is not due yet): refused, not gone.
      expect(await db().business.count({ where: { id: businessId } })).toBe(1);
    } finally {
      before.disconnect();
      after.disconnect();
    }
  });

  it("holds its e-mails (to any address, to its leads, to its owner) instead of sending them, and lists them", async () => {
    const http = browser();
    const { businessId, email } = await pressDemo(http);
    // To any address (the installation instructions: once a spam relay from the shared demo)...
    expect((await http.post("/app/chatbot", { intent: "email-instructions", to: "anyone@victim.example", note: "Buy now" })).status).toBe(200);
    // ...to a lead (Send Quote)...
    const lead = await db().lead.findFirstOrThrow({ where: { businessId, name: "Sarah Mitchell" } });
    const quote = await http.post(`/app/leads/${lead.id}`, { intent: "email", kind: "quote", subject: "Your quote", body: "Hi Sarah, $16,000 a month." });
    expect(quote.status).toBe(200);
    // ...and an account e-mail to its owner (a password reset).
    expect((await browser().post("/login?mode=reset", { intent: "reset", email })).status).toBe(200);
    await server.services.jobs.idle([MAIL_QUEUE, PASSWORD_RESET_QUEUE]);

    const held = await db().emailDelivery.findMany({ where: { businessId }, orderBy: { kind: "asc" } });
    expect(held.map((d) => [d.kind, d.to, d.status])).toEqual([
      ["install-instructions", "anyone@victim.example", "held"],
      ["lead-quote", lead.email, "held"],
      ["password-reset", email, "held"],
    ]);
    // Nothing reached the mailer, and no reset token was minted for the held e-mail.
    const outbox = await readOutbox(server.services.outboxDir);
    expect(outbox.filter((m) => [lead.email, "anyone@victim.example", email].includes(m.to))).toEqual([]);
    expect(await db().passwordResetToken.count({ where: { user: { email } } })).toBe(0);

    const page = await http.get("/app/settings/email");
    expect(page.text).toContain(HELD_EMAIL_NOTE);
    expect(page.text).toContain("Your quote");
    expect(page.text).toContain("anyone@victim.example");
    expect(page.text).toContain("Not sent (demo)");
  });
});

describe("expiry", () => {
  it("deletes only the expired sandbox, in its job, and closes its open socket", async () => {
    const a = browser();
    const b = browser();
    const sa = await pressDemo(a);
    const sb = await pressDemo(b);
    const socketA = await openSocket(a);
    const socketB = await openSocket(b);
    const demoLeads = await db().lead.count({ where: { business: { isDemo: true, sandboxExpiresAt: null } } });

    await expire(sa.businessId);
    // Every sandbox's deletion job falls due now; only the expired sandbox is deleted.
    expect(await server.services.jobs.releaseDelayed(SANDBOX_DELETE_QUEUE)).toBeGreaterThanOrEqual(2);
    await server.services.jobs.idle([SANDBOX_DELETE_QUEUE]);

    expect(await socketA.disconnected).toBe("io server disconnect");
    expect(await db().business.count({ where: { id: sa.businessId } })).toBe(0);
    expect(await db().user.count({ where: { id: sa.userId } })).toBe(0);
    expect(await db().session.count({ where: { userId: sa.userId } })).toBe(0);
    expect(await db().lead.count({ where: { businessId: sa.businessId } })).toBe(0);
    // The other sandbox and the fixed demo business are untouched.
    expect(socketB.socket.connected).toBe(true);
    expect(await db().business.count({ where: { id: sb.businessId } })).toBe(1);
    expect(await db().lead.count({ where: { businessId: sb.businessId } })).toBeGreaterThan(0);
    expect(await db().lead.count({ where: { business: { isDemo: true, sandboxExpiresAt: null } } })).toBe(demoLeads);
    expect((await b.get("/app/leads")).status).toBe(200);

    // The browser of the deleted sandbox is sent to /login and told why.
    const back = await a.get("/app/leads");
    expect(back.status).toBe(302);
    expect(back.location).toBe("/login?sandbox=expired");
    expect(a.cookies.has("lb_sandbox")).toBe(false);
    expect((await a.get(back.location!)).text).toContain(SANDBOX_EXPIRED_MESSAGE);
  });

  it("the hourly sweep deletes expired sandboxes whose job did not run", async () => {
    const { businessId } = await pressDemo(browser());
    await expire(businessId);
    await server.services.jobs.enqueue(db(), [{ name: SANDBOX_SWEEP_TICK, key: `sweep-test:${businessId}`, data: {} }]);
    await server.services.jobs.idle([SANDBOX_SWEEP_TICK]);
    expect(await db().business.count({ where: { id: businessId } })).toBe(0);
  });

  it("sends a browser signing in to its expired sandbox to /login with a clear message", async () => {
    // Pressing the demo button again after the 24 hours (before the job deleted it)...
    const http = browser();
    const { businessId } = await pressDemo(http);
    expect((await http.post("/logout", {})).status).toBe(302);
    await expire(businessId);
    const res = await http.post("/login", { intent: "demo", redirectTo: "" });
    expect(res.status).toBe(302);
    expect(res.location).toBe("/login?sandbox=expired");
    expect(http.cookies.has("lb_sandbox")).toBe(false);
    expect((await http.get("/login?sandbox=expired")).text).toContain(SANDBOX_EXPIRED_MESSAGE);
    // ...and pressing it once more starts a new sandbox.
    const fresh = await pressDemo(http);
    expect(fresh.businessId).not.toBe(businessId);

    // A browser still signed in when its sandbox expires is signed out and told so.
    const open = browser();
    const sandbox = await pressDemo(open);
    await expire(sandbox.businessId);
    const page = await open.get("/app/dashboard");
    expect(page.location).toBe("/login?sandbox=expired");
    expect(await db().session.count({ where: { userId: sandbox.userId } })).toBe(0);
  });
});

describeOnPgliteOnly("the demo business's analytics (issue 18)", () => {
  it("has a year of real figures for Last Year and real changes for 30 Days, and a sandbox has the same", async () => {
    const demo = await db().business.findFirstOrThrow({ where: { isDemo: true, sandboxExpiresAt: null }, select: { id: true, timeZone: true } });
    const report = (businessId: string, period: "30d" | "1y") => analyticsReport(db(), { businessId, timeZone: demo.timeZone, period });

    const year = await report(demo.id, "1y");
    expect(year.channels.filter((c) => c.leads > 0).length).toBeGreaterThanOrEqual(4);
    expect(year.channels.filter((c) => c.revenueCents > 0).length).toBeGreaterThanOrEqual(4);
    expect(year.revenueByMonth).toHaveLength(12);
    expect(year.revenueByMonth.filter((m) => m.revenueCents > 0).length).toBeGreaterThanOrEqual(10);
    for (const stage of year.funnel) expect(stage.count, stage.stage).toBeGreaterThan(0);
    // The demo takes no bookings: its funnel has no "Visit booked" stage (shown only for businesses that book).
    expect(year.funnel.map((s) => s.stage)).toEqual(["Widget impressions", "Conversations", "Leads", "Proposal", "Won"]);
    const [impressions, conversations, leads, proposal, won] = year.funnel.map((s) => s.count) as [number, number, number, number, number];
    expect(impressions > conversations && conversations > leads && leads > proposal && proposal > won).toBe(true);
    expect(year.quality.high * year.quality.medium * year.quality.low).toBeGreaterThan(0);
    // Both lines of "response time by hour": the bot's reply (seconds) and the team's first action (minutes).
    expect(year.responseByHour.filter((h) => h.botSeconds !== null).length).toBeGreaterThanOrEqual(20);
    expect(year.responseByHour.filter((h) => h.teamMinutes !== null).length).toBeGreaterThanOrEqual(12);
    expect(year.responseByHour.every((h) => h.botSeconds === null || (h.botSeconds > 0 && h.botSeconds < 5))).toBe(true);
    expect(year.kpis.avgResponseSeconds.current).toBeGreaterThan(0);

    const month = await report(demo.id, "30d");
    const changes = (["impressions", "conversations", "leads", "revenueCents"] as const).map((key) => month.kpis[key]);
    for (const figure of changes) {
      expect(figure.previous).toBeGreaterThan(0);
      expect(figure.change).not.toBeNull();
    }
    expect(changes.some((figure) => figure.change !== 0)).toBe(true);
    expect(month.kpis.conversionRate.change).not.toBeNull();

    // A sandbox is seeded with the same year (only its ids differ).
    const { businessId } = await pressDemo(browser());
    await server.services.jobs.idle([SANDBOX_HISTORY_QUEUE], { timeoutMs: 120_000 }); // when none was prepared
    const sandboxYear = await report(businessId, "1y");
    expect(sandboxYear.funnel).toEqual(year.funnel);
    expect(sandboxYear.channels).toEqual(year.channels);
    expect(sandboxYear.revenueByMonth).toEqual(year.revenueByMonth);
  });
});
