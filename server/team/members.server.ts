// Members of a business and their roles (spec §2.14 User Access, DESIGN §5). Every query is scoped to
// the caller's business: another business's member ids answer not found. The last owner can never be
// removed or demoted; the check runs under a lock on the business row, so two owners demoting each
// other at once cannot leave the business without one.
import { hasPersonName, memberInitials, memberLabel } from "../shared/auth/person-name.ts";
import type { Db } from "../db/client.server.ts";
import { refuse, type DomainFailure } from "../shared/forms/action-result.ts";
import type { MemberRole } from "../db/generated/enums.ts";
import { revokeAllSessions } from "../auth/sessions.server.ts";
import { TEAM_MESSAGES } from "../shared/team/team-input.ts";

export type TeamMember = {
  id: string;
  userId: string;
  email: string;
  /** The member's name, or the nameless fallback (person-name.ts). */
  displayName: string;
  initials: string;
  /** False until the member gives a name. */
  hasName: boolean;
  role: MemberRole;
  joinedAt: string;
};

export async function listMembers(db: Db, businessId: string): Promise<TeamMember[]> {
  const rows = await db.membership.findMany({
    where: { businessId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true, role: true, createdAt: true, user: { select: { id: true, email: true, displayName: true, initials: true } } },
  });
  return rows.map((m) => ({
    id: m.id,
    userId: m.user.id,
    email: m.user.email,
    displayName: memberLabel(m.user),
    initials: memberInitials(m.user),
    hasName: hasPersonName(m.user),
    role: m.role,
    joinedAt: m.createdAt.toISOString(),
  }));
}

export type MemberChange = { ok: true } | DomainFailure;

/** A role change: whose, and whether it changed anything (the same role again is a no-op). */
export type RoleChange = Exclude<MemberChange, { ok: true }> | { ok: true; userId: string; changed: boolean };

type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

async function lockBusiness(tx: Tx, businessId: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM "Business" WHERE id = ${businessId} FOR UPDATE`;
}

async function ownerCount(tx: Tx, businessId: string): Promise<number> {
  return tx.membership.count({ where: { businessId, role: "owner" } });
}

export async function changeMemberRole(
  db: Db,
  args: { businessId: string; memberId: string; role: MemberRole },
): Promise<RoleChange> {
  return db.$transaction(async (tx): Promise<RoleChange> => {
    await lockBusiness(tx, args.businessId);
    const member = await tx.membership.findFirst({
      where: { id: args.memberId, businessId: args.businessId },
      select: { id: true, role: true, userId: true },
    });
    if (!member) return refuse("not_found", "Not found");
    if (member.role === args.role) return { ok: true, userId: member.userId, changed: false };
    if (member.role === "owner" && (await ownerCount(tx, args.businessId)) <= 1) {
      return refuse("invalid", TEAM_MESSAGES.lastOwner);
    }
    await tx.membership.update({ where: { id: member.id }, data: { role: args.role } });
    return { ok: true, userId: member.userId, changed: true };
  });
}

/**
 * Removes a member. An account belongs to one business (decision 0012), so the removed user's sessions
 * are all revoked: every page and socket of theirs stops working at once.
 */
export async function removeMember(
  db: Db,
  args: { businessId: string; memberId: string; actorUserId: string },
): Promise<Exclude<MemberChange, { ok: true }> | { ok: true; userId: string }> {
  const result = await db.$transaction(async (tx): Promise<DomainFailure | { ok: true; userId: string }> => {
    await lockBusiness(tx, args.businessId);
    const member = await tx.membership.findFirst({
      where: { id: args.memberId, businessId: args.businessId },
      select: { id: true, role: true, userId: true },
    });
    if (!member) return refuse("not_found", "Not found");
    if (member.userId === args.actorUserId) return refuse("invalid", TEAM_MESSAGES.removeSelf);
    if (member.role === "owner" && (await ownerCount(tx, args.businessId)) <= 1) {
      return refuse("invalid", TEAM_MESSAGES.lastOwner);
    }
    await tx.membership.delete({ where: { id: member.id } });
    return { ok: true, userId: member.userId };
  });
  if (!result.ok) return result;
  await revokeAllSessions(db, result.userId);
  return { ok: true, userId: result.userId };
}
