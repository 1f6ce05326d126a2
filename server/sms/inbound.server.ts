// Incoming SMS (DESIGN §19, decision 0068). The webhook (POST /api/twilio/sms) verifies Twilio's
// X-Twilio-Signature with Twilio's own helper against the business's auth token (refused otherwise),
// stores the text once per MessageSid with its `sms.inbound` job, and answers an empty TwiML at once.
// The job answers the carrier keywords (STOP family suppresses the number for this business, START
// resubscribes, HELP answers with the business's contact), or runs the text as a chat turn in the
// conversation the number belongs to (a lead's, or one the number started), or starts a new one; the
// bot's answers go back by SMS with numbered choices instead of buttons.
import twilio from "twilio";
import type { Db } from "../db/client.server.ts";
import type { CommandContext } from "../events/command-context.server.ts";
import { createLead } from "../leads/commands.server.ts";
import { formatPhone } from "../shared/format/phone.ts";
import type { JobHandler, JobQueue, JobRequest } from "../jobs/queue/job-queue.server.ts";
import { SMS_INBOUND_QUEUE } from "../jobs/queue/queues.ts";
import type { Logger } from "../shared/logger.ts";
import {
  choiceFromReply,
  fitSegments,
  helpText,
  keywordOf,
  normalizePhone,
  parseQuietHours,
  quietHoursEnd,
  startConfirmationText,
  stopConfirmationText,
  withNumberedChoices,
} from "../shared/sms/sms-text.ts";
import { continueJob, SMS_CONTINUE_AFTER_MS } from "./consent.server.ts";
import { textAgentMessage } from "./workspace-sms.server.ts";
import { businessForNumber, type SmsAccount, type TwilioEnv } from "./connection.server.ts";
import { queueSms } from "./outbound.server.ts";
import type { SmsTurnInput, SmsTurnResult } from "./sms-turn.server.ts";
import type { SecretBox } from "../webhooks/secret-box.server.ts";

export type SmsInboundJob =
  | { kind: "message"; smsId: string }
  /** The web visitor who agreed to be texted left with the qualification unfinished: it goes on by SMS. */
  | { kind: "continue"; businessId: string; conversationId: string; phone: string; afterSeq: number }
  /** A joined member wrote in a conversation: when the person's last message came by SMS, it is texted (workspace-sms.server.ts). */
  | { kind: "agent"; businessId: string; conversationId: string; messageId: string };

export type WebhookDeps = { db: Db; box: SecretBox; env: TwilioEnv; jobs: JobQueue; appUrl: string; logger: Logger; clock?: () => Date };

export type WebhookAnswer = { status: number; body: string; contentType: string };

export const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';
const twiml = (body: string, status = 200): WebhookAnswer => ({ status, body, contentType: "text/xml" });
const refused = (text: string, status = 403): WebhookAnswer => ({ status, body: text, contentType: "text/plain" });

/** The URL Twilio called (and signed): the app's public origin with the request's path and query. */
export function signedUrl(appUrl: string, requestUrl: string): string {
  const url = new URL(requestUrl);
  return `${appUrl.replace(/\/$/, "")}${url.pathname}${url.search}`;
}

/** Form parameters of a Twilio webhook (x-www-form-urlencoded), as Twilio's helper expects them. */
export function formParams(rawBody: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(rawBody));
}

/**
 * The business a webhook is for, with its signature checked by Twilio's own `validateRequest`; null when
 * the number is nobody's or the signature does not match (the webhook answers 403).
 */
export async function verifiedBusiness(
  deps: Pick<WebhookDeps, "db" | "box" | "env">,
  args: { url: string; params: Record<string, string>; signature: string | null; /** Our number is `From` (an outbound SMS's status callback). */ outbound?: boolean },
): Promise<{ businessId: string; account: SmsAccount } | null> {
  if (!args.signature) return null;
  const to = normalizePhone(args.outbound ? args.params.From : args.params.To);
  const from = normalizePhone(args.outbound ? args.params.To : args.params.From);
  if (!to) return null;
  const found = await businessForNumber(deps, to, from);
  if (!found) return null;
  return twilio.validateRequest(found.account.authToken, args.signature, args.url, args.params) ? found : null;
}

