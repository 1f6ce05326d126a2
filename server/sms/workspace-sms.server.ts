// SMS conversations in the workspace (DESIGN §19, decision 0068): Live chats lists the conversations a
// number texted in the last day next to the visitors on the site; a member who joined one writes as
// in any live chat (the same takeover rules) and their message goes to the number by SMS (an `agent` job
// of sms.inbound, written after the message). A conversation is texted when its person's last message
// came by SMS.
import type { Db } from "../db/client.server.ts";
import type { JobQueue, JobRequest } from "../jobs/queue/job-queue.server.ts";
import { SMS_INBOUND_QUEUE, SMS_SEND_QUEUE } from "../jobs/queue/queues.ts";
import type { LiveVisitor } from "../realtime/protocol.ts";
import type { SmsInboundJob } from "./inbound.server.ts";
import { initialsOf } from "../chat/conversations.server.ts";
import { fitSegments } from "../shared/sms/sms-text.ts";
import { queueSms } from "./outbound.server.ts";

/** Conversations texted within this long are listed in Live chats. */
export const SMS_LIVE_WINDOW_MS = 24 * 3_600_000;

/** The number an SMS conversation texts: the last one that texted in it. */
async function numberOf(db: Db, businessId: string, conversationId: string): Promise<string | null> {
  const last = await db.message.findFirst({ where: { conversationId, businessId, role: "visitor" }, orderBy: { seq: "desc" }, select: { channel: true } });
  if (last?.channel !== "sms") return null;
  const sms = await db.smsMessage.findFirst({ where: { businessId, conversationId, direction: "inbound" }, orderBy: { createdAt: "desc" }, select: { fromPhone: true } });
  return sms?.fromPhone ?? null;
}

/**
 * The job that texts a member's message when its conversation goes on by SMS, written after the message's
 * own statement committed (decision 0045 keeps that one statement) and only for a business that can text
 * (the cached flag of availability.server.ts): a business without SMS pays nothing per member message.
 */
export function agentReplyJob(args: { businessId: string; conversationId: string; messageId: string }): JobRequest<SmsInboundJob> {
  return { name: SMS_INBOUND_QUEUE, key: `sms-agent:${args.messageId}`, data: { kind: "agent", ...args } };
}

/** A member's message in an SMS conversation goes to the number (the `agent` job; STOP and the allowance apply when it is sent). */
export async function textAgentMessage(deps: { db: Db; jobs: JobQueue }, args: { businessId: string; conversationId: string; messageId: string }): Promise<boolean> {
  const phone = await numberOf(deps.db, args.businessId, args.conversationId);
  if (!phone) return false;
  const message = await deps.db.message.findFirst({
    where: { id: args.messageId, conversationId: args.conversationId, businessId: args.businessId, role: "agent" },
    select: { id: true, text: true, authorName: true },
  });
  if (!message) return false;
  const body = fitSegments(message.authorName ? `${message.authorName}: ${message.text}` : message.text, 10);
  await deps.db.$transaction(async (tx) => {
    await queueSms(deps.jobs, tx, { businessId: args.businessId, key: `agent:${message.id}`, kind: "agent", to: phone, body, conversationId: args.conversationId, messageId: message.id });
    await tx.message.updateMany({ where: { id: message.id }, data: { channel: "sms" } });
  });
  deps.jobs.wake(SMS_SEND_QUEUE);
  return true;
}

/** Open conversations texted in the last day that are not among `except` (the visitors on the site). */
export async function smsLiveConversations(db: Db, args: { businessId: string; except: Set<string>; now: Date }): Promise<LiveVisitor[]> {
  const recent = await db.smsMessage.findMany({
    where: { businessId: args.businessId, direction: "inbound", conversationId: { not: null }, createdAt: { gte: new Date(args.now.getTime() - SMS_LIVE_WINDOW_MS) } },
    orderBy: { createdAt: "desc" },
    distinct: ["conversationId"],
    take: 50,
    select: { conversationId: true, fromPhone: true },
  });
  const ids = recent.map((r) => r.conversationId as string).filter((id) => !args.except.has(id));
  if (ids.length === 0) return [];
  const phones = new Map(recent.map((r) => [r.conversationId as string, r.fromPhone]));
  const rows = await db.conversation.findMany({
    where: { id: { in: ids }, businessId: args.businessId, status: "open" },
    select: {
      id: true,
      visitorId: true,
      agentName: true,
      lead: { select: { score: true } },
      messages: { orderBy: { seq: "desc" }, take: 1, select: { role: true, text: true, createdAt: true } },
    },
  });
  return rows.map((row) => {
    const last = row.messages[0];
    return {
      visitorId: row.visitorId,
      conversationId: row.id,
      pageUrl: null,
      score: row.lead?.score ?? null,
      lastMessage: last ? { role: last.role, text: last.text, createdAt: last.createdAt.toISOString() } : null,
      agent: row.agentName ? { name: row.agentName, initials: initialsOf(row.agentName) } : null,
      isTest: false,
      channel: "sms" as const,
      phone: phones.get(row.id) ?? null,
    };
  });
}
