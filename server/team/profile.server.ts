// A member's own profile (issue 32 item 1): their name and avatar initials. Only the signed-in user's own
// row is ever written (the id comes from the session, never from the form).
import type { Db } from "../db/client.server.ts";
import type { ProfileInput } from "../shared/auth/person-name.ts";

export async function getOwnProfile(db: Db, userId: string) {
  return db.user.findUniqueOrThrow({ where: { id: userId }, select: { displayName: true, initials: true, email: true } });
}

export async function updateOwnProfile(db: Db, userId: string, input: ProfileInput): Promise<void> {
  await db.user.update({ where: { id: userId }, data: { displayName: input.displayName, initials: input.initials } });
}

/** Sessions begun this long after the account was made are return visits. */
const FIRST_SESSION_MS = 10 * 60_000;

/**
 * Whether the member has signed in again since the session they registered (or accepted an invitation)
 * with: "Welcome back" is for them only, never for the very first visit (issue 32 item 5).
 */
export async function isReturningMember(db: Db, userId: string): Promise<boolean> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { createdAt: true } });
  if (!user) return false;
  const later = await db.session.count({ where: { userId, createdAt: { gt: new Date(user.createdAt.getTime() + FIRST_SESSION_MS) } } });
  return later > 0;
}
