// @postgres: the chat's hot statements (prepared on PostgreSQL) and a message sent twice at once.
// The /widget namespace of DESIGN §3 against the real server, with the real socket.io client.
import { io as ioClient, type Socket } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { registerAccount } from "#server/auth/accounts.server.ts";
import { findChatbotById, findChatbotBySiteKey } from "#server/chatbots/profile.server.ts";
import type { LeadSummary, Message } from "#server/realtime/protocol.ts";
import { HttpClient } from "../support/http-client.ts";
import { signTestToken } from "#server/chat/test-token.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { connectError, newClientMessageId, Visitor } from "../support/widget-client.ts";
import { DEMO_SIGN_IN } from "../support/demo-sign-in.ts";

let server: TestServer;
const visitors: Visitor[] = [];

beforeAll(async () => {
  server = await startTestServer({
    widgetLimits: { connectionsPerIpPerMinute: 1000, messagesPerVisitorPerMinute: 15, messagesPerIpPerMinute: 1000 },
  });
});

afterEach(() => {
  for (const v of visitors.splice(0)) v.disconnect();
});

afterAll(async () => {
  await server?.close();
});

function visitor(options: { siteKey?: string; origin?: string; visitorId?: string } = {}): Visitor {
  const v = new Visitor(server.url, { siteKey: options.siteKey ?? "demo", ...options });
  visitors.push(v);
  return v;
}

async function workspaceSocket(): Promise<{ socket: Socket; leads: { event: string; lead: LeadSummary }[] }> {
  const http = new HttpClient(server.url);
  await http.post("/login", DEMO_SIGN_IN);
  const cookie = [...http.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const socket = ioClient(`${server.url}/workspace`, {
    transports: ["websocket"],
    reconnection: false,
    forceNew: true,
    extraHeaders: { Cookie: cookie, Origin: server.url },
  });
  const leads: { event: string; lead: LeadSummary }[] = [];
  socket.on("lead:created", ({ lead }: { lead: LeadSummary }) => leads.push({ event: "lead:created", lead }));
  socket.on("lead:updated", ({ lead }: { lead: LeadSummary }) => leads.push({ event: "lead:updated", lead }));
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });
  return { socket, leads };
}

async function demoChatbot() {
  return server.services.db.chatbot.findUniqueOrThrow({ where: { siteKey: "demo" } });
}

