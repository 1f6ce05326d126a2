// @postgres: on a server the gate keeps background work to a few of the pool's connections.
// Background work yields to the chat (decision 0097): the job layer's handlers run in the background
// lane, and the database lets only a few of the lane's statements and transactions in at once, so a
// visitor's statement issued behind a burst of background ones is not queued behind the whole burst.
// On the embedded database (PGlite) by default, on PostgreSQL when DATABASE_URL is set.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inBackground, isBackground } from "#server/db/background-lane.ts";
import { openDatabase, type Database } from "#server/db/client.server.ts";
import { loadMigrations, migrate } from "#server/db/migrate.server.ts";
import { createJobQueue, type JobQueue } from "#server/jobs/queue/job-queue.server.ts";
import { MAIL_QUEUE } from "#server/jobs/queue/queues.ts";
import { copyPgliteTemplate } from "../support/pglite-template.ts";
import { createScratchDatabase } from "../support/test-server.ts";
import { until } from "../support/until.ts";

const quiet = { info() {}, warn() {}, error: (message: string) => console.error(message) } as never;

let database: Database;
let dir: string | undefined;
let dropScratch: (() => Promise<void>) | undefined;
let jobs: JobQueue | undefined;

beforeAll(async () => {
  if (process.env.DATABASE_URL) {
    const scratch = await createScratchDatabase(process.env.DATABASE_URL);
    dropScratch = scratch.drop;
    database = await openDatabase({ databaseUrl: scratch.url, dataDir: "unused", backgroundSlots: SLOTS });
  } else {
    dir = await mkdtemp(path.join(os.tmpdir(), "leadbroom-lane-"));
    await copyPgliteTemplate(dir);
    database = await openDatabase({ dataDir: dir, backgroundSlots: SLOTS });
  }
  await migrate(database.sql, await loadMigrations());
}, 120_000);

afterAll(async () => {
  await jobs?.stop();
  await database?.close();
  await dropScratch?.();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** One slot, so that one open background transaction takes them all (the defaults: BACKGROUND_SLOTS). */
const SLOTS = 1;

describe("the background lane", () => {
  it("lets a visitor's statement overtake a burst of background statements", { timeout: 60_000 }, async () => {
    const finished: string[] = [];
    // Each background statement does a few milliseconds of work; the visitor's is trivial.
    const burst = Array.from({ length: 40 }, (_, i) =>
      inBackground(() =>
        database.prisma.$queryRaw`SELECT count(*) FROM generate_series(1, 30000 + ${i}::int)`.then(() => void finished.push(`background ${i}`)),
      ),
    );
    await until(async () => database.background().waiting, (n) => n > 0);
    await database.prisma.$queryRaw`SELECT 1`;
    finished.push("visitor");
    await Promise.all(burst);
    // Without the gate it came after every background statement on PGlite (one connection, first come
    // first served) and after about 20 on PostgreSQL (the pool's 20 connections, then its queue).
    const before = finished.indexOf("visitor");
    expect(before).toBeLessThanOrEqual(SLOTS + 1);
    expect(database.background()).toMatchObject({ waiting: 0, overflowed: 0 });
    expect(database.background().waited).toBeGreaterThanOrEqual(40 - SLOTS - before);
  });

  it("holds a background transaction's slot from BEGIN to COMMIT; its own statements pass", { timeout: 60_000 }, async () => {
    const one = database;
    const waitedBefore = one.background().waited;
    let commit!: () => void;
    let inside = false;
    const transaction = inBackground(() =>
      one.prisma.$transaction(async (tx) => {
        await tx.$queryRaw`SELECT 1`;
        inside = true;
        await new Promise<void>((resolve) => (commit = resolve));
      }),
    );
    await until(async () => inside, (yes) => yes);
    let ran = false;
    const statement = inBackground(() => one.prisma.$queryRaw`SELECT 2`.then(() => (ran = true)));
    await until(async () => one.background().waiting, (n) => n === 1);
    expect(ran).toBe(false);
    // A visitor's statement is not held up meanwhile (on PGlite it waits for PGlite's own transaction,
    // one connection, so only PostgreSQL can show it).
    if (one.kind === "postgres") await one.prisma.$queryRaw`SELECT 3`;
    commit();
    await Promise.all([transaction, statement]);
    expect(ran).toBe(true);
    expect(one.background()).toMatchObject({ waiting: 0, overflowed: 0, waited: waitedBefore + 1 });
  });

  it("runs a job's handler, and the job layer's own statements, in the background lane", { timeout: 60_000 }, async () => {
    const seen: boolean[] = [];
    let handled!: () => void;
    const ran = new Promise<void>((resolve) => (handled = resolve));
    jobs = await createJobQueue({ sql: database.sql, logger: quiet, soleProcess: database.kind === "pglite", fallbackPollSeconds: 600 });
    await jobs.start([
      {
        name: MAIL_QUEUE,
        async run() {
          seen.push(isBackground());
          const before = database.background().passed;
          await database.prisma.$queryRaw`SELECT 1`;
          seen.push(database.background().passed === before + 1);
          handled();
        },
      },
    ]);
    const passedBefore = database.background().passed;
    await database.prisma.$transaction((tx) => jobs!.enqueue(tx, [{ name: MAIL_QUEUE, data: {}, key: "lane-1" }]));
    await ran;
    expect(seen).toEqual([true, true]);
    // The dispatcher's fetch and completion went through the gate too.
    await until(async () => database.background().passed, (n) => n >= passedBefore + 3);
  });
});
