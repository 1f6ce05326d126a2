// Automations on the job layer (DESIGN §10, §11; issue 17), against a real server, real PGlite and a
// real SMTP server: a visitor qualifying high over the widget protocol gets the active High-priority
// e-mail once; the Medium follow-up's three steps follow their delays (time moved through the job
// layer); Won cancels the rest; pausing holds, resuming sends; deleting cancels and keeps the history;
// the 'urgent' keyword sends the booking link; a draft does nothing; another business's automation
// never fires on this lead; an unconfigured SMS is skipped; a refused e-mail fails the step and emits
// `automation.run.failed`; a reply from the team (lead e-mail, takeover message) cancels the pending
// steps; Send test e-mails only the owner, for the sample lead.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { until } from "../support/until.ts";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink.ts";
import { Visitor } from "../support/widget-client.ts";
import { DEMO } from "#server/demo/demo-credentials.ts";
import { emitEvents } from "#server/events/emit-events.server.ts";
import { AUTOMATION_QUEUE, EVENT_QUEUE, MAIL_QUEUE } from "#server/jobs/queue/queues.ts";
import {
  automationSummary,
  createFromTemplate,
  DELETED_ERROR,
  deleteAutomation,
  listAutomations,
  listRuns,
  toggleAutomation,
  updateAutomation,
} from "#server/automations/automations.server.ts";
import { AUTOMATION_TEMPLATES, type TemplateKey } from "#shared/automations/definition.ts";
import { CLOSED_ERROR, SMS_NOT_CONFIGURED, TEAM_REPLIED_ERROR } from "#server/automations/runs.server.ts";
import { sendLeadEmail } from "#server/leads/lead-email.server.ts";
import { unsubscribeSigner } from "#server/mail/unsubscribe.server.ts";
import { storeAgentMessage } from "#server/chat/takeover-store.server.ts";
import { NO_TESTABLE_STEP, SAMPLE_LEAD, sendAutomationTest } from "#server/automations/send-test.server.ts";
import { changeLeadStatus } from "#server/leads/commands.server.ts";
import { commandContext } from "#server/events/command-context.server.ts";
import { registerAccount } from "#server/auth/accounts.server.ts";
import type { Socket } from "socket.io-client";
import type { WorkspaceNotification } from "#server/realtime/protocol.ts";
import { HttpClient } from "../support/http-client.ts";
import { openWorkspaceSocket } from "../support/workspace-client.ts";

const MAIL_FROM = "LeadBroom <no-reply@leadbroom.test>";