describe("a full qualification", () => {
  it("turns quick-reply answers into exactly one scored lead, pushed live to the workspace", async () => {
    const workspace = await workspaceSocket();
    const v = visitor();
    await v.connect();
    const opened = await v.open({ pageUrl: "https://customer.example/pricing" });
    expect(opened.ok).toBe(true);
    if (!opened.ok) return;
    expect(opened.messages).toHaveLength(1);
    const welcome = opened.messages[0]!;
    expect(welcome).toMatchObject({ seq: 1, role: "bot" });
    expect(welcome.text).toContain("Sparkle Commercial Cleaning");
    expect(welcome.quickReplies).toContain("Regular Commercial Cleaning");
    expect(opened.config?.businessName).toBe("Sparkle Commercial Cleaning");

    // Opening stores nothing (DESIGN §3): the welcome is a draft until the visitor writes.
    expect(opened.draft).toBe(true);
    expect(await server.services.db.conversation.count({ where: { id: opened.conversationId } })).toBe(0);

    // The first answer (a quick reply) stores the conversation, its welcome exactly as acknowledged and
    // the answer, in one statement (decision 0007).
    const first = await v.send("Regular Commercial Cleaning");
    expect(first.ok && first.message).toMatchObject({ conversationId: opened.conversationId, seq: 2, role: "visitor" });
    const stored = await server.services.db.conversation.findUniqueOrThrow({ where: { id: opened.conversationId }, include: { messages: { orderBy: { seq: "asc" } } } });
    expect(stored).toMatchObject({ pageUrl: "https://customer.example/pricing", isTest: false, status: "open", visitorId: v.visitorId });
    expect(stored.messages.slice(0, 2).map((m) => ({ id: m.id, seq: m.seq, role: m.role, text: m.text, quickReplies: m.quickReplies }))).toEqual([
      { id: welcome.id, seq: 1, role: "bot", text: welcome.text, quickReplies: welcome.quickReplies },
      { id: first.ok ? first.message.id : "", seq: 2, role: "visitor", text: "Regular Commercial Cleaning", quickReplies: [] },
    ]);
    await v.nextBotMessage(2);


    await v.say("20,000–50,000 sq ft");
    await v.say("Daily");
    await v.say("$5,000–$10,000");
    await v.say("Immediately");
    await v.say("Jane Doe");
    await v.say("Acme Property Group");
    const closing = await v.say("jane.doe@acme.example");
    expect(closing.text).toMatch(/Jane/);

    // Seq increases by one per message, with no gaps: 1 welcome + 8 answers + their replies.
    const all = v.unique();
    expect(all.map((m) => m.seq)).toEqual(all.map((_, i) => i + 1));

    // The lead is stored right after the closing reply is sent, in the same turn.
    await server.app.chat.idle();
    const leads = await server.services.db.lead.findMany({
      where: { conversationId: v.conversationId! },
      include: { events: true, reminders: true },
    });
    expect(leads).toHaveLength(1);
    const lead = leads[0]!;
    // 35,000 sq ft → 8; daily → 10; $7,500 against 35 × $10 × 22 = $7,700 (−2.6%) → at market 8;
    // immediate → 10. 0.30·8 + 0.25·10 + 0.25·8 + 0.20·10 = 8.9 → High.
    expect(lead).toMatchObject({
      name: "Jane Doe",
      company: "Acme Property Group",
      email: "jane.doe@acme.example",
      sizePoints: 8,
      frequencyPoints: 10,
      budgetPoints: 8,
      timelinePoints: 10,
      score: 8.9,
      priority: "high",
      status: "new",
      source: "chatbot",
      incomplete: false,
      isTest: false,
    });
    expect(lead.events.map((e) => e.type)).toEqual(["created"]);
    expect(lead.reminders).toHaveLength(1);
    const dueInMinutes = (lead.reminders[0]!.dueAt.getTime() - lead.createdAt.getTime()) / 60_000;
    expect(dueInMinutes).toBe(60);

    // The visitor never receives the score or the priority.
    for (const m of v.botMessages()) {
      expect(m.text).not.toMatch(/8\.9|high priority|score/i);
    }

    await expect.poll(() => workspace.leads.filter((l) => l.event === "lead:created").length).toBe(1);
    expect(workspace.leads[0]!.lead).toMatchObject({ id: lead.id, score: 8.9, priority: "high", name: "Jane Doe" });
    workspace.socket.disconnect();
  });
});

