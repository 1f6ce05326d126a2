// Conversation and message storage. Messages get gap-free per-conversation seq numbers (allocated by
// incrementing Conversation.lastSeq in the same transaction as the insert) and visitor messages are
// deduplicated on (conversationId, clientMessageId). Messages are never deleted.
import type { SiteState } from "../site-assistant/engine.ts";
import type { ChatBookingState } from "../appointments/chat-booking.server.ts";
import type { Db } from "../db/client.server.ts";
import { isUniqueViolation } from "../db/errors.ts";
import { Prisma } from "../db/generated/client.ts";
import type { EngineState } from "../conversation/engine.ts";
import type { Message, MessageRole } from "../realtime/protocol.ts";
import { queryPrepared } from "../db/prepared.ts";
import { asUtcDate, sqlUtc, utcText } from "../db/timestamps.ts";
import { draftMessageId } from "./draft-ids.ts";
import { newMessageId } from "./ids.ts";

export const MAX_REPLAY = 500;

/** The columns of a message as the widget protocol's Message needs them (`toMessage`). */
export const messageSelect = {
  id: true,
  conversationId: true,
  seq: true,
  role: true,
  text: true,
  createdAt: true,
  quickReplies: true,
  clientMessageId: true,
  authorName: true,
  channel: true,
} as const;

/** A stored message as Prisma reads it, or as a raw statement returns it (timestamps as UTC text). */
export type MessageRow = {
  id: string;
  conversationId: string;
  seq: number;
  role: MessageRole;
  text: string;
  createdAt: Date | string;
  quickReplies: string[] | null;
  clientMessageId: string | null;
  /** An agent message's author (live takeover); absent from statements that never return one. */
  authorName?: string | null;
  /** "web" or "sms" (two-way SMS); absent from statements that never return it. */
  channel?: string | null;
};

/** "Dana Reyes" → "DR", "dana" → "D": the avatar of an agent message. Pure. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  return letters.map((w) => [...w][0]!.toUpperCase()).join("") || "?";
}

export function toMessage(row: MessageRow): Message {
  const message: Message = {
    id: row.id,
    conversationId: row.conversationId,
    seq: Number(row.seq),
    role: row.role,
    text: row.text,
    createdAt: asUtcDate(row.createdAt).toISOString(),
  };
  if (row.quickReplies?.length) message.quickReplies = row.quickReplies;
  if (row.clientMessageId) message.clientMessageId = row.clientMessageId;
  if (row.authorName) message.author = { name: row.authorName, initials: initialsOf(row.authorName) };
  if (row.channel === "sms") message.channel = "sms";
  return message;
}

/** Conversation.state: the engine's state plus the last visitor seq the assistant has answered. */
export type StoredConversationState = {
  engine: EngineState;
  handledSeq: number;
  /** Set once the conversation's lead exists; later turns update it. */
  leadId?: string;
  /**
   * The lead is due but not yet stored: the reply is stored and sent first, then the lead (decision
   * 0007). The capture clears it; a conversation resumed with it set is captured then (crash recovery).
   */
  leadPending?: true;
  /** The site assistant's state (server/site-assistant/, decision 0063): conversations of the operator's business. */
  site?: SiteState;
  /** Booking the walkthrough after the qualification (server/appointments/chat-booking.server.ts). */
  booking?: ChatBookingState;
};

export type ConversationRow = {
  id: string;
  businessId: string;
  chatbotId: string;
  visitorId: string;
  isTest: boolean;
  status: "open" | "closed";
  state: StoredConversationState;
};

const conversationSelect = {
  id: true,
  businessId: true,
  chatbotId: true,
  visitorId: true,
  isTest: true,
  status: true,
  state: true,
} as const;

/** What a statement storing messages returns of each (a MessageRow, for toMessage). */
export const returningMessage = Prisma.sql`RETURNING "id", "conversationId", "seq", "role"::text AS "role", "text",
  ${utcText('"createdAt"')} AS "createdAt", "quickReplies", "clientMessageId"`;

/**
 * A new conversation as the visitor sees it before writing: its id and the opening bot messages (seq
 * 1…n, with their ids), kept by the connection that showed them. Nothing is stored until the visitor's
 * first message (DESIGN §3): an open that nobody writes in leaves no row.
 */
export type DraftConversation = {
  conversationId: string;
  isTest: boolean;
  pageUrl?: string;
  /** The channel of the page it started on (server/analytics/channels.ts). */
  channel: string;
  state: StoredConversationState;
  opening: Message[];
};

