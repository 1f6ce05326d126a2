// The job layer's one fetcher (decision 0045): instead of one pg-boss worker per queue polling its queue
// every half second or second (24 workers, ~24–48 statements a second on the single PGlite connection,
// queued in front of the chat's statements), one dispatcher fetches the due jobs of every queue with free
// workers in ONE statement, and only when there may be something to fetch:
//   - woken when a job is inserted: a trigger on pgboss.job NOTIFYs `lb_jobs` (delivered at commit, so
//     never before the enqueuing transaction is visible), on PostgreSQL through LISTEN on a connection of
//     its own (every instance hears it) and on PGlite inside the worker thread;
//   - at the next delayed job's due time (the fetch statement returns it);
//   - after a batch finishes (its failures are due again later; a full batch means more may wait);
//   - by `wake()` / `releaseDelayed()`, and by a long fallback poll (a lost notification, a job made due
//     by hand).
// Wakes are coalesced (`coalesceMs`), so a burst of chat turns writing events costs one fetch, not one
// per turn. Jobs stay pg-boss's rows: inserted by pg-boss (or job-sql.server.ts), completed and failed
// (retries, backoff, dead letters) by pg-boss's own statements, expired by its maintenance; the fetch
// mirrors pg-boss 10's `fetchNextJob` (state < active, start_after < now(), priority desc, created_on,
// FOR UPDATE SKIP LOCKED) for queues of the standard policy, the only one queues.ts uses.
import type PgBoss from "pg-boss";
import type { Logger } from "../../shared/logger.ts";
import { PREPARED_MARKER } from "../../db/prepared.ts";

export const JOB_NOTIFY_CHANNEL = "lb_jobs";

/** The trigger that makes an insert into pgboss.job wake the dispatchers (idempotent, run at start). */
export function notifyTriggerSql(schema: string): string {
  return `
    CREATE OR REPLACE FUNCTION ${schema}.lb_job_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('${JOB_NOTIFY_CHANNEL}', '');
      RETURN NULL;
    END $$;
    CREATE OR REPLACE TRIGGER lb_job_inserted AFTER INSERT ON ${schema}.job
      FOR EACH STATEMENT EXECUTE FUNCTION ${schema}.lb_job_inserted();`;
}

/** A fetched job, as the handlers see it. */
export type FetchedJob = {
  id: string;
  name: string;
  data: unknown;
  singletonKey: string | null;
  retryCount: number;
  expireInSeconds: number;
};

type FetchRow = {
  id: string | null;
  name: string | null;
  data: unknown;
  singleton_key: string | null;
  retry_count: number | null;
  expire_seconds: number | string | null;
  next_due: Date | string | null;
};

export function fetchSql(schema: string): string {
  // Prepared (server/db/prepared.ts): planning this over every queue's partition costs more than running it.
  return `${PREPARED_MARKER}
    WITH wanted AS (
      SELECT w.name, w.n FROM unnest($1::text[], $2::int[]) AS w(name, n)
    ), next AS (
      SELECT j.id, j.name FROM wanted w CROSS JOIN LATERAL (
        SELECT id, name FROM ${schema}.job
         WHERE name = w.name AND state < 'active' AND start_after < now()
         ORDER BY priority DESC, created_on, id
         LIMIT w.n
         FOR UPDATE SKIP LOCKED
      ) j
    ), taken AS (
      UPDATE ${schema}.job j
         SET state = 'active', started_on = now(),
             retry_count = CASE WHEN j.started_on IS NOT NULL THEN j.retry_count + 1 ELSE j.retry_count END
        FROM next
       WHERE j.name = next.name AND j.id = next.id
      RETURNING j.id, j.name, j.data, j.singleton_key, j.retry_count, EXTRACT(epoch FROM j.expire_in) AS expire_seconds
    )
    SELECT t.id, t.name, t.data, t.singleton_key, t.retry_count, t.expire_seconds, NULL::timestamptz AS next_due FROM taken t
    UNION ALL
    SELECT NULL, NULL, NULL, NULL, NULL, NULL, (
      SELECT min(d.start_after) FROM unnest($3::text[]) AS q(name) CROSS JOIN LATERAL (
        SELECT start_after FROM ${schema}.job
         WHERE name = q.name AND state < 'active' AND start_after >= now()
         ORDER BY start_after LIMIT 1
      ) d
    )`;
}

export type DispatchQueue = {
  name: string;
  batchSize: number;
  /** Batches of this queue running at once in this process. */
  workers: number;
  run(jobs: FetchedJob[]): Promise<{ completed: string[] }>;
};

