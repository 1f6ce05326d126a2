// The durable job layer of DESIGN §10 (decision 0022): pg-boss 10 on the process's own database
// connection, PGlite or PostgreSQL alike. Jobs are rows: they are written in the same transaction as
// the change that causes them (`enqueue(tx, …)`), survive a crash or restart, are fetched with
// `FOR UPDATE SKIP LOCKED` (so with several instances each job runs once), retried with exponential
// backoff and kept as failed after their last attempt. Delivery is at least once; each handler makes its
// effect happen once by checking the job's idempotency key (see mail-jobs.server.ts).
import PgBoss from "pg-boss";
import type { Logger } from "../../shared/logger.ts";
import type { SqlExecutor } from "../../db/migrate.server.ts";
import { executorDb, type TxClient } from "./sql-executors.server.ts";
import { QUEUES, queueSpec, type QueueSpec } from "./queues.ts";
import { insertJobs, JOB_SCHEMA, statementWake } from "./job-sql.server.ts";
import { createDispatcher, JOB_NOTIFY_CHANNEL, notifiedQueues, notifyTriggerSql, type Dispatcher, type FetchedJob } from "./dispatcher.server.ts";

/** A handler still running after its job's expiry counts as failed (as pg-boss's own workers do). */
function withinSeconds<T>(work: Promise<T>, seconds: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`handler timed out after ${seconds} s`)), seconds * 1000);
    timer.unref?.();
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export { JOB_SCHEMA };

/** One job to run: `key` is its idempotency key, unique per effect (e.g. `lead-alert:{leadId}:{userId}`). */
export type JobRequest<T = unknown> = {
  name: string;
  data: T;
  key: string;
  /** Not before this time (a delayed job). */
  runAt?: Date;
};

export type JobInfo = { id: string; name: string; key: string; attempt: number };

export type JobHandler<T = never> = {
  /** One of QUEUES (queues.ts), which holds its retry policy and batch size. */
  name: string;
  run(data: T, job: JobInfo): Promise<void>;
};

/** A cron schedule in a time zone; each tick enqueues one job, once across all instances. */
export type JobSchedule = { name: string; cron: string; timeZone?: string; data?: object };

export type JobQueue = {
  /** Writes jobs through `tx` (a Prisma transaction client for the outbox, or the client itself). */
  enqueue(tx: TxClient, jobs: JobRequest[]): Promise<void>;
  /**
   * Asks this process's workers of `name` to look for due jobs now rather than at their next poll
   * (after the transaction that enqueued them committed; a job someone waits for).
   */
  wake(name: string): void;
  /**
   * A statement that committed on its own wrote jobs of these queues without a notification
   * (job-sql.server.ts, `local`): this process's dispatcher looks for them, and the queues it does
   * not run are announced to the other instances (decision 0100).
   */
  committed(names: readonly string[]): void;
  /** Starts the workers of these handlers and registers the schedules. */
  start(handlers: JobHandler<never>[], schedules?: JobSchedule[]): Promise<void>;
  /** Makes every delayed job of `name` (or of every queue) due now: tests advance time this way. */
  releaseDelayed(name?: string): Promise<number>;
  /**
   * Makes every running job due again: only for when no other process can be running them (the
   * embedded database does it at start; an operator or a test may after a crash on PostgreSQL, where
   * otherwise they are retried when they expire).
   */
  recoverAbandoned(): Promise<number>;
  /** Counts jobs by state, for tests and the bench. */
  counts(name: string): Promise<Record<string, number>>;
  /** Resolves when no job of these queues is waiting, due or running. */
  idle(names: string[], options?: { timeoutMs?: number }): Promise<void>;
  stop(): Promise<void>;
  /** The dispatcher's fetch statements and their time (the bench prints the job layer's share). */
  stats(): { fetches: number; fetchMs: number };
};

export type JobQueueOptions = {
  /**
   * The job layer's own statements (the dispatcher's fetch and completion, pg-boss's maintenance): in
   * a process that also serves visitors, the database's background client (Database.background.sql,
   * decision 0097), so that they never queue in front of the chat.
   */
  sql: SqlExecutor;
  logger: Logger;
  /**
   * How often the dispatcher looks for due jobs when nothing woke it (seconds; default 30). Inserts wake
   * it at once (LISTEN/NOTIFY), delayed jobs at their due time: this only covers a lost notification.
   */
  fallbackPollSeconds?: number;
  /**
   * The database belongs to this process alone (embedded PGlite): jobs left active by a crash are
   * due again at start. On a shared PostgreSQL another instance may be running them, so they are
   * retried only when they expire (`expireInSeconds`, checked by pg-boss's maintenance).
   */
  soleProcess: boolean;
  /** How often pg-boss's maintenance runs (expires stuck jobs, deletes old ones); default 60 s. */
  maintenanceIntervalSeconds?: number;
  /** Metrics (decision 0075): each attempt's queue, run time and whether it failed. */
  metrics?: { jobRan(queue: string, seconds: number, failed: boolean): void };
};

