// A member's own profile (issue 32 item 1): their name and avatar initials. Only the signed-in user's own
// row is ever written (the id comes from the session, never from the form).
import type { Db } from "../db/client.server.ts";
import type { ProfileInput } from "../shared/team/person-name.ts";

export async function getOwnProfile(db: Db, userId: string) {
  return db.user.findUniqueOrThrow({ where: { id: userId }, select: { displayName: true, initials: true, email: true } });
}

export async function updateOwnProfile(db: Db, userId: string, input: ProfileInput): Promise<void> {
  await db.user.update({ where: { id: userId }, data: { displayName: input.displayName, initials: input.initials } });
}