export type Dispatcher = {
  /** Look for due jobs soon (coalesced with other wakes). */
  wake(): void;
  start(): void;
  /** Stops fetching and waits for the batches running now. */
  stop(): Promise<void>;
  /** Statements run and their time (the bench prints the job layer's share). */
  stats(): { fetches: number; fetchMs: number };
};

export function createDispatcher(options: {
  schema: string;
  db: PgBoss.Db;
  boss: Pick<PgBoss, "complete">;
  queues: DispatchQueue[];
  logger: Logger;
  /** Wakes within this many ms share one fetch. */
  coalesceMs?: number;
  /** Fetch at least this often even without a wake (a lost notification, a job made due by hand). */
  fallbackPollMs?: number;
}): Dispatcher {
  const { db, logger } = options;
  const coalesceMs = options.coalesceMs ?? 25;
  const fallbackPollMs = options.fallbackPollMs ?? 30_000;
  const sql = fetchSql(options.schema);
  const queues = new Map(options.queues.map((q) => [q.name, { ...q, running: 0 }]));
  const allNames = [...queues.keys()];
  const batches = new Set<Promise<void>>();
  let stopped = true;
  let fetching = false;
  /** The fetch running now: stop() waits for it, so that nothing it fetched is left unrun. */
  let fetched: Promise<void> = Promise.resolve();
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  let timerAt = Infinity;
  let fetches = 0;
  let fetchMs = 0;

  /** Fetch at `at` (ms since epoch) unless a fetch is already planned sooner. */
  function planAt(at: number) {
    if (stopped || at >= timerAt) return;
    if (timer) clearTimeout(timer);
    timerAt = at;
    timer = setTimeout(
      () => {
        timer = null;
        timerAt = Infinity;
        void pump();
      },
      Math.max(0, at - Date.now()),
    );
    timer.unref?.();
  }

  function pump(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (fetching) {
      again = true;
      return fetched;
    }
    fetching = true;
    fetched = fetchAndRun();
    return fetched;
  }

  async function fetchAndRun(): Promise<void> {
    again = false;
    let nextAt = Date.now() + fallbackPollMs;
    try {
      const wanted = [...queues.values()].filter((q) => q.running < q.workers);
      const started = performance.now();
      const { rows } = await db.executeSql(sql, [
        wanted.map((q) => q.name),
        wanted.map((q) => (q.workers - q.running) * q.batchSize),
        allNames,
      ]);
      fetches += 1;
      fetchMs += performance.now() - started;
      const byQueue = new Map<string, FetchedJob[]>();
      for (const row of rows as FetchRow[]) {
        if (row.id === null || row.name === null) {
          if (row.next_due !== null) nextAt = Math.min(nextAt, new Date(row.next_due).getTime() + 5);
          continue;
        }
        const list = byQueue.get(row.name) ?? [];
        list.push({
          id: row.id,
          name: row.name,
          data: typeof row.data === "string" ? (JSON.parse(row.data) as unknown) : row.data,
          singletonKey: row.singleton_key,
          retryCount: Number(row.retry_count ?? 0),
          expireInSeconds: Number(row.expire_seconds ?? 900),
        });
        byQueue.set(row.name, list);
      }
      for (const [name, jobs] of byQueue) {
        const queue = queues.get(name)!;
        for (let i = 0; i < jobs.length; i += queue.batchSize) runBatch(queue, jobs.slice(i, i + queue.batchSize));
      }
    } catch (error) {
      if (!stopped) logger.error(`[jobs] fetching due jobs failed: ${(error as Error).message}`);
      nextAt = Math.min(nextAt, Date.now() + 1000);
    } finally {
      fetching = false;
    }
    if (again) planAt(Date.now() + coalesceMs);
    planAt(nextAt);
  }

  function runBatch(queue: DispatchQueue & { running: number }, jobs: FetchedJob[]) {
    queue.running += 1;
    const batch = (async () => {
      try {
        const { completed } = await queue.run(jobs);
        if (completed.length > 0) await options.boss.complete(queue.name, completed);
      } catch (error) {
        logger.error(`[jobs] ${queue.name}: a batch failed: ${(error as Error).message}`);
      } finally {
        queue.running -= 1;
      }
    })();
    batches.add(batch);
    void batch.finally(() => {
      batches.delete(batch);
      // Capacity is free again, failed jobs have a new due time, and a full batch means more may wait.
      if (!stopped) planAt(Date.now() + (jobs.length === queue.batchSize ? 0 : coalesceMs));
    });
  }

  return {
    wake() {
      planAt(Date.now() + coalesceMs);
    },
    start() {
      stopped = false;
      planAt(Date.now());
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      timerAt = Infinity;
      await fetched;
      await Promise.allSettled([...batches]);
    },
    stats: () => ({ fetches, fetchMs }),
  };
}
