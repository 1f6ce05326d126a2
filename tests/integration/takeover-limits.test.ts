// @postgres: one idle job per conversation under a burst.
// A member's messages in a live takeover (issue 27, item 9): limited per member (acked `rate_limited`
// past the limit, before anything is stored), and one idle job per conversation however many messages
// the member writes (1,500 once wrote 1,501 delayed jobs). The idle job, when it runs, looks at the
// member's latest activity: it writes the next check, or hands the chat back after 10 minutes of silence.
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAccount } from "#server/auth/accounts.server.ts";
import { TAKEOVER_IDLE_QUEUE } from "#server/jobs/queue/queues.ts";
import { JOB_SCHEMA } from "#server/jobs/queue/job-queue.server.ts";
import type { Message, TakeoverAck } from "#server/realtime/protocol.ts";
import { HttpClient } from "../support/http-client.ts";
import { cookieHeader, workspaceSocket } from "../support/workspace-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { newClientMessageId, Visitor } from "../support/widget-client.ts";

// A fifth of the burst that found the bug (1,500 messages at a limit of 300): the same proportions, the
// same checks (the limit holds, every message past it is refused, one idle job), a fifth of the sends
// (decision 0084: CI time).
const LIMIT = 60;
const SENT = 5 * LIMIT;
const password = "TakeOver2026";
let server: TestServer;
let socket: Socket;
let visitor: Visitor;
let conversationId: string;

const emit = <T extends object>(event: string, payload: object) => socket.timeout(30_000).emitWithAck(event, payload) as Promise<TakeoverAck<T>>;

beforeAll(async () => {
  server = await startTestServer({ seedDemo: false, widgetLimits: { agentMessagesPerMemberPerMinute: LIMIT } });
  const email = `dana-${Date.now()}@example.com`;
  const registered = await registerAccount(server.services.db, { businessName: "Sparkle Commercial Cleaning", email, password });
  if (!registered.ok) throw new Error(registered.code);
  const chatbot = await server.services.db.chatbot.findFirstOrThrow({ where: { businessId: registered.value.businessId } });
  visitor = new Visitor(server.url, { siteKey: chatbot.siteKey });
  await visitor.connect();
  const opened = await visitor.open({ pageUrl: "https://customer.example/" });
  if (!opened.ok) throw new Error(opened.error);
  await visitor.say("Regular Commercial Cleaning");
  await server.app.chat.idle();
  conversationId = visitor.conversationId!;
  const http = new HttpClient(server.url);
  expect((await http.post("/login", { intent: "login", email, password })).status).toBe(302);
  socket = workspaceSocket(server.url, cookieHeader(http));
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });
});

afterAll(async () => {
  socket?.disconnect();
  visitor?.disconnect();
  await server?.close();
});

/** The idle jobs of the conversation, by state. */
async function idleJobs(): Promise<Record<string, number>> {
  const rows = await server.services.db.$queryRawUnsafe<{ state: string; n: number }[]>(
    `SELECT state::text AS state, count(*)::int AS n FROM ${JOB_SCHEMA}.job WHERE name = $1 AND singleton_key = $2 GROUP BY state`,
    TAKEOVER_IDLE_QUEUE,
    `takeover-idle:${conversationId}`,
  );
  return Object.fromEntries(rows.map((r) => [r.state, r.n]));
}
const waiting = async () => {
  const jobs = await idleJobs();
  return (jobs.created ?? 0) + (jobs.retry ?? 0);
};

describe("agent messages in a live takeover", () => {
  it("limits a member's messages and keeps one idle job for the conversation", async () => {
    expect((await emit("conversation:join", { conversationId })).ok).toBe(true);
    const acks: TakeoverAck<{ message: Message }>[] = [];
    // A few at a time: one conversation's messages queue on its row, as a member's typing would.
    for (let sent = 0; sent < SENT; sent += 5) {
      const batch = Array.from({ length: 5 }, (_, i) => emit<{ message: Message }>("agent:message:send", { conversationId, clientMessageId: newClientMessageId(), text: `Message ${sent + i}` }));
      acks.push(...(await Promise.all(batch)));
    }
    const stored = acks.filter((ack) => ack.ok).length;
    expect(stored).toBe(LIMIT);
    expect(acks.filter((ack) => !ack.ok && ack.error === "rate_limited").length).toBe(SENT - LIMIT);
    expect(await server.services.db.message.count({ where: { conversationId, role: "agent" } })).toBe(LIMIT);
    // One delayed job, written by the join; the messages only moved the member's last activity.
    expect(await idleJobs()).toEqual({ created: 1 });
  });

  it("checks again after the member's latest message, then hands the chat back after their silence", async () => {
    // Ten minutes after the join (made due now): the member wrote since, so the chat stays theirs and
    // the next check is written, still one.
    expect(await server.services.jobs.releaseDelayed(TAKEOVER_IDLE_QUEUE)).toBe(1);
    await expect.poll(async () => (await idleJobs()).completed ?? 0).toBe(1);
    expect(await waiting()).toBe(1);
    const row = await server.services.db.conversation.findUniqueOrThrow({ where: { id: conversationId } });
    expect(row.agentUserId).not.toBeNull();

    // Ten minutes after the last message: nothing since, so the bot takes the chat back.
    expect(await server.services.jobs.releaseDelayed(TAKEOVER_IDLE_QUEUE)).toBe(1);
    await expect.poll(async () => (await server.services.db.conversation.findUniqueOrThrow({ where: { id: conversationId } })).agentUserId).toBeNull();
    expect(await waiting()).toBe(0);
  });

  it("still keeps one idle job when the member leaves and joins again", async () => {
    expect((await emit("conversation:join", { conversationId })).ok).toBe(true);
    expect((await emit("conversation:leave", { conversationId })).ok).toBe(true);
    expect((await emit("conversation:join", { conversationId })).ok).toBe(true);
    expect(await waiting()).toBe(1);
  });
});
