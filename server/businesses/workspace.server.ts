// The signed-in user's workspace: their membership and business. Every workspace query is scoped by
// the businessId found here, never by anything the browser sends.
import type { Db } from "../db/client.server.ts";
import type { MemberRole } from "../db/generated/enums.ts";
import { isSubscribed } from "../shared/billing/subscription.ts";
import { Prisma } from "../db/generated/client.ts";
import { queryPrepared } from "../db/prepared.ts";
import { asUtcDate, utcText } from "../db/timestamps.ts";

export type Workspace = {
  userId: string;
  email: string;
  displayName: string;
  /** The member's own avatar letters, or null to derive them from the name. */
  initials: string | null;
  role: MemberRole;
  business: {
    id: string;
    name: string;
    isDemo: boolean;
    subscriptionStatus: string;
    plan: string | null;
    trialEnd: Date | null;
    /** Dates on workspace pages (lists, filters, reminders) are local to it. */
    timeZone: string;
    /** A demo sandbox's deletion time (decision 0026); null for every other business. */
    sandboxExpiresAt: Date | null;
    /** When the owner's requested deletion purges the business (decision 0074); null when none is pending. */
    deletionScheduledFor: Date | null;
  };
  subscribed: boolean;
};

/**
 * The user's business. An account belongs to one business (decision 0012: invites refuse accounts that
 * already have one), so the first membership is the only one; none means removed from the team.
 */
export async function getWorkspace(db: Db, userId: string, now = new Date()): Promise<Workspace | null> {
  // One statement (every workspace request and socket runs it, decision 0008).
  const [row] = await queryPrepared<{
    role: MemberRole;
    email: string;
    displayName: string;
    initials: string | null;
    businessId: string;
    name: string;
    isDemo: boolean;
    subscriptionStatus: string;
    plan: string | null;
    trialEnd: string | null;
    timeZone: string;
    sandboxExpiresAt: string | null;
    deletionScheduledFor: string | null;
  }>(
    db,
    Prisma.sql`
      SELECT m."role"::text AS "role", u."email", u."displayName", u."initials", b."id" AS "businessId", b."name", b."isDemo",
             b."subscriptionStatus"::text AS "subscriptionStatus", b."plan", b."timeZone",
             ${utcText('b."trialEnd"')} AS "trialEnd", ${utcText('b."sandboxExpiresAt"')} AS "sandboxExpiresAt",
             ${utcText('b."deletionScheduledFor"')} AS "deletionScheduledFor"
        FROM "Membership" m
        JOIN "User" u ON u."id" = m."userId"
        JOIN "Business" b ON b."id" = m."businessId"
       WHERE m."userId" = ${userId}
       ORDER BY m."createdAt" ASC
       LIMIT 1`,
  );
  if (!row) return null;
  const business = {
    id: row.businessId,
    name: row.name,
    isDemo: row.isDemo,
    subscriptionStatus: row.subscriptionStatus,
    plan: row.plan,
    trialEnd: row.trialEnd === null ? null : asUtcDate(row.trialEnd),
    timeZone: row.timeZone,
    sandboxExpiresAt: row.sandboxExpiresAt === null ? null : asUtcDate(row.sandboxExpiresAt),
    deletionScheduledFor: row.deletionScheduledFor === null ? null : asUtcDate(row.deletionScheduledFor),
  };
  return {
    userId,
    email: row.email,
    displayName: row.displayName,
    initials: row.initials,
    role: row.role,
    business,
    subscribed: isSubscribed(business, now),
  };
}
