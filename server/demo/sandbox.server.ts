// Demo sandboxes (issue 13, decision 0026). The /login demo button gives each browser a business of its
// own, seeded like the fixed demo business (seedSampleBusiness) with a chatbot of its own, and signs
// it in as that business's owner. A signed cookie (lb_sandbox) names the browser's sandbox, so pressing
// the button again resumes it. A sandbox lives 24 hours: a delayed `sandbox.delete` job written with
// it deletes it then, and an hourly sweep deletes any the job missed. Sandboxes e-mail nobody (the mail
// path holds their e-mails, mail-jobs.server.ts) and cannot invite, create API keys or touch billing
// (sandbox-policy.server.ts). The button usually takes a sandbox seeded ahead by a job (decision 0046).
import { randomBytes } from "node:crypto";
import type { Db } from "../db/client.server.ts";
import { NO_PASSWORD_HASH } from "../auth/password.server.ts";
import { newSiteKey } from "../chatbots/site-key.server.ts";
import type { JobHandler, JobQueue } from "../jobs/queue/job-queue.server.ts";
import { SANDBOX_DELETE_QUEUE, SANDBOX_HISTORY_QUEUE, SANDBOX_PREPARE_QUEUE, SANDBOX_SWEEP_TICK } from "../jobs/queue/queues.ts";
import { Prisma } from "../db/generated/client.ts";
import { sqlUtc } from "../db/timestamps.ts";
import { SEED_TRANSACTION, seedSampleBusiness, seedSampleYear } from "./demo-data.server.ts";

export const SANDBOX_TTL_MS = 24 * 60 * 60 * 1000;
/** Sandbox owners' addresses: a reserved domain (RFC 2606) that no mail can reach. */
export const SANDBOX_EMAIL_DOMAIN = "sandbox.leadbroom.invalid";

export type SandboxJob = { businessId: string };

const PREPARE_JOB = { name: SANDBOX_PREPARE_QUEUE, key: "sandbox-prepare", data: {} };
const historyJob = (businessId: string) => ({
  name: SANDBOX_HISTORY_QUEUE,
  key: `sandbox-history:${businessId}`,
  data: { businessId } satisfies SandboxJob,
});
const deleteJob = (businessId: string, expiresAt: Date) => ({
  name: SANDBOX_DELETE_QUEUE,
  key: `sandbox-delete:${businessId}`,
  data: { businessId } satisfies SandboxJob,
  runAt: expiresAt,
});

/** A sandbox owner's account: a random address and no password (only the demo button signs in to it). */
function sandboxOwner(): { email: string; passwordHash: string } {
  const email = `demo-${randomBytes(9).toString("base64url").toLowerCase().replace(/[^a-z0-9]/g, "x")}@${SANDBOX_EMAIL_DOMAIN}`;
  return { email, passwordHash: NO_PASSWORD_HASH };
}

/**
 * A sandbox's owner (its first owner membership: a sandbox has one, it cannot invite) as a scalar subquery
 * on `businessId` (a column or a value), so each lookup reads it in the statement it already runs.
 */
const ownerOf = (businessId: Prisma.Sql) => Prisma.sql`
  (SELECT m."userId" FROM "Membership" m WHERE m."businessId" = ${businessId} AND m."role" = 'owner' ORDER BY m."createdAt", m."userId" LIMIT 1)`;

/** The sample business (profile, chatbot, sample leads) with its owner, in the caller's transaction. */
async function seedSandboxBusiness(
  tx: Prisma.TransactionClient,
  owner: { email: string; passwordHash: string },
  args: { now: Date; expiresAt: Date; preparedAt?: Date },
): Promise<{ businessId: string; userId: string }> {
  const { businessId } = await seedSampleBusiness(tx, {
    siteKey: newSiteKey(),
    sandboxExpiresAt: args.expiresAt,
    sandboxPreparedAt: args.preparedAt,
    now: args.now,
  });
  const user = await tx.user.create({
    data: { ...owner, displayName: "Demo Owner", memberships: { create: { businessId, role: "owner" } } },
    select: { id: true },
  });
  return { businessId, userId: user.id };
}

/**
 * Makes a sandbox for the demo button (decision 0046). Usually it takes one seeded ahead the same local
 * day by the `sandbox.prepare` job (a year of history is about 8,000 rows, 1–3 s of inserts): one
 * transaction of a few statements gives it an expiry 24 hours from now, moves its eight sample leads to
 * the same ages as if seeded now, and writes its deletion job and the job that prepares the next one.
 * When none is ready (the first press of a day, or a burst), the sample business and its owner are made
 * while the visitor waits (one short transaction), and its year of history follows in the
 * `sandbox.history` job, written in that transaction (issue 28: ≤ 300 ms server time); the next one is
 * prepared meanwhile.
 */