export async function receiveSms(deps: WebhookDeps, args: { url: string; rawBody: string; signature: string | null }): Promise<WebhookAnswer> {
  const params = formParams(args.rawBody);
  const found = await verifiedBusiness(deps, { url: args.url, params, signature: args.signature });
  if (!found) return refused("Twilio signature refused.");
  const sid = params.MessageSid ?? params.SmsSid;
  const from = normalizePhone(params.From);
  if (!sid || !from) return refused("MessageSid and From are required.", 400);
  const now = deps.clock?.() ?? new Date();
  await deps.db.$transaction(async (tx) => {
    const stored = await tx.smsMessage.createMany({
      data: [
        {
          businessId: found.businessId,
          direction: "inbound",
          twilioSid: sid,
          kind: "inbound",
          fromPhone: from,
          toPhone: found.account.phoneNumber,
          body: (params.Body ?? "").slice(0, 1600),
          segments: Math.max(1, Number(params.NumSegments ?? 1) || 1),
          status: "received",
          countedAt: now,
        },
      ],
      skipDuplicates: true,
    });
    if (stored.count === 0) return; // Twilio retried a webhook we stored already
    const row = await tx.smsMessage.findUniqueOrThrow({ where: { twilioSid: sid }, select: { id: true } });
    const job: JobRequest<SmsInboundJob> = { name: SMS_INBOUND_QUEUE, key: `sms-inbound:${sid}`, data: { kind: "message", smsId: row.id } };
    await deps.jobs.enqueue(tx, [job]);
  });
  deps.jobs.wake(SMS_INBOUND_QUEUE);
  return twiml(EMPTY_TWIML);
}

export type InboundDeps = {
  db: Db;
  jobs: JobQueue;
  logger: Logger;
  smsTurn?: (input: SmsTurnInput) => Promise<SmsTurnResult>;
  /** Creates the lead of a number that texted first (createLead, source `sms`); without it the chat's capture makes one. */
  smsLead?: (args: { businessId: string; phone: string }) => Promise<string>;
  /** SMS_QUIET_HOURS: the continue-by-SMS message waits for their end, as automation SMS do. */
  quietHours?: string;
  clock?: () => Date;
};

/** The conversation a number's texts belong to: the last one it texted in, else its lead's (phones are stored in E.164). */
async function conversationOfNumber(db: Db, businessId: string, phone: string): Promise<{ id: string; chatbotId: string; visitorId: string } | null> {
  const rows = await db.$queryRaw<{ id: string; chatbotId: string; visitorId: string }[]>`
    SELECT c."id", c."chatbotId", c."visitorId" FROM "Conversation" c
     WHERE c."businessId" = ${businessId} AND c."status" = 'open' AND c."isTest" = false
       AND (c."id" IN (SELECT s."conversationId" FROM "SmsMessage" s WHERE s."businessId" = ${businessId} AND s."fromPhone" = ${phone} AND s."conversationId" IS NOT NULL)
            OR c."id" IN (SELECT l."conversationId" FROM "Lead" l WHERE l."businessId" = ${businessId} AND l."phone" = ${phone} AND l."conversationId" IS NOT NULL)
            OR c."id" IN (SELECT k."conversationId" FROM "SmsConsent" k WHERE k."businessId" = ${businessId} AND k."phone" = ${phone}))
     ORDER BY c."lastMessageAt" DESC LIMIT 1`;
  return rows[0] ?? null;
}

/**
 * The lead of a number that texted the business first: source `sms`, through the lead command (its
 * history, reminder, plan count, `lead.created` event and live push like every lead source). The SMS
 * conversation's answers then complete it.
 */
export async function createSmsLead(ctx: CommandContext, args: { businessId: string; phone: string }): Promise<string> {
  const created = await createLead(
    ctx,
    { businessId: args.businessId, fields: { name: `Texter ${formatPhone(args.phone) ?? args.phone}`, phone: args.phone } },
    { source: "sms", actorUserId: null },
  );
  if (!created.ok) throw new Error(`the texting number's lead could not be created: ${created.error}`);
  return created.value.leadId;
}

/**
 * The lead a new SMS conversation of `phone` completes: the `phone` lead of a missed call, or the `sms`
 * lead of a number that texted first (made once: a retried job finds it), neither yet in a conversation.
 * A new `sms` lead only for a number the business does not know; a known lead whose conversations are
 * over gets a new conversation (and its lead) from the chat, as a returning web visitor does.
 */
