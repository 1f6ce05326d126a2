// Applies prisma/migrations/*/migration.sql in order, each in its own transaction, recording them
// in Prisma's own `_prisma_migrations` table (same checksum) so `prisma migrate status` agrees.
// Works the same on PGlite and PostgreSQL; see docs/decisions/0002-migrations-applied-by-own-runner.md.
import { createHash, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

export type SqlExecutor = {
  exec(sql: string): Promise<void>;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /**
   * LISTEN on `channel`: `onNotify` runs for each notification (after the notifying transaction
   * commits) with its payload, and without one when notifications may have been missed (a connection
   * opened again). Resolves to a function that stops listening. Absent where the executor cannot listen.
   */
  listen?(channel: string, onNotify: (payload?: string) => void): Promise<() => Promise<void>>;
};

export type SqlRunner = SqlExecutor & {
  transaction(fn: (tx: SqlExecutor) => Promise<void>): Promise<void>;
};

export type Migration = { name: string; sql: string; checksum: string };

export const defaultMigrationsDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../prisma/migrations",
);

/** A constant key for pg_advisory_xact_lock so concurrent instances migrate one at a time. */
const MIGRATION_LOCK_KEY = 7_270_736_901;

export async function loadMigrations(dir = defaultMigrationsDir): Promise<Migration[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    }),
  );
}

export type MigrationResult = { applied: string[]; alreadyApplied: number };

export async function migrate(sql: SqlRunner, migrations: Migration[]): Promise<MigrationResult> {
  await sql.exec(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id" VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum" VARCHAR(64) NOT NULL,
    "finished_at" TIMESTAMPTZ,
    "migration_name" VARCHAR(255) NOT NULL,
    "logs" TEXT,
    "rolled_back_at" TIMESTAMPTZ,
    "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count" INTEGER NOT NULL DEFAULT 0
  )`);

  // One read first: on every start but the first after a deploy, everything is applied already, and a
  // locked transaction per migration (four round trips each, for every migration) cost each start
  // about 0.3 s. What is applied with a matching checksum stays applied; the rest go through the lock.
  const finished = new Map(
    (
      await sql.query<{ migration_name: string; checksum: string }>(
        `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
      )
    ).map((row) => [row.migration_name, row.checksum]),
  );
  const applied: string[] = [];
  let alreadyApplied = 0;
  for (const migration of migrations) {
    if (finished.get(migration.name) === migration.checksum) {
      alreadyApplied += 1;
      continue;
    }
    let didApply = false;
    await sql.transaction(async (tx) => {
      await tx.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK_KEY]);
      const rows = await tx.query<{ checksum: string }>(
        `SELECT checksum FROM "_prisma_migrations"
         WHERE migration_name = $1 AND finished_at IS NOT NULL AND rolled_back_at IS NULL`,
        [migration.name],
      );
      const existing = rows[0];
      if (existing) {
        if (existing.checksum !== migration.checksum) {
          throw new Error(
            `Migration ${migration.name} was changed after it was applied (checksum mismatch). ` +
              "Create a new migration instead of editing an applied one.",
          );
        }
        return;
      }
      const startedAt = new Date();
      await tx.exec(migration.sql);
      await tx.query(
        `INSERT INTO "_prisma_migrations"
           (id, checksum, finished_at, migration_name, logs, started_at, applied_steps_count)
         VALUES ($1, $2, now(), $3, NULL, $4, 1)`,
        [randomUUID(), migration.checksum, migration.name, startedAt],
      );
      didApply = true;
    });
    if (didApply) applied.push(migration.name);
    else alreadyApplied += 1;
  }
  return { applied, alreadyApplied };
}
