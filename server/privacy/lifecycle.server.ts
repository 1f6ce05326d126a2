// How long a business keeps people's data (issue 35 item 2, decision 0074): the transcript retention
// setting and its hourly application, and the deletion of the whole business after a 30-day grace
// period the owner can cancel. The purge deletes the business row, whose rows cascade, and the
// accounts that belonged to it alone, then its files (exports, logo).
import { rm, unlink } from "node:fs/promises";
import path from "node:path";
import type { Db } from "../db/client.server.ts";
import { Prisma } from "../db/generated/client.ts";
import { logosDir } from "../businesses/logo-files.server.ts";
import { refuse, type DomainFailure } from "../shared/forms/action-result.ts";
import type { Logger } from "../shared/logger.ts";
import { DELETION_GRACE_DAYS, PRIVACY_MESSAGES } from "../shared/privacy/privacy-input.ts";
import { recordAudit } from "./audit.server.ts";
import { exportsDir } from "./export.server.ts";
import { deleteJobRows } from "./job-rows.server.ts";

/** Sets (or clears, with null) how many months of transcripts the business keeps. */
export async function setTranscriptRetention(db: Db, input: { businessId: string; actorUserId: string; months: number | null }): Promise<void> {
  await db.$transaction(async (tx) => {
    await tx.business.update({ where: { id: input.businessId }, data: { transcriptRetentionMonths: input.months } });
    await recordAudit(tx, { businessId: input.businessId, actorUserId: input.actorUserId, action: "retention_changed", details: { months: input.months } });
  });
}

/** The moment before which a conversation's last message makes its transcript due for deletion. */
export function retentionCutoff(now: Date, months: number): Date {
  const cutoff = new Date(now.getTime());
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}

/**
 * Deletes the messages of every conversation whose last message is older than its business's retention
 * (the conversation row stays: the counts and the lead's link). Answers the messages deleted per business.
 */
export async function applyTranscriptRetention(db: Db, now = new Date()): Promise<Map<string, number>> {
  const businesses = await db.business.findMany({ where: { transcriptRetentionMonths: { not: null } }, select: { id: true, transcriptRetentionMonths: true } });
  const deleted = new Map<string, number>();
  for (const business of businesses) {
    const months = business.transcriptRetentionMonths!;
    const cutoff = retentionCutoff(now, months);
    const count = await db.$transaction(async (tx) => {
      const { count } = await tx.message.deleteMany({ where: { businessId: business.id, conversation: { businessId: business.id, lastMessageAt: { lt: cutoff } } } });
      if (count) await recordAudit(tx, { businessId: business.id, actorUserId: null, action: "retention_applied", details: { months, messages: count } });
      return count;
    });
    if (count) deleted.set(business.id, count);
  }
  return deleted;
}

/** The owner asks to delete the business: everything goes in DELETION_GRACE_DAYS days unless they cancel. */
export async function scheduleBusinessDeletion(
  db: Db,
  input: { businessId: string; actorUserId: string; confirmName: string },
  now = new Date(),
): Promise<{ ok: true; scheduledFor: Date } | DomainFailure> {
  const business = await db.business.findUniqueOrThrow({ where: { id: input.businessId }, select: { name: true, isDemo: true, sandboxExpiresAt: true, deletionScheduledFor: true } });
  if (business.isDemo || business.sandboxExpiresAt) return refuse("forbidden", "The demo business cannot be deleted.");
  if (input.confirmName.trim() !== business.name.trim()) return refuse("invalid", PRIVACY_MESSAGES.confirmName);
  if (business.deletionScheduledFor) return { ok: true, scheduledFor: business.deletionScheduledFor };
  const scheduledFor = new Date(now.getTime() + DELETION_GRACE_DAYS * 86_400_000);
  await db.$transaction(async (tx) => {
    await tx.business.update({ where: { id: input.businessId }, data: { deletionScheduledFor: scheduledFor } });
    await recordAudit(tx, { businessId: input.businessId, actorUserId: input.actorUserId, action: "deletion_scheduled", details: { scheduledFor: scheduledFor.toISOString() } });
  });
  return { ok: true, scheduledFor };
}

/** Cancels a pending deletion (during the grace period): answers whether one was pending. */
export async function cancelBusinessDeletion(db: Db, input: { businessId: string; actorUserId: string }): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const { count } = await tx.business.updateMany({ where: { id: input.businessId, deletionScheduledFor: { not: null } }, data: { deletionScheduledFor: null } });
    if (count) await recordAudit(tx, { businessId: input.businessId, actorUserId: input.actorUserId, action: "deletion_cancelled", details: {} });
    return count > 0;
  });
}

export type PurgeDeps = { db: Db; dataDir: string; logger: Logger };

/**
 * Deletes one business whose grace period is over (re-checked under a row lock: a cancel that won the race
 * keeps it): its rows (cascade) and the accounts that belong to no other business. Answers those accounts' ids.
 */
export async function purgeBusiness(deps: PurgeDeps, businessId: string, now = new Date()): Promise<{ deleted: boolean; userIds: string[] }> {
  const result = await deps.db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT "id" FROM "Business" WHERE "id" = ${businessId} FOR UPDATE`;
    const due = await tx.business.findFirst({ where: { id: businessId, deletionScheduledFor: { lte: now } }, select: { id: true, logoPath: true } });
    if (!due) return null;
    const members = await tx.membership.findMany({ where: { businessId }, select: { userId: true } });
    const userIds = members.map((m) => m.userId);
    await tx.user.deleteMany({ where: { id: { in: userIds }, memberships: { every: { businessId } } } });
    await tx.business.delete({ where: { id: businessId } });
    // Its queued and finished jobs go too (e-mails, pushes, webhooks written for it).
    await deleteJobRows(tx, Prisma.sql`data->>'businessId' = ${businessId}`);
    return { userIds, logoPath: due.logoPath };
  });
  if (!result) return { deleted: false, userIds: [] };
  await rm(exportsDir(deps.dataDir, businessId), { recursive: true, force: true });
  if (result.logoPath && !result.logoPath.includes("/")) await unlink(path.join(logosDir(deps.dataDir), result.logoPath)).catch(() => {});
  deps.logger.info(`[privacy] business ${businessId} deleted after its grace period`);
  return { deleted: true, userIds: result.userIds };
}

/** Every business past its grace period (the hourly privacy tick). */
export async function businessesDueForPurge(db: Db, now = new Date()): Promise<string[]> {
  const rows = await db.business.findMany({ where: { deletionScheduledFor: { lte: now } }, select: { id: true }, take: 100 });
  return rows.map((r) => r.id);
}
