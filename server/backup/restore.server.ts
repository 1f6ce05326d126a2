// `npm run restore -- FILE` (decision 0073): into an empty PGlite data directory or an empty PostgreSQL
// database. Everything that can refuse is checked before anything is written: the target is empty and
// (PGlite) no app runs on it; the whole file reads back with its checksum and row counts; its migration
// level is one this version knows and not newer. Then the schema is made by the migrations up to the
// dump's level (the app applies the newer ones when it starts), the job layer's tables by pg-boss, and
// the rows go in, in one transaction with triggers and foreign-key checks off (session_replication_role
// = replica: a restored row is not a new event, and the analytics triggers must not count it twice).
// Should loading fail after all, the target is emptied again.
import { readdir, rm } from "node:fs/promises";
import path from "node:path";
import { openDatabase, type Database } from "../db/client.server.ts";
import { loadMigrations, migrate, type Migration, type SqlExecutor } from "../db/migrate.server.ts";
import { createJobQueue, JOB_SCHEMA } from "../jobs/queue/job-queue.server.ts";
import type { Logger } from "../shared/logger.ts";
import { BackupError, qualified, tableKey, type BackupManifest, type TableRef } from "./backup-format.ts";
import { opsRequest } from "./ops-socket.server.ts";
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

async function pgliteDirIsEmpty(dataDir: string): Promise<boolean> {
  const entries = await readdir(path.join(dataDir, "pglite")).catch(() => [] as string[]);
  return entries.length === 0;
}

async function postgresIsEmpty(databaseUrl: string): Promise<boolean> {
  const pg = (await import("pg")).default;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S') AND n.nspname IN ('public', $1)`,
      [JOB_SCHEMA],
    );
    return rows[0]?.n === 0;
  } finally {
    await client.end();
  }
}

/** Refuses a target that is not empty, or a data directory an app is running on. */
async function checkTarget(target: RestoreTarget): Promise<void> {
  if (target.databaseUrl) {
    if (!(await postgresIsEmpty(target.databaseUrl))) {
      throw new BackupError("not_empty", "The database is not empty: restore into a new, empty database (createdb) and point DATABASE_URL at it. Nothing was changed.");
    }
    return;
  }
  if (await opsRequest(target.dataDir, "GET", "/status")) {
    throw new BackupError("app_running", `LeadBroom is running on ${target.dataDir}: stop it, and restore into an empty data directory. Nothing was changed.`);
  }
  if (!(await pgliteDirIsEmpty(target.dataDir))) {
    throw new BackupError("not_empty", `${path.join(target.dataDir, "pglite")} is not empty: restore into an empty data directory (move the old one aside). Nothing was changed.`);
  }
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
        await tx.query(
          `INSERT INTO ${qualified(ref)} (${list}) OVERRIDING SYSTEM VALUE SELECT ${list} FROM json_populate_recordset(NULL::${qualified(ref)}, $1::json)`,
          [`[${batch.join(",")}]`],
        );
        rows[key] = (rows[key] ?? 0) + batch.length;
      },
    });
  });
  return rows;
}

/** Empties a target this restore filled, after a failure. */
async function emptyTarget(target: RestoreTarget): Promise<void> {
  if (!target.databaseUrl) return rm(path.join(target.dataDir, "pglite"), { recursive: true, force: true });
  const pg = (await import("pg")).default;
  const client = new pg.Client({ connectionString: target.databaseUrl });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${JOB_SCHEMA} CASCADE; DROP SCHEMA public CASCADE; CREATE SCHEMA public`);
  } finally {
    await client.end();
  }
}

export async function restoreBackup(file: string, target: RestoreTarget, options: { logger?: Logger; migrations?: Migration[] } = {}): Promise<RestoreResult> {
  const started = Date.now();
  const logger = options.logger ?? quiet;
  await checkTarget(target);
  logger.info(`Checking ${file}…`);
  const manifest = await verifyBackup(file);
  const migrations = migrationsUpTo(options.migrations ?? (await loadMigrations()), manifest.migrationLevel, file);
  logger.info(`${file}: ${manifest.database} backup of ${manifest.createdAt}, migration level ${manifest.migrationLevel}, ${Object.values(manifest.tables).reduce((a, b) => a + b, 0)} rows. Restoring…`);

  let database: Database | null = null;
  try {
    database = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
    await migrate(database.sql, migrations);
    // The job layer's schema and queues, as the app makes them at start.
    const jobs = await createJobQueue({ sql: database.sql, logger: quiet, soleProcess: database.kind === "pglite" });
    await jobs.stop();
    const rows = await load(database, file);
    return { manifest, rows, ms: Date.now() - started };
  } catch (error) {
    await database?.close().catch(() => undefined);
    database = null;
    await emptyTarget(target).catch((cleanup: unknown) => logger.error(`Could not empty the target after the failure: ${(cleanup as Error).message}`));
    if (error instanceof BackupError) throw error;
    throw new BackupError("failed", `The restore failed and the target was emptied again: ${(error as Error).message}`);
  } finally {
    await database?.close();
  }
}
