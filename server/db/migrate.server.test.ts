// The migration runner against a real in-memory PGlite.
import { createHash } from "node:crypto";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultMigrationsDir, loadMigrations, migrate, type Migration, type SqlRunner } from "./migrate.server.ts";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

function synthetic(name: string, sql: string): Migration {
  return { name, sql, checksum: sha256(sql) };
}

function runnerFor(pg: PGlite): SqlRunner {
  return {
    async exec(sql) {
      await pg.exec(sql);
    },
    async query<T>(sql: string, params: unknown[] = []) {
      return (await pg.query<T>(sql, params)).rows;
    },
    async transaction(fn) {
      await pg.transaction(async (tx) => {
        await fn({
          exec: async (sql) => {
            await tx.exec(sql);
          },
          query: async <T>(sql: string, params: unknown[] = []) => (await tx.query<T>(sql, params)).rows,
        });
      });
    },
  };
}

type MigrationRow = {
  id: string;
  checksum: string;
  finished_at: Date | null;
  migration_name: string;
  logs: string | null;
  rolled_back_at: Date | null;
  started_at: Date;
  applied_steps_count: number;
};

let pg: PGlite;
let sql: SqlRunner;
let real: Migration[];

async function tableNames(): Promise<string[]> {
  const rows = await sql.query<{ table_name: string }>(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
  );
  return rows.map((r) => r.table_name);
}

async function migrationRows(): Promise<MigrationRow[]> {
  return sql.query<MigrationRow>(`SELECT * FROM "_prisma_migrations" ORDER BY migration_name`);
}

beforeAll(async () => {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pgliteExtensions } = await import("./pglite-extensions.ts");
  pg = new PGlite({ extensions: pgliteExtensions });
  await pg.waitReady;
  sql = runnerFor(pg);
  real = await loadMigrations();
}, 120_000);

afterAll(async () => {
  await pg?.close();
});

describe("loadMigrations", () => {
  it("reads every migration directory of prisma/migrations with the sha256 of its file", async () => {
    expect(real.length).toBeGreaterThan(0);
    expect(real.map((m) => m.name)).toEqual([...real.map((m) => m.name)].sort());
    for (const migration of real) {
      expect(migration.name).toMatch(/^\d{14}_\w+$/);
      const text = await readFile(path.join(defaultMigrationsDir, migration.name, "migration.sql"), "utf8");
      expect(migration.sql).toBe(text);
      expect(migration.checksum).toBe(sha256(text));
      expect(migration.checksum).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it("sorts directories by name and ignores plain files", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "lb-migrations-"));
    try {
      for (const [name, text] of [
        ["20260102000000_second", "SELECT 2;"],
        ["20260101000000_first", "SELECT 1;"],
      ]) {
        await mkdir(path.join(dir, name!));
        await writeFile(path.join(dir, name!, "migration.sql"), text!);
      }
      await writeFile(path.join(dir, "schema.snapshot.prisma"), "// not a migration");
      expect(await loadMigrations(dir)).toEqual([
        { name: "20260101000000_first", sql: "SELECT 1;", checksum: sha256("SELECT 1;") },
        { name: "20260102000000_second", sql: "SELECT 2;", checksum: sha256("SELECT 2;") },
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

// The tests below share one database and run in order.
describe("migrate", () => {
  it("applies the real migrations to an empty database", async () => {
    expect(await tableNames()).toEqual([]);
    const result = await migrate(sql, real);
    expect(result).toEqual({ applied: real.map((m) => m.name), alreadyApplied: 0 });
    const tables = await tableNames();
    for (const table of ["Business", "Lead", "Session", "User", "Membership", "Chatbot", "_prisma_migrations"]) {
      expect(tables).toContain(table);
    }
  });

  it("records each migration with its checksum, finished_at and one step", async () => {
    const rows = await migrationRows();
    expect(rows.map((r) => r.migration_name)).toEqual(real.map((m) => m.name));
    for (const [i, row] of rows.entries()) {
      const migration = real[i]!;
      expect(row.checksum).toBe(sha256(migration.sql));
      expect(row.checksum).toBe(migration.checksum);
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.started_at).toBeInstanceOf(Date);
      expect(row.finished_at!.getTime()).toBeGreaterThanOrEqual(row.started_at.getTime() - 1000);
      expect(row.rolled_back_at).toBeNull();
      expect(row.logs).toBeNull();
      expect(row.applied_steps_count).toBe(1);
      expect(row.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });

  it("applies nothing on a second run", async () => {
    const before = await migrationRows();
    expect(await migrate(sql, real)).toEqual({ applied: [], alreadyApplied: real.length });
    expect(await migrationRows()).toEqual(before);
  });

  it("applies only the new migration when one is added", async () => {
    const added = synthetic("29990101000000_add_probe", 'CREATE TABLE "Probe" (id INTEGER PRIMARY KEY);');
    expect(await migrate(sql, [...real, added])).toEqual({ applied: [added.name], alreadyApplied: real.length });
    expect(await tableNames()).toContain("Probe");
    const rows = await migrationRows();
    expect(rows.find((r) => r.migration_name === added.name)?.checksum).toBe(added.checksum);
  });

  it("rolls a failing migration back entirely: no partial table, no record", async () => {
    const good = synthetic("29990102000000_good", 'CREATE TABLE "GoodTable" (id INTEGER);');
    const bad = synthetic(
      "29990103000000_bad",
      'CREATE TABLE "PartialTable" (id INTEGER);\nINSERT INTO "PartialTable" VALUES (1);\nSELECT * FROM "NoSuchTable";',
    );
    const after = synthetic("29990104000000_after", 'CREATE TABLE "AfterTable" (id INTEGER);');

    await expect(migrate(sql, [...real, good, bad, after])).rejects.toThrow(/NoSuchTable/);

    const tables = await tableNames();
    expect(tables).not.toContain("PartialTable");
    expect(tables).not.toContain("AfterTable");
    // Each migration has its own transaction: the one before the failure stays applied.
    expect(tables).toContain("GoodTable");
    const names = (await migrationRows()).map((r) => r.migration_name);
    expect(names).toContain(good.name);
    expect(names).not.toContain(bad.name);
    expect(names).not.toContain(after.name);

    // The database is still usable, and a fixed migration applies on the next run.
    const fixed = synthetic(bad.name, 'CREATE TABLE "PartialTable" (id INTEGER);');
    expect(await migrate(sql, [...real, good, fixed])).toEqual({
      applied: [fixed.name],
      alreadyApplied: real.length + 1, // the real ones and good (the probe is not listed)
    });
  });

  it("refuses a migration whose file changed after it was applied", async () => {
    const first = real[0]!;
    const edited: Migration = { ...first, sql: `${first.sql}\n-- edited`, checksum: sha256(`${first.sql}\n-- edited`) };
    const before = await migrationRows();
    await expect(migrate(sql, [edited, ...real.slice(1)])).rejects.toThrow(
      `Migration ${first.name} was changed after it was applied (checksum mismatch).`,
    );
    expect(await migrationRows()).toEqual(before);
  });

  it("refuses a changed synthetic migration too, before applying later ones", async () => {
    const original = synthetic("29990105000000_original", 'CREATE TABLE "Original" (id INTEGER);');
    await migrate(sql, [original]);
    const changed = synthetic(original.name, 'CREATE TABLE "Original" (id BIGINT);');
    const later = synthetic("29990106000000_later", 'CREATE TABLE "Later" (id INTEGER);');
    await expect(migrate(sql, [changed, later])).rejects.toThrow(/checksum mismatch/);
    expect(await tableNames()).not.toContain("Later");
  });
});