describe("delivery", () => {
  it("stores a resent message once and answers it once (idempotent on clientMessageId)", async () => {
    const v = visitor();
    await v.connect();
    await v.open();
    const clientMessageId = newClientMessageId();
    const [first, second] = await Promise.all([
      v.send("Regular Commercial Cleaning", clientMessageId),
      v.send("Regular Commercial Cleaning", clientMessageId),
    ]);
    expect(first.ok && second.ok).toBe(true);
    if (!first.ok || !second.ok) return;
    expect(second.message.id).toBe(first.message.id);
    await v.nextBotMessage(first.message.seq);
    await server.app.chat.idle();
    const stored = await server.services.db.message.findMany({ where: { conversationId: v.conversationId! } });
    expect(stored.filter((m) => m.clientMessageId === clientMessageId)).toHaveLength(1);
    expect(stored.filter((m) => m.role === "bot")).toHaveLength(2);
  });

  it("after a dropped connection, the resent message is stored once and the bot's answer arrives", async () => {
    const first = visitor();
    await first.connect();
    await first.open();
    const conversationId = first.conversationId!;
    const clientMessageId = newClientMessageId();
    // Sent, then the connection drops before the widget sees the acknowledgement.
    first.socket.emit(
      "message:send",
      { conversationId, clientMessageId, text: "Regular Commercial Cleaning" },
      () => undefined,
    );
    first.socket.disconnect();

    const again = visitor({ visitorId: first.visitorId });
    await again.connect();
    // Whether or not the first attempt has stored the conversation yet, the same one is opened again.
    const reopened = await again.open({ conversationId, lastSeq: 1 });
    expect(reopened.ok && reopened.conversationId).toBe(conversationId);
    const ack = await again.send("Regular Commercial Cleaning", clientMessageId);
    expect(ack.ok).toBe(true);
    if (!ack.ok) return;
    await again.nextBotMessage(ack.message.seq);
    await server.app.chat.idle();
    const stored = await server.services.db.message.findMany({ where: { conversationId }, orderBy: { seq: "asc" } });
    expect(stored.filter((m) => m.role === "visitor")).toHaveLength(1);
    expect(stored.map((m) => m.role)).toEqual(["bot", "visitor", "bot"]);
    expect(await server.services.db.conversation.count({ where: { visitorId: first.visitorId } })).toBe(1);
  });

  it("stores nothing for a visitor who opens the chat and never writes, and takes the same draft up again after a reconnect", async () => {
    const v = visitor();
    await v.connect();
    const opened = await v.open({ pageUrl: "https://customer.example/" });
    expect(opened.ok && opened.draft).toBe(true);
    if (!opened.ok) return;
    const again = await v.open();
    expect(again.ok && again.conversationId).not.toBe(opened.conversationId); // a new open: a new draft
    v.disconnect();

    // Another connection of the same visitor resumes the first draft: the same id and welcome, nothing new after lastSeq.
    const back = visitor({ visitorId: v.visitorId });
    await back.connect();
    const resumed = await back.open({ conversationId: opened.conversationId, lastSeq: 0 });
    expect(resumed).toMatchObject({ ok: true, conversationId: opened.conversationId, draft: true, messages: [{ id: opened.messages[0]!.id, seq: 1 }] });
    expect(await back.open({ conversationId: opened.conversationId, lastSeq: 1 })).toMatchObject({ ok: true, messages: [] });
    expect(await server.services.db.conversation.count({ where: { visitorId: v.visitorId } })).toBe(0);
    expect(await server.services.db.message.count({ where: { conversationId: opened.conversationId } })).toBe(0);

    // Someone else's visitor id cannot take it up, nor write in it.
    const stranger = visitor();
    await stranger.connect();
    expect(await stranger.open({ conversationId: opened.conversationId, lastSeq: 0 })).toEqual({ ok: false, error: "not_found" });
    const write = await stranger.socket
      .timeout(5000)
      .emitWithAck("message:send", { conversationId: opened.conversationId, clientMessageId: newClientMessageId(), text: "hi" });
    expect(write).toEqual({ ok: false, error: "not_found" });

    // The visitor writes: now, and only now, it is stored.
    const ack = await back.send("Industrial");
    expect(ack.ok && ack.message.seq).toBe(2);
    expect(await server.services.db.conversation.count({ where: { visitorId: v.visitorId } })).toBe(1);
  });

  it("a lost acknowledgement of the first message and its resend on a new connection store one conversation", async () => {
    const v = visitor();
    await v.connect();
    const opened = await v.open();
    if (!opened.ok) throw new Error("open failed");
    const clientMessageId = newClientMessageId();
    const first = await v.send("Industrial", clientMessageId);
    expect(first.ok).toBe(true);
    v.disconnect(); // as if the acknowledgement had been lost with the connection

    const back = visitor({ visitorId: v.visitorId });
    await back.connect();
    const reopened = await back.open({ conversationId: opened.conversationId, lastSeq: 1 });
    expect(reopened.ok && reopened.draft).toBeUndefined();
    const resent = await back.send("Industrial", clientMessageId);
    expect(resent.ok && first.ok && resent.message.id).toBe(first.ok ? first.message.id : null);
    await server.app.chat.idle();
    expect(await server.services.db.conversation.count({ where: { visitorId: v.visitorId } })).toBe(1);
    expect(await server.services.db.message.count({ where: { conversationId: opened.conversationId, role: "visitor" } })).toBe(1);
  });

  it("sends a visitor's message and the bot's replies to the visitor's other tabs, and to the sending tab only in its ack", async () => {
    const first = visitor();
    await first.connect();
    await first.open();
    await first.say("Office");
    await server.app.chat.idle();
    const second = visitor({ visitorId: first.visitorId });
    await second.connect();
    await second.open({ conversationId: first.conversationId!, lastSeq: first.lastSeq() });
    await server.app.chat.idle(); // resuming looks for unanswered messages (none) in the conversation's queue
    const echoes: Message[] = [];
    first.socket.on("message", (m: Message) => echoes.push(m));
    const seenBySecond = new Promise<Message>((resolve) => second.socket.on("message", (m: Message) => m.role === "visitor" && resolve(m)));
    const ack = await first.send("about 20k sq ft");
    if (!ack.ok) throw new Error(ack.error);
    expect((await seenBySecond).seq).toBe(ack.message.seq);
    // A rules turn of a conversation this process answered last is one statement (decision 0079): the
    // replies were stored with the message, so the sending tab got them in the same ack (decision 0085).
    const replies = ack.replies ?? [];
    expect(replies.length).toBeGreaterThan(0);
    expect(replies.every((m) => m.role === "bot" && m.seq > ack.message.seq && m.conversationId === ack.message.conversationId)).toBe(true);
    // The other tab gets the same replies as events.
    const reply = await second.nextBotMessage(ack.message.seq);
    expect(reply.id).toBe(replies[0]!.id);
    await server.app.chat.idle();
    // The sending tab got neither its message nor the replies a second time as events.
    expect(echoes).toEqual([]);
  });

  it("replays only the messages after lastSeq", async () => {
    const v = visitor();
    await v.connect();
    await v.open();
    await v.say("Regular Commercial Cleaning");
    await v.say("Over 50,000 sq ft");
    const conversationId = v.conversationId!;
    v.disconnect();

    const back = visitor({ visitorId: v.visitorId });
    await back.connect();
    const ack = await back.open({ conversationId, lastSeq: 2 });
    expect(ack.ok).toBe(true);
    if (!ack.ok) return;
    expect(ack.conversationId).toBe(conversationId);
    expect(ack.messages.map((m) => m.seq)).toEqual([3, 4, 5]);
    expect(ack.messages.map((m) => m.role)).toEqual(["bot", "visitor", "bot"]);
  });

  it("resumes after a server restart with the whole history and no loss", async () => {
    const v = visitor();
    await v.connect();
    await v.open();
    await v.say("Industrial");
    await v.say("about 60k sq ft");
    const conversationId = v.conversationId!;
    const before = v.unique();
    v.disconnect();

    await server.restart();

    const back = visitor({ visitorId: v.visitorId });
    await back.connect();
    const ack = await back.open({ conversationId, lastSeq: 0 });
    expect(ack.ok).toBe(true);
    if (!ack.ok) return;
    expect(ack.messages.map((m) => [m.seq, m.role, m.text])).toEqual(before.map((m) => [m.seq, m.role, m.text]));
    // The flow continues where it was: the next answer (frequency) moves on to the budget question.
    const reply = await back.say("twice a week");
    expect(reply.text.toLowerCase()).toMatch(/budget/);
  });
});

