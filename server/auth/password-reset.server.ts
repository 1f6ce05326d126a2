// Password reset by an e-mailed, single-use, expiring link. Only the token's hash is stored, and the
// token itself exists only in the e-mail: the request queues a `password-reset.send` job (DESIGN §10)
// naming the account, and the job mints the token when it sends, so no link sits in the job table.
import { randomUUID } from "node:crypto";
import type { Db } from "../db/client.server.ts";
import type { JobHandler, JobQueue } from "../jobs/queue/job-queue.server.ts";
import { PASSWORD_RESET_QUEUE } from "../jobs/queue/queues.ts";
import { deliverOnce, type DeliverDeps } from "../mail/mail-jobs.server.ts";
import { renderEmail } from "../mail/templates/render-email.tsx";
import { passwordResetEmail, RESET_SUBJECT } from "../mail/templates/templates.ts";
import type { ResetErrorCode } from "./errors.ts";
import type { AuthLimiter } from "./limiter.server.ts";
import { hashPassword } from "./password.server.ts";
import { revokeAllSessions } from "./sessions.server.ts";
import { hashToken, newToken } from "./tokens.server.ts";
import type { Result } from "./accounts.server.ts";

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export { RESET_SUBJECT };

export type PasswordResetJob = { userId: string; email: string };

export async function requestPasswordReset(
  deps: { db: Db; jobs: JobQueue; limiter: AuthLimiter },
  email: string,
  ip: string,
): Promise<Result<null, ResetErrorCode>> {
  if (!(await deps.limiter.allowReset(ip))) return { ok: false, code: "too-many-requests" };
  const user = await deps.db.user.findUnique({ where: { email }, select: { id: true } });
  if (!user) return { ok: false, code: "user-not-found" };
  const job: PasswordResetJob = { userId: user.id, email };
  await deps.jobs.enqueue(deps.db, [{ name: PASSWORD_RESET_QUEUE, key: `password-reset:${randomUUID()}`, data: job }]);
  return { ok: true, value: null };
}

/** Sends the reset e-mail once per request, minting its token at send time. */
export function passwordResetJobHandler(deps: DeliverDeps & { appUrl: string }): JobHandler<PasswordResetJob> {
  return {
    name: PASSWORD_RESET_QUEUE,
    run: (data, job) =>
      deliverOnce(deps, job, { kind: "password-reset", to: data.email, subject: RESET_SUBJECT }, async () => {
        const token = newToken();
        await deps.db.passwordResetToken.create({
          data: { userId: data.userId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS) },
        });
        const link = `${deps.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
        return { to: data.email, ...(await renderEmail(passwordResetEmail({ email: data.email, link }))) };
      }),
  };
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
