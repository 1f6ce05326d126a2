// The workspace's read side of conversations: the filtered list and one conversation's transcript for
// the replay view. Every query is scoped by the businessId of the signed-in session; a conversation of
// another business is simply not found.
import type { Db } from "../db/client.server.ts";
import type { Prisma } from "../db/generated/client.ts";
import { dayNumberOfIsoDate, startOfLocalDay } from "../shared/time/calendar.ts";
import type { ConversationFilters } from "./conversation-filters.ts";
import type { LeadPriority, MessageRole } from "../shared/enums.ts";

export const CONVERSATIONS_PAGE_SIZE = 25;
/** A replay shows at most this many messages. */
export const MAX_TRANSCRIPT_MESSAGES = 2_000;

export type LeadBadge = {
  id: string;
  name: string | null;
  company: string | null;
  score: number;
  priority: LeadPriority;
};

export type ConversationListItem = {
  id: string;
  createdAt: string;
  lastMessageAt: string;
  isTest: boolean;
  status: "open" | "closed";
  pageUrl: string | null;
  messageCount: number;
  preview: string | null;
  lead: LeadBadge | null;
};

export type ConversationPage = { items: ConversationListItem[]; page: number; hasMore: boolean };


export function conversationWhere(businessId: string, filters: ConversationFilters, timeZone: string): Prisma.ConversationWhereInput {
  const where: Prisma.ConversationWhereInput = { businessId };
  if (filters.kind === "test") where.isTest = true;
  if (filters.kind === "real") where.isTest = false;
  if (filters.lead === "with") where.lead = { isNot: null };
  if (filters.lead === "without") where.lead = { is: null };
  const createdAt: Prisma.DateTimeFilter = {};
  if (filters.from) createdAt.gte = startOfLocalDay(dayNumberOfIsoDate(filters.from), timeZone);
  if (filters.to) createdAt.lt = startOfLocalDay(dayNumberOfIsoDate(filters.to) + 1, timeZone);
  if (createdAt.gte || createdAt.lt) where.createdAt = createdAt;
  return where;
}

export async function listConversations(
  db: Db,
  businessId: string,
  filters: ConversationFilters,
  timeZone: string,
): Promise<ConversationPage> {
  const rows = await db.conversation.findMany({
    where: conversationWhere(businessId, filters, timeZone),
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: (filters.page - 1) * CONVERSATIONS_PAGE_SIZE,
    take: CONVERSATIONS_PAGE_SIZE + 1,
    select: {
      id: true,
      createdAt: true,
      lastMessageAt: true,
      isTest: true,
      status: true,
      pageUrl: true,
      lastSeq: true,
      lead: { select: { id: true, name: true, company: true, score: true, priority: true } },
      messages: { where: { role: "visitor" }, orderBy: { seq: "asc" }, take: 1, select: { text: true } },
    },
  });
  return {
    page: filters.page,
    hasMore: rows.length > CONVERSATIONS_PAGE_SIZE,
    items: rows.slice(0, CONVERSATIONS_PAGE_SIZE).map((row) => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      lastMessageAt: row.lastMessageAt.toISOString(),
      isTest: row.isTest,
      status: row.status,
      pageUrl: row.pageUrl,
      messageCount: row.lastSeq,
      preview: row.messages[0]?.text.slice(0, 140) ?? null,
      lead: row.lead,
    })),
  };
}

export type TranscriptMessage = {
  id: string;
  seq: number;
  role: MessageRole;
  text: string;
  createdAt: string;
  quickReplies: string[];
  /** An agent message's author (live takeover). */
  authorName: string | null;
  /** "web" or "sms": where it was written or delivered (two-way SMS). */
  channel: string;
};

export type Transcript = {
  id: string;
  createdAt: string;
  isTest: boolean;
  status: "open" | "closed";
  pageUrl: string | null;
  visitorId: string;
  /** The team member who has joined the chat now (live takeover), if any. */
  agent: { userId: string; name: string } | null;
  messages: TranscriptMessage[];
  truncated: boolean;
  lead: (LeadBadge & { createdAt: string; status: string }) | null;
  /** The seq of the last message stored before the lead was created (the lead appears after it). */
  leadAfterSeq: number | null;
};

/** Whether this business has a conversation with this id (another business's id answers false). */
export async function conversationExists(db: Db, businessId: string, conversationId: string): Promise<boolean> {
  if (conversationId.length > 64) return false;
  return (await db.conversation.count({ where: { id: conversationId, businessId } })) > 0;
}

/** One conversation of this business with its messages in order, or null (another business's id too). */
export async function getTranscript(db: Db, businessId: string, conversationId: string): Promise<Transcript | null> {
  const row = await db.conversation.findFirst({
    where: { id: conversationId, businessId },
    select: {
      id: true,
      createdAt: true,
      isTest: true,
      status: true,
      pageUrl: true,
      visitorId: true,
      lead: {
        select: { id: true, name: true, company: true, score: true, priority: true, createdAt: true, status: true },
      },
      messages: {
        orderBy: { seq: "asc" },
        take: MAX_TRANSCRIPT_MESSAGES + 1,
        select: { id: true, seq: true, role: true, text: true, createdAt: true, quickReplies: true, authorName: true, channel: true },
      },
      agentUserId: true,
      agentName: true,
    },
  });
  if (!row) return null;
  const messages = row.messages.slice(0, MAX_TRANSCRIPT_MESSAGES).map((m) => ({ ...m, createdAt: m.createdAt.toISOString() }));
  let leadAfterSeq: number | null = null;
  if (row.lead) {
    const leadAt = row.lead.createdAt.getTime();
    for (const m of row.messages) if (m.createdAt.getTime() <= leadAt) leadAfterSeq = m.seq;
  }
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    isTest: row.isTest,
    status: row.status,
    pageUrl: row.pageUrl,
    visitorId: row.visitorId,
    agent: row.agentUserId ? { userId: row.agentUserId, name: row.agentName ?? "A team member" } : null,
    messages,
    truncated: row.messages.length > MAX_TRANSCRIPT_MESSAGES,
    lead: row.lead ? { ...row.lead, createdAt: row.lead.createdAt.toISOString() } : null,
    leadAfterSeq,
  };
}

