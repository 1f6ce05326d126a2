// The REST API's conversations (docs/api.md): GET /api/v1/conversations lists the key's business's
// conversations, newest first, each with its transcript; the outgoing `conversation.ended` webhook
// sends the same shape. Test conversations (the Test Chatbot page) are left out.
import { z } from "zod";
import type { Db } from "../db/client.server.ts";
import { parseForm } from "../shared/businesses/form-errors.ts";
import type { ApiBusiness } from "./leads-api.server.ts";
import { optionalChoice, wholeNumber, API_MAX_PAGE } from "./leads-query.ts";

/** Conversations per page (each carries its transcript, so fewer than leads). */
export const API_CONVERSATIONS_DEFAULT_LIMIT = 20;
export const API_CONVERSATIONS_MAX_LIMIT = 50;
/** Messages of one transcript in an answer; `messagesTruncated` says when there were more. */
export const API_TRANSCRIPT_MAX_MESSAGES = 500;

const querySchema = z.object({
  page: wholeNumber("page", 1, API_MAX_PAGE, 1),
  limit: wholeNumber("limit", 1, API_CONVERSATIONS_MAX_LIMIT, API_CONVERSATIONS_DEFAULT_LIMIT),
  lead: optionalChoice("lead", ["with", "without"] as const),
});

export type ApiConversationQuery = z.output<typeof querySchema>;

export function parseApiConversationQuery(
  params: URLSearchParams,
): { ok: true; value: ApiConversationQuery } | { ok: false; fields: Record<string, string> } {
  const input: Record<string, string> = {};
  for (const name of ["page", "limit", "lead"]) {
    const value = params.get(name);
    if (value !== null) input[name] = value;
  }
  const parsed = parseForm(querySchema, input);
  if (parsed.ok) return { ok: true, value: parsed.value };
  return { ok: false, fields: Object.fromEntries(Object.entries(parsed.errors).filter((e): e is [string, string] => typeof e[1] === "string")) };
}

export type ApiMessage = { seq: number; role: string; text: string; createdAt: string };
export type ApiConversation = {
  id: string;
  status: string;
  pageUrl: string | null;
  createdAt: string;
  lastMessageAt: string;
  leadId: string | null;
  messages: ApiMessage[];
  messagesTruncated: boolean;
};

const conversationSelect = {
  id: true,
  status: true,
  pageUrl: true,
  createdAt: true,
  lastMessageAt: true,
  lead: { select: { id: true } },
  messages: {
    orderBy: { seq: "asc" },
    take: API_TRANSCRIPT_MAX_MESSAGES + 1,
    select: { seq: true, role: true, text: true, createdAt: true },
  },
} as const;

type ConversationRow = {
  id: string;
  status: string;
  pageUrl: string | null;
  createdAt: Date;
  lastMessageAt: Date;
  lead: { id: string } | null;
  messages: { seq: number; role: string; text: string; createdAt: Date }[];
};

function toApiConversation(row: ConversationRow): ApiConversation {
  return {
    id: row.id,
    status: row.status,
    pageUrl: row.pageUrl,
    createdAt: row.createdAt.toISOString(),
    lastMessageAt: row.lastMessageAt.toISOString(),
    leadId: row.lead?.id ?? null,
    messages: row.messages.slice(0, API_TRANSCRIPT_MAX_MESSAGES).map((m) => ({ seq: m.seq, role: m.role, text: m.text, createdAt: m.createdAt.toISOString() })),
    messagesTruncated: row.messages.length > API_TRANSCRIPT_MAX_MESSAGES,
  };
}

export type ApiConversationPage = { data: ApiConversation[]; pagination: { page: number; limit: number; hasMore: boolean } };

export async function listApiConversations(db: Db, business: Pick<ApiBusiness, "id">, query: ApiConversationQuery): Promise<ApiConversationPage> {
  const rows = await db.conversation.findMany({
    where: {
      businessId: business.id,
      isTest: false,
      ...(query.lead === "with" ? { lead: { isNot: null } } : query.lead === "without" ? { lead: { is: null } } : {}),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: (query.page - 1) * query.limit,
    take: query.limit + 1,
    select: conversationSelect,
  });
  return {
    data: rows.slice(0, query.limit).map(toApiConversation),
    pagination: { page: query.page, limit: query.limit, hasMore: rows.length > query.limit },
  };
}

/** One conversation of the business with its transcript (null for another business's or a test one). */
export async function getApiConversation(db: Db, businessId: string, conversationId: string): Promise<ApiConversation | null> {
  if (!conversationId || conversationId.length > 64) return null;
  const row = await db.conversation.findFirst({ where: { id: conversationId, businessId, isTest: false }, select: conversationSelect });
  return row ? toApiConversation(row) : null;
}
