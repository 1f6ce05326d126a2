// Outgoing mail: SMTP when SMTP_URL is set, otherwise each message is written as JSON to an outbox
// folder (DATA_DIR/outbox) and logged, so development and tests can read what was sent.
import { randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { singleLine } from "../shared/format/single-line.ts";
import type { Logger } from "../shared/logger.ts";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  /** Every e-mail has both parts, rendered from one template (server/mail/templates). */
  html: string;
  /** Display name for the From header (the address stays MAIL_FROM's), e.g. a business's sender name. */
  fromName?: string;
  replyTo?: string;
  /** A fixed Message-ID (`<…@…>`): a message sent again after a crash is then recognisably the same one. */
  messageId?: string;
  headers?: Record<string, string>;
  /** An RFC 5545 invitation or cancellation (nodemailer's icalEvent: a text/calendar part and an .ics attachment). */
  icalEvent?: { method: "REQUEST" | "CANCEL"; filename: string; content: string };
};

/** MAIL_FROM with another display name: `"Acme Cleaning" <no-reply@…>`; MAIL_FROM as is without one. */
export function fromHeader(mailFrom: string, fromName?: string): string {
  if (!fromName) return mailFrom;
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `"${fromName.replace(/["\\\r\n<>]/g, "")}" <${address}>`;
}

/**
 * The message with its header fields on one line (issue 27 item 11): the subject, To, Reply-To, the
 * From display name and every extra header lose their control characters, whatever put them there.
 */
export function headerSafe(message: MailMessage): MailMessage {
  const { subject, to, replyTo, fromName, headers } = message;
  return {
    ...message,
    subject: singleLine(subject),
    to: singleLine(to),
    ...(replyTo !== undefined ? { replyTo: singleLine(replyTo) } : {}),
    ...(fromName !== undefined ? { fromName: singleLine(fromName) } : {}),
    ...(headers ? { headers: Object.fromEntries(Object.entries(headers).map(([name, value]) => [singleLine(name), singleLine(value)])) } : {}),
  };
}

export type Mailer = {
  send(message: MailMessage): Promise<void>;
  describe(): string;
  /** Closes pooled SMTP connections. */
  close(): void;
};


export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  logger: Logger;
}): Mailer {
  if (options.smtpUrl) {
    // Pooled: the job runner sends a batch of e-mails at once over up to 20 kept-open connections
    // instead of one connection per message; SMTP delivery, not the database, bounds the rate
    // (tests/bench/job-runner.ts: ~87/s with nodemailer's default of 5 connections on a loaded
    // 2-core machine, ~300/s with 20 and four mail workers). SMTP_URL may say otherwise, e.g. `?maxConnections=5`.
    const url = new URL(options.smtpUrl);
    if (!url.searchParams.has("pool")) url.searchParams.set("pool", "true");
    if (!url.searchParams.has("maxConnections")) url.searchParams.set("maxConnections", "20");
    const transport = nodemailer.createTransport(url.toString());
    return {
      async send(input) {
        const { fromName, ...message } = headerSafe(input);
        // Quoted-printable, said up front: otherwise nodemailer picks an encoding per part by
        // collecting every letter of it into an array (~6% of the runner's CPU in the job-runner bench).
        await transport.sendMail({ ...message, from: fromHeader(options.from, fromName), textEncoding: "quoted-printable" });
      },
      describe: () => "SMTP",
      close: () => transport.close(),
    };
  }
  return {
    async send(input) {
      const { fromName, ...message } = headerSafe(input);
      await mkdir(options.outboxDir, { recursive: true });
      const file = path.join(options.outboxDir, `${Date.now()}-${randomUUID()}.json`);
      const record = { from: fromHeader(options.from, fromName), ...message, sentAt: new Date().toISOString() };
      await writeFile(file, `${JSON.stringify(record, null, 2)}\n`);
      // Subject and recipient are personal data: at debug only (decision 0075); the file holds them.
      options.logger.info(`[mail] an e-mail was written to ${file}`);
      options.logger.debug?.(`[mail] "${message.subject}" to ${message.to} written to ${file}`);
    },
    describe: () => `outbox folder ${options.outboxDir}`,
    close: () => {},
  };
}

export type OutboxMessage = MailMessage & { from: string; sentAt: string };

/** Reads the outbox (oldest first): used by tests and by the development mail viewer. */
export async function readOutbox(outboxDir: string): Promise<OutboxMessage[]> {
  let files: string[];
  try {
    files = (await readdir(outboxDir)).filter((f) => f.endsWith(".json")).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  return Promise.all(files.map(async (f) => JSON.parse(await readFile(path.join(outboxDir, f), "utf8"))));
}
