// @postgres: MessageSid/CallSid deduplication and the SMS allowance counted under one lock, by concurrent jobs.
// Two-way SMS and missed-call text-back (issue 33, DESIGN §19, decision 0068), against the real server,
// real socket.io clients and the official `twilio` library answered by MSW (tests/mocks/twilio.ts);
// every webhook is signed with Twilio's own getExpectedTwilioSignature. A web visitor gives a phone and
// consent, leaves, and finishes the qualification by SMS (one transcript, both channels, the score
// right); a forged signature is refused; MessageSid is deduplicated; STOP suppresses the number and an
// automation then skips it, START resubscribes; delivery callbacks update the SMS; a missed call is
// texted back and makes a `phone` lead whose reply continues the qualification by SMS.
import twilioLib from "twilio";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { emitEvents } from "#server/events/emit-events.server.ts";
import { AUTOMATION_QUEUE, EVENT_QUEUE, SMS_INBOUND_QUEUE } from "#server/jobs/queue/queues.ts";
import { createFromTemplate, updateAutomation } from "#server/automations/automations.server.ts";
import { AUTOMATION_TEMPLATES } from "#shared/automations/definition.ts";
import { SMS_SUPPRESSED_TEXT } from "#server/sms/outbound.server.ts";
import type { LiveVisitor, Message, SmsConsentAsk, TakeoverAck } from "#server/realtime/protocol.ts";
import { smsInboundJobHandler } from "#server/sms/inbound.server.ts";
import { createTwilioMock } from "../mocks/twilio.ts";
import { cookieHeader, workspaceSocket } from "../support/workspace-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { until } from "../support/until.ts";
import { newClientMessageId, Visitor } from "../support/widget-client.ts";
import { registerOwner, type Owner } from "./billing-support.ts";
import { commandContext } from "#server/events/command-context.server.ts";

const SID = `AC${"1a".repeat(16)}`;
const TOKEN = "business-auth-token-0123456789";
const NUMBER = "+15550001111";
const OWNER_PHONE = "+15550002222";
const CONSENT = "We'll only text about your quote. Reply STOP to opt out.";
const twilio = createTwilioMock();
const msw = setupServer(...twilio.handlers);

let server: TestServer;
let owner: Owner;
let sidCounter = 0;

/** POSTs a Twilio webhook signed as Twilio signs it (or with `signature` forged). */
async function webhook(path: string, params: Record<string, string>, signature?: string) {
  const url = `${server.url}${path}`;
  const header = signature ?? twilioLib.getExpectedTwilioSignature(TOKEN, url, params);
  const res = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": header },
    body: new URLSearchParams(params).toString(),
  });
  return { status: res.status, text: await res.text() };
}

function textFrom(from: string, body: string, messageSid = `SM${String(++sidCounter).padStart(32, "f")}`) {
  return webhook("/api/twilio/sms", { MessageSid: messageSid, AccountSid: SID, From: from, To: NUMBER, Body: body, NumSegments: "1" });
}

/** The SMS Twilio accepted for `to`, waiting until there are `count`. */
const textsTo = (to: string, count: number) =>
  until(
    async () => twilio.messages.filter((m) => m.to === to),
    (m) => m.length >= count,
    120_000,
  );

beforeAll(async () => {
  msw.listen({ onUnhandledRequest: "bypass" });
  server = await startTestServer({ seedDemo: false, env: { SMS_QUIET_HOURS: "off" } });
  owner = await registerOwner(server, "Textable Cleaning");
  await server.services.db.business.update({ where: { id: owner.businessId }, data: { subscriptionStatus: "active", plan: "Pro", phone: "617-555-0100" } });
}, 600_000);
afterEach(() => twilio.set({ failure: null }));
afterAll(async () => {
  await server?.close();
  msw.close();
});

