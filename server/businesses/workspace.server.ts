// The signed-in user's workspace: their membership and business. Every workspace query is scoped by
// the businessId found here, never by anything the browser sends.
import type { Db } from "../db/client.server.ts";
import type { MemberRole } from "../db/generated/enums.ts";
import { isSubscribed } from "../billing/subscription.ts";

export type Workspace = {
  userId: string;
  email: string;
  displayName: string;
  role: MemberRole;
  business: {
    id: string;
    name: string;
    isDemo: boolean;
    subscriptionStatus: string;
    plan: string | null;
    trialEnd: Date | null;
  };
  subscribed: boolean;
};

/**
 * The user's business. An account belongs to one business (decision 0012: invites refuse accounts that
 * already have one), so the first membership is the only one; none means removed from the team.
 */
export async function getWorkspace(db: Db, userId: string, now = new Date()): Promise<Workspace | null> {
  const membership = await db.membership.findFirst({
    where: { userId },
    orderBy: { createdAt: "asc" },
    select: {
      role: true,
      user: { select: { id: true, email: true, displayName: true } },
      business: {
        select: { id: true, name: true, isDemo: true, subscriptionStatus: true, plan: true, trialEnd: true },
      },
    },
  });
  if (!membership) return null;
  return {
    userId: membership.user.id,
    email: membership.user.email,
    displayName: membership.user.displayName,
    role: membership.role,
    business: membership.business,
    subscribed: isSubscribed(membership.business, now),
  };
}
