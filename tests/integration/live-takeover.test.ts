// Live takeover (issue 20, DESIGN §14) over real socket.io clients against the real server: members see
// who is chatting now, join a visitor's chat (the visitor sees a system line), write as themselves with
// name and initials (stored once per clientMessageId, replayed after a reconnect), type both ways; the
// bot is silent while a member is joined — across a restart, since the joined state is in the database —
// and takes the qualification back after Leave or 10 minutes of silence (a durable delayed job). A member
// of another business cannot join; a visitor asking for a person with nobody online is told when the
// team will reply and the team is notified in the workspace and by e-mail.
import type { Socket } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { registerAccount } from "#server/auth/accounts.server.ts";
import { hashPassword } from "#server/auth/password.server.ts";
import { EVENT_QUEUE, MAIL_QUEUE, TAKEOVER_IDLE_QUEUE } from "#server/jobs/queue/queues.ts";
import type {
  ConversationAgentEvent,
  LiveVisitor,
  Message,
  TakeoverAck,
  TypingEvent,
  WorkspaceNotification,
} from "#server/realtime/protocol.ts";
import { HttpClient } from "../support/http-client.ts";
import { cookieHeader, workspaceSocket } from "../support/workspace-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { newClientMessageId, Visitor } from "../support/widget-client.ts";

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

const password = "TakeOver2026";
let counter = 0;

type Business = { businessId: string; siteKey: string; ownerEmail: string };

/** A business whose owner is "Dana Reyes", open around the clock (so "during business hours" is stable). */
async function newBusiness(name: string): Promise<Business> {
  const ownerEmail = `dana${++counter}-${Date.now()}@example.com`;
  const result = await registerAccount(server.services.db, { businessName: name, email: ownerEmail, password });
  if (!result.ok) throw new Error(result.code);
  await server.services.db.user.update({ where: { id: result.value.userId }, data: { displayName: "Dana Reyes" } });
  const chatbot = await server.services.db.chatbot.findFirstOrThrow({ where: { businessId: result.value.businessId } });
  return { businessId: result.value.businessId, siteKey: chatbot.siteKey, ownerEmail };
}

async function closedAllWeek(businessId: string): Promise<void> {
  await server.services.db.chatbot.updateMany({ where: { businessId }, data: { hoursDays: [] } });
}

/** Open every day around the clock, so "someone will be with you shortly" is true whenever the test runs. */
async function openAllWeek(businessId: string): Promise<void> {
  await server.services.db.chatbot.updateMany({ where: { businessId }, data: { hoursDays: [1, 2, 3, 4, 5, 6, 7], hoursStart: "00:00", hoursEnd: "00:00" } });
}

async function supportMember(businessId: string, displayName: string): Promise<string> {
  const email = `support${++counter}-${Date.now()}@example.com`;
  await server.services.db.user.create({
    data: { email, displayName, passwordHash: await hashPassword(password), memberships: { create: { businessId, role: "support" } } },
  });
  return email;
}

type Member = {
  socket: Socket;
  messages: Message[];
  typing: TypingEvent[];
  agents: ConversationAgentEvent[];
  notifications: WorkspaceNotification[];
  emit<T extends object>(event: string, payload: object): Promise<TakeoverAck<T>>;
};

async function signInMember(email: string): Promise<Member> {
  const http = new HttpClient(server.url);
  expect((await http.post("/login", { intent: "login", email, password })).status).toBe(302);
  const socket = workspaceSocket(server.url, cookieHeader(http));
  sockets.push(socket);
  const member: Member = {
    socket,
    messages: [],
    typing: [],
    agents: [],
    notifications: [],
    emit: (event, payload) => socket.timeout(15_000).emitWithAck(event, payload),
  };
  socket.on("conversation:message", ({ message }: { message: Message }) => member.messages.push(message));
  socket.on("conversation:typing", (event: TypingEvent) => member.typing.push(event));
  socket.on("conversation:agent", (event: ConversationAgentEvent) => member.agents.push(event));
  socket.on("notification", (n: WorkspaceNotification) => member.notifications.push(n));
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });
  return member;
}