async function leadOfNumber(deps: InboundDeps, businessId: string, phone: string): Promise<string | null> {
  const leads = await deps.db.lead.findMany({
    where: { businessId, phone },
    orderBy: { createdAt: "desc" },
    take: 5,
    select: { id: true, source: true, conversationId: true },
  });
  const waiting = leads.find((l) => l.conversationId === null && (l.source === "phone" || l.source === "sms"));
  if (waiting) return waiting.id;
  if (leads.length > 0 || !deps.smsLead) return null;
  return deps.smsLead({ businessId, phone });
}

/** The bot's (and members') messages after `afterSeq` go to the number by SMS, marked as the SMS channel. */
export async function textRepliesAfter(deps: Pick<InboundDeps, "db" | "jobs">, args: { businessId: string; conversationId: string; phone: string; afterSeq: number; intro?: string }) {
  const replies = await deps.db.message.findMany({
    where: { conversationId: args.conversationId, businessId: args.businessId, seq: { gt: args.afterSeq }, role: "bot" },
    orderBy: { seq: "asc" },
    select: { id: true, text: true, quickReplies: true },
  });
  if (replies.length === 0) return;
  await deps.db.$transaction(async (tx) => {
    for (const [index, reply] of replies.entries()) {
      const text = withNumberedChoices(reply.text, reply.quickReplies);
      // A conversation's reply may take a few segments (a question with its choices); automations keep to 3.
      const body = fitSegments(index === 0 && args.intro ? `${args.intro} ${text}` : text, 6);
      await queueSms(deps.jobs, tx, { businessId: args.businessId, key: `reply:${reply.id}`, kind: "reply", to: args.phone, body, conversationId: args.conversationId, messageId: reply.id });
    }
    await tx.message.updateMany({ where: { id: { in: replies.map((r) => r.id) } }, data: { channel: "sms" } });
  });
}

async function answerKeyword(deps: InboundDeps, sms: { id: string; businessId: string; fromPhone: string }, keyword: NonNullable<ReturnType<typeof keywordOf>>) {
  const business = await deps.db.business.findUnique({ where: { id: sms.businessId }, select: { name: true, phone: true, email: true } });
  if (!business) return;
  await deps.db.$transaction(async (tx) => {
    if (keyword.kind === "stop") {
      await tx.smsSuppression.upsert({
        where: { businessId_phone: { businessId: sms.businessId, phone: sms.fromPhone } },
        create: { businessId: sms.businessId, phone: sms.fromPhone, keyword: keyword.word },
        update: {},
      });
    } else if (keyword.kind === "start") {
      await tx.smsSuppression.deleteMany({ where: { businessId: sms.businessId, phone: sms.fromPhone } });
    }
    const body = keyword.kind === "stop" ? stopConfirmationText(business.name) : keyword.kind === "start" ? startConfirmationText(business.name) : helpText(business);
    await queueSms(deps.jobs, tx, { businessId: sms.businessId, key: `keyword:${sms.id}`, kind: "keyword", to: sms.fromPhone, body });
    await tx.smsMessage.update({ where: { id: sms.id }, data: { status: "handled" } });
  });
}

async function handleMessage(deps: InboundDeps, smsId: string): Promise<void> {
  const { db } = deps;
  const sms = await db.smsMessage.findUnique({ where: { id: smsId } });
  if (!sms || sms.direction !== "inbound" || sms.status !== "received") return;
  const keyword = keywordOf(sms.body);
  if (keyword) return answerKeyword(deps, sms, keyword);
  if (!deps.smsTurn) throw new Error("the chat service is not running in this process");
  const existing = await conversationOfNumber(db, sms.businessId, sms.fromPhone);
  let target = existing;
  if (!target) {
    const chatbot = await db.chatbot.findFirst({ where: { businessId: sms.businessId, isActive: true }, orderBy: { createdAt: "asc" }, select: { id: true } });
    if (!chatbot) {
      await db.smsMessage.update({ where: { id: sms.id }, data: { status: "handled", error: "No active chatbot to answer the text" } });
      return;
    }
    target = { id: "", chatbotId: chatbot.id, visitorId: `sms:${sms.fromPhone}` };
  }
  // "2" after a question with choices is its second choice.
  const lastBot = target.id
    ? await db.message.findFirst({ where: { conversationId: target.id, role: "bot" }, orderBy: { seq: "desc" }, select: { quickReplies: true } })
    : null;
  const text = choiceFromReply(sms.body, lastBot?.quickReplies);
  // A new conversation starts with the number known (the bot does not ask for it) and with its lead.
  const leadId = target.id ? null : await leadOfNumber(deps, sms.businessId, sms.fromPhone);
  const turn = await deps.smsTurn({
    businessId: sms.businessId,
    chatbotId: target.chatbotId,
    visitorId: target.visitorId,
    ...(target.id ? { conversationId: target.id } : { start: { phone: sms.fromPhone, ...(leadId ? { leadId } : {}) } }),
    clientMessageId: `sms:${sms.twilioSid ?? sms.id}`,
    text: text.trim() || "(empty text)",
  });
  if (!turn.ok) {
    if (turn.error === "server_error") throw new Error(`the chat turn of SMS ${sms.id} failed`);
    await db.smsMessage.update({ where: { id: sms.id }, data: { status: "handled", error: `Not answered: ${turn.error}` } });
    return;
  }
  if (leadId) await db.lead.updateMany({ where: { id: leadId, businessId: sms.businessId, conversationId: null }, data: { conversationId: turn.conversationId } });
  await db.$transaction([
    db.message.updateMany({ where: { conversationId: turn.conversationId, seq: turn.seq }, data: { channel: "sms" } }),
    db.smsMessage.update({ where: { id: sms.id }, data: { conversationId: turn.conversationId } }),
  ]);
  await textRepliesAfter(deps, { businessId: sms.businessId, conversationId: turn.conversationId, phone: sms.fromPhone, afterSeq: turn.seq });
  await db.smsMessage.update({ where: { id: sms.id }, data: { status: "handled" } });
}

