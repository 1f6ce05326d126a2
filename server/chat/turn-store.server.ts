// The hot path of a chat turn, in as few statements as PostgreSQL allows (decision 0007): storing a
// visitor message is one statement (ownership, open/active checks, dedupe, seq allocation, insert);
// loading what to answer is one; storing the bot's replies together with the new conversation state
// is one, so a crash can never leave replies stored without the state that produced them.
// Each statement is atomic on its own, so no interactive transaction is needed.
import type { Db } from "../db/client.server.ts";
import { isUniqueViolation } from "../db/errors.ts";
import { Prisma } from "../db/generated/client.ts";
import { queryPrepared } from "../db/prepared.ts";
import { sqlUtc } from "../db/timestamps.ts";
import type { Message } from "../realtime/protocol.ts";
import { messageSelect, returningMessage, toMessage, type MessageRow, type StoredConversationState } from "./conversations.server.ts";
import { newMessageId } from "./ids.ts";
import { conversationEndedEventSql } from "../events/emit-events.server.ts";
import { statementWake, type JobWaker } from "../jobs/queue/job-sql.server.ts";
import { EVENT_QUEUE } from "../jobs/queue/queues.ts";



/** What storing a visitor message tells the turn that answers it (saves loading it again). */
export type TurnContext = {
  businessId: string;
  isTest: boolean;
  /** The conversation state as of the insert. */
  state: unknown;
  /** Other visitor messages were already waiting for an answer (the state alone is not enough). */
  othersWaiting: boolean;
  /** A team member has joined the chat (live takeover): the bot stays silent. */
  agentUserId: string | null;
};

export type StoreVisitorResult =
  | { kind: "stored"; message: Message; context: TurnContext }
  | { kind: "duplicate"; message: Message }
  | { kind: "not_found" | "closed" | "inactive" };

/** The last visitor seq the stored state has answered (0 for an unknown shape). */
const handledSeqOf = (state: Prisma.Sql) => Prisma.sql`CASE WHEN jsonb_typeof(${state}->'handledSeq') = 'number'
  THEN floor((${state}->>'handledSeq')::numeric)::int ELSE 0 END`;

/**
 * Stores a visitor message in one statement: only into an open conversation of this chatbot and
 * visitor whose chatbot is active, only once per clientMessageId, with the next seq.
 */
export async function storeVisitorMessage(
  db: Db,
  input: { conversationId: string; chatbotId: string; visitorId: string; clientMessageId: string; text: string; now: Date },
): Promise<StoreVisitorResult> {
  const now = sqlUtc(input.now);
  try {
    const rows = await queryPrepared<MessageRow & Omit<TurnContext, "state"> & { state: unknown }>(db, Prisma.sql`
      WITH conv AS (
        UPDATE "Conversation" c
           SET "lastSeq" = c."lastSeq" + 1,
               "lastMessageAt" = ${now},
               "updatedAt" = ${now}
         WHERE c."id" = ${input.conversationId}
           AND c."chatbotId" = ${input.chatbotId}
           AND c."visitorId" = ${input.visitorId}
           AND c."status" = 'open'
           AND EXISTS (SELECT 1 FROM "Chatbot" b WHERE b."id" = c."chatbotId" AND b."isActive")
           AND NOT EXISTS (
             SELECT 1 FROM "Message" m WHERE m."conversationId" = c."id" AND m."clientMessageId" = ${input.clientMessageId}
           )
        RETURNING c."id", c."businessId", c."lastSeq", c."isTest", c."state", c."agentUserId",
                  EXISTS (
                    SELECT 1 FROM "Message" w
                     WHERE w."conversationId" = c."id" AND w."role" = 'visitor' AND w."seq" > ${handledSeqOf(Prisma.sql`c."state"`)}
                  ) AS "othersWaiting"
      ), inserted AS (
        INSERT INTO "Message" ("id", "conversationId", "businessId", "seq", "role", "text", "quickReplies", "clientMessageId", "createdAt")
        SELECT ${newMessageId()}, conv."id", conv."businessId", conv."lastSeq", 'visitor'::"MessageRole", ${input.text}, ARRAY[]::text[],
               ${input.clientMessageId}, ${now}
          FROM conv
        ${returningMessage}
      )
      SELECT inserted.*, conv."businessId", conv."isTest", conv."state", conv."othersWaiting", conv."agentUserId" FROM inserted, conv`);
    const row = rows[0];
    if (row) {
      const state = typeof row.state === "string" ? (JSON.parse(row.state) as unknown) : row.state;
      return {
        kind: "stored",
        message: toMessage(row),
        context: { businessId: row.businessId, isTest: row.isTest, state, othersWaiting: row.othersWaiting, agentUserId: row.agentUserId },
      };
    }
  } catch (error) {
    // The same clientMessageId raced in on another connection: the statement (seq included) rolled
    // back and the first one stored wins.
    if (!isUniqueViolation(error)) throw error;
  }
  return explainRefusal(db, input);
}

