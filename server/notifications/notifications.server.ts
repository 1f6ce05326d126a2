// Workspace notifications (spec §2.14 unread dot; DESIGN §3 `notification`): stored per business,
// read receipts per user. A notification is unread for a member until they mark it read.
import type { Db } from "../db/client.server.ts";
import type { LeadSummary, WorkspaceNotification } from "../realtime/protocol.ts";

export const NOTIFICATION_LIST_LIMIT = 20;

export type ListedNotification = WorkspaceNotification & { read: boolean };

type NotificationRow = { id: string; type: string; text: string; leadId: string | null; createdAt: Date };

function toWorkspaceNotification(row: NotificationRow): WorkspaceNotification {
  const type: WorkspaceNotification["type"] =
    row.type === "response" || row.type === "follow-up" || row.type === "person-requested" ? row.type : "new-lead";
  return {
    id: row.id,
    type,
    text: row.text,
    ...(row.leadId ? { leadId: row.leadId } : {}),
    createdAt: row.createdAt.toISOString(),
  };
}

/** "New high-priority lead: Jane Doe (Acme)"; a test conversation's lead says so. Pure. */
export function newLeadNotificationText(lead: Pick<LeadSummary, "name" | "email" | "phone" | "company" | "priority" | "isTest">): string {
  const who = lead.name?.trim() || lead.email || lead.phone || "a website visitor";
  const company = lead.company?.trim() ? ` (${lead.company.trim()})` : "";
  return `New ${lead.priority}-priority ${lead.isTest ? "test lead" : "lead"}: ${who}${company}`;
}

/** The business's latest notifications, each with whether this user has read it. */
export async function listNotifications(
  db: Db,
  input: { businessId: string; userId: string; take?: number },
): Promise<ListedNotification[]> {
  const rows = await db.notification.findMany({
    where: { businessId: input.businessId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: input.take ?? NOTIFICATION_LIST_LIMIT,
    select: {
      id: true,
      type: true,
      text: true,
      leadId: true,
      createdAt: true,
      reads: { where: { userId: input.userId }, select: { userId: true } },
    },
  });
  return rows.map((row) => ({ ...toWorkspaceNotification(row), read: row.reads.length > 0 }));
}

export async function countUnread(db: Db, input: { businessId: string; userId: string }): Promise<number> {
  return db.notification.count({
    where: { businessId: input.businessId, reads: { none: { userId: input.userId } } },
  });
}

export async function hasUnreadNotifications(db: Db, input: { businessId: string; userId: string }): Promise<boolean> {
  const first = await db.notification.findFirst({
    where: { businessId: input.businessId, reads: { none: { userId: input.userId } } },
    select: { id: true },
  });
  return first !== null;
}

/**
 * Marks notifications read for this user: the given ids (only those of the business), or every unread
 * one when ids is omitted. Returns how many receipts were written.
 */
export async function markNotificationsRead(
  db: Db,
  input: { businessId: string; userId: string; ids?: string[]; now?: Date },
): Promise<number> {
  if (input.ids && input.ids.length === 0) return 0;
  const unread = await db.notification.findMany({
    where: {
      businessId: input.businessId,
      reads: { none: { userId: input.userId } },
      ...(input.ids ? { id: { in: input.ids } } : {}),
    },
    select: { id: true },
  });
  if (unread.length === 0) return 0;
  const result = await db.notificationRead.createMany({
    data: unread.map((n) => ({ notificationId: n.id, userId: input.userId, readAt: input.now ?? new Date() })),
    skipDuplicates: true,
  });
  return result.count;
}
