// E-mail as durable jobs (DESIGN §10): domain code enqueues `mail.send` in the transaction of the
// change that causes it; the handler sends it once. Its idempotency key is unique in EmailDelivery and
// the Message-ID is derived from it, so a job run again after a crash either sees the delivery recorded
// as sent and stops, or sends the very same message again (receivers collapse a repeated Message-ID).
import { createHash } from "node:crypto";
import type { Db } from "../db/client.server.ts";
import type { JobHandler, JobInfo, JobQueue, JobRequest } from "../jobs/queue/job-queue.server.ts";
import type { TxClient } from "../jobs/queue/sql-executors.server.ts";
import { MAIL_QUEUE, queueSpec } from "../jobs/queue/queues.ts";
import { holdForSandbox } from "../demo/outbound-policy.server.ts";
import { markDeliverySent, recordDeliveryAttempt } from "./delivery-record.server.ts";
import { singleLine } from "../shared/format/single-line.ts";
import type { Mailer, MailMessage } from "./mailer.server.ts";

export const MAIL_JOB = MAIL_QUEUE;
const MAIL_RETRY_LIMIT = queueSpec(MAIL_QUEUE).retryLimit;

export type MailJob = {
  /** The business the e-mail is sent for (shown in its delivery list); none for account e-mails. */
  businessId?: string;
  /** What the e-mail is: lead-alert, password-reset, daily-summary, … */
  kind: string;
  /** Rendered once, when the job is written (server/mail/templates): the delivery path does no rendering. */
  message: MailMessage;
  /**
   * Set on every e-mail to a lead or prospect (never to the team or an account holder): the signed link
   * of its footer. The delivery checks the business's suppression list before sending and adds the
   * `List-Unsubscribe` / `List-Unsubscribe-Post` headers (RFC 8058) with it.
   */
  unsubscribeUrl?: string;
};

/** The job for one e-mail; `key` names the effect, e.g. `lead-alert:{leadId}:{userId}`. */
export function mailJob(key: string, mail: MailJob, runAt?: Date): JobRequest<MailJob> {
  return { name: MAIL_JOB, key, data: mail, runAt };
}

/** Enqueues e-mails in the caller's transaction (or straight away when given the client). */
export function enqueueMail(jobs: JobQueue, tx: TxClient, mails: { key: string; mail: MailJob; runAt?: Date }[]) {
  return jobs.enqueue(
    tx,
    mails.map((m) => mailJob(m.key, m.mail, m.runAt)),
  );
}

/** `<sha256(key)@domain-of-MAIL_FROM>`: the same key always gives the same Message-ID. */
export function messageIdFor(key: string, mailFrom: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  const domain = address.split("@")[1] || "leadbroom.local";
  return `<${createHash("sha256").update(key).digest("hex").slice(0, 32)}@${domain}>`;
}

