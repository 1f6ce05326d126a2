// Erasing one person on request (GDPR art. 17 / CCPA deletion; issue 35 item 2, decision 0074). The owner
// searches by the person's e-mail address or phone number, sees what was found, confirms, and every trace
// of the person in the business goes in one transaction: their leads keep their row (status, score,
// channel, value, dates) with the contact details and answers cleared, so the analytics roll-ups and every
// count stay right; their transcripts keep their messages' rows with the text replaced; prospects,
// SMS, calls, e-mails, notifications, reminders, webhook payloads and queued jobs that hold them are
// cleared or deleted. The audit log records who erased, when and how many of each kind: never the person.
import { readdir, readFile, unlink } from "node:fs/promises";
import path from "node:path";
import type { Db } from "../db/client.server.ts";
import { Prisma } from "../db/generated/client.ts";
import type { TransactionClient } from "../events/command-context.server.ts";
import type { Logger } from "../shared/logger.ts";
import type { PersonQuery } from "../shared/privacy/privacy-input.ts";
import { recordAudit } from "./audit.server.ts";
import { deleteJobRows } from "./job-rows.server.ts";

/** What replaces an erased text that must stay a string. */
export const ERASED = "[erased]";

export type PersonMatches = {
  leads: { id: string; name: string | null; createdAt: Date }[];
  prospects: number;
  conversations: number;
  messages: number;
  smsMessages: number;
  emails: number;
};

type Found = { leadIds: string[]; conversationIds: string[]; prospectIds: string[]; names: string[]; emails: string[]; phones: string[] };

/**
 * Everything in the business that belongs to the person: ids, and their contacts (the one searched for
 * and the others their leads hold: a person found by phone is erased with their e-mail address too).
 */
async function findPerson(db: Db | TransactionClient, businessId: string, query: PersonQuery): Promise<Found> {
  const emails = new Set(query.kind === "email" ? [query.email] : []);
  const phones = new Set(query.kind === "phone" ? [query.phone] : []);
  const select = { id: true, name: true, email: true, phone: true, conversationId: true } as const;
  const leads = await db.lead.findMany({
    where: { businessId, OR: [...[...emails].map((email) => ({ email: { equals: email, mode: "insensitive" as const } })), ...[...phones].map((phone) => ({ phone }))] },
    select,
  });
  for (const lead of leads) {
    if (lead.email) emails.add(lead.email.toLowerCase());
    if (lead.phone) phones.add(lead.phone);
  }
  const prospects = emails.size ? await db.prospect.findMany({ where: { businessId, email: { in: [...emails] } }, select: { id: true, name: true, leadId: true } }) : [];
  const extraLeadIds = prospects.map((p) => p.leadId).filter((id): id is string => !!id && !leads.some((l) => l.id === id));
  if (extraLeadIds.length) leads.push(...(await db.lead.findMany({ where: { businessId, id: { in: extraLeadIds } }, select })));
  // Conversations: the leads' own, and the SMS conversations of their numbers.
  const smsConversations = phones.size
    ? await db.smsMessage.findMany({ where: { businessId, OR: [{ fromPhone: { in: [...phones] } }, { toPhone: { in: [...phones] } }], conversationId: { not: null } }, select: { conversationId: true } })
    : [];
  const conversationIds = [...new Set([...leads.map((l) => l.conversationId), ...smsConversations.map((s) => s.conversationId)].filter((id): id is string => !!id))];
  const names = [...new Set([...leads.map((l) => l.name), ...prospects.map((p) => p.name)].filter((n): n is string => !!n && n.trim().length >= 3))];
  return { leadIds: leads.map((l) => l.id), conversationIds, prospectIds: prospects.map((p) => p.id), names, emails: [...emails], phones: [...phones] };
}

/** The confirmation step: what erasing this person would remove (nothing is changed). */
export async function previewErasure(db: Db, businessId: string, query: PersonQuery): Promise<PersonMatches | null> {
  const found = await findPerson(db, businessId, query);
  const { emails, phones } = found;
  const [leads, messages, smsMessages, emailCount, listed] = await Promise.all([
    db.lead.findMany({ where: { businessId, id: { in: found.leadIds } }, select: { id: true, name: true, createdAt: true }, orderBy: { createdAt: "desc" } }),
    db.message.count({ where: { businessId, conversationId: { in: found.conversationIds } } }),
    db.smsMessage.count({ where: { businessId, OR: [{ fromPhone: { in: phones } }, { toPhone: { in: phones } }, { conversationId: { in: found.conversationIds } }] } }),
    db.emailDelivery.count({ where: { businessId, to: { in: emails, mode: "insensitive" } } }),
    // A number that only ever texted STOP or called, or an address only on the suppression list, is still theirs.
    Promise.all([
      db.emailSuppression.count({ where: { businessId, email: { in: emails } } }),
      db.smsSuppression.count({ where: { businessId, phone: { in: phones } } }),
      db.smsConsent.count({ where: { businessId, phone: { in: phones } } }),
      db.phoneCall.count({ where: { businessId, fromPhone: { in: phones } } }),
    ]).then((counts) => counts.reduce((a, b) => a + b, 0)),
  ]);
  const matches = { leads, prospects: found.prospectIds.length, conversations: found.conversationIds.length, messages, smsMessages, emails: emailCount };
  return leads.length + matches.prospects + matches.conversations + smsMessages + emailCount + listed > 0 ? matches : null;
}