export async function createSandbox(
  deps: { db: Db; jobs: JobQueue },
  now = new Date(),
): Promise<{ businessId: string; userId: string; expiresAt: Date }> {
  const expiresAt = new Date(now.getTime() + SANDBOX_TTL_MS);
  const claimed = await claimPreparedSandbox(deps, now, expiresAt);
  if (claimed) return claimed;
  const owner = sandboxOwner();
  // Short, but it may wait behind the prepare and history jobs on PGlite's one connection: the seeding's wait limits.
  return deps.db.$transaction(async (tx) => {
    const { businessId, userId } = await seedSandboxBusiness(tx, owner, { now, expiresAt });
    await deps.jobs.enqueue(tx, [deleteJob(businessId, expiresAt), historyJob(businessId), PREPARE_JOB]);
    return { businessId, userId, expiresAt };
  }, SEED_TRANSACTION);
}

/**
 * The `sandbox.history` job: a sandbox made while the visitor waited gets the year of history a prepared
 * one has, as of the moment it was made, in one transaction (a failed attempt leaves nothing, and the
 * retry starts clean). Once there (conversations older than the sandbox itself: only the history has
 * them), or when the sandbox is gone, it does nothing.
 */
export async function addSandboxHistory(db: Db, businessId: string): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const [business] = await tx.$queryRaw<{ createdAt: Date; ownerId: string | null }[]>`
      SELECT b."createdAt", ${ownerOf(Prisma.sql`b."id"`)} AS "ownerId"
        FROM "Business" b WHERE b."id" = ${businessId} AND b."sandboxExpiresAt" IS NOT NULL FOR UPDATE`;
    if (!business?.ownerId) return false;
    const seeded = await tx.conversation.findFirst({ where: { businessId, createdAt: { lt: business.createdAt } }, select: { id: true } });
    if (seeded) return false;
    await seedSampleYear(tx, { businessId, teamUserId: business.ownerId, now: business.createdAt });
    return true;
  }, SEED_TRANSACTION);
}

/** The prepared sandboxes seeded on the local day of `now` (their history ends the day before). */
const preparedToday = (now: Date) => Prisma.sql`
  b."sandboxPreparedAt" IS NOT NULL AND b."sandboxPreparedAt" <= ${sqlUtc(now)}
  AND (b."sandboxPreparedAt" AT TIME ZONE 'UTC' AT TIME ZONE "analytics_safe_zone"(b."timeZone"))::date
    = (${sqlUtc(now)} AT TIME ZONE 'UTC' AT TIME ZONE "analytics_safe_zone"(b."timeZone"))::date`;

async function claimPreparedSandbox(
  deps: { db: Db; jobs: JobQueue },
  now: Date,
  expiresAt: Date,
): Promise<{ businessId: string; userId: string; expiresAt: Date } | null> {
  return deps.db.$transaction(async (tx) => {
    // Two presses at once take two different ones (SKIP LOCKED), or one of them seeds its own.
    const [claimed] = await tx.$queryRaw<{ id: string; shiftMs: number; userId: string | null }[]>`
      WITH picked AS (
        SELECT b."id", b."sandboxPreparedAt" FROM "Business" b WHERE ${preparedToday(now)}
         ORDER BY b."sandboxPreparedAt" DESC LIMIT 1 FOR UPDATE SKIP LOCKED
      )
      UPDATE "Business" b SET "sandboxPreparedAt" = NULL, "sandboxExpiresAt" = ${sqlUtc(expiresAt)}, "updatedAt" = ${sqlUtc(now)}
        FROM picked WHERE b."id" = picked."id"
      RETURNING b."id", (EXTRACT(EPOCH FROM (${sqlUtc(now)} - picked."sandboxPreparedAt")) * 1000)::float8 AS "shiftMs",
                ${ownerOf(Prisma.sql`b."id"`)} AS "userId"`;
    if (!claimed?.userId) return null;
    // The sample leads (the chatbot's, without a conversation: seedSampleBusiness) are "2 hours ago" from
    // now, as if seeded now, with their history and reminders; the year before is the same all day.
    const shift = Prisma.sql`make_interval(secs => ${claimed.shiftMs / 1000}::float8)`;
    await tx.$executeRaw`
      WITH moved AS (
        UPDATE "Lead" SET "createdAt" = "createdAt" + ${shift}, "updatedAt" = "updatedAt" + ${shift}, "closedAt" = "closedAt" + ${shift}
         WHERE "businessId" = ${claimed.id} AND "source" = 'chatbot' AND "conversationId" IS NULL
        RETURNING "id"
      ), events AS (
        UPDATE "LeadEvent" e SET "createdAt" = e."createdAt" + ${shift} FROM moved WHERE e."leadId" = moved."id"
      )
      UPDATE "Reminder" r SET "dueAt" = r."dueAt" + ${shift}, "createdAt" = r."createdAt" + ${shift} FROM moved WHERE r."leadId" = moved."id"`;
    await deps.jobs.enqueue(tx, [deleteJob(claimed.id, expiresAt), PREPARE_JOB]);
    return { businessId: claimed.id, userId: claimed.userId, expiresAt };
  });
}