describe("lead capture after the reply", () => {
  it("captures a lead left due by a crash between the closing reply and its capture when the conversation resumes", async () => {
    const v = visitor();
    await v.connect();
    await v.open();
    for (const answer of ["Regular Commercial Cleaning", "5,000–20,000 sq ft", "Weekly", "$1,000–$2,500", "Within 30 days", "Ada Lane", "Lane Offices"]) {
      await v.say(answer);
    }
    await v.say("ada@lane.example");
    await server.app.chat.idle();
    const conversationId = v.conversationId!;
    const db = server.services.db;
    // The state a crash right after the reply would leave: the lead due, not stored.
    await db.lead.deleteMany({ where: { conversationId } });
    const row = await db.conversation.findUniqueOrThrow({ where: { id: conversationId }, select: { state: true } });
    const { leadId: _dropped, ...state } = row.state as Record<string, unknown>;
    await db.conversation.update({ where: { id: conversationId }, data: { state: { ...state, leadPending: true } } });
    v.disconnect();

    const back = visitor({ visitorId: v.visitorId });
    await back.connect();
    const ack = await back.open({ conversationId, lastSeq: 0 });
    expect(ack.ok).toBe(true);
    await server.app.chat.idle();
    const leads = await db.lead.findMany({ where: { conversationId }, include: { events: true, reminders: true } });
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ name: "Ada Lane", company: "Lane Offices", email: "ada@lane.example", status: "new" });
    expect(leads[0]!.events.map((e) => e.type)).toEqual(["created"]);
    expect(leads[0]!.reminders).toHaveLength(1);
    const after = await db.conversation.findUniqueOrThrow({ where: { id: conversationId }, select: { state: true } });
    expect(after.state).toMatchObject({ leadId: leads[0]!.id });
    expect(after.state).not.toHaveProperty("leadPending");
  });
});