export async function createJobQueue(options: JobQueueOptions): Promise<JobQueue> {
  const { logger } = options;
  // Once stopped, pg-boss's late calls (it completes and fails jobs without awaiting, a tick after our
  // batch settles) must not reach a database that is being closed. They are left pending for ever
  // rather than answered: pg-boss reads `rows[0].count` of a completion's answer, so an empty answer
  // throws inside its unawaited call (an unhandled rejection), and nothing awaits them any more. What
  // they would have written is redone after a restart (active jobs are retried).
  let closed = false;
  const sql = executorDb(options.sql);
  const bossDb: PgBoss.Db = { executeSql: (text, values) => (closed ? new Promise<never>(() => {}) : sql.executeSql(text, values)) };
  const boss = new PgBoss({
    db: bossDb,
    schema: JOB_SCHEMA,
    // Completed jobs are kept a day for inspection, failed ones a week (pg-boss's maintenance deletes them).
    deleteAfterDays: 7,
    archiveCompletedAfterSeconds: 24 * 60 * 60,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 60,
  });
  boss.on("error", (error: Error) => logger.error(`[jobs] ${error.message}`));
  await boss.start();
  // A job that was running when the process died (kill -9, power loss) has no one running it now.
  /** Answers the queues of the jobs made due again. */
  const recoverAbandoned = async () =>
    (
      (
        await executorDb(options.sql).executeSql(
          `UPDATE ${JOB_SCHEMA}.job SET state = 'retry', started_on = NULL WHERE state = 'active' RETURNING id, name`,
          [],
        )
      ).rows as { name: string }[]
    ).map((row) => row.name);
  if (options.soleProcess) await recoverAbandoned();

  const handlers = new Map<string, JobHandler<never>>();
  let stopping = false;

  type StoredQueue = { name: string; policy: string; retryLimit: number; retryDelay: number; retryBackoff: boolean; expireInSeconds: number };
  async function ensureQueue(spec: QueueSpec, stored: StoredQueue | undefined) {
    const queue = {
      name: spec.name,
      retryLimit: spec.retryLimit,
      retryDelay: spec.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: spec.expireInSeconds,
    };
    if (!stored) await boss.createQueue(spec.name, queue);
    else if (
      stored.policy !== "standard" ||
      stored.retryLimit !== queue.retryLimit ||
      stored.retryDelay !== queue.retryDelay ||
      stored.retryBackoff !== queue.retryBackoff ||
      stored.expireInSeconds !== queue.expireInSeconds
    ) {
      await boss.updateQueue(spec.name, queue);
    }
  }
  // Every queue exists before anything is enqueued: pg-boss silently drops a job for an unknown queue.
  // The queues are read in one statement and only the missing or changed ones written: a start used to
  // read and rewrite each of them, two statements per queue.
  const stored = new Map(((await boss.getQueues()) as StoredQueue[]).map((queue) => [queue.name, queue]));
  for (const spec of QUEUES) await ensureQueue(spec, stored.get(spec.name));
  // An insert into pgboss.job wakes the dispatcher (dispatcher.server.ts): no polling of every queue.
  await options.sql.exec(notifyTriggerSql(JOB_SCHEMA));

  /** Runs one fetched batch: each job succeeds or fails alone; the failed ones are failed (retried later) here. */
  async function runBatch(handler: JobHandler<never>, jobs: FetchedJob[]): Promise<{ completed: string[] }> {
    const results = await Promise.allSettled(
      jobs.map((job) => {
        // Fetched while stopping: not run (failed, so retried after the restart).
        if (stopping) return Promise.reject(new Error("the job runner is stopping"));
        const info = { id: job.id, name: job.name, key: job.singletonKey ?? job.id, attempt: job.retryCount + 1 };
        const started = performance.now();
        const run = withinSeconds(handler.run(job.data as never, info), job.expireInSeconds);
        if (!options.metrics) return run;
        const ran = (failed: boolean) => options.metrics!.jobRan(handler.name, (performance.now() - started) / 1000, failed);
        return run.then(() => ran(false), (error: unknown) => {
          ran(true);
          throw error;
        });
      }),
    );
    const completed: string[] = [];
    for (const [i, result] of results.entries()) {
      const job = jobs[i]!;
      if (result.status === "fulfilled") {
        completed.push(job.id);
        continue;
      }
      const message = result.reason instanceof Error ? result.reason.message : String(result.reason);
      if (!stopping) logger.warn(`[jobs] ${handler.name} ${job.singletonKey ?? job.id} attempt ${job.retryCount + 1} failed: ${message}`, { queue: handler.name, jobId: job.id });
      await boss.fail(handler.name, job.id, { message });
    }
    return { completed };
  }

  let dispatcher: Dispatcher | null = null;
  let unlisten: (() => Promise<void>) | null = null;

  /**
   * Jobs of these queues were committed without a notification: this process's dispatcher looks for
   * them (coalesced as a notification would be); a queue it does not run, or every queue once it is
   * stopping or before it started, is announced to the other instances by a NOTIFY of its own, off
   * the caller's path.
   */
  function committed(names: readonly string[]) {
    const running = dispatcher !== null && !stopping;
    const elsewhere = running ? names.filter((name) => !handlers.has(name)) : names;
    if (running && elsewhere.length < names.length) dispatcher!.notified(names.filter((name) => handlers.has(name)));
    if (elsewhere.length === 0) return;
    bossDb.executeSql(`SELECT pg_notify($1, $2)`, [JOB_NOTIFY_CHANNEL, elsewhere.join(",")]).catch((error: Error) => {
      if (!stopping) logger.warn(`[jobs] notifying other instances of new jobs failed: ${error.message}`);
    });
  }

  const queueCounts = async (name: string) => {
    const rows = (
      await executorDb(options.sql).executeSql(
        `SELECT state::text AS state, count(*)::int AS n FROM ${JOB_SCHEMA}.job WHERE name = $1 GROUP BY state`,
        [name],
      )
    ).rows as { state: string; n: number }[];
    return Object.fromEntries(rows.map((r) => [r.state, r.n]));
  };

  return {
    async enqueue(tx, jobs) {
      if (jobs.length === 0) return;
      for (const job of jobs) queueSpec(job.name); // a typo is an error, not a lost job
      // pg-boss's insert, prepared (job-sql.server.ts, decision 0085). A statement that commits on its
      // own (the chat turn's events) sends no NOTIFY: this process's dispatcher is told once it returned
      // (decision 0100). Inside a caller's transaction the trigger notifies at its commit.
      const wake = statementWake(tx, { committed });
      await insertJobs(tx, jobs, wake.mode);
      wake.committed([...new Set(jobs.map((job) => job.name))]);
    },

    wake(name) {
      if (!stopping) dispatcher?.wake([name]);
    },

    committed,

    async start(list, schedules = []) {
      for (const handler of list) {
        queueSpec(handler.name);
        handlers.set(handler.name, handler);
      }
      dispatcher ??= createDispatcher({
        schema: JOB_SCHEMA,
        db: bossDb,
        logger,
        queues: [...handlers.keys()].map((name) => {
          const spec = queueSpec(name);
          return { name, batchSize: spec.batchSize, workers: spec.workers, run: (jobs: FetchedJob[]) => runBatch(handlers.get(name)!, jobs) };
        }),
        fallbackPollMs: (options.fallbackPollSeconds ?? 30) * 1000,
      });
      // Inserts (by this process or any other) wake the dispatcher; without LISTEN it polls instead.
      if (options.sql.listen && !unlisten) unlisten = await options.sql.listen(JOB_NOTIFY_CHANNEL, (payload) => dispatcher?.notified(notifiedQueues(payload)));
      dispatcher.start();
      for (const schedule of schedules) {
        queueSpec(schedule.name);
        await boss.schedule(schedule.name, schedule.cron, schedule.data ?? {}, { tz: schedule.timeZone ?? "UTC" });
      }
    },

    async releaseDelayed(name) {
      const rows = (
        await executorDb(options.sql).executeSql(
          `UPDATE ${JOB_SCHEMA}.job SET start_after = now() - interval '1 second'
            WHERE state IN ('created', 'retry') AND start_after > now() AND ($1::text IS NULL OR name = $1)
            RETURNING id, name`,
          [name ?? null],
        )
      ).rows as { id: string; name: string }[];
      // Due now, so looked for now: a test moving the clock on does not wait for the next poll.
      if (!stopping && rows.length > 0) dispatcher?.wake([...new Set(rows.map((row) => row.name))]);
      return rows.length;
    },

    async recoverAbandoned() {
      const names = await recoverAbandoned();
      // Due again now (an UPDATE fires no insert trigger): looked for at once, as releaseDelayed's are,
      // not at the dispatcher's next fallback poll (30 s by default).
      if (names.length > 0) committed([...new Set(names)]);
      return names.length;
    },
    counts: queueCounts,

    async idle(names, { timeoutMs = 30_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const pending = await Promise.all(
          names.map(async (name) => {
            const c = await queueCounts(name);
            return (c.created ?? 0) + (c.retry ?? 0) + (c.active ?? 0);
          }),
        );
        if (pending.every((n) => n === 0)) return;
        if (Date.now() > deadline) throw new Error(`jobs still pending in ${names.join(", ")} after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },

    async stop() {
      if (stopping) return;
      stopping = true;
      await dispatcher?.stop();
      await unlisten?.().catch(() => undefined);
      await boss.stop({ graceful: true, wait: true, close: false, timeout: 10_000 });
      closed = true;
    },

    stats: () => dispatcher?.stats() ?? { fetches: 0, fetchMs: 0 },
  };
}
