// The embedded database's upkeep (decisions 0040, 0112): PGlite runs PostgreSQL in single-user mode, with no
// autovacuum, so nothing ever clears the dead row versions of the busiest tables (the analytics
// roll-ups, rewritten by every lead and conversation, and pg-boss's job tables) or refreshes their
// planner statistics; and with no checkpointer, so it never checkpoints until it closes. The hourly tick
// runs `VACUUM (ANALYZE)` of those tables there, then a `CHECKPOINT`; on a PostgreSQL server, whose upkeep
// is its operator's (autovacuum, the checkpointer), the tick does nothing.
import type { Db } from "../db/client.server.ts";
import { JOB_SCHEMA } from "./queue/job-queue.server.ts";

/** The roll-up tables appended to by every write of a lead or a conversation and folded every minute (decisions 0040, 0046). */
export const HIGH_CHURN_TABLES = ["AnalyticsLeadDay", "AnalyticsConversationDay", "AnalyticsRevenueDay", "AnalyticsTeamHour", "WidgetImpressionDay"];

/**
 * True on the embedded PGlite database ("PostgreSQL 18.6 (PGlite 0.5.16) on wasm32-unknown-emscripten…"),
 * which runs no autovacuum whatever its `autovacuum` setting says; false on a PostgreSQL server, whose
 * upkeep is its operator's (autovacuum).
 */
export async function isEmbeddedPglite(db: Db): Promise<boolean> {
  const [row] = await db.$queryRaw<{ pglite: boolean }[]>`SELECT version() LIKE '%(PGlite %' AS pglite`;
  return row?.pglite === true;
}

/** On PGlite, vacuums and analyzes the high-churn tables and pg-boss's tables: the tables it did; [] on PostgreSQL. */
export async function vacuumWithoutAutovacuum(db: Db): Promise<string[]> {
  if (!(await isEmbeddedPglite(db))) return [];
  const jobTables = await db.$queryRaw<{ name: string }[]>`
    SELECT format('%I.%I', n.nspname, c.relname) AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = ${JOB_SCHEMA} AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY 1`;
  const tables = [...HIGH_CHURN_TABLES.map((t) => `"${t}"`), ...jobTables.map((t) => t.name)];
  // One table at a time: VACUUM runs outside a transaction, and a table dropped meanwhile only skips itself.
  for (const table of tables) await db.$executeRawUnsafe(`VACUUM (ANALYZE) ${table}`);
  return tables;
}

/**
 * On PGlite, a checkpoint (decision 0112): single-user PostgreSQL checkpoints only when it closes, so
 * until a restart its write-ahead log grows by every write (16 MB files in pg_wal, about 50 kB a captured
 * lead), and a restart after a crash replays all of it. After a checkpoint the log before it is recycled
 * for the writes to come. False on PostgreSQL, where the checkpointer does this.
 */
export async function checkpointWithoutCheckpointer(db: Db): Promise<boolean> {
  if (!(await isEmbeddedPglite(db))) return false;
  await db.$executeRawUnsafe("CHECKPOINT");
  return true;
}