describe("refusals", () => {
  it("refuses an unknown site key", async () => {
    expect(await connectError(visitor({ siteKey: "no-such-key" }))).toBe("invalid_site_key");
  });

  it("refuses an origin outside the chatbot's allow-list, and allows the app's own origin", async () => {
    const chatbot = await demoChatbot();
    await server.services.db.chatbot.update({
      where: { id: chatbot.id },
      data: { allowedOrigins: ["https://sparkle-cleaning.example"] },
    });
    try {
      expect(await connectError(visitor({ origin: "https://evil.example" }))).toBe("origin_not_allowed");
      const allowed = visitor({ origin: "https://sparkle-cleaning.example" });
      await allowed.connect();
      const own = visitor({ origin: server.url });
      await own.connect();
    } finally {
      await server.services.db.chatbot.update({ where: { id: chatbot.id }, data: { allowedOrigins: [] } });
    }
  });

  it("refuses an inactive chatbot", async () => {
    const chatbot = await demoChatbot();
    await server.services.db.chatbot.update({ where: { id: chatbot.id }, data: { isActive: false } });
    try {
      expect(await connectError(visitor())).toBe("chatbot_inactive");
    } finally {
      await server.services.db.chatbot.update({ where: { id: chatbot.id }, data: { isActive: true } });
    }
  });

  it("stops answering a visitor who is already connected when the chatbot is switched off", async () => {
    const chatbot = await demoChatbot();
    const v = visitor();
    await v.connect();
    await v.open();
    const disconnected = new Promise<string>((resolve) => v.socket.once("disconnect", (reason) => resolve(reason)));
    await server.services.db.chatbot.update({ where: { id: chatbot.id }, data: { isActive: false } });
    try {
      expect(await v.send("Regular Commercial Cleaning")).toEqual({ ok: false, error: "conversation_closed" });
      expect(await disconnected).toBe("io server disconnect");
      expect(await server.services.db.message.count({ where: { conversationId: v.conversationId!, role: "visitor" } })).toBe(0);
      expect(await connectError(visitor({ visitorId: v.visitorId }))).toBe("chatbot_inactive");
    } finally {
      await server.services.db.chatbot.update({ where: { id: chatbot.id }, data: { isActive: true } });
    }
  });

  it("refuses a malformed handshake", async () => {
    const v = new Visitor(server.url, { siteKey: "demo", visitorId: "bad id!" });
    visitors.push(v);
    expect(await connectError(v)).toBe("invalid_site_key");
  });

  it("refuses an oversize message and stores nothing", async () => {
    const v = visitor();
    await v.connect();
    await v.open();
    const tooLong = await v.send("x".repeat(2001));
    expect(tooLong).toEqual({ ok: false, error: "message_too_long" });
    const justRight = await v.send("Regular Commercial Cleaning ".padEnd(2000, "."));
    expect(justRight.ok).toBe(true);
    await server.app.chat.idle();
    const visitorMessages = await server.services.db.message.count({
      where: { conversationId: v.conversationId!, role: "visitor" },
    });
    expect(visitorMessages).toBe(1);
  });

  it.each([
    ["no payload", undefined],
    ["a string", "hello"],
    ["missing text", { conversationId: "x", clientMessageId: newClientMessageId() }],
    ["a numeric text", { conversationId: "x", clientMessageId: newClientMessageId(), text: 42 }],
    ["a bad clientMessageId", { conversationId: "x", clientMessageId: "a b", text: "hi" }],
    ["an extra field", { conversationId: "x", clientMessageId: newClientMessageId(), text: "hi", role: "bot" }],
    ["a blank text", { conversationId: "x", clientMessageId: newClientMessageId(), text: "   " }],
  ])("answers a malformed message:send (%s) with invalid_payload", async (_label, payload) => {
    const v = visitor();
    await v.connect();
    await v.open();
    const body =
      payload && typeof payload === "object" && "conversationId" in payload
        ? { ...payload, conversationId: v.conversationId }
        : payload;
    const ack = await v.socket.timeout(5000).emitWithAck("message:send", body as never);
    expect(ack).toEqual({ ok: false, error: "invalid_payload" });
    expect(await server.services.db.message.count({ where: { conversationId: v.conversationId!, role: "visitor" } })).toBe(0);
  });

  it("answers a malformed conversation:open with invalid_payload", async () => {
    const v = visitor();
    await v.connect();
    for (const payload of [{ lastSeq: -1 }, { lastSeq: "3" }, { test: 42 }, { test: "x".repeat(300) }, { conversationId: 12 }, { extra: 1 }]) {
      expect(await v.socket.timeout(5000).emitWithAck("conversation:open", payload as never)).toEqual({
        ok: false,
        error: "invalid_payload",
      });
    }
  });

  it("rate-limits a message flood and stores exactly the accepted messages", async () => {
    const v = visitor();
    await v.connect();
    await v.open();
    const acks = [];
    for (let i = 0; i < 25; i += 1) acks.push(await v.send(`flood ${i}`));
    const accepted = acks.filter((a) => a.ok).length;
    const limited = acks.filter((a) => !a.ok && a.error === "rate_limited").length;
    expect(accepted).toBe(15);
    expect(limited).toBe(10);
    await server.app.chat.idle();
    expect(await server.services.db.message.count({ where: { conversationId: v.conversationId!, role: "visitor" } })).toBe(15);
  });
});