/** Why storeVisitorMessage stored nothing (the rare path: a resend, or a refusal). */
async function explainRefusal(
  db: Db,
  input: { conversationId: string; chatbotId: string; visitorId: string; clientMessageId: string },
): Promise<StoreVisitorResult> {
  const conversation = await db.conversation.findFirst({
    where: { id: input.conversationId, chatbotId: input.chatbotId, visitorId: input.visitorId },
    select: {
      status: true,
      chatbot: { select: { isActive: true } },
      messages: {
        where: { clientMessageId: input.clientMessageId },
        select: messageSelect,
      },
    },
  });
  if (!conversation) return { kind: "not_found" };
  const existing = conversation.messages[0];
  if (existing) return { kind: "duplicate", message: toMessage(existing) };
  if (!conversation.chatbot.isActive) return { kind: "inactive" };
  return { kind: "closed" };
}

export type PendingTurn = {
  id: string;
  businessId: string;
  chatbotId: string;
  isTest: boolean;
  state: unknown;
  /** A team member has joined the chat (live takeover): nothing is answered meanwhile. */
  agentUserId?: string | null;
  /** Visitor messages stored after the state's handledSeq, in seq order. */
  pending: { seq: number; text: string }[];
};

/** The conversation and its unanswered visitor messages, in one statement. */
export async function loadPendingTurn(db: Db, conversationId: string): Promise<PendingTurn | null> {
  const rows = await queryPrepared<Omit<PendingTurn, "pending"> & { pending: { seq: number; text: string }[] | string }>(db, Prisma.sql`
    SELECT c."id", c."businessId", c."chatbotId", c."isTest", c."state", c."agentUserId",
           COALESCE((
             SELECT json_agg(json_build_object('seq', m."seq", 'text', m."text") ORDER BY m."seq")
               FROM "Message" m
              WHERE m."conversationId" = c."id" AND m."role" = 'visitor'
                AND m."seq" > ${handledSeqOf(Prisma.sql`c."state"`)}
           ), '[]'::json) AS "pending"
      FROM "Conversation" c
     WHERE c."id" = ${conversationId}`);
  const row = rows[0];
  if (!row) return null;
  const pending = typeof row.pending === "string" ? (JSON.parse(row.pending) as PendingTurn["pending"]) : row.pending;
  const state = typeof row.state === "string" ? (JSON.parse(row.state) as unknown) : row.state;
  return { ...row, state, pending };
}

export type BotReplyInput = { id: string; text: string; quickReplies?: string[] };

/**
 * Stores the bot's replies to one visitor message and the conversation state that answered it, in
 * one statement. Returns the stored replies in seq order. `ended`: this turn completed the
 * qualification, so the same statement writes the `conversation.ended` event (webhooks, DESIGN §15).
 * `answering`: the seq of the visitor message these replies answer; then nothing is stored (and no
 * reply returned) when the stored state has answered it already: another instance recovering the
 * conversation (server/chat/turn-recovery.server.ts) or this one got there first.
 */
export async function storeBotTurn(
  db: Db,
  input: {
    conversationId: string;
    replies: BotReplyInput[];
    state: StoredConversationState;
    now: Date;
    ended?: boolean;
    answering?: number;
    /** Told of the `conversation.ended` job once the statement returned, which then sends no NOTIFY (decision 0100). */
    jobs?: JobWaker;
  },
): Promise<Message[]> {
  const now = sqlUtc(input.now);
  const wake = statementWake(db, input.jobs);
  const replies = JSON.stringify(input.replies.map((r) => ({ id: r.id, text: r.text, quickReplies: r.quickReplies ?? [] })));
  const count = input.replies.length;
  const rows = await queryPrepared<MessageRow>(db, Prisma.sql`
    WITH conv AS (
      UPDATE "Conversation"
         SET "lastSeq" = "lastSeq" + ${count}::int,
             "lastMessageAt" = ${now},
             "updatedAt" = ${now},
             "state" = ${JSON.stringify(input.state)}::jsonb
       WHERE "id" = ${input.conversationId}${
         input.answering === undefined ? Prisma.empty : Prisma.sql` AND ${handledSeqOf(Prisma.sql`"state"`)} < ${input.answering}::int`
       }
      RETURNING "id", "businessId", "lastSeq"
    ), reply AS (
      SELECT r.ord, r.value->>'id' AS id, r.value->>'text' AS text,
             ARRAY(SELECT jsonb_array_elements_text(r.value->'quickReplies')) AS quick
        FROM jsonb_array_elements(${replies}::jsonb) WITH ORDINALITY AS r(value, ord)
    )${input.ended ? Prisma.sql`, ended AS (${conversationEndedEventSql("conv", wake.mode)})` : Prisma.empty}
    INSERT INTO "Message" ("id", "conversationId", "businessId", "seq", "role", "text", "quickReplies", "createdAt")
    SELECT reply.id, conv."id", conv."businessId", conv."lastSeq" - ${count}::int + reply.ord::int, 'bot'::"MessageRole", reply.text, reply.quick,
           ${now}
      FROM conv, reply
    ${returningMessage}`);
  if (input.ended && rows.length > 0) wake.committed([EVENT_QUEUE]);
  return rows.map(toMessage).sort((a, b) => a.seq - b.seq);
}