describe("automations", () => {
  let server: TestServer;
  let sink: SmtpSink;
  let demoBusinessId: string;
  let demoUserId: string;

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestServer({ env: { SMTP_URL: sink.url, MAIL_FROM } });
    const db = server.services.db;
    demoBusinessId = (await db.chatbot.findUniqueOrThrow({ where: { siteKey: DEMO.siteKey }, select: { businessId: true } })).businessId;
    demoUserId = (await db.user.findUniqueOrThrow({ where: { email: DEMO.email } })).id;
  });
  afterAll(async () => {
    await server?.close();
    await sink?.close();
  });

  const deps = () => commandContext(server.services, server.app.workspaceEvents);

  const runsOf = (automationId: string, leadId: string) =>
    server.services.db.automationRun.findMany({ where: { automationId, leadId }, orderBy: { step: "asc" } });
  const settled = () => server.services.jobs.idle([EVENT_QUEUE, MAIL_QUEUE]);

  async function activeFromTemplate(businessId: string, key: TemplateKey): Promise<string> {
    const created = await createFromTemplate(server.services.db, businessId, key);
    if (!created.ok) throw new Error(created.error);
    const toggled = await toggleAutomation(deps(), { businessId, id: created.value.id });
    expect(toggled).toEqual({ ok: true, value: { status: "active" } });
    return created.value.id;
  }

  /** The High-priority template made active with these steps instead of its own. */
  async function highPriorityWith(businessId: string, actions: unknown[]) {
    const created = await createFromTemplate(server.services.db, businessId, "high-priority");
    if (!created.ok) throw new Error(created.error);
    const template = AUTOMATION_TEMPLATES["high-priority"];
    const updated = await updateAutomation(deps(), { businessId, id: created.value.id, input: { ...template, status: "active", actions } });
    expect(updated.ok).toBe(true);
    return created;
  }

  /** A lead scored by hand (complete), announced as scored. */
  async function scoredLead(businessId: string, name: string, score: number, email = `${name.split(" ")[0]!.toLowerCase()}@example.test`) {
    const db = server.services.db;
    const lead = await db.lead.create({
      data: { businessId, name, email, company: `${name} Co`, score, priority: score >= 8 ? "high" : score >= 6 ? "medium" : "low", source: "manual" },
    });
    await emitEvents(server.services.jobs, db, [{ type: "lead.scored", businessId, leadId: lead.id, score }]);
    return lead;
  }

  it("creates the spec's four templates as drafts, and a draft does nothing", async () => {
    const db = server.services.db;
    const business = await db.business.create({ data: { name: "Draft Cleaning" } });
    for (const key of Object.keys(AUTOMATION_TEMPLATES) as TemplateKey[]) {
      const created = await createFromTemplate(db, business.id, key);
      expect(created.ok).toBe(true);
    }
    const list = await listAutomations(db, business.id);
    expect(list.map((a) => [a.name, a.status]).sort()).toEqual([
      ["Appointment scheduler", "draft"],
      ["High-priority lead response", "draft"],
      ["Lead nurturing", "draft"],
      ["Medium follow-up", "draft"],
    ]);
    expect(await createFromTemplate(db, business.id, "nope")).toMatchObject({ ok: false, status: 400 });
    const lead = await scoredLead(business.id, "Dora Draft", 9.1);
    await settled();
    expect(await db.automationRun.count({ where: { leadId: lead.id } })).toBe(0);
    expect(await automationSummary(db, business.id)).toEqual({ active: 0, runsToday: 0, successRate: null, executions: 0 });
  });

  it("a visitor qualifying high gets the active High-priority e-mail exactly once; another business's automation never fires on the lead", async () => {
    const db = server.services.db;
    const highId = await activeFromTemplate(demoBusinessId, "high-priority");
    const other = await db.business.create({ data: { name: "Elsewhere Cleaning" } });
    const otherHighId = await activeFromTemplate(other.id, "high-priority");

    const visitor = new Visitor(server.url, { siteKey: DEMO.siteKey });
    await visitor.connect();
    try {
      const opened = await visitor.open();
      if (!opened.ok) throw new Error(opened.error);
      await visitor.qualifyHighLead({ name: "Ada Auto", company: "Auto <Works>", contact: "ada@autoworks.example" });
      await server.app.chat.idle();
    } finally {
      visitor.disconnect();
    }
    const lead = await db.lead.findFirstOrThrow({ where: { name: "Ada Auto" } });
    expect(lead.score).toBeGreaterThanOrEqual(8);
    const [mail] = await sink.waitFor(sink.messages.filter((m) => m.to.includes("ada@autoworks.example")).length + 1);
    void mail;
    const runs = await until(() => runsOf(highId, lead.id), (r) => r[0]?.status === "sent");
    expect(runs).toHaveLength(1);
    const sent = sink.messages.filter((m) => m.to.includes("ada@autoworks.example"));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe("Your cleaning quote request with Sparkle Commercial Cleaning");
    expect(sent[0]!.decoded).toContain("Hi Ada,");
    expect(sent[0]!.decoded).toContain("Auto &lt;Works&gt;"); // the lead's words are escaped in the HTML
    expect(sent[0]!.raw).toMatch(/List-Unsubscribe:/i);

    // The same event again (a redelivery) and a later score start nothing more: one run per lead.
    await emitEvents(server.services.jobs, db, [
      { type: "lead.created", businessId: lead.businessId, leadId: lead.id },
      { type: "lead.scored", businessId: lead.businessId, leadId: lead.id, score: 9.9 },
    ]);
    await settled();
    await until(() => server.services.jobs.counts(AUTOMATION_QUEUE), (c) => (c.created ?? 0) + (c.retry ?? 0) + (c.active ?? 0) === 0);
    expect(await runsOf(highId, lead.id)).toHaveLength(1);
    expect(sink.messages.filter((m) => m.to.includes("ada@autoworks.example"))).toHaveLength(1);
    expect(await db.automationRun.count({ where: { automationId: otherHighId } })).toBe(0);

    const [view] = (await listAutomations(db, demoBusinessId)).filter((a) => a.id === highId);
    expect(view).toMatchObject({ totalRuns: 1, successRate: 100, status: "active" });
    expect(await automationSummary(db, demoBusinessId)).toMatchObject({ active: 1, runsToday: 1, successRate: 100, executions: 1 });
    // Leave the demo business's other tests alone.
    await toggleAutomation(deps(), { businessId: demoBusinessId, id: highId });
  });

  it("the Medium follow-up sends its three e-mails with their delays, and Won cancels the rest", async () => {
    const db = server.services.db;
    const business = await db.business.create({ data: { name: "Medium Cleaning" } });
    const id = await activeFromTemplate(business.id, "medium-follow-up");
    const lead = await scoredLead(business.id, "Mia Medium", 6.5);
    const runs = await until(() => runsOf(id, lead.id), (r) => r.length === 3 && r[0]!.status === "sent");
    const day = 86_400_000;
    expect(runs.map((r) => r.status)).toEqual(["sent", "scheduled", "scheduled"]);
    expect(Math.round((runs[1]!.scheduledFor.getTime() - runs[0]!.scheduledFor.getTime()) / day)).toBe(3);
    expect(Math.round((runs[2]!.scheduledFor.getTime() - runs[0]!.scheduledFor.getTime()) / day)).toBe(7);
    expect(sink.messages.filter((m) => m.to.includes("mia@example.test")).map((m) => m.subject)).toEqual(["Thanks for contacting Medium Cleaning"]);

    // Three days on (the job layer's clock): the second e-mail.
    await server.services.jobs.releaseDelayed(AUTOMATION_QUEUE);
    await until(() => runsOf(id, lead.id), (r) => r.every((s) => s.status === "sent"));
    expect(sink.messages.filter((m) => m.to.includes("mia@example.test")).map((m) => m.subject).sort()).toEqual([
      "Following up on your cleaning request",
      "Still looking for a cleaning partner?",
      "Thanks for contacting Medium Cleaning",
    ]);

    // Another lead, marked Won after the first e-mail: the other two are cancelled.
    const won = await scoredLead(business.id, "Will Won", 7);
    await until(() => runsOf(id, won.id), (r) => r[0]?.status === "sent");
    const owner = await db.user.create({ data: { email: "owner@medium.example", passwordHash: "x", displayName: "Owner" } });
    const changed = await changeLeadStatus(commandContext(server.services, server.app.workspaceEvents), { businessId: business.id, leadId: won.id, actorUserId: owner.id, input: { status: "won", value: "900" } });
    expect(changed.ok).toBe(true);
    const cancelled = await until(() => runsOf(id, won.id), (r) => r.slice(1).every((s) => s.status === "cancelled"));
    expect(cancelled.slice(1).map((r) => r.error)).toEqual([CLOSED_ERROR, CLOSED_ERROR]);
    await server.services.jobs.releaseDelayed(AUTOMATION_QUEUE);
    await until(() => server.services.jobs.counts(AUTOMATION_QUEUE), (c) => (c.created ?? 0) + (c.retry ?? 0) + (c.active ?? 0) === 0);
    await settled();
    expect(sink.messages.filter((m) => m.to.includes("will@example.test"))).toHaveLength(1);
  });

  it("a reply from the team (the owner e-mails the lead) cancels the lead's later steps, which are never sent", async () => {
    const db = server.services.db;
    const business = await db.business.create({ data: { name: "Reply Cleaning" } });
    const id = await activeFromTemplate(business.id, "medium-follow-up");
    const lead = await scoredLead(business.id, "Rita Reply", 6.5);
    await until(() => runsOf(id, lead.id), (r) => r.length === 3 && r[0]!.status === "sent");
    const owner = await db.user.create({ data: { email: "owner@reply.example", passwordHash: "x", displayName: "Owner" } });
    const unsubscribe = unsubscribeSigner(server.services);
    const sent = await sendLeadEmail(
      { db, jobs: server.services.jobs, unsubscribe },
      { businessId: business.id, leadId: lead.id, actorUserId: owner.id, input: { kind: "info", subject: "Your walkthrough", body: "When suits you?" } },
    );
    expect(sent).toEqual({ ok: true, value: { to: "rita@example.test" } });
    const cancelled = await until(() => runsOf(id, lead.id), (r) => r.slice(1).every((s) => s.status === "cancelled"));
    expect(cancelled.slice(1).map((r) => r.error)).toEqual([TEAM_REPLIED_ERROR, TEAM_REPLIED_ERROR]);
    await server.services.jobs.releaseDelayed(AUTOMATION_QUEUE);
    await until(() => server.services.jobs.counts(AUTOMATION_QUEUE), (c) => (c.created ?? 0) + (c.retry ?? 0) + (c.active ?? 0) === 0);
    await settled();
    expect(sink.messages.filter((m) => m.to.includes("rita@example.test")).map((m) => m.subject).sort()).toEqual([
      "Thanks for contacting Reply Cleaning",
      "Your walkthrough",
    ]);
  });

  it("an agent's message in a live takeover of the lead's chat cancels the lead's later steps", async () => {
    const db = server.services.db;
    const business = await db.business.create({ data: { name: "Takeover Cleaning" } });
    const chatbot = await db.chatbot.create({ data: { businessId: business.id, siteKey: `sk-takeover-${Date.now()}`, businessName: business.name, welcomeMessage: "Hi" } });
    const agent = await db.user.create({ data: { email: "agent@takeover.example", passwordHash: "x", displayName: "Alex Agent" } });
    const conversation = await db.conversation.create({
      data: { businessId: business.id, chatbotId: chatbot.id, visitorId: "v-takeover", agentUserId: agent.id, agentName: "Alex Agent", agentActiveAt: new Date() },
    });
    const id = await activeFromTemplate(business.id, "medium-follow-up");
    const lead = await scoredLead(business.id, "Tom Takeover", 6.5);
    await db.lead.update({ where: { id: lead.id }, data: { conversationId: conversation.id } });
    await until(() => runsOf(id, lead.id), (r) => r.length === 3 && r[0]!.status === "sent");
    const stored = await storeAgentMessage(deps(), {
      businessId: business.id,
      conversationId: conversation.id,
      agent: { userId: agent.id, name: "Alex Agent" },
      clientMessageId: "c-1",
      text: "Hi Tom, I can help right now.",
      now: new Date(),
    });
    expect(stored.kind).toBe("stored");
    const cancelled = await until(() => runsOf(id, lead.id), (r) => r.slice(1).every((s) => s.status === "cancelled"));
    expect(cancelled.slice(1).map((r) => r.error)).toEqual([TEAM_REPLIED_ERROR, TEAM_REPLIED_ERROR]);
  });

  it("Send test e-mails the owner the rendered steps for the sample lead, and nothing goes to any lead", async () => {
    const db = server.services.db;
    const business = await db.business.create({ data: { name: "Test Send Cleaning" } });
    const owner = await db.user.create({ data: { email: "owner@testsend.example", passwordHash: "x", displayName: "Owner" } });
    const lead = await scoredLead(business.id, "Lena Lead", 9.2);
    const created = await createFromTemplate(db, business.id, "high-priority");
    if (!created.ok) throw new Error(created.error);
    const before = sink.messages.length;
    const testDeps = { db, jobs: server.services.jobs, unsubscribe: unsubscribeSigner(server.services) };
    const sent = await sendAutomationTest(testDeps, { businessId: business.id, id: created.value.id, userId: owner.id });
    expect(sent).toEqual({ ok: true, value: { to: "owner@testsend.example", emails: 1, notifications: 0 } });
    await sink.waitFor(before + 1);
    await settled();
    const mails = sink.messages.slice(before);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([[["owner@testsend.example"], "[Test] Your cleaning quote request with Test Send Cleaning"]]);
    expect(mails[0]!.decoded).toContain(`Hi ${SAMPLE_LEAD.name.split(" ")[0]}`);
    expect(mails[0]!.decoded).toContain(`${SAMPLE_LEAD.company}'s cleaning needs`);
    expect(mails[0]!.decoded).not.toContain("{firstName}");
    expect(sink.messages.some((m) => m.to.includes(lead.email!) || m.to.includes(SAMPLE_LEAD.email))).toBe(false);
    expect(await db.automationRun.count({ where: { automationId: created.value.id } })).toBe(0);

    // An automation without e-mail or notification steps says so; another business's automation is not found.
    await db.automation.update({ where: { id: created.value.id }, data: { actions: [{ type: "sms", subject: "", template: "Hi {firstName}", delay: 0 }] } });
    expect(await sendAutomationTest(testDeps, { businessId: business.id, id: created.value.id, userId: owner.id })).toMatchObject({ ok: false, error: NO_TESTABLE_STEP });
    expect(await sendAutomationTest(testDeps, { businessId: demoBusinessId, id: created.value.id, userId: demoUserId })).toMatchObject({ ok: false, status: 404 });
  });

  it("Send test's notification reaches the owner's open workspace live, marked as a test", async () => {
    const db = server.services.db;
    const http = new HttpClient(server.url);
    const email = `owner-live-test-${Date.now()}@example.com`;
    const registered = await http.post("/register", { displayName: "Test Owner", businessName: "Live Test Cleaning", email, password: "LiveTest2026", confirmPassword: "LiveTest2026", acceptTerms: "on" });
    expect(registered.status).toBe(302);
    const user = await db.user.findUniqueOrThrow({ where: { email }, include: { memberships: true } });
    const businessId = user.memberships[0]!.businessId;
    const created = await createFromTemplate(db, businessId, "high-priority");
    if (!created.ok) throw new Error(created.error);
    const template = AUTOMATION_TEMPLATES["high-priority"];
    const updated = await updateAutomation(deps(), {
      businessId,
      id: created.value.id,
      input: { ...template, actions: [{ type: "notification", template: "Call {firstName} at {company} today", delay: 0 }] },
    });
    expect(updated.ok).toBe(true);
    const sockets: Socket[] = [];
    try {
      const { socket } = await openWorkspaceSocket(server.url, http, sockets);
      const heard = new Promise<WorkspaceNotification>((resolve) => socket.once("notification", resolve));
      const res = await http.post("/app/automation", { intent: "test", id: created.value.id });
      expect(res.status).toBe(200);
      const notification = await heard;
      expect(notification).toMatchObject({ type: "follow-up", text: `Test of High-priority lead response: Call Jordan at ${SAMPLE_LEAD.company} today` });
      // The same notification is stored (the panel lists it after a reload) and no run was made.
      expect(await db.notification.findUniqueOrThrow({ where: { id: notification.id } })).toMatchObject({ businessId, text: notification.text });
      expect(await db.automationRun.count({ where: { automationId: created.value.id } })).toBe(0);
    } finally {
      for (const socket of sockets) socket.disconnect();
    }
  });

  it("pausing holds the steps that fall due; resuming sends them", async () => {
    const db = server.services.db;
    const business = await db.business.create({ data: { name: "Pause Cleaning" } });
    const id = await activeFromTemplate(business.id, "medium-follow-up");
    const lead = await scoredLead(business.id, "Pat Pause", 6);
    await until(() => runsOf(id, lead.id), (r) => r.length === 3 && r[0]!.status === "sent");
    expect(await toggleAutomation(deps(), { businessId: business.id, id })).toEqual({ ok: true, value: { status: "paused" } });
    await server.services.jobs.releaseDelayed(AUTOMATION_QUEUE);
    const held = await until(() => runsOf(id, lead.id), (r) => r.slice(1).every((s) => s.heldAt !== null));
    expect(held.map((r) => r.status)).toEqual(["sent", "scheduled", "scheduled"]);
    await settled();
    expect(sink.messages.filter((m) => m.to.includes("pat@example.test"))).toHaveLength(1);
    expect((await listRuns(db, business.id, id)).filter((r) => r.held)).toHaveLength(2);

    expect(await toggleAutomation(deps(), { businessId: business.id, id })).toEqual({ ok: true, value: { status: "active" } });
    await until(() => runsOf(id, lead.id), (r) => r.every((s) => s.status === "sent"));
    await settled();
    expect(sink.messages.filter((m) => m.to.includes("pat@example.test"))).toHaveLength(3);
  });

  it("deleting cancels the pending steps and keeps the history", async () => {
    const db = server.services.db;
    const business = await db.business.create({ data: { name: "Delete Cleaning" } });
    const id = await activeFromTemplate(business.id, "medium-follow-up");
    const lead = await scoredLead(business.id, "Del Delete", 5.5);
    await until(() => runsOf(id, lead.id), (r) => r.length === 3 && r[0]!.status === "sent");
    const other = await db.business.create({ data: { name: "Not Yours" } });
    expect(await deleteAutomation(deps(), { businessId: other.id, id })).toMatchObject({ ok: false, status: 404 });
    expect(await deleteAutomation(deps(), { businessId: business.id, id })).toEqual({ ok: true, value: { cancelled: 2 } });
    expect(await listAutomations(db, business.id)).toEqual([]);
    const runs = await runsOf(id, lead.id);
    expect(runs.map((r) => [r.status, r.error])).toEqual([
      ["sent", null],
      ["cancelled", DELETED_ERROR],
      ["cancelled", DELETED_ERROR],
    ]);
    await server.services.jobs.releaseDelayed(AUTOMATION_QUEUE);
    await until(() => server.services.jobs.counts(AUTOMATION_QUEUE), (c) => (c.created ?? 0) + (c.retry ?? 0) + (c.active ?? 0) === 0);
    await settled();
    expect(sink.messages.filter((m) => m.to.includes("del@example.test"))).toHaveLength(1);
    expect(await automationSummary(db, business.id)).toMatchObject({ active: 0, executions: 1, successRate: 100 });
  });

  it("the 'urgent' keyword sends the business's booking link", async () => {
    const db = server.services.db;
    const business = await db.business.create({ data: { name: "Urgent Cleaning", bookingUrl: "https://cal.example/urgent-cleaning" } });
    const id = await activeFromTemplate(business.id, "appointment-scheduler");
    const lead = await db.lead.create({ data: { businessId: business.id, name: "Uma Urgent", email: "uma@example.test", score: 3, priority: "low" } });
    await emitEvents(server.services.jobs, db, [
      { type: "message.received", businessId: business.id, leadId: lead.id, messageId: "m1", text: "Not so fast, no rush" },
    ]);
    await settled();
    expect(await runsOf(id, lead.id)).toHaveLength(0);
    await emitEvents(server.services.jobs, db, [
      { type: "message.received", businessId: business.id, leadId: lead.id, messageId: "m2", text: "Actually it is URGENT!" },
    ]);
    await until(() => runsOf(id, lead.id), (r) => r[0]?.status === "sent");
    const [mail] = sink.messages.filter((m) => m.to.includes("uma@example.test"));
    expect(mail!.subject).toBe("Book a time with Urgent Cleaning");
    expect(mail!.decoded).toContain("https://cal.example/urgent-cleaning");
  });

  it("a lead's company with CR/LF cannot add a header: the subject and the sender name stay on one line", async () => {
    const db = server.services.db;
    const business = await db.business.create({ data: { name: "Header Cleaning", emailSenderName: "Header\r\nBcc: owner@evil.test" } });
    const created = await highPriorityWith(business.id, [{ type: "email", subject: "Quote for {company}", template: "Hi {firstName},\nthanks.", delay: 0 }]);
    const lead = await db.lead.create({
      data: { businessId: business.id, name: "Hal Header", email: "hal@example.test", company: "Acme\r\nBcc: x@evil.test", score: 9, priority: "high", source: "manual" },
    });
    await emitEvents(server.services.jobs, db, [{ type: "lead.scored", businessId: business.id, leadId: lead.id, score: 9 }]);
    await until(() => runsOf(created.value.id, lead.id), (r) => r[0]?.status === "sent");
    const delivery = await db.emailDelivery.findFirstOrThrow({ where: { businessId: business.id, to: "hal@example.test" } });
    expect(delivery.subject).toBe("Quote for Acme Bcc: x@evil.test");
    const [mail] = sink.messages.filter((m) => m.to.includes("hal@example.test"));
    expect(mail!.to).toEqual(["hal@example.test"]);
    expect(mail!.subject).toBe("Quote for Acme Bcc: x@evil.test");
    expect(mail!.raw).not.toMatch(/^Bcc:/im);
    // The body keeps its own line break.
    expect(mail!.decoded).toMatch(/Hi Hal,\r?\nthanks\./);
  });

  it("an SMS without Twilio is skipped as not configured; a refused e-mail fails the step and emits automation.run.failed", async () => {
    const db = server.services.db;
    const business = await db.business.create({ data: { name: "Failing Cleaning" } });
    const template = AUTOMATION_TEMPLATES["high-priority"];
    const created = await highPriorityWith(business.id, [{ type: "sms", template: "Hi {firstName}", delay: 0 }, template.actions[0]]);
    sink.refuse("fay@example.test");
    const lead = await scoredLead(business.id, "Fay Fail", 9);
    const runs = await until(() => runsOf(created.value.id, lead.id), (r) => r.length === 2 && r.every((s) => s.status !== "scheduled"));
    expect(runs.map((r) => [r.actionType, r.status])).toEqual([
      ["sms", "skipped"],
      ["email", "failed"],
    ]);
    expect(runs[0]!.error).toBe(SMS_NOT_CONFIGURED);
    expect(runs[1]!.error).toMatch(/550/);
    const failedEvents = await until(
      () => db.$queryRawUnsafe<{ data: unknown }[]>(`SELECT data FROM pgboss.job WHERE name = $1 AND singleton_key = $2`, EVENT_QUEUE, `automation.run.failed:${runs[1]!.id}`),
      (r) => r.length === 1,
    );
    expect(failedEvents[0]).toMatchObject({
      data: { type: "automation.run.failed", automationId: created.value.id, runId: runs[1]!.id, leadId: lead.id },
    });
    expect(await automationSummary(db, business.id)).toMatchObject({ executions: 2, successRate: 0 });
  });

  it("refuses an invalid edit with the field's message", async () => {
    const db = server.services.db;
    const business = await db.business.create({ data: { name: "Edit Cleaning" } });
    const created = await createFromTemplate(db, business.id, "lead-nurturing");
    if (!created.ok) throw new Error(created.error);
    const result = await updateAutomation(deps(), { businessId: business.id, id: created.value.id, input: { name: "", trigger: "lead_scored", actions: [] } });
    expect(result).toMatchObject({ ok: false, status: 400, fieldErrors: { name: "Enter a name", actions: "Add at least one action" } });
    void demoUserId;
  });

  /** A new business with its own chatbot and the three score-based templates active (one matches any score). */
  async function scoreBusiness(name: string) {
    const db = server.services.db;
    const account = await registerAccount(db, { businessName: name, email: `${name.replace(/\W/g, "").toLowerCase()}-${Date.now()}@example.com`, password: "PartialPass2026" });
    if (!account.ok) throw new Error(account.code);
    const businessId = account.value.businessId;
    const chatbot = await db.chatbot.findFirstOrThrow({ where: { businessId } });
    const ids = await Promise.all((["high-priority", "medium-follow-up", "lead-nurturing"] as const).map((key) => activeFromTemplate(businessId, key)));
    const runsOfLead = (leadId: string) => db.automationRun.findMany({ where: { leadId, step: 0 }, include: { automation: { select: { name: true } } } });
    return { businessId, siteKey: chatbot.siteKey, ids, runsOfLead };
  }

  async function chat(siteKey: string, answers: string[]) {
    const visitor = new Visitor(server.url, { siteKey });
    await visitor.connect();
    try {
      const opened = await visitor.open();
      if (!opened.ok) throw new Error(opened.error);
      for (const answer of answers) await visitor.say(answer);
      await server.app.chat.idle();
    } finally {
      visitor.disconnect();
    }
  }

  /** No automation job is due or running (delayed ones may wait). */
  const automationJobsQuiet = () =>
    until(
      () =>
        server.services.db.$queryRawUnsafe<{ n: number }[]>(
          `SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND (state = 'active' OR (state IN ('created', 'retry') AND start_after <= now()))`,
          AUTOMATION_QUEUE,
        ),
      (r) => r[0]!.n === 0,
    );
  const expectedTemplate = (score: number) => (score >= 8 ? "High-priority lead response" : score >= 5 ? "Medium follow-up" : "Lead nurturing");

  it("a visitor who leaves half way with an e-mail address gets one follow-up on the partial score once the chat has been quiet", async () => {
    const db = server.services.db;
    const { siteKey, runsOfLead } = await scoreBusiness("Halfway Cleaning");
    // The e-mail address comes with the first answer; the visitor answers one more question and leaves.
    await chat(siteKey, ["office cleaning for about 30,000 sq ft, reach me at pam@halfway.example", "Daily"]);
    const lead = await db.lead.findFirstOrThrow({ where: { email: "pam@halfway.example" } });
    expect(lead.incomplete).toBe(true);
    await settled();
    await automationJobsQuiet();
    expect(await runsOfLead(lead.id)).toEqual([]); // still qualifying: nothing yet

    // Half an hour of silence (the job layer's clock): the score it has now is final.
    const runs = await until(
      async () => {
        await server.services.jobs.releaseDelayed(AUTOMATION_QUEUE);
        return runsOfLead(lead.id);
      },
      (r) => r.length > 0 && r[0]!.status !== "scheduled",
    );
    expect(runs.map((r) => [r.automation.name, r.status])).toEqual([[expectedTemplate(lead.score), "sent"]]);
    // One e-mail per step sent (releasing delayed jobs also brought a sequence's later steps due: let them finish).
    await until(
      async () => {
        await server.services.jobs.releaseDelayed(AUTOMATION_QUEUE);
        return db.automationRun.findMany({ where: { leadId: lead.id } });
      },
      (r) => r.every((step) => step.status !== "scheduled"),
    );
    const sentSteps = () => db.automationRun.count({ where: { leadId: lead.id, status: "sent", actionType: "email" } });
    await settled();
    expect(sink.messages.filter((m) => m.to.includes("pam@halfway.example"))).toHaveLength(await sentSteps());

    // The visitor comes back later and the events come again: no second run of that automation.
    await emitEvents(server.services.jobs, db, [
      { type: "lead.created", businessId: lead.businessId, leadId: lead.id },
      { type: "lead.scored", businessId: lead.businessId, leadId: lead.id, score: lead.score },
    ]);
    await settled();
    await server.services.jobs.releaseDelayed(AUTOMATION_QUEUE);
    await automationJobsQuiet();
    await settled();
    expect((await runsOfLead(lead.id)).map((r) => r.automation.name)).toEqual([expectedTemplate(lead.score)]);
    expect(await db.automationRun.count({ where: { leadId: lead.id, automationId: { not: runs[0]!.automationId } } })).toBe(0);
    expect(sink.messages.filter((m) => m.to.includes("pam@halfway.example"))).toHaveLength(await sentSteps());
  });

  it("a visitor writing 'urgent' in the chat after giving an e-mail gets the booking link: the turn's lead update writes its message event", async () => {
    const db = server.services.db;
    const { businessId, siteKey } = await scoreBusiness("Rush Cleaning");
    await db.business.update({ where: { id: businessId }, data: { bookingUrl: "https://cal.example/rush-cleaning" } });
    const id = await activeFromTemplate(businessId, "appointment-scheduler");
    // The lead exists after the first answer; the second turn updates it and, in the same statement, writes
    // its message.received event (decision 0060), which the keyword automation answers.
    await chat(siteKey, ["office cleaning for about 30,000 sq ft, reach me at rory@rush.example", "Daily, and it is urgent"]);
    const lead = await db.lead.findFirstOrThrow({ where: { email: "rory@rush.example" } });
    expect(lead.frequency).not.toBeNull();
    const received = await db.$queryRawUnsafe<{ type: string; text: string }[]>(
      `SELECT data->>'type' AS type, data->>'text' AS text FROM pgboss.job WHERE name = $1 AND data->>'leadId' = $2 AND data->>'type' = 'message.received'`,
      EVENT_QUEUE,
      lead.id,
    );
    expect(received.map((r) => r.text)).toEqual(["Daily, and it is urgent"]);
    await until(() => runsOf(id, lead.id), (r) => r[0]?.status === "sent");
    const [mail] = sink.messages.filter((m) => m.to.includes("rory@rush.example") && m.subject === "Book a time with Rush Cleaning");
    expect(mail!.decoded).toContain("https://cal.example/rush-cleaning");
  });

  it("a chat finished with a skipped question starts the score-based automation at once, on its score", async () => {
    const db = server.services.db;
    const { siteKey, runsOfLead } = await scoreBusiness("Skipper Cleaning");
    await chat(siteKey, ["office cleaning", "30,000 sq ft", "daily", "prefer not to say", "immediately", "Sid Skipper", "Skipper Labs", "sid@skipper.example"]);
    const lead = await db.lead.findFirstOrThrow({ where: { email: "sid@skipper.example" } });
    expect(lead).toMatchObject({ incomplete: true, budgetMonthlyCents: null });
    // No time moved: the qualification is over, so the run starts now.
    const runs = await until(() => runsOfLead(lead.id), (r) => r.length > 0 && r[0]!.status !== "scheduled");
    expect(runs.map((r) => [r.automation.name, r.status])).toEqual([[expectedTemplate(lead.score), "sent"]]);
  });
});
