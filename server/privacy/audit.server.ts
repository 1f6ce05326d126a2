// The privacy audit log (decision 0074): who did what with people's data, when, and how much of it.
// Entries carry kinds and counts only, never a name, an address or a number of the person concerned.
import type { Db } from "../db/client.server.ts";
import type { TransactionClient } from "../events/command-context.server.ts";

export type PrivacyAction = "erasure" | "export" | "retention_changed" | "retention_applied" | "deletion_scheduled" | "deletion_cancelled";

export type AuditDetails = Record<string, string | number | null>;

export async function recordAudit(
  tx: Db | TransactionClient,
  entry: { businessId: string; actorUserId: string | null; action: PrivacyAction; details: AuditDetails },
): Promise<void> {
  await tx.privacyAuditEntry.create({ data: { businessId: entry.businessId, actorUserId: entry.actorUserId, action: entry.action, details: entry.details } });
}

export type AuditEntryView = { id: string; action: string; actor: string; details: AuditDetails; createdAt: string };

/** The business's latest entries, newest first, with the acting member's name (or "LeadBroom" for a job). */
export async function listAudit(db: Db, businessId: string, take = 50): Promise<AuditEntryView[]> {
  const rows = await db.privacyAuditEntry.findMany({ where: { businessId }, orderBy: { createdAt: "desc" }, take });
  const userIds = [...new Set(rows.map((r) => r.actorUserId).filter((id): id is string => !!id))];
  const users = userIds.length ? await db.user.findMany({ where: { id: { in: userIds }, memberships: { some: { businessId } } }, select: { id: true, displayName: true, email: true } }) : [];
  const nameOf = new Map(users.map((u) => [u.id, u.displayName || u.email]));
  return rows.map((r) => ({
    id: r.id,
    action: r.action,
    actor: r.actorUserId ? (nameOf.get(r.actorUserId) ?? "A former member") : "LeadBroom",
    details: (r.details ?? {}) as AuditDetails,
    createdAt: r.createdAt.toISOString(),
  }));
}
