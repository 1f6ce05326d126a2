// Outgoing SMS (DESIGN §19, decision 0068): every SMS is a row of SmsMessage written in the transaction
// that causes it, with its `sms.send` job (the outbox). The job decides at send time, in this order:
// the business has an account (its own or the platform's), a sandbox never sends (held, as e-mail), a
// number that replied STOP gets nothing but the keyword confirmations, a number that gave no consent
// (in the chat, by texting us or by calling us) gets nothing, and the month's allowance is claimed
// before Twilio is called. Twilio deduplicates a retried send by its idempotency token.
import type { Db } from "../db/client.server.ts";
import type { JobHandler, JobInfo, JobQueue, JobRequest } from "../jobs/queue/job-queue.server.ts";
import { queueSpec, SMS_SEND_QUEUE } from "../jobs/queue/queues.ts";
import type { TransactionClient } from "../events/command-context.server.ts";
import { holdForSandbox, SANDBOX_HELD_TEXT } from "../demo/outbound-policy.server.ts";
import { smsAllowanceReachedText } from "../shared/automations/sms-allowance.ts";
import { segmentCount } from "../shared/sms/sms-text.ts";
import type { SecretBox } from "../webhooks/secret-box.server.ts";
import { smsAccountFor, type SmsAccount, type TwilioEnv } from "./connection.server.ts";
import { claimSmsSlot } from "../automations/sms-allowance.server.ts";
import { sendThroughTwilio } from "./twilio-client.server.ts";

export type SmsSendJob = { smsId: string };

/** What an outgoing SMS is: a reply in a conversation, a member's message, a test, a keyword answer, a missed-call text. */
export type OutboundKind = "reply" | "agent" | "test" | "keyword" | "missed-call";

export const SMS_NOT_CONFIGURED_TEXT = "SMS is not configured: connect Twilio in Settings > Integrations";
export const SMS_SUPPRESSED_TEXT = "Not sent: this number replied STOP";
export const SMS_NO_CONSENT_TEXT = "Not sent: this number has not agreed to be texted";

export type SmsDeps = {
  db: Db;
  box: SecretBox;
  env: TwilioEnv;
  appUrl: string;
  clock?: () => Date;
  /** Metrics (decision 0075): what each sending attempt came to (`retry`: failed, tried again later). */
  onSmsOutcome?: (outcome: "sent" | "retry" | "failed" | "held" | "skipped") => void;
};

type DbOrTx = Db | TransactionClient;

/** Writes the SMS and its job (in the caller's transaction); a second call with the same key writes nothing. */
export async function queueSms(
  jobs: JobQueue,
  tx: DbOrTx,
  sms: { businessId: string; key: string; kind: OutboundKind; to: string; body: string; conversationId?: string; messageId?: string; runAt?: Date },
): Promise<string> {
  await tx.smsMessage.createMany({
    data: [
      {
        businessId: sms.businessId,
        direction: "outbound",
        key: sms.key,
        kind: sms.kind,
        fromPhone: "",
        toPhone: sms.to,
        body: sms.body,
        segments: segmentCount(sms.body),
        status: "queued",
        conversationId: sms.conversationId ?? null,
        messageId: sms.messageId ?? null,
      },
    ],
    skipDuplicates: true,
  });
  const row = await tx.smsMessage.findUniqueOrThrow({ where: { key: sms.key }, select: { id: true } });
  const job: JobRequest<SmsSendJob> = { name: SMS_SEND_QUEUE, key: `sms-send:${sms.key}`, data: { smsId: row.id }, ...(sms.runAt ? { runAt: sms.runAt } : {}) };
  await jobs.enqueue(tx, [job]);
  return row.id;
}

/** A number that replied STOP to this business. */
export async function isSuppressed(db: Db, businessId: string, phone: string): Promise<boolean> {
  return (await db.smsSuppression.count({ where: { businessId, phone } })) > 0;
}

/** Consent to be texted: given in the chat (with its wording), or the person texted or called the business first. */
export async function hasConsent(db: Db, businessId: string, phone: string): Promise<boolean> {
  const [consents, inbound] = await Promise.all([
    db.smsConsent.count({ where: { businessId, phone } }),
    db.smsMessage.count({ where: { businessId, direction: "inbound", fromPhone: phone } }),
  ]);
  return consents + inbound > 0;
}

