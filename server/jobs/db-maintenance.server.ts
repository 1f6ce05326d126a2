// The embedded database's upkeep (decision 0040): PGlite runs PostgreSQL in single-user mode, with no
// autovacuum, so nothing ever clears the dead row versions of the busiest tables (the analytics
// roll-ups, rewritten by every lead and conversation, and pg-boss's job tables) or refreshes their
// planner statistics. The hourly tick runs `VACUUM (ANALYZE)` of those tables there; on PostgreSQL,
// whose autovacuum launcher does it, the tick does nothing.
import type { Db } from "../db/client.server.ts";
import { JOB_SCHEMA } from "./queue/job-queue.server.ts";

/** The roll-up tables rewritten by every write of a lead or a conversation (decision 0040). */
export const HIGH_CHURN_TABLES = ["AnalyticsLeadDay", "AnalyticsConversationDay", "AnalyticsRevenueDay", "AnalyticsTeamHour"];

/** True when an autovacuum launcher keeps this database (PostgreSQL); false on PGlite, which has none. */
export async function hasAutovacuum(db: Db): Promise<boolean> {
  const [row] = await db.$queryRaw<{ n: bigint }[]>`SELECT COUNT(*) AS n FROM pg_stat_activity WHERE backend_type = 'autovacuum launcher'`;
  return Number(row?.n ?? 0) > 0;
}

/** Vacuums and analyzes the high-churn tables and pg-boss's tables when no autovacuum does; the tables it did, or [] on PostgreSQL. */
export async function vacuumWithoutAutovacuum(db: Db): Promise<string[]> {
  if (await hasAutovacuum(db)) return [];
  const jobTables = await db.$queryRaw<{ name: string }[]>`
    SELECT format('%I.%I', n.nspname, c.relname) AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = ${JOB_SCHEMA} AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY 1`;
  const tables = [...HIGH_CHURN_TABLES.map((t) => `"${t}"`), ...jobTables.map((t) => t.name)];
  // One table at a time: VACUUM runs outside a transaction, and a table dropped meanwhile only skips itself.
  for (const table of tables) await db.$executeRawUnsafe(`VACUUM (ANALYZE) ${table}`);
  return tables;
}
