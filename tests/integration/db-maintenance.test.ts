// @postgres: the upkeep does something else on PostgreSQL.
// The hourly database upkeep (server/jobs/db-maintenance.server.ts, decisions 0040, 0112): on PGlite, which
// runs no autovacuum and no checkpointer, the tick's handler vacuums and analyzes the analytics roll-ups and
// pg-boss's job tables (their planner statistics then match their rows), then checkpoints; on a PostgreSQL
// server (its autovacuum's and checkpointer's job) the handler does nothing. Runs on whichever database the
// suite runs on (DATABASE_URL for PostgreSQL).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scheduleHandlers, schedules } from "#server/jobs/schedules.server.ts";
import { DB_MAINTENANCE_TICK, queueSpec } from "#server/jobs/queue/queues.ts";
import { JOB_SCHEMA } from "#server/jobs/queue/job-queue.server.ts";
import { checkpointWithoutCheckpointer, isEmbeddedPglite, vacuumWithoutAutovacuum } from "#server/jobs/db-maintenance.server.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { registerOwner } from "./billing-support.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ seedDemo: false });
});

afterAll(async () => {
  await server?.close();
});

describe("database upkeep tick", () => {
  it("vacuums the busiest tables and checkpoints hourly on PGlite, and does nothing on PostgreSQL", async () => {
    const db = server.services.db;
    expect(schedules.find((s) => s.name === DB_MAINTENANCE_TICK)?.cron).toBe("50 * * * *");
    expect(queueSpec(DB_MAINTENANCE_TICK).batchSize).toBe(1);
    const handler = scheduleHandlers(server.services, { notification() {} }).find((h) => h.name === DB_MAINTENANCE_TICK)!;

    // A lead writes a roll-up row; nothing has analyzed the table since.
    const owner = await registerOwner(server, "Upkeep Cleaning");
    await db.lead.create({ data: { businessId: owner.businessId, name: "Upkeep", source: "manual", score: 5, priority: "medium" } });
    const stats = async () => {
      const [row] = await db.$queryRaw<{ estimated: number; counted: bigint }[]>`
        SELECT c.reltuples::float8 AS estimated, (SELECT COUNT(*) FROM "AnalyticsLeadDay") AS counted
          FROM pg_class c WHERE c.oid = '"AnalyticsLeadDay"'::regclass`;
      return { estimated: row!.estimated, counted: Number(row!.counted) };
    };
    const before = await stats();
    const redoBefore = (await db.$queryRaw<{ redo: string }[]>`SELECT redo_lsn::text AS redo FROM pg_control_checkpoint()`)[0]!.redo;
    // PostgreSQL compares the log positions itself (pg_lsn), in bytes.
    const redoMoved = async () =>
      (await db.$queryRaw<{ moved: number }[]>`SELECT pg_wal_lsn_diff(redo_lsn, ${redoBefore}::pg_lsn)::float8 AS moved FROM pg_control_checkpoint()`)[0]!.moved;

    await handler.run(undefined, { id: "test", name: DB_MAINTENANCE_TICK, key: "", attempt: 1 });
    const after = await stats();
    if (server.database.kind === "pglite") {
      expect(await isEmbeddedPglite(db)).toBe(true);
      expect(before.estimated).not.toBe(before.counted);
      expect(after.estimated).toBe(after.counted);
      // Single-user PostgreSQL checkpoints only when it closes: the tick's checkpoint moved the redo point
      // up to the vacuum's writes (the WAL before it is then recycled).
      expect(await redoMoved()).toBeGreaterThan(0);
      const done = await vacuumWithoutAutovacuum(db);
      expect(done).toEqual(expect.arrayContaining(['"AnalyticsLeadDay"', '"AnalyticsConversationDay"', `${JOB_SCHEMA}.job`]));
    } else {
      expect(await isEmbeddedPglite(db)).toBe(false);
      expect(await vacuumWithoutAutovacuum(db)).toEqual([]);
      expect(await checkpointWithoutCheckpointer(db)).toBe(false);
    }
  });
});
