// LeadBroom's own site chatbot is LeadBroom's assistant (issue 29 item 6, decision 0063): over the
// real widget protocol, a prospect on the public site's chatbot (SITE_CHATBOT_KEY, the operator's
// business) asks about plans, gets the catalogue's prices, answers the assistant's own questions and
// becomes one lead of the operator's business, made by createLead with its consequences: one alert
// e-mail to the owner, one "new-lead" notification, pushed live to the owner's workspace. The cleaning
// businesses' chatbots are untouched.
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "#server/auth/password.server.ts";
import { DEMO } from "#server/demo/demo-credentials.ts";
import { EVENT_QUEUE, MAIL_QUEUE } from "#server/jobs/queue/queues.ts";
import type { LeadSummary, WorkspaceNotification } from "#server/realtime/protocol.ts";
import { PLAN_NAMES, PLANS } from "#shared/billing/plans.ts";
import { formatUsd } from "#shared/format/intl.ts";
import { HttpClient } from "../support/http-client.ts";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { until } from "../support/until.ts";
import { Visitor } from "../support/widget-client.ts";
import { openWorkspaceSocket } from "../support/workspace-client.ts";

const MAIL_FROM = "LeadBroom <no-reply@leadbroom.test>";
const SITE_KEY = "leadbroom-site";
const OWNER = { email: "sales@leadbroom.test", password: "SellMore123" };

let server: TestServer;
let sink: SmtpSink;
const sockets: Socket[] = [];
const visitors: Visitor[] = [];

beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startTestServer({ env: { SMTP_URL: sink.url, MAIL_FROM } });
  // Generous: eight helpers share two cores this session and a server start can take minutes.
}, 600_000);

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  for (const v of visitors) v.disconnect();
  await server?.close();
  await sink?.close();
});

async function visitor(siteKey: string): Promise<Visitor> {
  const v = new Visitor(server.url, { siteKey, origin: server.url });
  visitors.push(v);
  await v.connect();
  const opened = await v.open({ pageUrl: `${server.url}/pricing` });
  if (!opened.ok) throw new Error(opened.error);
  return v;
}

/** Every bot message answering the visitor's message `text` (the turn's replies), once they are all in. */
async function ask(v: Visitor, text: string): Promise<string> {
  const ack = await v.send(text);
  if (!ack.ok) throw new Error(ack.error);
  await v.nextBotMessage(ack.message.seq);
  await server.app.chat.idle();
  return v
    .botMessages()
    .filter((m) => m.seq > ack.message.seq)
    .map((m) => m.text)
    .join("\n");
}

describe("the public site's chatbot", () => {
  it("is the operator's business, marked at start-up", async () => {
    const chatbot = await server.services.db.chatbot.findUniqueOrThrow({ where: { siteKey: SITE_KEY }, select: { business: { select: { kind: true } } } });
    expect(chatbot.business.kind).toBe("operator");
    const demo = await server.services.db.chatbot.findUniqueOrThrow({ where: { siteKey: DEMO.siteKey }, select: { business: { select: { kind: true } } } });
    expect(demo.business.kind).toBe("cleaning");
  });

  it("turns a prospect who asks about plans into one lead of the operator's business, with one alert", async () => {
    const db = server.services.db;
    const site = await db.chatbot.findUniqueOrThrow({ where: { siteKey: SITE_KEY }, select: { businessId: true } });
    await db.user.create({
      data: {
        email: OWNER.email,
        displayName: "Sally Sales",
        passwordHash: await hashPassword(OWNER.password),
        memberships: { create: { businessId: site.businessId, role: "owner" } },
      },
    });
    const http = new HttpClient(server.url);
    expect((await http.post("/login", { intent: "login", email: OWNER.email, password: OWNER.password })).status).toBe(302);
    const { socket } = await openWorkspaceSocket(server.url, http, sockets);
    const created: LeadSummary[] = [];
    const notifications: WorkspaceNotification[] = [];
    socket.on("lead:created", ({ lead }: { lead: LeadSummary }) => created.push(lead));
    socket.on("notification", (n: WorkspaceNotification) => notifications.push(n));

    const v = await visitor(SITE_KEY);
    const welcome = v.botMessages().map((m) => m.text).join("\n");
    expect(welcome).toContain("LeadBroom's assistant");
    expect(welcome).not.toContain("type of cleaning");

    const plans = await ask(v, "I want to know about your plans");
    for (const name of PLAN_NAMES) expect(plans).toContain(`${name} ${formatUsd(PLANS[name].monthlyCents)}/month`);
    expect(plans).not.toContain("type of cleaning");
    expect(plans).toContain("how big is your cleaning company");

    expect(await ask(v, "about 25 people")).toContain("website");
    expect(await ask(v, "how do I install it?")).toContain(`${server.url}/widget.js`);
    expect(await ask(v, "brightclean.com")).toContain("What do you clean?");
    expect(await ask(v, "offices and medical clinics")).toContain("What's your name?");
    expect(await ask(v, "Priya Nair")).toContain("e-mail");
    expect(await ask(v, "priya@brightclean.com")).toContain("Our team will get in touch at priya@brightclean.com");
    // A question after the capture is answered, and makes no second lead.
    expect(await ask(v, "is there a free trial?")).toContain("14-day free trial");

    const leads = await db.lead.findMany({ where: { businessId: site.businessId } });
    expect(leads).toHaveLength(1);
    const lead = leads[0]!;
    expect(lead).toMatchObject({
      name: "Priya Nair",
      email: "priya@brightclean.com",
      serviceType: "offices and medical clinics",
      source: "chatbot",
      conversationId: v.conversationId,
      score: 9,
      priority: "high",
      isTest: false,
    });
    const note = await db.leadEvent.findFirstOrThrow({ where: { leadId: lead.id, type: "note" } });
    expect(JSON.stringify(note.data)).toContain("Company size: 11–50 people");
    expect(JSON.stringify(note.data)).toContain("Website: https://brightclean.com");
    expect(await db.reminder.count({ where: { leadId: lead.id } })).toBe(1);

    await server.services.jobs.idle([EVENT_QUEUE, MAIL_QUEUE]);
    const alerts = sink.messages.filter((m) => m.to.includes(OWNER.email));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.subject).toContain("New high-priority lead: Priya Nair");
    expect(await db.notification.count({ where: { businessId: site.businessId, type: "new-lead" } })).toBe(1);
    await until(async () => created.length + notifications.length, (n) => n >= 2);
    expect(created.map((l) => l.id)).toEqual([lead.id]);
    expect(notifications.map((n) => n.leadId)).toEqual([lead.id]);
  }, 300_000);

  it("asks for a person: the team is told, and the assistant goes back to its question", async () => {
    const v = await visitor(SITE_KEY);
    const reply = await ask(v, "Can I talk to a person?");
    expect(reply).toMatch(/LeadBroom team/);
    expect(reply).toContain("how big is your cleaning company");
  });

  it("a cleaning company's chatbot still asks its own questions", async () => {
    const v = await visitor(DEMO.siteKey);
    const reply = await ask(v, "I want to know about your plans");
    expect(reply).not.toContain("LeadBroom has three plans");
  });
});