describe("chatbot lookup", () => {
  it("reads a chatbot and its business in one statement, the same as Prisma's relation select", async () => {
    const account = await registerAccount(server.services.db, {
      businessName: "Lookup Cleaning Co",
      email: `lookup-${Date.now()}@example.com`,
      password: "LookupPass123",
    });
    expect(account.ok).toBe(true);
    if (!account.ok) return;
    const db = server.services.db;
    const created = await db.chatbot.findFirstOrThrow({ where: { businessId: account.value.businessId } });
    await db.chatbot.update({ where: { id: created.id }, data: { hoursDays: [2, 4, 6], marketPriceCents: 1234, settings: { accentColor: "#123456" }, allowedOrigins: ["https://a.example"] } });
    await db.business.update({ where: { id: account.value.businessId }, data: { serviceAreas: ["Springfield", "Decatur"], phone: null, plan: "Pro" } });

    const expected = await db.chatbot.findUniqueOrThrow({
      where: { id: created.id },
      select: {
        id: true, businessId: true, isActive: true, allowedOrigins: true, businessName: true, welcomeMessage: true, hoursStart: true,
        hoursEnd: true, hoursDays: true, afterHoursMessage: true, serviceTypes: true, marketPriceCents: true, settings: true,
        business: { select: { serviceAreas: true, description: true, timeZone: true, phone: true, email: true, plan: true, subscriptionStatus: true, trialEnd: true, isDemo: true, kind: true } },
      },
    });
    expect(expected.business.trialEnd).toBeInstanceOf(Date);
    // Not yet seen on a website (the first-run checklist's installation fact, decision 0025).
    expect(await findChatbotById(db, created.id)).toEqual({ ...expected, installed: false, sandbox: false, bookingEnabled: false });
    expect(await findChatbotBySiteKey(db, created.siteKey)).toEqual({ ...expected, installed: false, sandbox: false, bookingEnabled: false });
    expect(await findChatbotById(db, "no-such-chatbot")).toBeNull();
    expect(await findChatbotBySiteKey(db, "no-such-key")).toBeNull();
  });
});