export type ErasureCounts = Record<string, number>;

const list = (ids: string[]) => (ids.length ? Prisma.join(ids) : Prisma.sql`NULL`);

/** Erases the person from the business; answers the counts by kind (also written to the audit log), or null when nothing matched. */
export async function erasePerson(
  deps: { db: Db; outboxDir?: string; logger: Logger },
  input: { businessId: string; actorUserId: string; query: PersonQuery },
): Promise<ErasureCounts | null> {
  const { businessId, query } = input;
  const result = await deps.db.$transaction(async (tx) => {
    const found = await findPerson(tx, businessId, query);
    const { leadIds, conversationIds, prospectIds } = found;
    const emails = list(found.emails);
    const phones = list(found.phones);
    const leads = list(leadIds);
    const conversations = list(conversationIds);
    const smsRows = await tx.$queryRaw<{ id: string }[]>`
      SELECT "id" FROM "SmsMessage" WHERE "businessId" = ${businessId}
         AND ("fromPhone" IN (${phones}) OR "toPhone" IN (${phones}) OR "conversationId" IN (${conversations}))`;
    const appointmentRows = await tx.appointment.findMany({ where: { businessId, leadId: { in: leadIds } }, select: { id: true } });
    const callRows = await tx.phoneCall.findMany({ where: { businessId, OR: [{ fromPhone: { in: found.phones } }, { leadId: { in: leadIds } }] }, select: { id: true } });
    const counts: ErasureCounts = {};
    const run = async (kind: string, statement: Prisma.Sql) => {
      const n = await tx.$executeRaw(statement);
      if (n) counts[kind] = (counts[kind] ?? 0) + n;
    };
    // Leads: the row stays for the counts (roll-ups are kept by triggers on status, score, channel, value
    // and dates, none of which change), the person's details go.
    await run("leads", Prisma.sql`
      UPDATE "Lead" SET "name" = NULL, "email" = NULL, "phone" = NULL, "company" = NULL, "customAnswers" = '[]'::jsonb, "updatedAt" = now()
       WHERE "businessId" = ${businessId} AND "id" IN (${leads})`);
    await run("leadHistory", Prisma.sql`
      UPDATE "LeadEvent" SET "data" = '{}'::jsonb
       WHERE "businessId" = ${businessId} AND "leadId" IN (${leads}) AND "type" <> 'status_changed' AND "data" <> '{}'::jsonb`);
    await run("reminders", Prisma.sql`UPDATE "Reminder" SET "note" = ${ERASED} WHERE "businessId" = ${businessId} AND "leadId" IN (${leads})`);
    await run("notifications", Prisma.sql`UPDATE "Notification" SET "text" = ${ERASED} WHERE "businessId" = ${businessId} AND "leadId" IN (${leads})`);
    await run("automationRuns", Prisma.sql`
      UPDATE "AutomationRun" SET "error" = ${ERASED} WHERE "businessId" = ${businessId} AND "leadId" IN (${leads}) AND "error" IS NOT NULL`);
    // Transcripts: each message keeps its row (seq, role, time: response times and counts), not its words.
    await run("conversations", Prisma.sql`
      UPDATE "Conversation" SET "visitorId" = 'erased-' || "id", "pageUrl" = NULL, "state" = '{}'::jsonb
       WHERE "businessId" = ${businessId} AND "id" IN (${conversations})`);
    await run("messages", Prisma.sql`
      UPDATE "Message" SET "text" = ${ERASED}, "quickReplies" = '{}'
       WHERE "businessId" = ${businessId} AND "conversationId" IN (${conversations})`);
    // Prospects keep their status (the outreach figures), not who they are.
    await run("prospects", Prisma.sql`
      UPDATE "Prospect" SET "name" = '', "firstName" = '', "title" = '', "company" = '', "location" = '', "industry" = '', "email" = NULL, "profileUrl" = '', "updatedAt" = now()
       WHERE "businessId" = ${businessId} AND "id" IN (${list(prospectIds)})`);
    await run("smsMessages", Prisma.sql`
      UPDATE "SmsMessage" SET "fromPhone" = ${ERASED}, "toPhone" = ${ERASED}, "body" = ${ERASED}, "error" = NULL, "updatedAt" = now()
       WHERE "businessId" = ${businessId} AND "id" IN (${list(smsRows.map((r) => r.id))})`);
    await run("phoneCalls", Prisma.sql`
      UPDATE "PhoneCall" SET "fromPhone" = ${ERASED}, "updatedAt" = now() WHERE "businessId" = ${businessId} AND "id" IN (${list(callRows.map((r) => r.id))})`);
    await run("smsConsents", Prisma.sql`
      DELETE FROM "SmsConsent" WHERE "businessId" = ${businessId} AND ("phone" IN (${phones}) OR "conversationId" IN (${conversations}))`);
    await run("suppressions", Prisma.sql`DELETE FROM "SmsSuppression" WHERE "businessId" = ${businessId} AND "phone" IN (${phones})`);
    await run("suppressions", Prisma.sql`DELETE FROM "EmailSuppression" WHERE "businessId" = ${businessId} AND lower("email") IN (${emails})`);
    // E-mails: to the person, or about them (a lead alert names them in its subject; its key names the lead).
    const idPatterns = [...leadIds, ...conversationIds, ...prospectIds, ...appointmentRows.map((a) => a.id)].map((id) => `%${id}%`);
    const namePatterns = found.names.map((n) => `%${n}%`);
    const about = (column: string, patterns: string[]) => (patterns.length ? Prisma.sql`${Prisma.raw(column)} ILIKE ANY (ARRAY[${Prisma.join(patterns)}])` : Prisma.sql`FALSE`);
    await run("emails", Prisma.sql`
      UPDATE "EmailDelivery" SET "to" = CASE WHEN lower("to") IN (${emails}) THEN ${ERASED} ELSE "to" END, "subject" = ${ERASED}, "error" = NULL
       WHERE "businessId" = ${businessId} AND (lower("to") IN (${emails}) OR ${about('"key"', idPatterns)} OR ${about('"subject"', namePatterns)})`);
    // Webhook deliveries kept their payload (for Redeliver): it is replaced by a note that it was erased.
    const patterns = [...found.emails, ...found.phones].map((c) => `%${c}%`).concat(idPatterns, namePatterns);
    await run("webhookDeliveries", Prisma.sql`
      UPDATE "WebhookDelivery" SET "body" = '{"erased":true}', "error" = NULL
       WHERE "businessId" = ${businessId} AND ${about('"body"', patterns)}`);
    // The job outbox: queued and finished jobs about the person (mail to them, pushes and webhooks naming
    // them, automation steps for their lead) are dropped; the person can no longer be e-mailed or texted.
    const jobs = await deleteJobRows(tx, Prisma.sql`
      (${about("data::text", patterns)} OR ${about("coalesce(output::text, '')", patterns)})
      AND (data->>'businessId' = ${businessId} OR data->>'businessId' IS NULL)`);
    if (jobs) counts.jobs = jobs;
    if (Object.keys(counts).length === 0) return null;
    counts.leads ??= 0;
    await recordAudit(tx, { businessId, actorUserId: input.actorUserId, action: "erasure", details: { by: query.kind, ...counts } });
    return { counts, patterns };
  });
  if (!result) return null;
  if (deps.outboxDir) result.counts.outboxFiles = await eraseFromOutbox(deps, result.patterns.map((p) => p.slice(1, -1)));
  return result.counts;
}

/**
 * Without SMTP_URL, e-mails are written as files to DATA_DIR/outbox (development): those to or about the
 * person are deleted too. Answers how many.
 */
async function eraseFromOutbox(deps: { outboxDir?: string; logger: Logger }, needles: string[]): Promise<number> {
  const dir = deps.outboxDir!;
  let files: string[];
  try {
    files = (await readdir(dir)).filter((f) => f.endsWith(".json"));
  } catch {
    return 0;
  }
  const lower = needles.map((n) => n.toLowerCase());
  let removed = 0;
  for (const file of files) {
    const full = path.join(dir, file);
    try {
      const text = (await readFile(full, "utf8")).toLowerCase();
      if (lower.some((n) => text.includes(n))) {
        await unlink(full);
        removed++;
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") deps.logger.warn(`[privacy] could not check outbox file ${file}`, error);
    }
  }
  return removed;
}
