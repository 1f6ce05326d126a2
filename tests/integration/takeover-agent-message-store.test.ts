// @postgres: one statement storing a message with its seq and job.
// An agent message is stored in one statement with the job it causes (decision 0045): the message with
// the next seq, the member's activity time (which the conversation's one idle job re-reads, decision 0043)
// and, when the chat has a lead, the `lead.team_replied` event; a resend stores nothing more; a member who has not joined, a closed chat or another business's
// chat stores nothing at all.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeAgentMessage } from "#server/chat/takeover-store.server.ts";
import { EVENT_QUEUE, TAKEOVER_IDLE_QUEUE } from "#server/jobs/queue/queues.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

describe("storing an agent message", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  const jobsOf = (name: string, key: string) =>
    server.services.db.$queryRawUnsafe<{ data: Record<string, unknown> }[]>(
      `SELECT data FROM pgboss.job WHERE name = $1 AND singleton_key = $2`,
      name,
      key,
    );

  it("writes the message, the member's activity and the lead's team_replied event together, once per clientMessageId", async () => {
    const db = server.services.db;
    const chatbot = await db.chatbot.findUniqueOrThrow({ where: { siteKey: "demo" }, select: { id: true, businessId: true } });
    const userId = "agent-user-1";
    const conversation = await db.conversation.create({
      data: { businessId: chatbot.businessId, chatbotId: chatbot.id, visitorId: "v-agent-store", lastSeq: 2, agentUserId: userId, agentName: "Dana Reyes" },
      select: { id: true },
    });
    const lead = await db.lead.create({
      data: { businessId: chatbot.businessId, conversationId: conversation.id, name: "Jo", score: 5, priority: "medium" },
      select: { id: true },
    });
    const agent = { userId, name: "Dana Reyes" };
    const now = new Date();
    const input = { businessId: chatbot.businessId, conversationId: conversation.id, agent, clientMessageId: "agent_msg_0001", text: "Hello, Dana here", now };
    const deps = { db, jobs: server.services.jobs };

    const stored = await storeAgentMessage(deps, input);
    expect(stored.kind).toBe("stored");
    if (stored.kind !== "stored") return;
    expect(stored.message).toMatchObject({ seq: 3, role: "agent", text: "Hello, Dana here", author: { name: "Dana Reyes", initials: "DR" } });
    const row = await db.conversation.findUniqueOrThrow({ where: { id: conversation.id }, select: { lastSeq: true, agentActiveAt: true } });
    expect(row).toEqual({ lastSeq: 3, agentActiveAt: now });

    // No idle job per message: the conversation's one idle check reads agentActiveAt (decision 0043).
    expect(await server.services.db.$queryRawUnsafe<unknown[]>(`SELECT 1 FROM pgboss.job WHERE name = $1 AND data->>'conversationId' = $2`, TAKEOVER_IDLE_QUEUE, conversation.id)).toEqual([]);
    const replied = await jobsOf(EVENT_QUEUE, `lead.team_replied:${stored.message.id}`);
    expect(replied.map((j) => j.data)).toEqual([
      { type: "lead.team_replied", businessId: chatbot.businessId, leadId: lead.id, replyId: stored.message.id },
    ]);

    // The same clientMessageId again: the stored message, nothing written.
    const again = await storeAgentMessage(deps, { ...input, now: new Date(now.getTime() + 1000) });
    expect(again).toEqual({ kind: "duplicate", message: stored.message });
    expect(await db.message.count({ where: { conversationId: conversation.id } })).toBe(1);
    expect(await db.conversation.findUniqueOrThrow({ where: { id: conversation.id }, select: { lastSeq: true } })).toEqual({ lastSeq: 3 });

    // Refusals store nothing: another member, another business, a closed chat.
    const other = { ...input, clientMessageId: "agent_msg_0002" };
    expect(await storeAgentMessage(deps, { ...other, agent: { userId: "someone-else", name: "Sam" } })).toEqual({ kind: "not_joined" });
    expect(await storeAgentMessage(deps, { ...other, businessId: "another-business" })).toEqual({ kind: "not_found" });
    await db.conversation.update({ where: { id: conversation.id }, data: { status: "closed" } });
    expect(await storeAgentMessage(deps, other)).toEqual({ kind: "closed" });
    expect(await db.message.count({ where: { conversationId: conversation.id } })).toBe(1);
  });
});
