// The job layer's one fetcher (decision 0045, 0093): instead of one pg-boss worker per queue polling
// its queue every half second or second (24 workers, ~24–48 statements a second on the single PGlite
// connection, queued in front of the chat's statements), one dispatcher fetches the due jobs of the
// queues that may have some, with free workers, in ONE statement, and only when there may be something:
//   - woken when a job is inserted: a trigger on pgboss.job NOTIFYs `lb_jobs` with the names of the
//     queues the statement inserted into (delivered at commit, so never before the enqueuing transaction
//     is visible), on PostgreSQL through LISTEN on a connection of its own (every instance hears it) and
//     on PGlite inside the worker thread; only those queues are looked at (decision 0093: looking at all
//     ~35 queues' partitions on every wake was a third of the job layer's database time);
//   - by `JobQueue.committed` after a statement that committed on its own wrote jobs without a
//     notification (the chat's: decision 0100, NOTIFY serialises commits on PostgreSQL);
//   - at a queue's next delayed job's due time (the fetch statement returns it per queue);
//   - after a batch finishes (its failures are due again later; a full batch means more may wait);
//   - by `wake()` / `releaseDelayed()`, and by a long fallback poll over every queue (a lost
//     notification, a job made due by hand).
// Wakes are coalesced (`coalesceMs`), so a burst of chat turns writing events costs one fetch, not one
// per turn. Jobs stay pg-boss's rows: inserted by pg-boss (or job-sql.server.ts), failed (retries,
// backoff, dead letters) by pg-boss's own statements, completed by `completeSql` (pg-boss's statement,
// prepared), expired by pg-boss's maintenance; the fetch
// mirrors pg-boss 10's `fetchNextJob` (state < active, start_after < now(), priority desc, created_on,
// FOR UPDATE SKIP LOCKED) for queues of the standard policy, the only one queues.ts uses.
import type PgBoss from "pg-boss";
import type { Logger } from "../../shared/logger.ts";
import { PREPARED_MARKER } from "../../db/prepared-marker.ts";

export const JOB_NOTIFY_CHANNEL = "lb_jobs";
/**
 * Set to 'local' (for its own transaction) by a job insert whose process wakes its own dispatcher
 * after the statement returns: the trigger below then sends no notification.
 */
export const QUIET_SETTING = "lb.jobs_wake";

/** The trigger that makes an insert into pgboss.job wake the dispatchers (idempotent, run at start). */
export function notifyTriggerSql(schema: string): string {
  return `
    CREATE OR REPLACE FUNCTION ${schema}.lb_job_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      names text;
    BEGIN
      -- A statement that committed on its own and whose process wakes its dispatcher itself sets
      -- ${QUIET_SETTING} for its transaction (job-sql.server.ts): NOTIFY takes a database-wide lock at
      -- commit, held until the commit is flushed, so every notifying commit waits for the one before it
      -- (decision 0100). Such a statement's rows are not even read here.
      IF current_setting('${QUIET_SETTING}', true) = 'local' THEN
        RETURN NULL;
      END IF;
      -- The queues this statement inserted into, comma-separated (PostgreSQL folds identical
      -- notifications of one transaction into one). An insert that inserted nothing (ON CONFLICT DO
      -- NOTHING on a job already there) wakes nobody.
      names := (SELECT string_agg(DISTINCT name, ',') FROM inserted);
      IF names IS NOT NULL THEN
        PERFORM pg_notify('${JOB_NOTIFY_CHANNEL}', names);
      END IF;
      RETURN NULL;
    END $$;
    CREATE OR REPLACE TRIGGER lb_job_inserted AFTER INSERT ON ${schema}.job
      REFERENCING NEW TABLE AS inserted
      FOR EACH STATEMENT EXECUTE FUNCTION ${schema}.lb_job_inserted();`;
}