describe("two-way SMS", { timeout: 600_000 }, () => {
  it("connects the business's Twilio in Settings (secret sealed) and sends a test SMS through a job", async () => {
    const refused = await owner.client.post("/app/settings/sms", { intent: "twilio-save", accountSid: "nope", authToken: TOKEN, phoneNumber: NUMBER, consentText: CONSENT });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("An Account SID starts with AC");
    const saved = await owner.client.post("/app/settings/sms", {
      intent: "twilio-save",
      accountSid: SID,
      authToken: TOKEN,
      phoneNumber: "(555) 000-1111",
      forwardTo: OWNER_PHONE,
      consentText: CONSENT,
    });
    expect(saved.status).toBe(200);
    const row = await server.services.db.twilioConnection.findUniqueOrThrow({ where: { businessId: owner.businessId } });
    expect(row.phoneNumber).toBe(NUMBER);
    expect(row.sealedSecret).not.toContain(TOKEN);

    const test = await owner.client.post("/app/settings/sms", { intent: "twilio-test", to: "+15550003333" });
    expect(test.status).toBe(200);
    const [sent] = await textsTo("+15550003333", 1);
    expect(sent).toMatchObject({ accountSid: SID, authAccount: SID, from: NUMBER });
    expect(sent!.body).toContain("test SMS");
    const page = await owner.client.get("/app/settings/sms");
    expect(page.status).toBe(200);
    expect(page.text).toContain("SMS this month: 1 of 500");
  });

  it("refuses a forged signature, and a webhook for nobody's number", async () => {
    const forged = await webhook("/api/twilio/sms", { MessageSid: "SMforged", From: "+15550004444", To: NUMBER, Body: "hi" }, "Zm9yZ2Vk");
    expect(forged.status).toBe(403);
    const unsigned = await fetch(`${server.url}/api/twilio/voice`, { method: "POST", body: new URLSearchParams({ CallSid: "CAx", From: "+15550004444", To: NUMBER }) });
    expect(unsigned.status).toBe(403);
    const elsewhere = await webhook("/api/twilio/sms", { MessageSid: "SMelse", From: "+15550004444", To: "+15559990000", Body: "hi" });
    expect(elsewhere.status).toBe(403);
    expect(await server.services.db.smsMessage.count({ where: { twilioSid: { in: ["SMforged", "SMelse"] } } })).toBe(0);
  });

  it("a web visitor gives a phone and consent, leaves, and finishes the qualification by SMS", async () => {
    const db = server.services.db;
    const chatbot = await db.chatbot.findFirstOrThrow({ where: { businessId: owner.businessId } });
    const visitor = new Visitor(server.url, { siteKey: chatbot.siteKey });
    await visitor.connect();
    const opened = await visitor.open({ pageUrl: "https://customer.example/quote" });
    expect(opened.ok).toBe(true);
    const asked = new Promise<SmsConsentAsk>((resolve) => visitor.socket.once("sms:consent:ask", resolve));
    await visitor.say("Regular Commercial Cleaning");
    await visitor.say("my number is 617-555-0142, I'm Dana");
    const ask = await asked;
    expect(ask).toMatchObject({ question: "Can we text you at this number?", wording: CONSENT, phone: "+16175550142" });
    const consent = await visitor.socket.timeout(10_000).emitWithAck("sms:consent", { conversationId: visitor.conversationId!, agree: true });
    expect(consent).toEqual({ ok: true });
    const stored = await db.smsConsent.findFirstOrThrow({ where: { businessId: owner.businessId, phone: "+16175550142" } });
    expect(stored).toMatchObject({ conversationId: visitor.conversationId, pageUrl: "https://customer.example/quote", wording: `Can we text you at this number? ${CONSENT}` });
    visitor.disconnect();

    // Not back after a while: the question they stopped at comes by SMS, with numbered choices.
    const phone = "+16175550142";
    // (The continue job moves to 5 minutes after the visitor's last message while they write: time passes here.)
    const [first] = await until(
      async () => {
        await server.services.jobs.releaseDelayed(SMS_INBOUND_QUEUE);
        return twilio.messages.filter((m) => m.to === phone);
      },
      (m) => m.length >= 1,
      120_000,
    );
    expect(first!.body).toContain("Let's finish your quote by text.");
    expect(first!.body).toContain("3) 20,000-50,000 sq ft");

    const answers = ["3", "Daily", "4", "Immediately", "Dana Day", "Day Towers"];
    for (const [i, answer] of answers.entries()) {
      const res = await textFrom(phone, answer);
      expect(res.status).toBe(200);
      expect(res.text).toContain("<Response></Response>");
      await textsTo(phone, i + 2);
    }
    const lead = await until(
      () => db.lead.findFirst({ where: { businessId: owner.businessId, conversationId: visitor.conversationId! } }),
      (l) => l !== null && !l.incomplete,
    );
    // 20,000–50,000 sq ft (8), daily (10), $7,500 against $7,700 expected: at market (8), immediate (10).
    expect(lead).toMatchObject({ phone, name: "Dana Day", company: "Day Towers", buildingSizeSqFt: 35000, frequency: "daily", timeline: "immediate", score: 8.9, priority: "high" });
    const transcript = await db.message.findMany({ where: { conversationId: visitor.conversationId! }, orderBy: { seq: "asc" } });
    const visitorChannels = transcript.filter((m) => m.role === "visitor").map((m) => m.channel);
    expect(visitorChannels).toEqual(["web", "web", ...answers.map(() => "sms")]);
    expect(transcript.filter((m) => m.role === "visitor" && m.channel === "sms").map((m) => m.text)).toEqual([
      "20,000–50,000 sq ft",
      "Daily",
      "$5,000–$10,000",
      "Immediately",
      "Dana Day",
      "Day Towers",
    ]);
    expect(await db.conversation.count({ where: { businessId: owner.businessId } })).toBe(1);

    // Twilio retries a webhook: the same MessageSid is stored once.
    const again = await textFrom(phone, "Daily", `SM${String(sidCounter).padStart(32, "f")}`);
    expect(again.status).toBe(200);
    expect(await db.smsMessage.count({ where: { twilioSid: `SM${String(sidCounter).padStart(32, "f")}` } })).toBe(1);

    // Delivery status callbacks update the SMS.
    const out = await db.smsMessage.findFirstOrThrow({ where: { toPhone: phone, direction: "outbound", twilioSid: { not: null } } });
    const status = await webhook("/api/twilio/sms-status", { MessageSid: out.twilioSid!, MessageStatus: "delivered", From: NUMBER, To: phone, AccountSid: SID });
    expect(status.status).toBe(204);
    expect((await db.smsMessage.findUniqueOrThrow({ where: { id: out.id } })).status).toBe("delivered");
  });

  it("STOP suppresses the number (an automation then skips it), HELP answers, START resubscribes", async () => {
    const db = server.services.db;
    const phone = "+16175550142";
    const before = twilio.messages.filter((m) => m.to === phone).length;
    expect((await textFrom(phone, "STOP")).status).toBe(200);
    const [confirm] = (await textsTo(phone, before + 1)).slice(-1);
    expect(confirm!.body).toBe("Textable Cleaning: You have been unsubscribed and will receive no more texts from us. Reply START to resubscribe.");
    expect(await db.smsSuppression.count({ where: { businessId: owner.businessId, phone } })).toBe(1);

    const created = await createFromTemplate(db, owner.businessId, "high-priority");
    if (!created.ok) throw new Error(created.error);
    const updated = await updateAutomation(
      commandContext(server.services, server.app.workspaceEvents),
      { businessId: owner.businessId, id: created.value.id, input: { ...AUTOMATION_TEMPLATES["high-priority"], status: "active", actions: [{ type: "sms", template: "Hi {firstName}!", delay: 0 }] } },
    );
    expect(updated.ok).toBe(true);
    const lead = await db.lead.findFirstOrThrow({ where: { businessId: owner.businessId, phone } });
    await emitEvents(server.services.jobs, db, [{ type: "lead.scored", businessId: owner.businessId, leadId: lead.id, score: lead.score }]);
    const [run] = await until(
      () => db.automationRun.findMany({ where: { automationId: created.value.id, leadId: lead.id } }),
      (r) => r.length === 1 && r[0]!.status !== "scheduled",
    );
    expect(run).toMatchObject({ status: "skipped", error: SMS_SUPPRESSED_TEXT });
    await server.services.jobs.idle([EVENT_QUEUE, AUTOMATION_QUEUE]);
    expect(twilio.messages.filter((m) => m.to === phone)).toHaveLength(before + 1);

    expect((await textFrom(phone, "help")).status).toBe(200);
    const [help] = (await textsTo(phone, before + 2)).slice(-1);
    expect(help!.body).toContain("Textable Cleaning: Reach us at 617-555-0100");
    expect((await textFrom(phone, "START")).status).toBe(200);
    const [start] = (await textsTo(phone, before + 3)).slice(-1);
    expect(start!.body).toContain("You are subscribed again");
    expect(await db.smsSuppression.count({ where: { businessId: owner.businessId, phone } })).toBe(0);
    await db.automation.update({ where: { id: created.value.id }, data: { status: "paused" } });
  });

  it("a missed call is forwarded, then texted back, and becomes a `phone` lead qualified by SMS", async () => {
    const db = server.services.db;
    const caller = "+16175550199";
    const call = { CallSid: "CA00000000000000000000000000000001", AccountSid: SID, From: caller, To: NUMBER, CallStatus: "ringing" };
    const answered = await webhook("/api/twilio/voice", call);
    expect(answered.status).toBe(200);
    expect(answered.text).toContain(`<Dial timeout="20" action="${server.url}/api/twilio/voice-status" method="POST">${OWNER_PHONE}</Dial>`);
    const missed = await webhook("/api/twilio/voice-status", { ...call, DialCallStatus: "no-answer", CallStatus: "in-progress" });
    expect(missed.status).toBe(200);
    expect(missed.text).toContain("<Hangup/>");
    // Twilio retries the callback: one text-back.
    await webhook("/api/twilio/voice-status", { ...call, DialCallStatus: "no-answer", CallStatus: "in-progress" });
    const [textBack] = await textsTo(caller, 1);
    expect(textBack!.body).toBe("Sorry we missed your call! This is Textable Cleaning. Reply here and we'll get you a quote by text. Reply STOP to opt out.");
    const lead = await db.lead.findFirstOrThrow({ where: { businessId: owner.businessId, phone: caller }, include: { events: true } });
    expect(lead.source).toBe("phone");
    expect(lead.events.map((e) => e.type).sort()).toEqual(["call_missed", "created"]);

    // Their reply starts the qualification by SMS, in a conversation of that lead.
    expect((await textFrom(caller, "Industrial")).status).toBe(200);
    const [, question] = await textsTo(caller, 2);
    expect(question!.body).toContain("1) Under 5,000 sq ft");
    const linked = await until(() => db.lead.findUniqueOrThrow({ where: { id: lead.id } }), (l) => l.conversationId !== null);
    const transcript = await db.message.findMany({ where: { conversationId: linked.conversationId! }, orderBy: { seq: "asc" } });
    expect(transcript.find((m) => m.role === "visitor")).toMatchObject({ text: "Industrial", channel: "sms" });
    expect(await twilio.messages.filter((m) => m.to === caller)).toHaveLength(2);
    expect(twilio.messages.every((m) => m.to !== OWNER_PHONE)).toBe(true);
  });

  it("a text from an unknown number makes an `sms` lead; Live chats lists it; a joined member's reply and the lead page's Text go out by SMS", async () => {
    const db = server.services.db;
    const texter = "+16175550177";
    expect((await textFrom(texter, "Regular Commercial Cleaning")).status).toBe(200);
    const [question] = await textsTo(texter, 1);
    expect(question!.body).toContain("1) Under 5,000 sq ft");
    const started = await until(
      () => db.lead.findFirst({ where: { businessId: owner.businessId, phone: texter }, include: { events: true } }),
      (l) => l !== null && l.conversationId !== null,
    );
    // Through createLead: source `sms`, its 'created' history, its follow-up reminder.
    expect(started).toMatchObject({ source: "sms", phone: texter });
    expect(started!.events.find((e) => e.type === "created")?.data).toMatchObject({ source: "sms" });
    expect(await db.reminder.count({ where: { leadId: started!.id } })).toBe(1);
    const answers = ["3", "Daily", "4", "Immediately", "Sam Street", "Street Offices"];
    for (const [i, answer] of answers.entries()) {
      expect((await textFrom(texter, answer)).status).toBe(200);
      await textsTo(texter, i + 2);
    }
    const lead = await until(() => db.lead.findUniqueOrThrow({ where: { id: started!.id } }), (l) => !l.incomplete);
    // The number is the phone: kept on the lead, and the bot never asked for it.
    expect(lead).toMatchObject({ source: "sms", phone: texter, name: "Sam Street", company: "Street Offices", priority: "high" });
    expect(await db.lead.count({ where: { businessId: owner.businessId, phone: texter } })).toBe(1);
    const asked = twilio.messages.filter((m) => m.to === texter).map((m) => m.body);
    expect(asked.filter((b) => /phone|e-?mail/i.test(b)), asked.join("\n---\n")).toEqual([]);

    // Live chats lists the texting conversation; a member joins and replies, and the reply is texted.
    const socket = workspaceSocket(server.url, cookieHeader(owner.client));
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once("connect", () => resolve());
        socket.once("connect_error", reject);
      });
      const emit = <T extends object>(event: string, payload: object) => socket.timeout(30_000).emitWithAck(event, payload) as Promise<TakeoverAck<T>>;
      const listed = await emit<{ visitors: LiveVisitor[] }>("presence:list", {});
      if (!listed.ok) throw new Error(listed.error);
      expect(listed.visitors.find((v) => v.conversationId === lead.conversationId)).toMatchObject({ channel: "sms", phone: texter });
      expect((await emit("conversation:join", { conversationId: lead.conversationId })).ok).toBe(true);
      const before = twilio.messages.filter((m) => m.to === texter).length;
      const sent = await emit<{ message: Message }>("agent:message:send", { conversationId: lead.conversationId, clientMessageId: newClientMessageId(), text: "We can visit on Tuesday." });
      if (!sent.ok) throw new Error(sent.error);
      const [reply] = (await textsTo(texter, before + 1)).slice(-1);
      expect(reply!.body).toMatch(/: We can visit on Tuesday\.$/);
      // Texted by its job after the message was stored: the transcript says it went by SMS.
      await until(() => db.message.findUniqueOrThrow({ where: { id: sent.message.id } }), (m) => m.channel === "sms");
      expect((await emit("conversation:leave", { conversationId: lead.conversationId })).ok).toBe(true);
    } finally {
      socket.disconnect();
    }

    // The lead page's Text action: a refused empty text, then a text that goes out and is in the history.
    const empty = await owner.client.post(`/app/leads/${lead.id}`, { intent: "text", text: " " });
    expect(empty.status).toBe(400);
    const before = twilio.messages.filter((m) => m.to === texter).length;
    const texted = await owner.client.post(`/app/leads/${lead.id}`, { intent: "text", text: "Your walkthrough is confirmed." });
    expect(texted.status).toBe(200);
    const [last] = (await textsTo(texter, before + 1)).slice(-1);
    expect(last!.body).toBe("Your walkthrough is confirmed.");
    const history = await db.leadEvent.findFirstOrThrow({ where: { leadId: lead.id, type: "sms_sent" } });
    expect(history.data).toMatchObject({ text: "Your walkthrough is confirmed.", to: texter });
    const page = await owner.client.get(`/app/leads/${lead.id}`);
    expect(page.text).toContain("Send text");
  });

  it("quiet hours hold the continue-by-SMS message as a delayed job until they end", async () => {
    const db = server.services.db;
    await db.business.update({ where: { id: owner.businessId }, data: { timeZone: "America/New_York" } });
    const chatbot = await db.chatbot.findFirstOrThrow({ where: { businessId: owner.businessId } });
    const visitor = new Visitor(server.url, { siteKey: chatbot.siteKey });
    await visitor.connect();
    expect((await visitor.open({ pageUrl: "https://customer.example/quote" })).ok).toBe(true);
    const asked = new Promise<SmsConsentAsk>((resolve) => visitor.socket.once("sms:consent:ask", resolve));
    await visitor.say("Janitorial Services");
    await visitor.say("call me on 617-555-0166");
    await asked;
    expect(await visitor.socket.timeout(10_000).emitWithAck("sms:consent", { conversationId: visitor.conversationId!, agree: true })).toEqual({ ok: true });
    await server.app.chat.idle();
    visitor.disconnect();
    const conversation = await db.conversation.findUniqueOrThrow({ where: { id: visitor.conversationId! } });
    // 22:30 in New York: the quiet hours (21:00–08:00) hold the message until 08:00 there (13:00 UTC).
    const handler = smsInboundJobHandler({ db, jobs: server.services.jobs, logger: server.services.logger, quietHours: "21:00-08:00", clock: () => new Date("2026-11-28T03:30:00Z") });
    const data = { kind: "continue" as const, businessId: owner.businessId, conversationId: conversation.id, phone: "+16175550166", afterSeq: conversation.lastSeq };
    await handler.run(data, { id: "quiet-test", name: SMS_INBOUND_QUEUE, key: "quiet-test", attempt: 1 });
    const key = `sms-continue:${conversation.id}:${conversation.lastSeq}:after-quiet:2026-11-28T13:00:00.000Z`;
    const rows = await server.database.sql.query<{ start_after: Date | string; data: unknown }>(`SELECT start_after, data FROM pgboss.job WHERE name = $1 AND singleton_key = $2`, [SMS_INBOUND_QUEUE, key]);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(new Date(row!.start_after).toISOString()).toBe("2026-11-28T13:00:00.000Z");
    expect(row!.data).toEqual(data);
    expect(twilio.messages.filter((m) => m.to === "+16175550166")).toHaveLength(0);
  });
});
