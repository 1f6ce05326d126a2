// Consent before any SMS (DESIGN §19, decision 0068). When a web visitor gives a phone number and the
// business can text (its own Twilio or the platform's), the widget asks "Can we text you at this
// number?" with the owner's exact wording; a yes is stored with that wording, the time, the page and
// the conversation. With consent, a visitor who leaves with the qualification unfinished gets the
// last question by SMS and the chat goes on there (an `sms.inbound` "continue" job, delayed, written
// with the consent: while the visitor keeps writing it waits until they have been quiet that long, so
// a visitor's leaving costs no statement; server/sms/inbound.server.ts).
// A business that cannot text (no Twilio of its own, no platform account) costs no statement when a
// visitor gives a phone number: the cached flag of availability.server.ts is checked first (issue 28).
import { z } from "zod";
import type { Db } from "../db/client.server.ts";
import type { JobQueue, JobRequest } from "../jobs/queue/job-queue.server.ts";
import { SMS_INBOUND_QUEUE } from "../jobs/queue/queues.ts";
import { CONSENT_QUESTION, normalizePhone } from "../shared/sms/sms-text.ts";
import type { SecretBox } from "../webhooks/secret-box.server.ts";
import { smsAccountFor, type TwilioEnv } from "./connection.server.ts";
import type { SmsInboundJob } from "./inbound.server.ts";
import type { AckError, SmsConsentAsk } from "../realtime/protocol.ts";
import { isSuppressed } from "./outbound.server.ts";
import type { SmsAvailability } from "./availability.server.ts";

/** A visitor who left the chat unfinished is texted this long after they left (or agreed). */
export const SMS_CONTINUE_AFTER_MS = 5 * 60_000;

export type ConsentDeps = { db: Db; box: SecretBox; env: TwilioEnv; jobs: JobQueue; availability?: SmsAvailability; clock?: () => Date };

export const smsConsentSchema = z.object({ conversationId: z.string().min(1).max(100), agree: z.boolean() }).strict();

async function conversationPhone(db: Db, where: { id: string; businessId: string; chatbotId?: string; visitorId?: string }) {
  const conversation = await db.conversation.findFirst({
    where,
    select: { id: true, businessId: true, pageUrl: true, lastSeq: true, status: true, state: true, lead: { select: { phone: true } } },
  });
  if (!conversation) return null;
  const answers = (conversation.state as { engine?: { answers?: { phone?: string } } } | null)?.engine?.answers;
  const phone = normalizePhone(answers?.phone ?? conversation.lead?.phone ?? null);
  return { ...conversation, phone };
}

/** What the widget asks once the visitor gave a phone number; null when the business cannot text or already has the answer. */
export async function consentAsk(deps: ConsentDeps, args: { businessId: string; conversationId: string; phone: string }): Promise<SmsConsentAsk | null> {
  const phone = normalizePhone(args.phone);
  if (!phone) return null;
  if (deps.availability && !(await deps.availability.canText(args.businessId))) return null;
  const account = await smsAccountFor(deps, args.businessId);
  if (!account) return null;
  const known = await deps.db.smsConsent.count({ where: { businessId: args.businessId, phone, conversationId: args.conversationId } });
  if (known > 0 || (await isSuppressed(deps.db, args.businessId, phone))) return null;
  return { conversationId: args.conversationId, question: CONSENT_QUESTION, wording: account.consentText, phone };
}

/** The "continue" job of a conversation as it stands at `afterSeq`, due at `runAt`. */
export function continueJob(businessId: string, conversationId: string, phone: string, afterSeq: number, runAt: Date): JobRequest<SmsInboundJob> {
  return {
    name: SMS_INBOUND_QUEUE,
    key: `sms-continue:${conversationId}:${afterSeq}`,
    data: { kind: "continue", businessId, conversationId, phone, afterSeq },
    runAt,
  };
}

/** The visitor's answer to the consent question (the widget's `sms:consent`), for their own conversation. */
export async function recordSmsConsent(
  deps: ConsentDeps,
  visitor: { businessId: string; chatbotId: string; visitorId: string },
  payload: unknown,
): Promise<{ ok: true } | AckError> {
  const parsed = smsConsentSchema.safeParse(payload);
  if (!parsed.success) return { ok: false, error: "invalid_payload" };
  const conversation = await conversationPhone(deps.db, { id: parsed.data.conversationId, businessId: visitor.businessId, chatbotId: visitor.chatbotId, visitorId: visitor.visitorId });
  if (!conversation) return { ok: false, error: "not_found" };
  if (!parsed.data.agree) return { ok: true };
  if (!conversation.phone) return { ok: false, error: "invalid_payload" };
  const account = await smsAccountFor(deps, visitor.businessId);
  if (!account) return { ok: false, error: "not_found" };
  const now = deps.clock?.() ?? new Date();
  const phone = conversation.phone;
  await deps.db.$transaction(async (tx) => {
    await tx.smsConsent.create({
      data: { businessId: visitor.businessId, phone, wording: `${CONSENT_QUESTION} ${account.consentText}`, pageUrl: conversation.pageUrl, conversationId: conversation.id, createdAt: now },
    });
    if (conversation.status === "open") await deps.jobs.enqueue(tx, [continueJob(visitor.businessId, conversation.id, phone, conversation.lastSeq, new Date(now.getTime() + SMS_CONTINUE_AFTER_MS))]);
  });
  return { ok: true };
}