/** The queue names of a notification's payload; null (look at every queue) when it carries none. */
export function notifiedQueues(payload: string | undefined): string[] | null {
  if (!payload) return null;
  return payload.split(",").filter(Boolean);
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
    WITH next AS (
      SELECT j.id, j.name FROM unnest($1::text[], $2::int[]) AS w(name, n) CROSS JOIN LATERAL (
        SELECT id, name FROM ${schema}.job
         -- name = ANY($1): the partitions of other queues are pruned when the plan starts (the lateral
         -- w.name alone prunes only while it runs, after every partition was opened).
         WHERE name = w.name AND name = ANY($1::text[]) AND state < 'active' AND start_after < now()
         ORDER BY priority DESC, created_on, id
         LIMIT w.n
         FOR UPDATE SKIP LOCKED
      ) j
    ), taken AS (
      -- By primary key (name, id) in the fetched queues' partitions: joined to \`next\` instead, the
      -- planner hashed it against a scan of every partition, completed jobs included (decision 0093).
      UPDATE ${schema}.job j
         SET state = 'active', started_on = now(),
             retry_count = CASE WHEN j.started_on IS NOT NULL THEN j.retry_count + 1 ELSE j.retry_count END
       WHERE j.name = ANY($1::text[]) AND j.id = ANY(ARRAY(SELECT id FROM next))
      RETURNING j.id, j.name, j.data, j.singleton_key, j.retry_count, EXTRACT(epoch FROM j.expire_in) AS expire_seconds
    )
    SELECT t.id, t.name, t.data, t.singleton_key, t.retry_count, t.expire_seconds, NULL::timestamptz AS next_due FROM taken t
    UNION ALL
    -- Each looked-at queue's next delayed job (a row with no id; next_due null when it has none).
    SELECT NULL, q.name, NULL, NULL, NULL, NULL, (
      SELECT start_after FROM ${schema}.job
       WHERE name = q.name AND name = ANY($3::text[]) AND state < 'active' AND start_after >= now()
       ORDER BY start_after LIMIT 1
    ) FROM unnest($3::text[]) AS q(name)`;
}

/**
 * pg-boss 10's `completeJobs` for one queue's batch, prepared: pg-boss sends its own unnamed, so it was
 * planned over every partition for each batch (0.85 ms a batch on PGlite; decision 0093). `name = $1`
 * prunes the other queues' partitions when the plan starts.
 */
export function completeSql(schema: string): string {
  return `${PREPARED_MARKER}
    UPDATE ${schema}.job SET completed_on = now(), state = 'completed', output = NULL
     WHERE name = $1 AND id = ANY($2::uuid[]) AND state = 'active'`;
}

export type DispatchQueue = {
  name: string;
  batchSize: number;
  /** Batches of this queue running at once in this process. */
  workers: number;
  run(jobs: FetchedJob[]): Promise<{ completed: string[] }>;
};

export type Dispatcher = {
  /** Look for due jobs in these queues soon (coalesced with other wakes). */
  wake(names: readonly string[]): void;
  /**
   * An insert's notification named these queues (or none: look at every queue). Coalesced over a
   * longer window than `wake`: a burst of chat turns' jobs is fetched in one statement and completed in
   * one batch, and nobody is waiting on them in that instant.
   */
  notified(names: readonly string[] | null): void;
  start(): void;
  /** Stops fetching and waits for the batches running now. */
  stop(): Promise<void>;
  /** Statements run and their time (the bench prints the job layer's share). */
  stats(): { fetches: number; fetchMs: number };
};

export function createDispatcher(options: {
  schema: string;
  db: PgBoss.Db;
  queues: DispatchQueue[];
  logger: Logger;
  /** Wakes within this many ms share one fetch. */
  coalesceMs?: number;
  /** Notifications of inserts within this many ms share one fetch (decision 0093). */
  notifyCoalesceMs?: number;
  /** Fetch at least this often even without a wake (a lost notification, a job made due by hand). */
  fallbackPollMs?: number;
}): Dispatcher {
  const { db, logger } = options;
  const coalesceMs = options.coalesceMs ?? 25;
  const notifyCoalesceMs = options.notifyCoalesceMs ?? 100;
  const fallbackPollMs = options.fallbackPollMs ?? 30_000;
  const sql = fetchSql(options.schema);
  const complete = completeSql(options.schema);
  const queues = new Map(options.queues.map((q) => [q.name, { ...q, running: 0 }]));
  const batches = new Set<Promise<void>>();
  let stopped = true;
  let fetching = false;
  /** The fetch running now: stop() waits for it, so that nothing it fetched is left unrun. */
  let fetched: Promise<void> = Promise.resolve();
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  let timerAt = Infinity;
  /** Queues to look at in the next fetch: woken by name, or every queue. */
  const dirty = new Set<string>();
  let dirtyAll = true;
  /** When each queue's next delayed job falls due (ms since epoch), as the last fetch that looked at it saw. */
  const dueAt = new Map<string, number>();
  /** Queues a fetch looked at but took nothing from, all their workers busy: looked at again when one is free. */
  const starved = new Set<string>();
  /** The next look at every queue, whatever the wakes said. */
  let fallbackAt = 0;
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

  /** The next time something is due: a delayed job or the fallback poll. */
  function planNext() {
    let at = fallbackAt;
    for (const due of dueAt.values()) at = Math.min(at, due);
    planAt(at);
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

  /** The queues this fetch looks at (and forgets their wakes and due times: the fetch sees them afresh). */
  function takeLooked(now: number): string[] {
    const all = dirtyAll || now >= fallbackAt;
    const looked = all ? [...queues.keys()] : [...queues.keys()].filter((name) => dirty.has(name) || (dueAt.get(name) ?? Infinity) <= now);
    if (all) {
      dirtyAll = false;
      fallbackAt = now + fallbackPollMs;
    }
    for (const name of looked) {
      dirty.delete(name);
      dueAt.delete(name);
    }
    return looked;
  }

  async function fetchAndRun(): Promise<void> {
    again = false;
    const looked = takeLooked(Date.now());
    // Nothing to look at yet (a timer that fired a moment early): only the next look is planned below.
    if (looked.length > 0) await fetchLooked(looked);
    fetching = false;
    if (again) planAt(Date.now() + coalesceMs);
    planNext();
  }

  /** One fetch over the looked-at queues, and their jobs handed to batches. */
  async function fetchLooked(looked: string[]): Promise<void> {
    try {
      const wanted: (DispatchQueue & { running: number })[] = [];
      for (const name of looked) {
        const queue = queues.get(name)!;
        if (queue.running < queue.workers) wanted.push(queue);
        else starved.add(name);
      }
      const started = performance.now();
      const { rows } = await db.executeSql(sql, [
        wanted.map((q) => q.name),
        wanted.map((q) => (q.workers - q.running) * q.batchSize),
        looked,
      ]);
      fetches += 1;
      fetchMs += performance.now() - started;
      const byQueue = new Map<string, FetchedJob[]>();
      for (const row of rows as FetchRow[]) {
        if (row.name === null) continue;
        if (row.id === null) {
          if (row.next_due !== null) dueAt.set(row.name, new Date(row.next_due).getTime() + 5);
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
      for (const name of looked) dirty.add(name);
      planAt(Date.now() + 1000);
    }
  }

  function runBatch(queue: DispatchQueue & { running: number }, jobs: FetchedJob[]) {
    queue.running += 1;
    let allDone = false;
    const batch = (async () => {
      try {
        const { completed } = await queue.run(jobs);
        if (completed.length > 0) await db.executeSql(complete, [queue.name, completed]);
        allDone = completed.length === jobs.length;
      } catch (error) {
        logger.error(`[jobs] ${queue.name}: a batch failed: ${(error as Error).message}`);
      } finally {
        queue.running -= 1;
      }
    })();
    batches.add(batch);
    void batch.finally(() => {
      batches.delete(batch);
      if (stopped) return;
      // Looked at again only when there may be something: a full batch (more may wait), a failure
      // (its retry has a new due time, which the fetch returns), or jobs left for want of a free worker.
      // Otherwise a queue's next job wakes it by its own notification (decision 0093).
      const full = jobs.length === queue.batchSize;
      if (!full && allDone && !starved.delete(queue.name)) return;
      dirty.add(queue.name);
      planAt(Date.now() + (full ? 0 : coalesceMs));
    });
  }

  function wakeWithin(names: readonly string[] | null, ms: number) {
    if (stopped) return;
    if (!names) {
      dirtyAll = true;
    } else {
      const ours = names.filter((name) => queues.has(name));
      if (ours.length === 0) return; // a queue this process does not run
      for (const name of ours) dirty.add(name);
    }
    planAt(Date.now() + ms);
  }

  return {
    wake: (names) => wakeWithin(names, coalesceMs),
    notified: (names) => wakeWithin(names, notifyCoalesceMs),
    start() {
      stopped = false;
      dirtyAll = true;
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
