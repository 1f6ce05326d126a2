// The whole-business export (GDPR art. 20 portability; issue 35 item 2, decision 0074). The owner asks in
// Settings → Data & privacy; a `DataExport` row and its `privacy.export` job are written in one
// transaction; the job reads the business page by page and writes one zip (CSV for spreadsheets, JSON
// with everything, transcripts with their messages) to DATA_DIR/exports/<businessId>/<exportId>.zip. An
// owner of that business downloads it until it expires (EXPORT_LINK_HOURS); the daily privacy tick
// removes expired files. No secret leaves: webhook signing secrets, API key hashes, Twilio credentials
// and password hashes are not exported.
import { mkdir, rm, stat, writeFile, rename } from "node:fs/promises";
import path from "node:path";
import { stringify } from "csv-stringify/sync";
import { strToU8, zipSync, type Zippable } from "fflate";
import type { Db } from "../db/client.server.ts";
import type { JobQueue } from "../jobs/queue/job-queue.server.ts";
import { PRIVACY_EXPORT_QUEUE } from "../jobs/queue/queues.ts";
import { refuse, type DomainFailure } from "../shared/forms/action-result.ts";
import type { Logger } from "../shared/logger.ts";
import { EXPORT_LINK_HOURS, PRIVACY_MESSAGES } from "../shared/privacy/privacy-input.ts";
import { recordAudit } from "./audit.server.ts";

export type ExportJob = { exportId: string };

export function exportsDir(dataDir: string, businessId: string): string {
  return path.resolve(dataDir, "exports", businessId);
}

const ID = /^[a-z0-9]{10,40}$/i;

export function exportFile(dataDir: string, businessId: string, exportId: string): string {
  if (!ID.test(exportId) || !ID.test(businessId)) throw new Error("bad export id");
  return path.join(exportsDir(dataDir, businessId), `${exportId}.zip`);
}

