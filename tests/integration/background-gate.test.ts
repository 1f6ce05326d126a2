// @postgres: on a server the gate keeps background work to a few of the pool's connections.
// Background work yields to the chat (decision 0097): the job layer reaches the database through its
// background client, which lets only a few statements and transactions in at once, so a visitor's
// statement issued behind a burst of background ones is not queued behind the whole burst.
// On the embedded database (PGlite) by default, on PostgreSQL when DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#server/db/client.server.ts";
import { createJobQueue, type JobQueue } from "#server/jobs/queue/job-queue.server.ts";
import { MAIL_QUEUE } from "#server/jobs/queue/queues.ts";
import { openTestDatabase } from "../support/test-database.ts";
import { until } from "../support/until.ts";

const quiet = { info() {}, warn() {}, error: (message: string) => console.error(message) } as never;

let database: Database;
let closeDatabase: (() => Promise<void>) | undefined;
let jobs: JobQueue | undefined;

beforeAll(async () => {
  ({ database, close: closeDatabase } = await openTestDatabase("gate", { backgroundSlots: SLOTS }));
}, 120_000);

afterAll(async () => {
  await jobs?.stop();
  await closeDatabase?.();
});

/** One slot, so that one open background transaction takes them all (the defaults: BACKGROUND_SLOTS). */
const SLOTS = 1;
const BURST = 40;

describe("the background gate", () => {
  it("lets a visitor's statement overtake a burst of background statements", { timeout: 60_000 }, async () => {
    const finished: string[] = [];
    const waitedBefore = database.background.stats().waited;
    // Each background statement waits 30 ms in the database (a sleep, not work: a loaded machine does not
    // make it shorter next to the time Prisma takes to send the visitor's statement); the visitor's is trivial.
    const burst = Array.from({ length: BURST }, (_, i) =>
      database.background.prisma.$queryRaw`SELECT ${i}::int AS n FROM pg_sleep(0.03)`.then(() => void finished.push(`background ${i}`)),
    );
    await until(async () => database.background.stats().waiting, (n) => n > 0);
    await database.prisma.$queryRaw`SELECT 1`;
    finished.push("visitor");
    await Promise.all(burst);
    // Without the gate it came after every background statement on PGlite (one connection, first come
    // first served) and after about 20 on PostgreSQL (the pool's 20 connections, then its queue). With
    // one slot, one is in flight when it is sent; a few more may finish while Prisma prepares it on a
    // loaded machine.
    const before = finished.indexOf("visitor");
    expect(before).toBeLessThanOrEqual(BURST / 4);
    expect(database.background.stats().waiting).toBe(0);
    expect(database.background.stats().waited - waitedBefore).toBeGreaterThanOrEqual(BURST - SLOTS - before);
  });

  it("holds a background transaction's slot from BEGIN to COMMIT; its own statements pass", { timeout: 60_000 }, async () => {
    const one = database;
    const waitedBefore = one.background.stats().waited;
    let commit!: () => void;
    let inside = false;
    const transaction = one.background.prisma.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT 1`;
      inside = true;
      await new Promise<void>((resolve) => (commit = resolve));
    });
    await until(async () => inside, (yes) => yes);
    let ran = false;
    const statement = one.background.prisma.$queryRaw`SELECT 2`.then(() => (ran = true));
    await until(async () => one.background.stats().waiting, (n) => n === 1);
    expect(ran).toBe(false);
    // A visitor's statement is not held up meanwhile (on PGlite it waits for PGlite's own transaction,
    // one connection, so only PostgreSQL can show it).
    if (one.kind === "postgres") await one.prisma.$queryRaw`SELECT 3`;
    commit();
    await Promise.all([transaction, statement]);
    expect(ran).toBe(true);
    expect(one.background.stats().waiting).toBe(0);
    expect(one.background.stats().waited).toBe(waitedBefore + 1);
  });

  it("runs an array-form transaction's operations under the one slot the transaction holds", { timeout: 60_000 }, async () => {
    const before = database.background.stats();
    const bg = database.background.prisma;
    // With one slot, gating each operation as well would leave them waiting for their own batch's slot
    // (for 2 s, then going ahead without one).
    const rows = await bg.$transaction([bg.$queryRaw<{ a: number }[]>`SELECT 1 AS a`, bg.$queryRaw<{ b: number }[]>`SELECT 2 AS b`, bg.lead.count()]);
    expect(rows).toEqual([[{ a: 1 }], [{ b: 2 }], expect.any(Number)]);
    const after = database.background.stats();
    expect(after.overflowed).toBe(before.overflowed);
    expect(after.passed - before.passed).toBe(1);
  });

  it("paces the job layer's own statements (fetch, completion) given the background runner, and counts a handler's Prisma statements", { timeout: 60_000 }, async () => {
    let handled!: () => void;
    const ran = new Promise<void>((resolve) => (handled = resolve));
    let passedInHandler = -1;
    jobs = await createJobQueue({ sql: database.background.sql, logger: quiet, soleProcess: database.kind === "pglite", fallbackPollSeconds: 600 });
    await jobs.start([
      {
        name: MAIL_QUEUE,
        async run() {
          const before = database.background.stats().prisma;
          await database.background.prisma.lead.count();
          passedInHandler = database.background.stats().prisma - before;
          handled();
        },
      },
    ]);
    const passedBefore = database.background.stats().passed;
    await database.prisma.$transaction((tx) => jobs!.enqueue(tx, [{ name: MAIL_QUEUE, data: {}, key: "gate-1" }]));
    await ran;
    expect(passedInHandler).toBe(1);
    // The dispatcher's fetch and the batch's completion went through the gate too.
    await until(async () => database.background.stats().passed, (n) => n >= passedBefore + 3);
  });
});