describe("tenancy", () => {
  it("never lets one business's site key read or write another's conversation", async () => {
    const other = await registerAccount(server.services.db, {
      businessName: "Other Cleaning Co",
      email: `other-${Date.now()}@example.com`,
      password: "OtherPass123",
    });
    expect(other.ok).toBe(true);
    if (!other.ok) return;
    const otherChatbot = await server.services.db.chatbot.findFirstOrThrow({ where: { businessId: other.value.businessId } });

    const victim = visitor();
    await victim.connect();
    await victim.open();
    await victim.say("Regular Commercial Cleaning");

    // Same visitor id, the other business's key: the conversation does not exist for it.
    const intruder = visitor({ siteKey: otherChatbot.siteKey, visitorId: victim.visitorId });
    await intruder.connect();
    expect(await intruder.open({ conversationId: victim.conversationId!, lastSeq: 0 })).toEqual({
      ok: false,
      error: "not_found",
    });
    const write = await intruder.socket
      .timeout(5000)
      .emitWithAck("message:send", { conversationId: victim.conversationId!, clientMessageId: newClientMessageId(), text: "hi" });
    expect(write).toEqual({ ok: false, error: "not_found" });

    // Another visitor of the same business cannot read it either.
    const stranger = visitor();
    await stranger.connect();
    expect(await stranger.open({ conversationId: victim.conversationId!, lastSeq: 0 })).toEqual({
      ok: false,
      error: "not_found",
    });
  });

  it("flags test conversations only with the Test Chatbot page's token for this chatbot, from the app's own origin", async () => {
    const chatbot = await server.services.db.chatbot.findUniqueOrThrow({ where: { siteKey: "demo" } });
    const token = signTestToken(server.services.signingSecret, chatbot.id);
    const opened = async (options: { origin?: string }, test: string | boolean | undefined) => {
      const v = visitor(options);
      await v.connect();
      await v.open({ test });
      await v.say("Regular Commercial Cleaning"); // stored (with its flag) at the first message
      return v.conversationId!;
    };
    const cases = {
      withToken: await opened({ origin: server.url }, token),
      // A forged Origin and the old boolean flag no longer flag anything.
      bareFlag: await opened({ origin: server.url }, true),
      forgedToken: await opened({ origin: server.url }, `${Date.now() + 60_000}.${"A".repeat(43)}`),
      otherChatbot: await opened({ origin: server.url }, signTestToken(server.services.signingSecret, "another-chatbot")),
      expired: await opened({ origin: server.url }, signTestToken(server.services.signingSecret, chatbot.id, Date.now() - 11 * 60_000)),
      fromSite: await opened({}, token),
    };
    const rows = await server.services.db.conversation.findMany({ where: { id: { in: Object.values(cases) } } });
    const isTest = new Map(rows.map((r) => [r.id, r.isTest]));
    expect(Object.fromEntries(Object.entries(cases).map(([k, id]) => [k, isTest.get(id)]))).toEqual({
      withToken: true,
      bareFlag: false,
      forgedToken: false,
      otherChatbot: false,
      expired: false,
      fromSite: false,
    });
  });

  it("refuses the workspace namespace without a session", async () => {
    const socket = ioClient(`${server.url}/workspace`, { transports: ["websocket"], reconnection: false, forceNew: true });
    const message = await new Promise<string>((resolve) => socket.once("connect_error", (e) => resolve(e.message)));
    socket.disconnect();
    expect(message).toBe("unauthorized");
  });
});
