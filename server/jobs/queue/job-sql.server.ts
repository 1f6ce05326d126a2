// Enqueuing from inside one SQL statement (decision 0022): the chat turn's hot statements (decision
// 0007) write their rows in one CTE, and the job they cause joins that CTE instead of costing a
// transaction and a second round trip. Both this and the prepared enqueue of job-queue.server.ts write
// pg-boss 10's `insertJobs` columns and defaults from one builder (insertJobRows);
// tests/integration/jobs-mail.test.ts checks that a job written here is picked up like one written by pg-boss.
import { Prisma } from "../../db/generated/client.ts";
import { commitsOnItsOwn, queryPrepared } from "../../db/prepared.ts";
import { queueSpec } from "./queues.ts";
import { QUIET_SETTING } from "./dispatcher.server.ts";

/** pg-boss's schema (job-queue.server.ts re-exports it). */
export const JOB_SCHEMA = "pgboss";
/** The schema as an identifier in the statements below. */
const schema = Prisma.raw(`"${JOB_SCHEMA}"`);

/**
 * pg-boss 10's `insertJobs` for the options this app's pg-boss runs with (no instance-wide expiry,
 * retention or retry defaults, so the queue's own policy applies, or pg-boss's fallbacks): one job per row
 * of `rows`, a SELECT of `name` (text), `data` (jsonb), `key` (text) and `start_after` (timestamptz). The
 * one set of columns and defaults both ways of enqueuing write.
 */
function insertJobRows(rows: Prisma.Sql, wake: JobWake = "notify"): Prisma.Sql {
  // 'local': the statement sets QUIET_SETTING for its own transaction, so the insert trigger sends no
  // NOTIFY (decision 0100); only for a statement that commits on its own, whose caller then wakes its
  // dispatcher (JobQueue.enqueue does). Evaluated per inserted row: with none, nothing is notified anyway.
  const quiet = wake === "local" ? Prisma.sql`WHERE set_config(${Prisma.raw(`'${QUIET_SETTING}'`)}, 'local', true) IS NOT NULL` : Prisma.empty;
  return Prisma.sql`
    INSERT INTO ${schema}."job" ("id", "name", "data", "priority", "start_after", "singleton_key", "singleton_on", "dead_letter",
      "expire_in", "keep_until", "retry_limit", "retry_delay", "retry_backoff", "policy")
    SELECT gen_random_uuid(), j."name", j."data", 0, j."start_after", j."key", NULL, q."dead_letter",
           COALESCE(q."expire_seconds" * interval '1s', interval '15 minutes'),
           j."start_after" + CAST(COALESCE((q."retention_minutes" * 60)::text, '14 days') AS interval),
           COALESCE(q."retry_limit", 2),
           CASE WHEN COALESCE(q."retry_backoff", false) THEN GREATEST(q."retry_delay", 1) ELSE COALESCE(q."retry_delay", 0) END,
           COALESCE(q."retry_backoff", false), q."policy"
      FROM (${rows}) j
      JOIN ${schema}."queue" q ON q."name" = j."name"
     ${quiet}`;
}

/**
 * How an insert's dispatchers learn of it: `notify`, the insert trigger's NOTIFY at commit (every
 * instance hears it; the only way inside a caller's transaction), or `local`, no NOTIFY, the caller
 * waking its own process's dispatcher once the statement returned (decision 0100).
 */
export type JobWake = "notify" | "local";

/** What a statement that wrote jobs quietly (`local`) tells once it returned (JobQueue.committed). */
export type JobWaker = { committed(names: readonly string[]): void };

/**
 * How a statement run through `db` wakes the dispatchers of the jobs it writes: `mode` for its job
 * inserts, `local` when it commits on its own and `jobs` can tell this process's dispatcher; and
 * `committed`, to call once the statement returned having written jobs: `jobs.committed` when local,
 * nothing otherwise (the trigger notifies at commit).
 */
export function statementWake(db: object, jobs: JobWaker | undefined): { mode: JobWake; committed(names: readonly string[]): void } {
  if (!jobs || !commitsOnItsOwn(db)) return { mode: "notify", committed: () => {} };
  return { mode: "local", committed: (names) => jobs.committed(names) };
}

/**
 * `INSERT INTO pgboss.job … SELECT … FROM <from>`: one job of `queue` per row of `from` (a CTE name
 * or a table expression), with `data` (jsonb) and `key` (text) computed from that row, due now. Without
 * `ON CONFLICT`: the hot statements' keys are unique by construction, and a conflict clause would make
 * every insert speculative.
 */
export function insertJobsSql(queue: string, from: Prisma.Sql, data: Prisma.Sql, key: Prisma.Sql, wake: JobWake = "notify"): Prisma.Sql {
  queueSpec(queue); // a known queue, or pg-boss would drop the job
  return insertJobRows(
    Prisma.sql`SELECT ${queue}::text AS "name", (${data})::jsonb AS "data", (${key})::text AS "key", now() AS "start_after" FROM ${from}`,
    wake,
  );
}

/**
 * Whether a job of `queue` with this key is waiting (created, or failed and due for a retry); a running
 * one does not count. For a queue that keeps one pending job per key (the takeover idle check).
 */
export function pendingJobSql(queue: string, key: string): Prisma.Sql {
  queueSpec(queue);
  return Prisma.sql`
    SELECT EXISTS (SELECT 1 FROM ${schema}."job"
                    WHERE "name" = ${queue} AND "singleton_key" = ${key} AND "state" IN ('created', 'retry')) AS "pending"`;
}

/**
 * pg-boss 10's `insert` as one prepared statement through the app's driver (decision 0085): the rows of
 * insertJobRows, with pg-boss's `ON CONFLICT DO NOTHING` on the idempotency keys, without Prisma's
 * raw-query path on the main thread and without planning the statement each time on the database.
 * Inside a transaction client it joins the transaction (queryPrepared falls back to Prisma there).
 */
export async function insertJobs(
  db: Pick<Prisma.TransactionClient, "$queryRaw">,
  jobs: { name: string; data: unknown; key: string; runAt?: Date }[],
  wake: JobWake = "notify",
): Promise<void> {
  const rows = JSON.stringify(jobs.map((job) => ({ name: job.name, data: job.data ?? null, key: job.key, run_at: job.runAt?.toISOString() ?? null })));
  await queryPrepared(db, Prisma.sql`${insertJobRows(Prisma.sql`
    SELECT x."name", x."data", x."key", COALESCE(x."run_at", now()) AS "start_after"
      FROM jsonb_to_recordset(${rows}::jsonb) AS x("name" text, "data" jsonb, "key" text, "run_at" timestamptz)`, wake)}
    ON CONFLICT DO NOTHING`);
}
