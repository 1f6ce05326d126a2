// Server-side sessions stored as rows (revocable). The cookie carries a random token; the row keeps
// only its hash. A new token is issued at every sign-in.
import type { Db } from "../db/client.server.ts";
import { Prisma } from "../db/generated/client.ts";
import { queryPrepared } from "../db/prepared.ts";
import { asUtcDate, utcText } from "../db/timestamps.ts";
import { hashToken, newToken } from "./tokens.server.ts";

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** lastSeenAt/expiry are refreshed at most this often, to keep reads cheap. */
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

export type SessionUser = {
  sessionId: string;
  userId: string;
  email: string;
  displayName: string;
};

export async function createSession(
  db: Db,
  userId: string,
  meta: { ipAddress?: string; userAgent?: string } = {},
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await db.session.create({
    data: {
      tokenHash: hashToken(token),
      userId,
      expiresAt,
      ipAddress: meta.ipAddress?.slice(0, 64),
      userAgent: meta.userAgent?.slice(0, 512),
    },
  });
  return { token, expiresAt };
}

/** One statement (every signed-in request runs it, decision 0008): the session row and its user. */
export async function getSessionUser(db: Db, token: string | null | undefined): Promise<SessionUser | null> {
  if (!token) return null;
  const [session] = await queryPrepared<{ id: string; expiresAt: string; lastSeenAt: string; userId: string; email: string; displayName: string }>(
    db,
    Prisma.sql`
      SELECT s."id", ${utcText('s."expiresAt"')} AS "expiresAt",
             ${utcText('s."lastSeenAt"')} AS "lastSeenAt", u."id" AS "userId", u."email", u."displayName"
        FROM "Session" s JOIN "User" u ON u."id" = s."userId"
       WHERE s."tokenHash" = ${hashToken(token)}`,
  );
  if (!session) return null;
  const now = Date.now();
  if (asUtcDate(session.expiresAt).getTime() <= now) {
    await db.session.deleteMany({ where: { id: session.id } });
    return null;
  }
  if (now - asUtcDate(session.lastSeenAt).getTime() > TOUCH_INTERVAL_MS) {
    await db.session.update({
      where: { id: session.id },
      data: { lastSeenAt: new Date(now), expiresAt: new Date(now + SESSION_TTL_MS) },
    });
  }
  return { sessionId: session.id, userId: session.userId, email: session.email, displayName: session.displayName };
}

export async function revokeSession(db: Db, token: string | null | undefined): Promise<void> {
  if (!token) return;
  await db.session.deleteMany({ where: { tokenHash: hashToken(token) } });
}

export async function revokeAllSessions(db: Db, userId: string): Promise<void> {
  await db.session.deleteMany({ where: { userId } });
}