/** Why an SMS to `to` may not be sent for this business now (null: it may). */
export async function smsRefusal(deps: SmsDeps, businessId: string, to: string, kind: OutboundKind | "automation"): Promise<{ status: "skipped" | "held"; error: string; account?: undefined } | { account: SmsAccount }> {
  const account = await smsAccountFor(deps, businessId);
  if (!account) return { status: "skipped", error: SMS_NOT_CONFIGURED_TEXT };
  const sandbox = await holdForSandbox(deps.db, "sms", { businessId, to });
  if (sandbox === "gone") return { status: "skipped", error: "The business no longer exists" };
  if (sandbox) return { status: "held", error: SANDBOX_HELD_TEXT.sms };
  if (kind !== "keyword" && kind !== "test" && (await isSuppressed(deps.db, businessId, to))) return { status: "skipped", error: SMS_SUPPRESSED_TEXT };
  if (kind !== "keyword" && kind !== "test" && !(await hasConsent(deps.db, businessId, to))) return { status: "skipped", error: SMS_NO_CONSENT_TEXT };
  return { account };
}

const RETRY_LIMIT = queueSpec(SMS_SEND_QUEUE).retryLimit;

async function sendOne(deps: SmsDeps, data: SmsSendJob, info: JobInfo): Promise<void> {
  const { db } = deps;
  const now = deps.clock?.() ?? new Date();
  const sms = await db.smsMessage.findUnique({ where: { id: data.smsId } });
  if (!sms || sms.direction !== "outbound" || (sms.status !== "queued" && sms.status !== "sending")) return;
  const finish = async (status: "sent" | "failed" | "held" | "skipped", error: string | null, extra: { twilioSid?: string; fromPhone?: string } = {}) => {
    await db.smsMessage.updateMany({ where: { id: sms.id, status: { in: ["queued", "sending"] } }, data: { status, error, ...extra } });
    deps.onSmsOutcome?.(status);
  };
  const decided = await smsRefusal(deps, sms.businessId, sms.toPhone, sms.kind as OutboundKind);
  if (!decided.account) {
    await finish(decided.status, decided.error);
    return;
  }
  const claim = await claimSmsSlot(db, { businessId: sms.businessId, smsId: sms.id, now });
  if (!claim.ok) {
    await finish("skipped", smsAllowanceReachedText(claim.allowance));
    return;
  }
  await db.smsMessage.update({ where: { id: sms.id }, data: { status: "sending", fromPhone: decided.account.phoneNumber } });
  try {
    const sent = await sendThroughTwilio(decided.account, {
      to: sms.toPhone,
      body: sms.body,
      idempotencyKey: `sms:${sms.id}`,
      statusCallback: `${deps.appUrl.replace(/\/$/, "")}/api/twilio/sms-status`,
    });
    await finish("sent", null, { twilioSid: sent.sid });
  } catch (error) {
    if (info.attempt <= RETRY_LIMIT) {
      deps.onSmsOutcome?.("retry");
      throw error;
    }
    await finish("failed", (error instanceof Error ? error.message : String(error)).slice(0, 300));
    await db.smsMessage.update({ where: { id: sms.id }, data: { countedAt: null } });
  }
}

export function smsSendJobHandler(deps: SmsDeps): JobHandler<SmsSendJob> {
  return { name: SMS_SEND_QUEUE, run: (data, info) => sendOne(deps, data, info) };
}

/** Twilio's delivery status callback: the SMS's status follows Twilio's (never back to an earlier one). */
export async function recordDeliveryStatus(db: Db, params: { MessageSid: string; MessageStatus: string; ErrorCode?: string | null }): Promise<boolean> {
  const status = params.MessageStatus.toLowerCase();
  if (!["queued", "sending", "sent", "delivered", "undelivered", "failed", "read"].includes(status)) return false;
  const order = ["queued", "sending", "sent", "delivered", "read"];
  const sms = await db.smsMessage.findUnique({ where: { twilioSid: params.MessageSid }, select: { id: true, status: true } });
  if (!sms) return false;
  if (order.includes(status) && order.indexOf(status) < order.indexOf(sms.status)) return true;
  await db.smsMessage.update({
    where: { id: sms.id },
    data: { status, ...(params.ErrorCode ? { error: `Twilio error ${params.ErrorCode}` } : {}) },
  });
  return true;
}
