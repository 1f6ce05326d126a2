// Live takeover storage (DESIGN §14): who has joined a conversation lives on the conversation row, not in
// a process, so every instance agrees that the bot is silent; join, leave and agent messages each run in
// one transaction that allocates the next seq like any message. Agent messages are deduplicated on
// (conversationId, clientMessageId) exactly as visitor messages are. The "10 minutes of member silence"
// release is a durable delayed job, one per conversation, written in the same transaction as the join.
import type { Db } from "../db/client.server.ts";
import { isUniqueViolation } from "../db/errors.ts";
import type { JobQueue } from "../jobs/queue/job-queue.server.ts";
import { EVENT_QUEUE, TAKEOVER_IDLE_QUEUE } from "../jobs/queue/queues.ts";
import { insertJobsSql, pendingJobSql, statementWake } from "../jobs/queue/job-sql.server.ts";
import { eventKey } from "../events/domain-events.ts";
import { Prisma } from "../db/generated/client.ts";
import { queryPrepared } from "../db/prepared.ts";
import { sqlUtc, utcText } from "../db/timestamps.ts";
import type { Message, MessageRole } from "../realtime/protocol.ts";
import { messageSelect, toMessage, type MessageRow } from "./conversations.server.ts";
import { newMessageId } from "./ids.ts";

/** Member silence after which the bot takes the chat back. */
export const AGENT_IDLE_MS = 10 * 60 * 1000;

export type TakeoverJob = { conversationId: string; activeAt: string };

export type Agent = { userId: string; name: string };

type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

type LockedConversation = {
  id: string;
  businessId: string;
  chatbotId: string;
  status: string;
  agentUserId: string | null;
  agentName: string | null;
};

async function lockConversation(tx: Tx, businessId: string, conversationId: string): Promise<LockedConversation | null> {
  const rows = await tx.$queryRaw<LockedConversation[]>`
    SELECT "id", "businessId", "chatbotId", "status"::text AS "status", "agentUserId", "agentName"
      FROM "Conversation" WHERE "id" = ${conversationId} AND "businessId" = ${businessId} FOR UPDATE`;
  return rows[0] ?? null;
}

async function insertMessage(
  tx: Tx,
  input: {
    conversationId: string;
    businessId: string;
    role: MessageRole;
    text: string;
    now: Date;
    author?: Agent;
    clientMessageId?: string;
    agentActive?: boolean;
  },
): Promise<Message> {
  // The business in the where: the message's businessId is its conversation's (no foreign key checks it; decision 0102).
  const conversation = await tx.conversation.update({
    where: { id: input.conversationId, businessId: input.businessId },
    data: {
      lastSeq: { increment: 1 },
      lastMessageAt: input.now,
      ...(input.agentActive ? { agentActiveAt: input.now } : {}),
    },
    select: { lastSeq: true },
  });
  const row = await tx.message.create({
    data: {
      id: newMessageId(),
      conversationId: input.conversationId,
      businessId: input.businessId,
      seq: conversation.lastSeq,
      role: input.role,
      text: input.text,
      createdAt: input.now,
      clientMessageId: input.clientMessageId ?? null,
      authorName: input.author?.name ?? null,
      authorUserId: input.author?.userId ?? null,
    },
    select: messageSelect,
  });
  return toMessage(row);
}

/**
 * One idle check per conversation (issue 27: 1,500 agent messages once wrote 1,501 delayed jobs). A join
 * makes sure one is waiting (a waiting one stays: when it runs it looks at the latest activity); an agent
 * message only moves `agentActiveAt`. Called with the conversation row locked, as the check itself is,
 * so a join and a check running at once leave exactly one job waiting.
 */
async function ensureIdleJob(jobs: JobQueue, tx: Tx, conversationId: string, activeAt: Date): Promise<void> {
  const key = `takeover-idle:${conversationId}`;
  const [row] = await tx.$queryRaw<{ pending: boolean }[]>(pendingJobSql(TAKEOVER_IDLE_QUEUE, key));
  if (row?.pending) return;
  const data: TakeoverJob = { conversationId, activeAt: activeAt.toISOString() };
  await jobs.enqueue(tx, [{ name: TAKEOVER_IDLE_QUEUE, key, data, runAt: new Date(activeAt.getTime() + AGENT_IDLE_MS) }]);
}

export type JoinResult =
  | { kind: "joined"; message?: Message; replaced?: string }
  | { kind: "taken"; agent: Agent }
  | { kind: "not_found" | "closed" };

/**
 * Makes `agent` the conversation's agent. Joining a chat someone else has is refused (`taken`, saying
 * who) unless `takeOver`; joining again (another tab) changes nothing and writes no message.
 */