/**
 * Makes the draft of a new conversation from the engine's opening replies; stores nothing. Its id comes
 * from draft-ids.ts (signed for the visitor), and so do its welcome messages' ids.
 */
export function draftConversation(input: {
  conversationId: string;
  isTest: boolean;
  pageUrl?: string;
  channel?: string;
  state: StoredConversationState;
  opening: { text: string; quickReplies?: string[] }[];
  now: Date;
}): DraftConversation {
  const { conversationId } = input;
  const opening = input.opening.map((reply, index) => {
    const message: Message = {
      id: draftMessageId(conversationId, index + 1),
      conversationId,
      seq: index + 1,
      role: "bot",
      text: reply.text,
      createdAt: input.now.toISOString(),
    };
    if (reply.quickReplies?.length) message.quickReplies = reply.quickReplies;
    return message;
  });
  return {
    conversationId,
    isTest: input.isTest,
    ...(input.pageUrl ? { pageUrl: input.pageUrl } : {}),
    channel: input.channel ?? "direct",
    state: input.state,
    opening,
  };
}

/**
 * Stores a drafted conversation with its opening bot messages and the visitor's first message, in one
 * prepared statement (decision 0007: it runs for every visitor who writes). Only for an active chatbot,
 * and only once: the conversation's id is the draft's, so a resend (a lost ack) or a race stores
 * nothing and returns null; the caller then stores or finds the message as for any conversation.
 * `answer`: the bot's replies to that message and the state that answered it, stored by the same
 * statement (decision 0104, the first turn as one statement); without it the conversation keeps the
 * draft's state and is answered afterwards.
 */
export async function createConversationWithFirstMessage(
  db: Db,
  input: {
    draft: DraftConversation;
    businessId: string;
    chatbotId: string;
    visitorId: string;
    clientMessageId: string;
    text: string;
    now: Date;
    /** `stateJson`: the answered state as the caller serialised it once (it keeps the same text for the next turn). */
    answer?: { replies: { id: string; text: string; quickReplies?: string[] }[]; stateJson: string };
  },
): Promise<{ message: Message; replies: Message[] } | null> {
  const { draft, answer } = input;
  const seq = draft.opening.length + 1;
  // The opening, then (with an answer) the replies after the visitor's seq: one list of bot messages.
  const bot = [
    ...draft.opening.map((m) => ({ id: m.id, seq: m.seq, text: m.text, quickReplies: m.quickReplies ?? [] })),
    ...(answer?.replies ?? []).map((r, index) => ({ id: r.id, seq: seq + 1 + index, text: r.text, quickReplies: r.quickReplies ?? [] })),
  ];
  const lastSeq = seq + (answer?.replies.length ?? 0);
  const now = sqlUtc(input.now);
  const rows = await queryPrepared<MessageRow>(db, Prisma.sql`
    WITH conv AS (
      INSERT INTO "Conversation" ("id", "businessId", "chatbotId", "visitorId", "isTest", "pageUrl", "state", "lastSeq",
                                  "createdAt", "updatedAt", "lastMessageAt", "channel")
      SELECT ${draft.conversationId}, b."businessId", b."id", ${input.visitorId}, ${draft.isTest}::boolean,
             ${draft.pageUrl ?? null}, ${answer?.stateJson ?? JSON.stringify(draft.state)}::jsonb, ${lastSeq}::int, ${now}, ${now}, ${now}, ${draft.channel}
        FROM "Chatbot" b
       WHERE b."id" = ${input.chatbotId} AND b."businessId" = ${input.businessId} AND b."isActive"
      ON CONFLICT ("id") DO NOTHING
      RETURNING "id", "businessId"
    ), bot AS (
      SELECT (r.value->>'seq')::int AS seq, r.value->>'id' AS id, r.value->>'text' AS text,
             ARRAY(SELECT jsonb_array_elements_text(r.value->'quickReplies')) AS quick
        FROM jsonb_array_elements(${JSON.stringify(bot)}::jsonb) AS r(value)
    ), visitor AS (
      INSERT INTO "Message" ("id", "conversationId", "businessId", "seq", "role", "text", "quickReplies", "clientMessageId", "createdAt")
      SELECT ${newMessageId()}, conv."id", conv."businessId", ${seq}::int, 'visitor'::"MessageRole", ${input.text}, ARRAY[]::text[],
             ${input.clientMessageId}, ${now}
        FROM conv
      ${returningMessage}
    ), answered AS (
      INSERT INTO "Message" ("id", "conversationId", "businessId", "seq", "role", "text", "quickReplies", "createdAt")
      SELECT bot.id, conv."id", conv."businessId", bot.seq, 'bot'::"MessageRole", bot.text, bot.quick, ${now}
        FROM conv, bot
      ${returningMessage}
    )
    SELECT * FROM visitor
    UNION ALL
    SELECT * FROM answered WHERE answered."seq" > ${seq}::int`);
  const visitor = rows.find((row) => row.seq === seq);
  if (!visitor) return null;
  const replies = rows.filter((row) => row.seq > seq).map(toMessage).sort((a, b) => a.seq - b.seq);
  return { message: toMessage(visitor), replies };
}

