// `npm run restore -- FILE` (decision 0073): into an empty PGlite data directory or an empty PostgreSQL
// database. Everything that can refuse is checked before anything is written: (PGlite) no app runs on
// the data directory; the whole file reads back with its checksum and row counts; its migration level
// is one this version knows and not newer; the target is empty (nothing at all, or the schema at the
// dump's level with no rows). Then the schema is made by the migrations up to the dump's level (the
// app applies the newer ones when it starts), the job layer's tables by pg-boss, and the rows go in,
// in one transaction with triggers and foreign-key checks off (session_replication_role = replica: a
// restored row is not a new event, and the analytics triggers must not count it twice). Should loading
// fail after all, the transaction rolls back and a schema made from nothing is removed again.
import { rm } from "node:fs/promises";
import path from "node:path";
import { openDatabase, type Database } from "../db/client.server.ts";
import { loadMigrations, migrate, type Migration, type SqlExecutor } from "../db/migrate.server.ts";
import { createJobQueue, JOB_SCHEMA } from "../jobs/queue/job-queue.server.ts";
import type { Logger } from "../shared/logger.ts";
import { BackupError, qualified, tableKey, type BackupManifest, type TableRef } from "./backup-format.ts";
import { DUMPED_TABLES_SQL, MIGRATION_LEVEL_SQL } from "./dump.server.ts";
import { opsRequest } from "./ops-socket.server.ts";
import { pgRestore, PG_DUMP_EXTENSION, verifyPgDump } from "./pg-dump.server.ts";
import { readBackup, verifyBackup } from "./read-backup.server.ts";

export type RestoreTarget = { databaseUrl?: string; dataDir: string };
export type RestoreResult = { manifest: BackupManifest; rows: Record<string, number>; ms: number };

const quiet: Logger = { info: () => {}, warn: () => {}, error: () => {} };

/** The migrations to apply for a dump at `level`; refuses a level this version does not have. */
export function migrationsUpTo(migrations: Migration[], level: string, file: string): Migration[] {
  const latest = migrations.at(-1)?.name ?? "";
  if (level > latest) {
    throw new BackupError(
      "newer",
      `${file} comes from a newer LeadBroom (migration level ${level}); this version knows up to ${latest}. ` +
        "Upgrade LeadBroom, then restore. Nothing was changed.",
    );
  }
  const index = migrations.findIndex((m) => m.name === level);
  if (index === -1) throw new BackupError("unknown_level", `${file} has migration level ${level}, which is not one of this version's migrations. Nothing was changed.`);
  return migrations.slice(0, index + 1);
}

/**
 * What the target holds: nothing (a new data directory or database: the restore migrates it), or the
 * schema at exactly the dump's migration level with no rows (`npm run db:migrate` on a new one: used
 * as it is). Anything else is refused.
 */
async function inspectTarget(database: Database, level: string, where: string): Promise<"fresh" | "prepared"> {
  const [tables] = await database.sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p') AND n.nspname IN ('public', '${JOB_SCHEMA}')`,
  );
  if (!tables?.n) return "fresh";
  const [log] = await database.sql.query<{ present: boolean }>(`SELECT to_regclass('public._prisma_migrations') IS NOT NULL AS present`);
  const [applied] = log?.present ? await database.sql.query<{ level: string | null }>(MIGRATION_LEVEL_SQL) : [];
  const refs = await database.sql.query<TableRef>(DUMPED_TABLES_SQL);
  const counts = refs.length
    ? await database.sql.query<{ n: number }>(refs.map((ref) => `SELECT (SELECT count(*) FROM ${qualified(ref)})::int AS n`).join(" UNION ALL "))
    : [];
  const rows = counts.reduce((sum, c) => sum + c.n, 0);
  if (applied?.level === level && rows === 0) return "prepared";
  throw new BackupError(
    "not_empty",
    `${where} is not empty (${rows} rows, migration level ${applied?.level ?? "none"}): restore into a new, empty ${database.kind === "pglite" ? "data directory" : "database"}. Nothing was changed.`,
  );
}

/** The target's own columns of a table (generated ones are computed, not restored). */
async function columnsOf(tx: SqlExecutor, ref: TableRef): Promise<string[]> {
  const rows = await tx.query<{ name: string }>(
    `SELECT attname AS name FROM pg_attribute
      WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`,
    [qualified(ref)],
  );
  if (rows.length === 0) throw new Error(`the table ${tableKey(ref)} does not exist at this migration level`);
  return rows.map((r) => `"${r.name.replaceAll('"', '""')}"`);
}