/**
 * A whole rules-path turn in one statement (decision 0079): the visitor's message and the bot's
 * replies to it, with the new conversation state, when the state this process last stored is still
 * the conversation's (`expected`: the same state and `lastSeq`, so nothing was written since, no
 * member joined, nothing waits unanswered). Stores nothing and returns null otherwise (a stale cache,
 * a resend, a closed conversation or an inactive chatbot): the caller takes the two-statement path,
 * which explains or answers it. The same ownership, open, active and dedupe checks as
 * storeVisitorMessage. Returns the visitor's message first, then the replies in seq order.
 */
export async function storeWholeTurn(
  db: Db,
  input: {
    conversationId: string;
    chatbotId: string;
    visitorId: string;
    clientMessageId: string;
    text: string;
    expected: { lastSeq: number; stateJson: string };
    replies: BotReplyInput[];
    stateJson: string;
    now: Date;
    ended?: boolean;
    /** As storeBotTurn's. */
    jobs?: JobWaker;
  },
): Promise<{ visitor: Message; replies: Message[] } | null> {
  const now = sqlUtc(input.now);
  const wake = statementWake(db, input.jobs);
  const rows = [
    { id: newMessageId(), role: "visitor", text: input.text, quickReplies: [], clientMessageId: input.clientMessageId },
    ...input.replies.map((r) => ({ id: r.id, role: "bot", text: r.text, quickReplies: r.quickReplies ?? [], clientMessageId: null })),
  ];
  const count = rows.length;
  let stored: MessageRow[];
  try {
    stored = await queryPrepared<MessageRow>(db, Prisma.sql`
      WITH conv AS (
        UPDATE "Conversation" c
           SET "lastSeq" = c."lastSeq" + ${count}::int,
               "lastMessageAt" = ${now},
               "updatedAt" = ${now},
               "state" = ${input.stateJson}::jsonb
         WHERE c."id" = ${input.conversationId}
           AND c."chatbotId" = ${input.chatbotId}
           AND c."visitorId" = ${input.visitorId}
           AND c."status" = 'open'
           AND c."agentUserId" IS NULL
           AND c."lastSeq" = ${input.expected.lastSeq}::int
           AND c."state" = ${input.expected.stateJson}::jsonb
           AND EXISTS (SELECT 1 FROM "Chatbot" b WHERE b."id" = c."chatbotId" AND b."isActive")
           AND NOT EXISTS (
             SELECT 1 FROM "Message" m WHERE m."conversationId" = c."id" AND m."clientMessageId" = ${input.clientMessageId}
           )
        RETURNING c."id", c."businessId", c."lastSeq"
      ), msg AS (
        SELECT r.ord, r.value->>'id' AS id, (r.value->>'role')::"MessageRole" AS role, r.value->>'text' AS text,
               ARRAY(SELECT jsonb_array_elements_text(r.value->'quickReplies')) AS quick, r.value->>'clientMessageId' AS client
          FROM jsonb_array_elements(${JSON.stringify(rows)}::jsonb) WITH ORDINALITY AS r(value, ord)
      )${input.ended ? Prisma.sql`, ended AS (${conversationEndedEventSql("conv", wake.mode)})` : Prisma.empty}
      INSERT INTO "Message" ("id", "conversationId", "businessId", "seq", "role", "text", "quickReplies", "clientMessageId", "createdAt")
      SELECT msg.id, conv."id", conv."businessId", conv."lastSeq" - ${count}::int + msg.ord::int, msg.role, msg.text, msg.quick, msg.client,
             ${now}
        FROM conv, msg
      ${returningMessage}`);
  } catch (error) {
    // The same clientMessageId raced in on another connection: nothing was stored by this statement.
    if (isUniqueViolation(error)) return null;
    throw error;
  }
  if (stored.length === 0) return null;
  if (input.ended) wake.committed([EVENT_QUEUE]);
  const messages = stored.map(toMessage).sort((a, b) => a.seq - b.seq);
  return { visitor: messages[0]!, replies: messages.slice(1) };
}