export async function joinConversation(
  deps: { db: Db; jobs: JobQueue },
  input: { businessId: string; conversationId: string; agent: Agent; businessName: string; takeOver: boolean; now: Date },
): Promise<JoinResult> {
  return deps.db.$transaction(async (tx): Promise<JoinResult> => {
    const conversation = await lockConversation(tx, input.businessId, input.conversationId);
    if (!conversation) return { kind: "not_found" };
    if (conversation.status !== "open") return { kind: "closed" };
    if (conversation.agentUserId === input.agent.userId) return { kind: "joined" };
    if (conversation.agentUserId && !input.takeOver) {
      return { kind: "taken", agent: { userId: conversation.agentUserId, name: conversation.agentName ?? "A team member" } };
    }
    await tx.conversation.update({
      where: { id: conversation.id },
      data: { agentUserId: input.agent.userId, agentName: input.agent.name },
    });
    const message = await insertMessage(tx, {
      conversationId: conversation.id,
      businessId: conversation.businessId,
      role: "system",
      text: `${input.agent.name} from ${input.businessName} joined the chat`,
      now: input.now,
      agentActive: true,
    });
    await ensureIdleJob(deps.jobs, tx, conversation.id, input.now);
    return { kind: "joined", message, ...(conversation.agentUserId ? { replaced: conversation.agentUserId } : {}) };
  });
}

export type LeaveResult = { kind: "left"; message: Message; businessId: string } | { kind: "not_joined" | "not_found" };

/**
 * Ends the takeover inside the caller's transaction (the endTakeover command, server/chat/commands.server.ts):
 * by the agent (`userId`), or by the idle job when nothing happened since `activeAt`. The system message
 * says who left; the caller then lets the bot resume.
 */
export async function leaveConversationIn(
  tx: Tx,
  input: { businessId?: string; conversationId: string; userId?: string; activeAt?: Date; now: Date },
): Promise<LeaveResult> {
  const rows = await tx.$queryRaw<(LockedConversation & { agentActiveAt: Date | null })[]>`
    SELECT "id", "businessId", "agentUserId", "agentName", "agentActiveAt"
      FROM "Conversation" WHERE "id" = ${input.conversationId} FOR UPDATE`;
  const conversation = rows[0];
  if (!conversation || (input.businessId && conversation.businessId !== input.businessId)) return { kind: "not_found" };
  if (!conversation.agentUserId) return { kind: "not_joined" };
  if (input.userId && conversation.agentUserId !== input.userId) return { kind: "not_joined" };
  if (input.activeAt && conversation.agentActiveAt?.getTime() !== input.activeAt.getTime()) return { kind: "not_joined" };
  await tx.conversation.update({
    where: { id: conversation.id },
    data: { agentUserId: null, agentName: null, agentActiveAt: null },
  });
  const message = await insertMessage(tx, {
    conversationId: conversation.id,
    businessId: conversation.businessId,
    role: "system",
    text: `${conversation.agentName ?? "The team member"} left the chat`,
    now: input.now,
  });
  return { kind: "left", message, businessId: conversation.businessId };
}

export type AgentSendResult =
  | { kind: "stored" | "duplicate"; message: Message }
  | { kind: "not_found" | "closed" | "not_joined" | "conflict" };

/**
 * Stores a joined agent's message once per clientMessageId, with the next seq; restarts the idle clock
 * (agentActiveAt, which the conversation's one idle job re-reads: decision 0043).
 * One statement (decision 0045), not an interactive transaction: on the embedded database a transaction
 * holds the only connection for all its round trips, so ten agent messages in flight queued behind each
 * other (p99 444 ms). The conversation row's UPDATE is the lock and the checks (this business, open, this
 * member joined, clientMessageId not stored yet); the message and, when the chat has a lead, the
 * `lead.team_replied` event are written by the same statement, or nothing is.
 */
