// Demo sandboxes (issue 13, decision 0026). The /login demo button gives each browser a business of its
// own, seeded like the fixed demo business (seedSampleBusiness) with a chatbot of its own, and signs
// it in as that business's owner. A signed cookie (lb_sandbox) names the browser's sandbox, so pressing
// the button again resumes it. A sandbox lives 24 hours: a delayed `sandbox.delete` job written with
// it deletes it then, and an hourly sweep deletes any the job missed. Sandboxes e-mail nobody (the mail
// path holds their e-mails, mail-jobs.server.ts) and cannot invite, create API keys or touch billing
// (sandbox-policy.server.ts).
import { randomBytes } from "node:crypto";
import type { Db } from "../db/client.server.ts";
import { hashPassword } from "../auth/password.server.ts";
import { newToken } from "../auth/tokens.server.ts";
import { newSiteKey } from "../chatbots/site-key.server.ts";
import type { JobHandler, JobQueue } from "../jobs/queue/job-queue.server.ts";
import { SANDBOX_DELETE_QUEUE, SANDBOX_SWEEP_TICK } from "../jobs/queue/queues.ts";
import { SEED_TRANSACTION, seedSampleBusiness, seedSampleYear } from "./demo-data.server.ts";

export const SANDBOX_TTL_MS = 24 * 60 * 60 * 1000;
/** Sandbox owners' addresses: a reserved domain (RFC 2606) that no mail can reach. */
export const SANDBOX_EMAIL_DOMAIN = "sandbox.leadbroom.invalid";

export type SandboxJob = { businessId: string };

/**
 * Makes a sandbox in one transaction: the sample business (expiring in 24 hours), its owner (a random
 * address and an unknown password: only the demo button signs in to it) and the deletion job.
 */
export async function createSandbox(
  deps: { db: Db; jobs: JobQueue },
  now = new Date(),
): Promise<{ businessId: string; userId: string; expiresAt: Date }> {
  const expiresAt = new Date(now.getTime() + SANDBOX_TTL_MS);
  const passwordHash = await hashPassword(newToken());
  const email = `demo-${randomBytes(9).toString("base64url").toLowerCase().replace(/[^a-z0-9]/g, "x")}@${SANDBOX_EMAIL_DOMAIN}`;
  return deps.db.$transaction(async (tx) => {
    const { businessId } = await seedSampleBusiness(tx, { siteKey: newSiteKey(), sandboxExpiresAt: expiresAt, now });
    const user = await tx.user.create({
      data: { email, passwordHash, displayName: "Demo Owner", memberships: { create: { businessId, role: "owner" } } },
      select: { id: true },
    });
    await seedSampleYear(tx, { businessId, teamUserId: user.id, now });
    await deps.jobs.enqueue(tx, [{ name: SANDBOX_DELETE_QUEUE, key: `sandbox-delete:${businessId}`, data: { businessId } satisfies SandboxJob, runAt: expiresAt }]);
    return { businessId, userId: user.id, expiresAt };
  }, SEED_TRANSACTION);
}

export type SandboxLookup = { status: "active"; userId: string; expiresAt: Date } | { status: "expired" };

/** The sandbox a browser's cookie names: its owner to sign in, or expired (past its time, or deleted). */
export async function findSandbox(db: Db, businessId: string, now = new Date()): Promise<SandboxLookup> {
  const business = await db.business.findUnique({
    where: { id: businessId },
    select: { sandboxExpiresAt: true, memberships: { where: { role: "owner" }, select: { userId: true }, orderBy: { createdAt: "asc" }, take: 1 } },
  });
  const owner = business?.memberships[0];
  if (!business?.sandboxExpiresAt || !owner || business.sandboxExpiresAt <= now) return { status: "expired" };
  return { status: "active", userId: owner.userId, expiresAt: business.sandboxExpiresAt };
}

/**
 * Deletes one expired sandbox in one transaction: its members' accounts (and with them their sessions)
 * and the business (every business-owned row cascades). Anything that is not a sandbox, or not yet
 * expired, is left alone. Answers the deleted accounts, whose open sockets the caller closes.
 */
export async function deleteSandbox(db: Db, businessId: string, now = new Date()): Promise<{ deleted: boolean; userIds: string[] }> {
  return db.$transaction(async (tx) => {
    // Locked, then compared through Prisma (which writes timestamps as the column stores them).
    await tx.$queryRaw`SELECT "id" FROM "Business" WHERE "id" = ${businessId} FOR UPDATE`;
    const expired = await tx.business.findFirst({ where: { id: businessId, sandboxExpiresAt: { lte: now } }, select: { id: true } });
    if (!expired) return { deleted: false, userIds: [] };
    const members = await tx.membership.findMany({ where: { businessId }, select: { userId: true } });
    const userIds = members.map((m) => m.userId);
    // Only accounts that belong to no other business (a sandbox's owner never does: it cannot invite).
    await tx.user.deleteMany({ where: { id: { in: userIds }, memberships: { every: { businessId } } } });
    await tx.business.delete({ where: { id: businessId } });
    return { deleted: true, userIds };
  });
}

/** Every sandbox past its time (the sweep behind the delayed jobs). */
export async function expiredSandboxIds(db: Db, now = new Date()): Promise<string[]> {
  const rows = await db.business.findMany({ where: { sandboxExpiresAt: { lte: now } }, select: { id: true }, take: 500 });
  return rows.map((r) => r.id);
}

type SandboxJobDeps = { db: Db; sessionsEnded(userId: string): void; logger: { info(message: string): void } };

async function deleteAndDisconnect(deps: SandboxJobDeps, businessId: string): Promise<boolean> {
  const { deleted, userIds } = await deleteSandbox(deps.db, businessId);
  // After the commit: the pages still open on the sandbox close their sockets and reload into /login.
  for (const userId of userIds) deps.sessionsEnded(userId);
  return deleted;
}

export function sandboxJobHandlers(deps: SandboxJobDeps): { deleteOne: JobHandler<SandboxJob>; sweep: JobHandler<unknown> } {
  const deleteOne: JobHandler<SandboxJob> = {
    name: SANDBOX_DELETE_QUEUE,
    async run(data) {
      await deleteAndDisconnect(deps, data.businessId);
    },
  };
  const sweep: JobHandler<unknown> = {
    name: SANDBOX_SWEEP_TICK,
    async run() {
      let count = 0;
      for (const id of await expiredSandboxIds(deps.db)) if (await deleteAndDisconnect(deps, id)) count++;
      if (count) deps.logger.info(`[jobs] ${count} expired demo sandbox(es) deleted`);
    },
  };
  return { deleteOne, sweep };
}