/**
 * The visitor who agreed to be texted has been quiet for SMS_CONTINUE_AFTER_MS (they left, or stopped
 * answering): the last question goes to their phone and the chat goes on there. Written with the consent;
 * while the visitor keeps writing on the web it moves to that long after their last message, and in the
 * quiet hours of the business's zone to their end (a delayed job, as automation SMS).
 */
async function continueBySms(deps: InboundDeps, job: Extract<SmsInboundJob, { kind: "continue" }>): Promise<void> {
  const { db } = deps;
  const now = deps.clock?.() ?? new Date();
  const conversation = await db.conversation.findFirst({
    where: { id: job.conversationId, businessId: job.businessId },
    select: { status: true, agentUserId: true, state: true, business: { select: { name: true, timeZone: true } } },
  });
  // Finished, closed, or a member is talking: nothing to continue.
  if (!conversation || conversation.status !== "open" || conversation.agentUserId) return;
  if ((conversation.state as { engine?: { completed?: boolean } } | null)?.engine?.completed) return;
  const wrote = await db.message.findFirst({
    where: { conversationId: job.conversationId, role: "visitor", seq: { gt: job.afterSeq } },
    orderBy: { seq: "desc" },
    select: { seq: true, channel: true, createdAt: true },
  });
  if (wrote) {
    // The visitor wrote again: by SMS, the chat goes on there already; on the web, wait until they have been quiet that long.
    if (wrote.channel === "sms") return;
    const runAt = new Date(Math.max(now.getTime(), wrote.createdAt.getTime() + SMS_CONTINUE_AFTER_MS));
    await deps.jobs.enqueue(db, [continueJob(job.businessId, job.conversationId, job.phone, wrote.seq, runAt)]);
    return;
  }
  const until = quietHoursEnd(now, conversation.business.timeZone, parseQuietHours(deps.quietHours ?? "21:00-08:00"));
  if (until) {
    await deps.jobs.enqueue(db, [{ ...continueJob(job.businessId, job.conversationId, job.phone, job.afterSeq, until), key: `sms-continue:${job.conversationId}:${job.afterSeq}:after-quiet:${until.toISOString()}` }]);
    return;
  }
  const last = await db.message.findFirst({ where: { conversationId: job.conversationId, role: "bot" }, orderBy: { seq: "desc" }, select: { seq: true } });
  if (!last) return;
  await textRepliesAfter(deps, {
    businessId: job.businessId,
    conversationId: job.conversationId,
    phone: job.phone,
    afterSeq: last.seq - 1,
    intro: `Hi, it's ${conversation.business.name}. Let's finish your quote by text.`,
  });
}

export function smsInboundJobHandler(deps: InboundDeps): JobHandler<SmsInboundJob> {
  return {
    name: SMS_INBOUND_QUEUE,
    run: (data) => {
      switch (data.kind) {
        case "message":
          return handleMessage(deps, data.smsId);
        case "continue":
          return continueBySms(deps, data);
        case "agent":
          return textAgentMessage(deps, data).then(() => undefined);
      }
    },
  };
}