/** An SMTP answer that no retry will change (5xx: no such mailbox, rejected…). */
export function isPermanentMailError(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

export type DeliverDeps = {
  db: Db;
  mailer: Mailer;
  mailFrom: string;
  /** Metrics (decision 0075): what each attempt came to (`retry`: failed, tried again later). */
  onOutcome?: (outcome: "sent" | "retry" | "failed" | "held" | "skipped") => void;
};

/** Why an e-mail to an address on the suppression list was not sent, as Email Settings shows it. */
export function suppressedText(unsubscribedAt: Date): string {
  return `Not sent: the recipient unsubscribed from your e-mails on ${unsubscribedAt.toISOString().slice(0, 10)}`;
}

/** The RFC 8058 one-click unsubscribe headers of an e-mail to a lead or prospect. */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/**
 * Sends one e-mail once per key: records the attempt (EmailDelivery), sends with the key's Message-ID
 * and marks it sent; SMTP 5xx answers and the last attempt are kept as failed, other failures throw
 * (the job is retried). `compose` runs only when the e-mail still has to go out, so an e-mail that
 * carries a secret (a password-reset link) mints it at send time instead of storing it in the job.
 */
export async function deliverOnce(
  deps: DeliverDeps,
  job: JobInfo,
  mail: Omit<MailJob, "message"> & { to: string; subject: string },
  compose: () => Promise<MailMessage> | MailMessage,
): Promise<void> {
  const { db, mailer } = deps;
  const messageId = messageIdFor(job.key, deps.mailFrom);
  let delivery: { id: string; status: string };
  if (mail.unsubscribeUrl === undefined) {
    // The sandbox outbound policy (decision 0026) and the attempt in one statement (decision 0079): a
    // sandbox's e-mail is kept as held, never sent.
    const attempt = await recordDeliveryAttempt(db, { key: job.key, businessId: mail.businessId ?? null, kind: mail.kind, to: mail.to, subject: singleLine(mail.subject), messageId, now: new Date() });
    if (attempt === "gone") return; // the business was deleted (an expired demo sandbox): nobody to tell
    delivery = attempt;
  } else {
    const sandbox = await holdForSandbox(db, "email", { businessId: mail.businessId, to: mail.to });
    if (sandbox === "gone") return;
    // The one place e-mails to leads and prospects meet the business's suppression list.
    if (!mail.businessId) throw new Error(`An e-mail with an unsubscribe link needs its business (${job.key})`);
    const suppressed = await db.emailSuppression.findUnique({
      where: { businessId_email: { businessId: mail.businessId, email: mail.to.trim().toLowerCase() } },
      select: { createdAt: true },
    });
    if (suppressed) {
      const error = suppressedText(suppressed.createdAt);
      await db.emailDelivery.upsert({
        where: { key: job.key },
        create: { key: job.key, businessId: mail.businessId, kind: mail.kind, to: mail.to, subject: singleLine(mail.subject), messageId, attempts: 1, status: "skipped", error },
        update: { attempts: { increment: 1 } },
      });
      // One still being tried when the address unsubscribed is skipped from now on.
      await db.emailDelivery.updateMany({ where: { key: job.key, status: "sending" }, data: { status: "skipped", error } });
      deps.onOutcome?.("skipped");
      return;
    }
    delivery = await db.emailDelivery.upsert({
      where: { key: job.key },
      create: {
        key: job.key,
        businessId: sandbox ?? mail.businessId ?? null,
        // A demo sandbox e-mails nobody: the e-mail is kept as held, listed in its Email Settings.
        status: sandbox ? "held" : "sending",
        kind: mail.kind,
        to: mail.to,
        subject: singleLine(mail.subject),
        messageId,
        attempts: 1,
      },
      update: { attempts: { increment: 1 } },
      select: { id: true, status: true },
    });
  }
  if (delivery.status !== "sending") {
    if (delivery.status === "held") deps.onOutcome?.("held");
    return; // sent already, refused for good, or held (never composed)
  }

  try {
    const message = await compose();
    const headers = mail.unsubscribeUrl ? { ...message.headers, ...unsubscribeHeaders(mail.unsubscribeUrl) } : message.headers;
    await mailer.send({ ...message, messageId, ...(headers ? { headers } : {}) });
  } catch (error) {
    const reason = mailErrorText(error);
    const lastAttempt = job.attempt > MAIL_RETRY_LIMIT;
    if (isPermanentMailError(error) || lastAttempt) {
      await db.emailDelivery.update({ where: { id: delivery.id }, data: { status: "failed", error: reason } });
      deps.onOutcome?.("failed");
      return; // kept as failed with its reason; no further attempts
    }
    await db.emailDelivery.update({ where: { id: delivery.id }, data: { error: reason } });
    deps.onOutcome?.("retry");
    throw error;
  }
  await markDeliverySent(db, delivery.id, new Date());
  deps.onOutcome?.("sent");
}

export function mailJobHandler(deps: DeliverDeps): JobHandler<MailJob> {
  return {
    name: MAIL_JOB,
    run: (data, job) =>
      deliverOnce(
        deps,
        job,
        { businessId: data.businessId, kind: data.kind, to: data.message.to, subject: data.message.subject, unsubscribeUrl: data.unsubscribeUrl },
        () => data.message,
      ),
  };
}

/** What an owner may read about a failure: the SMTP server's answer, never a stack. */
function mailErrorText(error: unknown): string {
  const response = (error as { response?: unknown }).response;
  const text = typeof response === "string" && response ? response : error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, " ").slice(0, 300);
}