export async function findConversation(db: Db, conversationId: string): Promise<ConversationRow | null> {
  const row = await db.conversation.findUnique({ where: { id: conversationId }, select: conversationSelect });
  return row as unknown as ConversationRow | null;
}

/**
 * A conversation of this chatbot and this visitor, or null: a site key never reaches another's
 * conversations. With `afterSeq`, also the messages stored after it (the widget's replay).
 */
export async function findVisitorConversation(
  db: Db,
  where: { conversationId: string; chatbotId: string; visitorId: string; afterSeq?: number },
): Promise<(ConversationRow & { messages: Message[]; hasMore: boolean }) | null> {
  const row = await db.conversation.findFirst({
    where: { id: where.conversationId, chatbotId: where.chatbotId, visitorId: where.visitorId },
    select: {
      ...conversationSelect,
      messages: {
        where: { seq: { gt: where.afterSeq ?? 0 } },
        orderBy: { seq: "asc" },
        // One more than a page: whether more follow.
        take: where.afterSeq === undefined ? 0 : MAX_REPLAY + 1,
        select: messageSelect,
      },
    },
  });
  if (!row) return null;
  const { messages, ...conversation } = row;
  return {
    ...(conversation as unknown as ConversationRow),
    messages: messages.slice(0, MAX_REPLAY).map(toMessage),
    hasMore: messages.length > MAX_REPLAY,
  };
}

export async function saveConversationState(
  db: Db,
  conversationId: string,
  state: StoredConversationState,
): Promise<void> {
  await db.conversation.update({
    where: { id: conversationId },
    data: { state: state as unknown as Prisma.InputJsonObject },
  });
}

export async function messagesAfter(db: Db, conversationId: string, lastSeq: number): Promise<Message[]> {
  const rows = await db.message.findMany({
    where: { conversationId, seq: { gt: lastSeq } },
    orderBy: { seq: "asc" },
    take: MAX_REPLAY,
    select: messageSelect,
  });
  return rows.map(toMessage);
}

export type AppendInput = {
  conversationId: string;
  businessId: string;
  role: MessageRole;
  text: string;
  quickReplies?: string[];
  clientMessageId?: string;
  now?: Date;
};

/** Appends a message with the next seq. `created` is false when clientMessageId was already stored. */
export async function appendMessage(db: Db, input: AppendInput): Promise<{ message: Message; created: boolean }> {
  if (input.clientMessageId) {
    const existing = await findByClientMessageId(db, input.conversationId, input.clientMessageId);
    if (existing) return { message: existing, created: false };
  }
  const now = input.now ?? new Date();
  try {
    const row = await db.$transaction(async (tx) => {
      // The business in the where: the message's businessId is its conversation's (no foreign key checks it; decision 0102).
      const { lastSeq } = await tx.conversation.update({
        where: { id: input.conversationId, businessId: input.businessId },
        data: { lastSeq: { increment: 1 }, lastMessageAt: now },
        select: { lastSeq: true },
      });
      return tx.message.create({
        data: {
          conversationId: input.conversationId,
          businessId: input.businessId,
          seq: lastSeq,
          role: input.role,
          text: input.text,
          quickReplies: input.quickReplies ?? [],
          clientMessageId: input.clientMessageId,
          createdAt: now,
        },
        select: messageSelect,
      });
    });
    return { message: toMessage(row), created: true };
  } catch (error) {
    // The same clientMessageId raced in from another connection: the first one stored wins.
    if (input.clientMessageId && isUniqueViolation(error)) {
      const existing = await findByClientMessageId(db, input.conversationId, input.clientMessageId);
      if (existing) return { message: existing, created: false };
    }
    throw error;
  }
}

async function findByClientMessageId(db: Db, conversationId: string, clientMessageId: string): Promise<Message | null> {
  const row = await db.message.findUnique({
    where: { conversationId_clientMessageId: { conversationId, clientMessageId } },
    select: messageSelect,
  });
  return row ? toMessage(row) : null;
}