async function load(database: Database, file: string): Promise<Record<string, number>> {
  const rows: Record<string, number> = {};
  await database.sql.transaction(async (tx) => {
    await tx.exec("SET LOCAL session_replication_role = replica");
    const columns = new Map<string, string>();
    await readBackup(file, {
      async rows(ref, batch) {
        const key = tableKey(ref);
        let list = columns.get(key);
        if (!list) {
          list = (await columnsOf(tx, ref)).join(", ");
          columns.set(key, list);
        }
        // json_populate_recordset reads each value with its column's own input function (timestamps,
        // enums, arrays, bytea, json), exactly as the text row_to_json wrote.
        // Jobs of a queue this version no longer has are left out (pg-boss keeps a partition per queue).
        const known = key === `${JOB_SCHEMA}.job` ? ` WHERE name IN (SELECT name FROM ${JOB_SCHEMA}.queue)` : "";
        const [inserted] = await tx.query<{ n: number }>(
          `WITH inserted AS (INSERT INTO ${qualified(ref)} (${list}) OVERRIDING SYSTEM VALUE
             SELECT ${list} FROM json_populate_recordset(NULL::${qualified(ref)}, $1::json)${known} RETURNING 1)
           SELECT count(*)::int AS n FROM inserted`,
          [`[${batch.join(",")}]`],
        );
        rows[key] = (rows[key] ?? 0) + (inserted?.n ?? 0);
      },
    });
  });
  return rows;
}

/** Empties a target this restore migrated from nothing, after a failure. */
async function emptyTarget(database: Database | null, target: RestoreTarget): Promise<void> {
  if (!target.databaseUrl) {
    await database?.close().catch(() => undefined);
    await rm(path.join(target.dataDir, "pglite"), { recursive: true, force: true });
    return;
  }
  if (!database) return;
  try {
    await database.sql.exec(`DROP SCHEMA IF EXISTS ${JOB_SCHEMA} CASCADE`);
    await database.sql.exec("DROP SCHEMA public CASCADE");
    await database.sql.exec("CREATE SCHEMA public");
  } finally {
    await database.close();
  }
}

export async function restoreBackup(file: string, target: RestoreTarget, options: { logger?: Logger; migrations?: Migration[] } = {}): Promise<RestoreResult> {
  const started = Date.now();
  const logger = options.logger ?? quiet;
  if (!target.databaseUrl && (await opsRequest(target.dataDir, "GET", "/status"))) {
    throw new BackupError("app_running", `LeadBroom is running on ${target.dataDir}: stop it, and restore into an empty data directory. Nothing was changed.`);
  }
  logger.info(`Checking ${file}…`);
  const fromPgDump = file.endsWith(PG_DUMP_EXTENSION);
  if (fromPgDump && !target.databaseUrl) throw new BackupError("foreign", `${file} is a pg_dump backup: it restores into PostgreSQL (set DATABASE_URL). Nothing was changed.`);
  const manifest = fromPgDump ? await verifyPgDump(file) : await verifyBackup(file);
  const migrations = migrationsUpTo(options.migrations ?? (await loadMigrations()), manifest.migrationLevel, file);
  const total = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
  logger.info(`${file}: ${manifest.database} backup of ${manifest.createdAt}, migration level ${manifest.migrationLevel}, ${total} rows. Restoring…`);

  const database = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
  let state: "fresh" | "prepared";
  try {
    state = await inspectTarget(database, manifest.migrationLevel, target.databaseUrl ? "The database" : path.join(target.dataDir, "pglite"));
  } catch (error) {
    await database.close();
    throw error;
  }
  if (fromPgDump) {
    await database.close();
    if (state !== "fresh") throw new BackupError("not_empty", "pg_restore needs a database with no tables: create a new one (createdb). Nothing was changed.");
    // One transaction (--single-transaction): a failure leaves the database as empty as it was.
    await pgRestore(file, target.databaseUrl!);
    return { manifest, rows: manifest.tables, ms: Date.now() - started };
  }
  try {
    if (state === "fresh") await migrate(database.sql, migrations);
    // The job layer's schema and queues, as the app makes them at start.
    const jobs = await createJobQueue({ sql: database.sql, logger: quiet, soleProcess: database.kind === "pglite" });
    await jobs.stop();
    const rows = await load(database, file);
    await database.close();
    return { manifest, rows, ms: Date.now() - started };
  } catch (error) {
    // The rows go in one transaction (rolled back); what the migrations made from nothing is removed.
    if (state === "fresh") await emptyTarget(database, target).catch((cleanup: unknown) => logger.error(`Could not empty the target after the failure: ${(cleanup as Error).message}`));
    else await database.close().catch(() => undefined);
    if (error instanceof BackupError) throw error;
    throw new BackupError("failed", `The restore failed and the target was left as it was: ${(error as Error).message}`);
  }
}
