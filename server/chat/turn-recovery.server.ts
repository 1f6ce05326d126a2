// Chat turns left unfinished by a crash (kill -9, power loss) are finished without waiting for the
// visitor to come back (issue 27 item 2, decision 0044): a visitor message stored (and acked) but never
// answered, or a reply stored with `leadPending` whose lead was never captured. The turn's own path
// writes nothing more for this (decision 0007); instead a job looks for such conversations at start-up
// and every minute (server/jobs/schedules.server.ts) and hands them to the chat service, which answers
// and captures them as a returning visitor's `conversation:open` would.
//
// Several instances on PostgreSQL: a conversation counts as unfinished only once it has not changed
// for `staleAfterMs` (longer than any live turn, AI calls included), and it is claimed by moving its
// `updatedAt` to now in the same statement, conditionally, so a second instance scanning at the same
// moment skips it (and the claim is a lease: a recovery that dies too is retried once it is stale
// again). The reply is stored only if the visitor message is still unanswered (storeBotTurn's
// `answering`), so a live turn slower than that bound still never stores a second answer.
import type { Db } from "../db/client.server.ts";
import { Prisma } from "../db/generated/client.ts";
import { sqlUtc } from "../db/timestamps.ts";
import { CHAT_RECOVERY_QUEUE } from "../jobs/queue/queues.ts";
import type { JobHandler, JobRequest } from "../jobs/queue/job-queue.server.ts";
import type { AppServices } from "../services.server.ts";

/** How far back unfinished turns are looked for: at start-up (a long outage), and on each tick. */
export const RECOVERY_LOOKBACK_MS = { startup: 24 * 3_600_000, tick: 3_600_000 } as const;
/** Conversations claimed by one run; the next tick takes the rest. */
const CLAIM_LIMIT = 200;

export type RecoveryScope = keyof typeof RECOVERY_LOOKBACK_MS;
/** `startedAt`: when the process that queued a start-up run started (ISO). */
export type ChatRecoveryJob = { scope: RecoveryScope; startedAt?: string };

/**
 * Claims the conversations with a turn left unfinished: last written in the last `lookbackMs`, not
 * changed since `staleBefore`, no team member in the chat, and either a visitor message after the state's
 * `handledSeq` (with no agent message after it: what a visitor wrote to a member is not the bot's), or
 * a lead due (`leadPending`) but not captured. One statement; walks each business's
 * (businessId, status, lastMessageAt) index, so no index is added to the chat's hot tables.
 */
export async function claimUnfinishedTurns(
  db: Db,
  input: { now: Date; lookbackMs: number; staleBefore: Date; limit?: number },
): Promise<string[]> {
  const now = sqlUtc(input.now);
  const since = sqlUtc(new Date(input.now.getTime() - input.lookbackMs));
  const staleBefore = sqlUtc(input.staleBefore);
  const handledSeq = Prisma.sql`CASE WHEN jsonb_typeof(c."state"->'handledSeq') = 'number'
    THEN floor((c."state"->>'handledSeq')::numeric)::int ELSE 0 END`;
  const rows = await db.$queryRaw<{ id: string }[]>(Prisma.sql`
    WITH candidate AS (
      SELECT c."id"
        FROM "Business" b
        CROSS JOIN LATERAL (
          SELECT c."id", c."state"
            FROM "Conversation" c
           WHERE c."businessId" = b."id"
             AND c."status" IN ('open', 'closed')
             AND c."lastMessageAt" > ${since}
             AND c."updatedAt" < ${staleBefore}
             AND c."agentUserId" IS NULL
        ) c
       WHERE (c."state"->>'leadPending' = 'true' AND c."state"->'leadId' IS NULL)
          OR (
            EXISTS (SELECT 1 FROM "Message" m
                     WHERE m."conversationId" = c."id" AND m."seq" > ${handledSeq} AND m."role" = 'visitor')
            AND NOT EXISTS (SELECT 1 FROM "Message" m
                             WHERE m."conversationId" = c."id" AND m."seq" > ${handledSeq} AND m."role" = 'agent')
          )
       LIMIT ${input.limit ?? CLAIM_LIMIT}
    )
    UPDATE "Conversation" c
       SET "updatedAt" = ${now}
      FROM candidate
     WHERE c."id" = candidate."id" AND c."updatedAt" < ${staleBefore} AND c."agentUserId" IS NULL
    RETURNING c."id"`);
  return rows.map((row) => row.id);
}

/**
 * The start-up run. With the embedded database no other process exists, so it is due at once and
 * takes whatever was left before this process started. On PostgreSQL other instances may be answering
 * right now, so it is due once every turn a dead process may have left is stale (`staleAfterMs`).
 */
export function startupRecoveryJob(startedAt: Date, soleProcess: boolean, staleAfterMs: number): JobRequest<ChatRecoveryJob> {
  return {
    name: CHAT_RECOVERY_QUEUE,
    data: { scope: "startup", startedAt: startedAt.toISOString() },
    key: `chat-recovery:startup:${startedAt.getTime()}:${Math.random().toString(36).slice(2, 10)}`,
    ...(soleProcess ? {} : { runAt: new Date(startedAt.getTime() + staleAfterMs) }),
  };
}

/** Up to when a run may treat a conversation as abandoned. */
export function staleBefore(job: ChatRecoveryJob, now: Date, soleProcess: boolean, staleAfterMs: number): Date {
  const stale = new Date(now.getTime() - staleAfterMs);
  if (soleProcess && job.scope === "startup" && job.startedAt) {
    const startedAt = new Date(job.startedAt);
    if (!Number.isNaN(startedAt.getTime()) && startedAt > stale) return startedAt;
  }
  return stale;
}

/**
 * Whether the database is this process's alone (embedded PGlite, no DATABASE_URL) and how long a
 * conversation must be untouched before a run may take it.
 */
export function recoverySettings(services: Pick<AppServices, "env">): { soleProcess: boolean; staleAfterMs: number } {
  return { soleProcess: services.env.DATABASE_URL === undefined, staleAfterMs: services.env.CHAT_RECOVERY_AFTER_SECONDS * 1_000 };
}

/** The chat-recovery job: claims what is unfinished and hands it to the chat service (`recover`). */
export function chatRecoveryJobHandler(
  services: Pick<AppServices, "env" | "db" | "logger">,
  recover: (conversationIds: string[]) => Promise<void>,
): JobHandler<ChatRecoveryJob> {
  const { soleProcess, staleAfterMs } = recoverySettings(services);
  return {
    name: CHAT_RECOVERY_QUEUE,
    async run(job) {
      const now = new Date();
      const scope: RecoveryScope = job.scope === "startup" ? "startup" : "tick";
      const ids = await claimUnfinishedTurns(services.db, {
        now,
        lookbackMs: RECOVERY_LOOKBACK_MS[scope],
        staleBefore: staleBefore({ ...job, scope }, now, soleProcess, staleAfterMs),
      });
      if (ids.length === 0) return;
      services.logger.info(`[chat] finishing ${ids.length} chat turn(s) left unfinished (${scope})`);
      await recover(ids);
    },
  };
}
