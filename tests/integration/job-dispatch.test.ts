// @postgres: the dispatcher's wakes on either database.
// The job dispatcher looks only where there may be work (decision 0093): an insert's notification names
// its queues and the fetch looks at those alone; a delayed job is fetched at its own due time, with no
// other wake; a queue it was not told about is still looked at by the fallback poll. The fallback poll
// is set far off here (10 minutes), so a job that runs within the test ran because of its wake.
// On the embedded database (PGlite) by default, on PostgreSQL when DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#server/db/client.server.ts";
import type { SqlExecutor } from "#server/db/migrate.server.ts";
import { createJobQueue, JOB_SCHEMA, type JobQueue } from "#server/jobs/queue/job-queue.server.ts";
import { fetchSql, JOB_NOTIFY_CHANNEL } from "#server/jobs/queue/dispatcher.server.ts";
import { BILLING_OPERATION_QUEUE, BILLING_REFRESH_QUEUE, MAIL_QUEUE, PUSH_QUEUE, WEBHOOK_QUEUE } from "#server/jobs/queue/queues.ts";
import { openTestDatabase } from "../support/test-database.ts";
import { until } from "../support/until.ts";

const FETCH_SQL = fetchSql(JOB_SCHEMA);
const quiet = { info() {}, warn() {}, error: (message: string) => console.error(message) } as never;

let database: Database;
let closeDatabase: (() => Promise<void>) | undefined;
let jobs: JobQueue;
/** The queues each fetch looked at ($3 of the dispatcher's statement), in order. */
const looked: string[][] = [];
const payloads: (string | undefined)[] = [];
const ran: { queue: string; key: string; at: number }[] = [];
const waiters: { queue: string; key: string; resolve: () => void }[] = [];

function recordRun(queue: string, failFirst = false) {
  return {
    name: queue,
    async run(_data: never, job: { key: string; attempt: number }) {
      if (failFirst && job.attempt === 1) {
        ran.push({ queue, key: `${job.key}#failed`, at: Date.now() });
        throw new Error("the first attempt fails");
      }
      ran.push({ queue, key: job.key, at: Date.now() });
      for (const w of waiters.filter((x) => x.queue === queue && x.key === job.key)) w.resolve();
    },
  };
}

function ranOnce(queue: string, key: string): Promise<void> {
  if (ran.some((r) => r.queue === queue && r.key === key)) return Promise.resolve();
  return new Promise((resolve) => waiters.push({ queue, key, resolve }));
}

/** The database's executor, with the dispatcher's fetches and the notifications' payloads recorded. */
function watched(sql: SqlExecutor): SqlExecutor {
  return {
    exec: (text) => sql.exec(text),
    async query<T>(text: string, params?: unknown[]) {
      if (text === FETCH_SQL) looked.push([...((params?.[2] as string[]) ?? [])].sort());
      return sql.query<T>(text, params);
    },
    listen: sql.listen
      ? (channel, onNotify) =>
          sql.listen!(channel, (payload) => {
            if (channel === JOB_NOTIFY_CHANNEL) payloads.push(payload);
            onNotify(payload);
          })
      : undefined,
  };
}

beforeAll(async () => {
  ({ database, close: closeDatabase } = await openTestDatabase("dispatch"));
  jobs = await createJobQueue({ sql: watched(database.sql), logger: quiet, soleProcess: database.kind === "pglite", fallbackPollSeconds: 600 });
  await jobs.start([recordRun(MAIL_QUEUE), recordRun(WEBHOOK_QUEUE), recordRun(BILLING_REFRESH_QUEUE), recordRun(BILLING_OPERATION_QUEUE, true)]);
}, 120_000);

afterAll(async () => {
  await jobs?.stop();
  await closeDatabase?.();
});