export async function storeAgentMessage(
  deps: { db: Db; jobs: JobQueue },
  input: { businessId: string; conversationId: string; agent: Agent; clientMessageId: string; text: string; now: Date },
): Promise<AgentSendResult> {
  const existing = async (): Promise<AgentSendResult | null> => {
    const row = await deps.db.message.findFirst({
      where: { conversationId: input.conversationId, businessId: input.businessId, clientMessageId: input.clientMessageId },
      select: { ...messageSelect, authorUserId: true },
    });
    if (!row) return null;
    // Someone else's message under the same id: never handed to this member.
    return row.authorUserId === input.agent.userId ? { kind: "duplicate", message: toMessage(row) } : { kind: "conflict" };
  };
  const id = newMessageId();
  const now = sqlUtc(input.now);
  const wake = statementWake(deps.db, deps.jobs);
  try {
    const rows = await queryPrepared<MessageRow>(deps.db, Prisma.sql`
      WITH conv AS (
        UPDATE "Conversation" c
           SET "lastSeq" = c."lastSeq" + 1, "lastMessageAt" = ${now}, "agentActiveAt" = ${now}, "updatedAt" = ${now}
         WHERE c."id" = ${input.conversationId} AND c."businessId" = ${input.businessId}
           AND c."status" = 'open' AND c."agentUserId" = ${input.agent.userId}
           AND NOT EXISTS (
             SELECT 1 FROM "Message" m WHERE m."conversationId" = c."id" AND m."clientMessageId" = ${input.clientMessageId}
           )
        RETURNING c."id", c."businessId", c."lastSeq"
      ), inserted AS (
        INSERT INTO "Message" ("id", "conversationId", "businessId", "seq", "role", "text", "quickReplies", "clientMessageId",
          "authorName", "authorUserId", "createdAt")
        SELECT ${id}, conv."id", conv."businessId", conv."lastSeq", 'agent'::"MessageRole", ${input.text}, ARRAY[]::text[],
               ${input.clientMessageId}, ${input.agent.name}, ${input.agent.userId}, ${now}
          FROM conv
        RETURNING "id", "conversationId", "seq", "role"::text AS "role", "text", ${utcText('"createdAt"')} AS "createdAt",
                  "quickReplies", "clientMessageId", "authorName"
      ), lead AS (
        -- A reply from the team: the lead's pending automation steps stop.
        SELECT l."id", l."businessId" FROM "Lead" l JOIN conv ON l."conversationId" = conv."id" AND l."businessId" = conv."businessId"
      ), replied AS (
        ${insertJobsSql(
          EVENT_QUEUE,
          Prisma.sql`lead`,
          Prisma.sql`jsonb_build_object('type', 'lead.team_replied', 'businessId', lead."businessId", 'leadId', lead."id", 'replyId', ${id}::text)`,
          Prisma.sql`${eventKey({ type: "lead.team_replied", businessId: input.businessId, leadId: "", replyId: id })}`,
          wake.mode,
        )}
      )
      SELECT * FROM inserted`);
    const row = rows[0];
    if (row) {
      // The event's job, when the chat has a lead, was written without a NOTIFY (decision 0100).
      wake.committed([EVENT_QUEUE]);
      return { kind: "stored", message: toMessage(row) };
    }
  } catch (error) {
    // The same clientMessageId raced in on another connection: the first one stored wins.
    if (!isUniqueViolation(error)) throw error;
  }
  // Nothing stored: a resend, or a refusal (the rare path, read without locks).
  const found = await existing();
  if (found) return found;
  const conversation = await deps.db.conversation.findFirst({
    where: { id: input.conversationId, businessId: input.businessId },
    select: { status: true, agentUserId: true },
  });
  if (!conversation) return { kind: "not_found" };
  if (conversation.status !== "open") return { kind: "closed" };
  return { kind: "not_joined" };
}

/**
 * The idle job, inside the caller's transaction: when the member has done nothing since `job.activeAt`,
 * the takeover ends (leaveConversationIn); when they have, the next check is written for 10 minutes
 * after their latest activity.
 */
export async function idleLeaveIn(jobs: JobQueue, tx: Tx, job: TakeoverJob, now: Date): Promise<LeaveResult> {
  const rows = await tx.$queryRaw<{ agentUserId: string | null; agentActiveAt: Date | null }[]>`
    SELECT "agentUserId", "agentActiveAt" FROM "Conversation" WHERE "id" = ${job.conversationId} FOR UPDATE`;
  const conversation = rows[0];
  if (!conversation?.agentUserId || !conversation.agentActiveAt) return { kind: "not_joined" };
  if (conversation.agentActiveAt.getTime() > new Date(job.activeAt).getTime()) {
    await ensureIdleJob(jobs, tx, job.conversationId, conversation.agentActiveAt);
    return { kind: "not_joined" };
  }
  return leaveConversationIn(tx, { conversationId: job.conversationId, activeAt: conversation.agentActiveAt, now });
}

/** The member joined to a conversation of this business, if any. */
export async function conversationAgent(db: Db, businessId: string, conversationId: string): Promise<Agent | null> {
  const row = await db.conversation.findFirst({
    where: { id: conversationId, businessId },
    select: { agentUserId: true, agentName: true },
  });
  return row?.agentUserId ? { userId: row.agentUserId, name: row.agentName ?? "A team member" } : null;
}