/**
 * Seeds a sandbox ahead for the next press of the demo button, unless one seeded today is waiting. It
 * expires like any sandbox (24 hours on, then the hourly sweep deletes it if nobody took it); until taken,
 * the reminder and daily-summary ticks leave it alone.
 */
export async function prepareSandbox(db: Db, now = new Date()): Promise<string | null> {
  const [ready] = await db.$queryRaw<{ n: number }[]>`SELECT COUNT(*)::int AS n FROM "Business" b WHERE ${preparedToday(now)}`;
  if ((ready?.n ?? 0) > 0) return null;
  const owner = sandboxOwner();
  const expiresAt = new Date(now.getTime() + SANDBOX_TTL_MS);
  // Statement by statement, not one transaction: on PGlite's one connection a transaction of 1–3 s would
  // hold every request and chat turn off until it ended; between these statements they run. Made with a
  // preparation time of 1970 (not of today: never offered, but already left alone by the ticks), it is
  // offered to the button only once complete (the time set last); one left half-made by a crash is never
  // offered and is swept with the expired sandboxes.
  const { businessId, userId } = await seedSandboxBusiness(db, owner, { now, expiresAt, preparedAt: new Date(0) });
  await seedSampleYear(db, { businessId, teamUserId: userId, now });
  await db.business.update({ where: { id: businessId }, data: { sandboxPreparedAt: now } });
  return businessId;
}

export type SandboxLookup = { status: "active"; userId: string; expiresAt: Date } | { status: "expired" };

/** The sandbox a browser's cookie names: its owner to sign in, or expired (past its time, or deleted). */
export async function findSandbox(db: Db, businessId: string, now = new Date()): Promise<SandboxLookup> {
  const [business] = await db.$queryRaw<{ sandboxExpiresAt: Date | null; userId: string | null }[]>`
    SELECT b."sandboxExpiresAt", ${ownerOf(Prisma.sql`b."id"`)} AS "userId" FROM "Business" b WHERE b."id" = ${businessId}`;
  if (!business?.sandboxExpiresAt || !business.userId || business.sandboxExpiresAt <= now) return { status: "expired" };
  return { status: "active", userId: business.userId, expiresAt: business.sandboxExpiresAt };
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

export function sandboxJobHandlers(deps: SandboxJobDeps): {
  deleteOne: JobHandler<SandboxJob>;
  history: JobHandler<SandboxJob>;
  sweep: JobHandler<unknown>;
  prepare: JobHandler<unknown>;
} {
  const deleteOne: JobHandler<SandboxJob> = {
    name: SANDBOX_DELETE_QUEUE,
    async run(data) {
      await deleteAndDisconnect(deps, data.businessId);
    },
  };
  const history: JobHandler<SandboxJob> = {
    name: SANDBOX_HISTORY_QUEUE,
    async run(data) {
      await addSandboxHistory(deps.db, data.businessId);
    },
  };
  const sweep: JobHandler<unknown> = {
    name: SANDBOX_SWEEP_TICK,
    async run() {
      let count = 0;
      for (const id of await expiredSandboxIds(deps.db)) if (await deleteAndDisconnect(deps, id)) count++;
      if (count) deps.logger.info(`[jobs] ${count} expired demo sandbox(es) deleted`);
      // …and one ready for the day's first press (nothing when one seeded today is waiting).
      await prepareSandbox(deps.db);
    },
  };
  const prepare: JobHandler<unknown> = {
    name: SANDBOX_PREPARE_QUEUE,
    async run() {
      await prepareSandbox(deps.db);
    },
  };
  return { deleteOne, history, sweep, prepare };
}