/** Asks for an export (one at a time per business): the row and its job in one transaction. */
export async function requestExport(
  deps: { db: Db; jobs: JobQueue },
  input: { businessId: string; actorUserId: string },
  now = new Date(),
): Promise<{ ok: true; exportId: string } | DomainFailure> {
  const result = await deps.db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT "id" FROM "Business" WHERE "id" = ${input.businessId} FOR UPDATE`;
    const pending = await tx.dataExport.findFirst({ where: { businessId: input.businessId, status: "pending" }, select: { id: true } });
    if (pending) return null;
    const row = await tx.dataExport.create({
      data: { businessId: input.businessId, requestedById: input.actorUserId, expiresAt: new Date(now.getTime() + EXPORT_LINK_HOURS * 3_600_000) },
    });
    await deps.jobs.enqueue(tx, [{ name: PRIVACY_EXPORT_QUEUE, data: { exportId: row.id } satisfies ExportJob, key: `privacy-export:${row.id}` }]);
    await recordAudit(tx, { businessId: input.businessId, actorUserId: input.actorUserId, action: "export", details: {} });
    return row.id;
  });
  if (!result) return refuse("conflict", PRIVACY_MESSAGES.exportPending);
  deps.jobs.wake(PRIVACY_EXPORT_QUEUE);
  return { ok: true, exportId: result };
}

export type ExportView = { id: string; status: "pending" | "ready" | "failed" | "expired"; bytes: number | null; error: string | null; createdAt: string; expiresAt: string };

export async function listExports(db: Db, businessId: string, now = new Date()): Promise<ExportView[]> {
  const rows = await db.dataExport.findMany({ where: { businessId }, orderBy: { createdAt: "desc" }, take: 5 });
  return rows.map((r) => ({
    id: r.id,
    status: r.status === "ready" && r.expiresAt <= now ? "expired" : (r.status as ExportView["status"]),
    bytes: r.bytes,
    error: r.error,
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
  }));
}

/** The file of a ready, unexpired export of this business (another business's id is not found). */
export async function findDownload(
  deps: { db: Db; dataDir: string },
  businessId: string,
  exportId: string,
  now = new Date(),
): Promise<{ ok: true; file: string; bytes: number; fileName: string } | (DomainFailure & { gone?: true })> {
  if (!ID.test(exportId)) return refuse("not_found", "This export does not exist.");
  const row = await deps.db.dataExport.findFirst({ where: { id: exportId, businessId } });
  if (!row) return refuse("not_found", "This export does not exist.");
  if (row.status !== "ready" && row.status !== "expired") return refuse("conflict", "This export is not ready.");
  if (row.expiresAt <= now || row.status === "expired") return { ...refuse("not_found", "This download link has expired. Ask for a new export."), gone: true };
  const file = exportFile(deps.dataDir, businessId, exportId);
  try {
    const { size } = await stat(file);
    return { ok: true, file, bytes: size, fileName: `leadbroom-export-${row.createdAt.toISOString().slice(0, 10)}.zip` };
  } catch {
    return refuse("not_found", "This export's file is no longer available. Ask for a new export.");
  }
}

const PAGE = 2_000;

/** Every row of a business's table, page by page in id order (bounded statements on big businesses). */
async function allRows<T extends { id: string }>(read: (cursor: string | undefined) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await read(cursor);
    out.push(...page);
    if (page.length < PAGE) return out;
    cursor = page[page.length - 1]!.id;
  }
}

const page = (cursor: string | undefined) => ({ take: PAGE, orderBy: { id: "asc" as const }, ...(cursor ? { skip: 1, cursor: { id: cursor } } : {}) });

function cell(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

function csv(rows: Record<string, unknown>[], columns: string[]): string {
  return stringify(rows.map((r) => columns.map((c) => cell(r[c]))), { header: true, columns });
}

const json = (value: unknown) => JSON.stringify(value, (_key, v: unknown) => (typeof v === "bigint" ? v.toString() : v), 2);

/** Builds the zip's files: answers them and the row counts of the manifest. */
export async function buildExportFiles(db: Db, businessId: string, now = new Date()): Promise<{ files: Record<string, string>; counts: Record<string, number> }> {
  const business = await db.business.findUniqueOrThrow({
    where: { id: businessId },
    select: {
      id: true, name: true, businessType: true, email: true, phone: true, street: true, city: true, state: true, zip: true, serviceAreas: true,
      description: true, timeZone: true, emailSenderName: true, emailReplyTo: true, bookingUrl: true, notifyHighPriorityEmail: true,
      notifyDailySummary: true, notifyReminderEmail: true, subscriptionStatus: true, plan: true, billingPeriod: true, trialEnd: true,
      currentPeriodEnd: true, transcriptRetentionMonths: true, createdAt: true,
    },
  });
  const where = { businessId };
  const leads = await allRows((c) => db.lead.findMany({ where, ...page(c) }));
  const conversations = await allRows((c) => db.conversation.findMany({ where, ...page(c), select: { id: true, chatbotId: true, visitorId: true, isTest: true, status: true, pageUrl: true, channel: true, createdAt: true, lastMessageAt: true } }));
  const messages = await allRows((c) => db.message.findMany({ where, ...page(c), select: { id: true, conversationId: true, seq: true, role: true, text: true, authorName: true, channel: true, createdAt: true } }));
  const prospects = await allRows((c) => db.prospect.findMany({ where, ...page(c) }));
  const automations = await allRows((c) => db.automation.findMany({ where, ...page(c) }));
  const appointments = await allRows((c) => db.appointment.findMany({ where, ...page(c), select: { id: true, leadId: true, startsAt: true, endsAt: true, assigneeUserId: true, status: true, createdBy: true, assignmentReason: true, createdAt: true } }));
  const chatbots = await db.chatbot.findMany({ where, select: { id: true, siteKey: true, isActive: true, allowedOrigins: true, businessName: true, welcomeMessage: true, hoursStart: true, hoursEnd: true, hoursDays: true, afterHoursMessage: true, serviceTypes: true, marketPriceCents: true, settings: true, createdAt: true } });
  const scheduling = await db.schedulingSettings.findUnique({ where });
  const webhooks = await db.webhookEndpoint.findMany({ where, select: { id: true, url: true, events: true, source: true, enabled: true, createdAt: true } });
  const members = await db.membership.findMany({ where, select: { role: true, createdAt: true, user: { select: { displayName: true, email: true } } } });

  const byConversation = new Map<string, typeof messages>();
  for (const m of messages.sort((a, b) => a.seq - b.seq)) {
    const list = byConversation.get(m.conversationId) ?? [];
    list.push(m);
    byConversation.set(m.conversationId, list);
  }
  const leadColumns = ["id", "name", "email", "phone", "company", "serviceType", "buildingSizeSqFt", "frequency", "visitsPerMonth", "budgetMonthlyCents", "timeline", "score", "priority", "incomplete", "status", "source", "channel", "valueCents", "lostReason", "lostTo", "wonAgainst", "isTest", "customAnswers", "conversationId", "createdAt", "updatedAt", "closedAt"];
  const counts = { leads: leads.length, conversations: conversations.length, messages: messages.length, prospects: prospects.length, automations: automations.length, appointments: appointments.length };
  const files: Record<string, string> = {
    "manifest.json": json({ format: "leadbroom-export", version: 1, exportedAt: now.toISOString(), business: { id: business.id, name: business.name }, counts }),
    "leads.csv": csv(leads, leadColumns),
    "leads.json": json(leads),
    "conversations.csv": csv(conversations, ["id", "chatbotId", "visitorId", "isTest", "status", "pageUrl", "channel", "createdAt", "lastMessageAt"]),
    "conversations.json": json(conversations.map((c) => ({ ...c, messages: (byConversation.get(c.id) ?? []).map(({ conversationId: _c, ...m }) => m) }))),
    "messages.csv": csv(messages, ["conversationId", "seq", "role", "text", "authorName", "channel", "createdAt"]),
    "prospects.csv": csv(prospects, ["id", "name", "firstName", "title", "company", "location", "industry", "email", "profileUrl", "status", "unsubscribed", "leadId", "createdAt"]),
    "prospects.json": json(prospects),
    "automations.csv": csv(automations, ["id", "name", "description", "type", "trigger", "status", "templateKey", "deletedAt", "createdAt"]),
    "automations.json": json(automations),
    "appointments.csv": csv(appointments, ["id", "leadId", "startsAt", "endsAt", "assigneeUserId", "status", "createdBy", "assignmentReason", "createdAt"]),
    "appointments.json": json(appointments),
    "settings.json": json({
      business,
      chatbots,
      scheduling,
      webhookEndpoints: webhooks,
      members: members.map((m) => ({ name: m.user.displayName, email: m.user.email, role: m.role, since: m.createdAt })),
    }),
  };
  return { files, counts };
}

/** The `privacy.export` job: builds the zip (written under a temporary name, then renamed) and marks the row. */
export async function runExport(deps: { db: Db; dataDir: string; logger: Logger }, job: ExportJob, lastAttempt: boolean): Promise<void> {
  const row = await deps.db.dataExport.findUnique({ where: { id: job.exportId } });
  if (!row || row.status !== "pending") return;
  try {
    const { files } = await buildExportFiles(deps.db, row.businessId);
    const zippable: Zippable = {};
    for (const [name, text] of Object.entries(files)) zippable[name] = strToU8(text);
    const zip = zipSync(zippable, { level: 6 });
    const file = exportFile(deps.dataDir, row.businessId, row.id);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(`${file}.part`, zip);
    await rename(`${file}.part`, file);
    await deps.db.dataExport.updateMany({ where: { id: row.id, status: "pending" }, data: { status: "ready", bytes: zip.byteLength, finishedAt: new Date() } });
  } catch (error) {
    deps.logger.error(`[privacy] export ${row.id} failed`, error);
    if (lastAttempt) {
      await deps.db.dataExport.updateMany({ where: { id: row.id, status: "pending" }, data: { status: "failed", error: "The export could not be built. Please try again.", finishedAt: new Date() } });
      return;
    }
    throw error;
  }
}

/** Removes the files of expired exports (the daily privacy tick). */
export async function removeExpiredExports(deps: { db: Db; dataDir: string }, now = new Date()): Promise<number> {
  const rows = await deps.db.dataExport.findMany({ where: { expiresAt: { lte: now }, status: "ready" }, select: { id: true, businessId: true }, take: 1000 });
  for (const row of rows) await rm(exportFile(deps.dataDir, row.businessId, row.id), { force: true });
  if (rows.length) await deps.db.dataExport.updateMany({ where: { id: { in: rows.map((r) => r.id) } }, data: { status: "expired" } });
  return rows.length;
}
