// Password reset by an e-mailed, single-use, expiring link. Only the token's hash is stored.
import type { Db } from "../db/client.server.ts";
import type { Mailer } from "../mail/mailer.server.ts";
import type { ResetErrorCode } from "./errors.ts";
import type { AuthLimiter } from "./limiter.server.ts";
import { hashPassword } from "./password.server.ts";
import { revokeAllSessions } from "./sessions.server.ts";
import { hashToken, newToken } from "./tokens.server.ts";
import type { Result } from "./accounts.server.ts";

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

export async function requestPasswordReset(
  deps: { db: Db; mailer: Mailer; limiter: AuthLimiter; appUrl: string },
  email: string,
  ip: string,
  now = new Date(),
): Promise<Result<null, ResetErrorCode>> {
  if (!(await deps.limiter.allowReset(ip))) return { ok: false, code: "too-many-requests" };
  const user = await deps.db.user.findUnique({ where: { email }, select: { id: true } });
  if (!user) return { ok: false, code: "user-not-found" };
  const token = newToken();
  await deps.db.passwordResetToken.create({
    data: { userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS) },
  });
  const link = `${deps.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
  await deps.mailer.send({
    to: email,
    subject: "Reset your LeadBroom password",
    text:
      `Someone asked to reset the password of your LeadBroom account.\n\n` +
      `Set a new password here (the link works once and expires in 1 hour):\n${link}\n\n` +
      `If you did not ask for this, you can ignore this e-mail; your password stays as it is.`,
  });
  return { ok: true, value: null };
}

export type ResetTokenStatus = "valid" | "invalid" | "expired" | "used";

export async function checkResetToken(db: Db, token: string, now = new Date()): Promise<ResetTokenStatus> {
  if (!token) return "invalid";
  const row = await db.passwordResetToken.findUnique({ where: { tokenHash: hashToken(token) } });
  if (!row) return "invalid";
  if (row.usedAt) return "used";
  if (row.expiresAt.getTime() <= now.getTime()) return "expired";
  return "valid";
}

/** Sets the new password, consumes the token (once, even under concurrent use) and signs out everywhere. */
export async function completePasswordReset(
  db: Db,
  token: string,
  password: string,
  now = new Date(),
): Promise<{ ok: true; userId: string } | { ok: false; status: Exclude<ResetTokenStatus, "valid"> }> {
  const status = await checkResetToken(db, token, now);
  if (status !== "valid") return { ok: false, status };
  const tokenHash = hashToken(token);
  const passwordHash = await hashPassword(password);
  // Claim the token atomically: only one request can flip usedAt from null.
  const claimed = await db.passwordResetToken.updateMany({
    where: { tokenHash, usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
  });
  if (claimed.count !== 1) return { ok: false, status: "used" };
  const row = await db.passwordResetToken.findUniqueOrThrow({ where: { tokenHash }, select: { userId: true } });
  await db.user.update({ where: { id: row.userId }, data: { passwordHash } });
  await db.passwordResetToken.updateMany({ where: { userId: row.userId, usedAt: null }, data: { usedAt: now } });
  await revokeAllSessions(db, row.userId);
  return { ok: true, userId: row.userId };
}