describe("the job dispatcher", () => {
  it("is woken by an insert's notification, which names the queue, and looks at that queue alone", { timeout: 60_000 }, async () => {
    // The start-up fetch looks at every queue; what follows is woken by name.
    await until(async () => looked.length, (n) => n > 0);
    const before = looked.length;
    await database.prisma.$transaction((tx) => jobs.enqueue(tx, [{ name: MAIL_QUEUE, data: {}, key: "woken-1" }]));
    await ranOnce(MAIL_QUEUE, "woken-1");
    expect(payloads).toContain(MAIL_QUEUE);
    const after = looked.slice(before);
    expect(after.length).toBeGreaterThan(0);
    expect(after[0]).toEqual([MAIL_QUEUE]);
  });

  it("names every queue one statement inserted into", { timeout: 60_000 }, async () => {
    await database.prisma.$transaction((tx) =>
      jobs.enqueue(tx, [
        { name: WEBHOOK_QUEUE, data: {}, key: "both-1" },
        { name: MAIL_QUEUE, data: {}, key: "both-2" },
      ]),
    );
    await Promise.all([ranOnce(WEBHOOK_QUEUE, "both-1"), ranOnce(MAIL_QUEUE, "both-2")]);
    const payload = payloads.find((p) => p?.includes(WEBHOOK_QUEUE));
    expect(payload?.split(",").sort()).toEqual([MAIL_QUEUE, WEBHOOK_QUEUE].sort());
  });

  it("sends no notification for an insert that commits on its own, and wakes this process's dispatcher", { timeout: 60_000 }, async () => {
    // The chat turn's events are written by a statement of their own (decision 0100): NOTIFY would make
    // every such commit wait for the one before it. The dispatcher here is told directly.
    const before = payloads.length;
    await jobs.enqueue(database.prisma, [{ name: MAIL_QUEUE, data: {}, key: "own-1" }]);
    await ranOnce(MAIL_QUEUE, "own-1");
    // Notifications arrive in commit order: once a later transaction's has arrived, any the first
    // statement had sent would have arrived before it.
    await database.prisma.$transaction((tx) => jobs.enqueue(tx, [{ name: WEBHOOK_QUEUE, data: {}, key: "own-2" }]));
    await until(async () => payloads.length, (n) => n > before);
    expect(payloads.slice(before)).toEqual([WEBHOOK_QUEUE]);
    await ranOnce(WEBHOOK_QUEUE, "own-2");
  });

  it("announces a quiet insert into a queue this process does not run to the other instances", { timeout: 60_000 }, async () => {
    // push.send has no worker in this process: another instance must hear of it.
    const before = payloads.length;
    await jobs.enqueue(database.prisma, [{ name: PUSH_QUEUE, data: {}, key: "elsewhere-1" }]);
    await until(async () => payloads.slice(before), (list) => list.includes(PUSH_QUEUE));
  });

  it("fetches a delayed job at its due time, with no other wake", { timeout: 60_000 }, async () => {
    const runAt = new Date(Date.now() + 2_000);
    await database.prisma.$transaction((tx) => jobs.enqueue(tx, [{ name: BILLING_REFRESH_QUEUE, data: {}, key: "later-1", runAt }]));
    await ranOnce(BILLING_REFRESH_QUEUE, "later-1");
    const run = ran.find((r) => r.key === "later-1")!;
    expect(run.at).toBeGreaterThanOrEqual(runAt.getTime());
  });

  it("retries a failed job at its retry's due time, with no other wake", { timeout: 90_000 }, async () => {
    // billing.operation retries after 2 s (queues.ts): the batch's failure makes the dispatcher look at
    // the queue again, which returns the retry's due time.
    await database.prisma.$transaction((tx) => jobs.enqueue(tx, [{ name: BILLING_OPERATION_QUEUE, data: {}, key: "retry-1" }]));
    await ranOnce(BILLING_OPERATION_QUEUE, "retry-1");
    const failed = ran.find((r) => r.key === "retry-1#failed")!;
    const succeeded = ran.find((r) => r.key === "retry-1")!;
    expect(succeeded.at - failed.at).toBeGreaterThanOrEqual(1_000);
  });

  it("finds a job inserted without a notification at the next look at every queue", { timeout: 60_000 }, async () => {
    // A job written with the trigger's notification lost (here: inserted with it switched off) is not
    // fetched by wakes for other queues; `wake()` for a queue stands in for the fallback poll's look.
    await database.sql.exec(`ALTER TABLE ${JOB_SCHEMA}.job DISABLE TRIGGER lb_job_inserted`);
    try {
      await database.prisma.$transaction((tx) => jobs.enqueue(tx, [{ name: WEBHOOK_QUEUE, data: {}, key: "silent-1" }]));
    } finally {
      await database.sql.exec(`ALTER TABLE ${JOB_SCHEMA}.job ENABLE TRIGGER lb_job_inserted`);
    }
    await database.prisma.$transaction((tx) => jobs.enqueue(tx, [{ name: MAIL_QUEUE, data: {}, key: "other-1" }]));
    await ranOnce(MAIL_QUEUE, "other-1");
    expect(ran.some((r) => r.key === "silent-1")).toBe(false);
    jobs.wake(WEBHOOK_QUEUE);
    await ranOnce(WEBHOOK_QUEUE, "silent-1");
  });
});