/** A visitor who has answered the first question: the bot now asks about the building size. */
async function chattingVisitor(siteKey: string): Promise<Visitor> {
  const visitor = new Visitor(server.url, { siteKey });
  visitors.push(visitor);
  await visitor.connect();
  const opened = await visitor.open({ pageUrl: "https://customer.example/pricing?utm_source=x" });
  if (!opened.ok) throw new Error(opened.error);
  await visitor.say("Regular Commercial Cleaning");
  await server.app.chat.idle();
  return visitor;
}

function waitFor<T>(find: () => T | undefined, what: string, timeoutMs = 15_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + timeoutMs;
    const tick = () => {
      const found = find();
      if (found !== undefined) return resolve(found);
      if (Date.now() > deadline) return reject(new Error(`timed out waiting for ${what}`));
      setTimeout(tick, 10);
    };
    tick();
  });
}

const byRole = (visitor: Visitor, role: Message["role"]) => visitor.unique().filter((m) => m.role === role);

describe("live takeover", () => {
  it("lists who is chatting, joins with a system line, talks both ways with author and typing, and hands back to the bot on leave", async () => {
    const business = await newBusiness("Sparkle Commercial Cleaning");
    const visitor = await chattingVisitor(business.siteKey);
    const conversationId = visitor.conversationId!;
    const dana = await signInMember(business.ownerEmail);

    const listed = await dana.emit<{ visitors: LiveVisitor[] }>("presence:list", {});
    expect(listed.ok).toBe(true);
    if (!listed.ok) return;
    expect(listed.visitors).toEqual([
      expect.objectContaining({
        visitorId: visitor.visitorId,
        conversationId,
        pageUrl: "https://customer.example/pricing",
        agent: null,
        lastMessage: expect.objectContaining({ role: "bot" }),
      }),
    ]);

    const joined = await dana.emit<{ messages: Message[]; message: Message }>("conversation:join", { conversationId });
    expect(joined.ok).toBe(true);
    if (!joined.ok) return;
    expect(joined.messages.map((m) => m.role).slice(0, 3)).toEqual(["bot", "visitor", "bot"]);
    const joinLine = await waitFor(() => byRole(visitor, "system")[0], "the join line");
    expect(joinLine.text).toBe("Dana Reyes from Sparkle Commercial Cleaning joined the chat");
    await waitFor(() => dana.agents.find((a) => a.agent?.name === "Dana Reyes"), "conversation:agent");

    // The agent's message reaches the visitor with name and initials; a resend is stored once.
    const clientMessageId = newClientMessageId();
    const sent = await dana.emit<{ message: Message }>("agent:message:send", { conversationId, clientMessageId, text: "Hi, I'm Dana. How can I help?" });
    expect(sent.ok).toBe(true);
    if (!sent.ok) return;
    expect(sent.message).toMatchObject({ role: "agent", author: { name: "Dana Reyes", initials: "DR" }, seq: joinLine.seq + 1 });
    const atVisitor = await waitFor(() => byRole(visitor, "agent")[0], "the agent message");
    expect(atVisitor).toMatchObject({ id: sent.message.id, text: "Hi, I'm Dana. How can I help?", author: { name: "Dana Reyes", initials: "DR" } });
    const resent = await dana.emit<{ message: Message }>("agent:message:send", { conversationId, clientMessageId, text: "Hi, I'm Dana. How can I help?" });
    expect(resent).toEqual({ ok: true, message: sent.message });
    expect(await server.services.db.message.count({ where: { conversationId, clientMessageId } })).toBe(1);

    // Typing both ways.
    const visitorTyping = new Promise<TypingEvent>((resolve) => visitor.socket.once("typing", resolve));
    expect(await dana.emit("agent:typing", { conversationId, typing: true })).toEqual({ ok: true });
    expect(await visitorTyping).toEqual({ conversationId, typing: true });
    visitor.socket.emit("visitor:typing", { conversationId, typing: true });
    await waitFor(() => dana.typing.find((t) => t.conversationId === conversationId && t.typing), "the visitor typing");

    // The bot is silent while Dana is joined: the visitor's message reaches her, and nothing answers it.
    const asked = await visitor.send("Can you also clean the windows?");
    expect(asked.ok).toBe(true);
    if (!asked.ok) return;
    await waitFor(() => dana.messages.find((m) => m.id === asked.message.id), "the visitor message in the workspace");
    await server.app.chat.idle();
    expect(visitor.unique().filter((m) => m.seq > asked.message.seq)).toEqual([]);

    // A reconnect replays the agent's message with its author.
    const again = new Visitor(server.url, { siteKey: business.siteKey, visitorId: visitor.visitorId });
    visitors.push(again);
    await again.connect();
    const reopened = await again.open({ conversationId, lastSeq: joinLine.seq });
    expect(reopened.ok && reopened.messages.find((m) => m.role === "agent")).toMatchObject({ author: { name: "Dana Reyes", initials: "DR" } });

    // Leave: the system line, then the bot asks the question it had stopped at.
    const left = await dana.emit<{ message: Message }>("conversation:leave", { conversationId });
    expect(left.ok).toBe(true);
    await waitFor(() => byRole(visitor, "system").find((m) => m.text === "Dana Reyes left the chat"), "the leave line");
    const resumed = await visitor.nextBotMessage(asked.message.seq + 1);
    expect(resumed.text).toBe("Thanks for waiting. Let's pick up where we left off. Roughly how large is the space to be cleaned?");
    // …and answers the next message again.
    const reply = await visitor.say("12,000 sq ft");
    expect(reply.role).toBe("bot");
    expect(await dana.emit("agent:message:send", { conversationId, clientMessageId: newClientMessageId(), text: "still here?" })).toEqual({
      ok: false,
      error: "not_joined",
    });
  });

  it("tells a second member who has the chat, lets them take it over, and refuses another business's member", async () => {
    const business = await newBusiness("Sparkle Commercial Cleaning");
    const visitor = await chattingVisitor(business.siteKey);
    const conversationId = visitor.conversationId!;
    const dana = await signInMember(business.ownerEmail);
    const sam = await signInMember(await supportMember(business.businessId, "Sam Ortiz"));
    expect((await dana.emit("conversation:join", { conversationId })).ok).toBe(true);

    expect(await sam.emit("conversation:join", { conversationId })).toEqual({ ok: false, error: "taken", agent: { name: "Dana Reyes", initials: "DR" } });
    expect((await sam.emit("conversation:join", { conversationId, takeOver: true })).ok).toBe(true);
    await waitFor(() => byRole(visitor, "system").find((m) => m.text === "Sam Ortiz from Sparkle Commercial Cleaning joined the chat"), "Sam's join line");
    expect(await dana.emit("agent:message:send", { conversationId, clientMessageId: newClientMessageId(), text: "me again" })).toEqual({
      ok: false,
      error: "not_joined",
    });

    const other = await newBusiness("Evergreen Facility Care");
    const stranger = await signInMember(other.ownerEmail);
    expect(await stranger.emit("conversation:join", { conversationId })).toEqual({ ok: false, error: "not_found" });
    expect(await stranger.emit("agent:message:send", { conversationId, clientMessageId: newClientMessageId(), text: "hello" })).toEqual({
      ok: false,
      error: "not_found",
    });
    const strangerList = await stranger.emit<{ visitors: LiveVisitor[] }>("presence:list", {});
    expect(strangerList.ok && strangerList.visitors).toEqual([]);
    expect(await stranger.emit("conversation:join", { conversationId: 42 })).toEqual({ ok: false, error: "invalid_payload" });
  });

  it("hands the chat back to the bot after the member's silence (the durable idle job), and keeps the bot silent across a restart", async () => {
    const business = await newBusiness("Sparkle Commercial Cleaning");
    const visitor = await chattingVisitor(business.siteKey);
    const conversationId = visitor.conversationId!;
    const dana = await signInMember(business.ownerEmail);
    expect((await dana.emit("conversation:join", { conversationId })).ok).toBe(true);
    visitor.disconnect();
    dana.socket.disconnect();

    await server.restart();
    const back = new Visitor(server.url, { siteKey: business.siteKey, visitorId: visitor.visitorId });
    visitors.push(back);
    await back.connect();
    expect((await back.open({ conversationId })).ok).toBe(true);
    const asked = await back.send("Hello? Anyone there?");
    expect(asked.ok).toBe(true);
    if (!asked.ok) return;
    await server.app.chat.idle();
    expect(back.unique().filter((m) => m.seq > asked.message.seq)).toEqual([]);

    // Ten minutes of silence: the delayed job, made due now, hands the chat back.
    expect(await server.services.jobs.releaseDelayed(TAKEOVER_IDLE_QUEUE)).toBeGreaterThan(0);
    await waitFor(() => byRole(back, "system").find((m) => m.text === "Dana Reyes left the chat"), "the idle leave line");
    const resumed = await back.nextBotMessage(asked.message.seq + 1);
    expect(resumed.text).toMatch(/^Thanks for waiting/);
    const row = await server.services.db.conversation.findUniqueOrThrow({ where: { id: conversationId } });
    expect(row.agentUserId).toBeNull();
  });

  it("answers a request for a person with nobody online with when the team will reply, and notifies the team", async () => {
    const business = await newBusiness("Sparkle Commercial Cleaning");
    await closedAllWeek(business.businessId);
    const visitor = await chattingVisitor(business.siteKey);
    const reply = await visitor.say("Can I talk to a real person?");
    expect(reply.text).toMatch(/^Nobody from the Sparkle Commercial Cleaning team is available right now\. I've let them know you'd like to talk to a person\./);
    await server.app.chat.idle();
    const stored = await server.services.db.notification.findFirst({ where: { businessId: business.businessId, type: "person-requested" } });
    expect(stored?.text).toBe("A website visitor asked to talk to a person while nobody was online");
    await server.services.jobs.idle([EVENT_QUEUE, MAIL_QUEUE]);
    const mail = await server.services.db.emailDelivery.findMany({ where: { businessId: business.businessId, kind: "person-requested" } });
    expect(mail.map((m) => m.to)).toEqual([business.ownerEmail]);
  });

  it("with a member online, tells the visitor someone will join and alerts the team live", async () => {
    const business = await newBusiness("Sparkle Commercial Cleaning");
    await openAllWeek(business.businessId);
    const dana = await signInMember(business.ownerEmail);
    const visitor = await chattingVisitor(business.siteKey);
    const reply = await visitor.say("Talk to a person");
    expect(reply.text).toBe("I've asked the Sparkle Commercial Cleaning team to join this chat. Someone will be with you shortly.");
    const alert = await waitFor(() => dana.notifications.find((n) => n.type === "person-requested"), "the live alert");
    expect(alert.text).toBe("A website visitor asked to talk to a person");
  });

  it("with a member online but the office closed, promises nobody 'shortly' and says when the office opens", async () => {
    const business = await newBusiness("Sparkle Commercial Cleaning");
    // Every day, half an hour that starts two hours from now in the business's zone: closed now, whenever the test runs.
    const { timeZone } = await server.services.db.business.findUniqueOrThrow({ where: { id: business.businessId }, select: { timeZone: true } });
    const hourNow = Number(new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", hourCycle: "h23" }).format(new Date()));
    const opens = String((hourNow + 2) % 24).padStart(2, "0");
    await server.services.db.chatbot.updateMany({ where: { businessId: business.businessId }, data: { hoursDays: [1, 2, 3, 4, 5, 6, 7], hoursStart: `${opens}:00`, hoursEnd: `${opens}:30` } });
    const dana = await signInMember(business.ownerEmail);
    const visitor = await chattingVisitor(business.siteKey);
    const reply = await visitor.say("Talk to a person");
    expect(reply.text).toMatch(/^I've let the Sparkle Commercial Cleaning team know you'd like to talk to a person, and anyone who is free will join this chat\./);
    // It opens later today: said as "The office opens later today at …" or folded into the owner's
    // after-hours text. Run in the day's last two hours, two hours from now is tomorrow.
    if (hourNow + 2 < 24) expect(reply.text).toMatch(/The office opens later today at \d|when we open at \d{1,2}:\d{2}\s?[AP]M today/);
    else expect(reply.text).toMatch(/The office opens again tomorrow at \d/);
    expect(reply.text).not.toMatch(/shortly/);
    await waitFor(() => dana.notifications.find((n) => n.type === "person-requested"), "the live alert");
  });
});
