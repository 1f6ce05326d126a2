// A migrated PGlite data directory that test servers copy instead of creating their own: a fresh
// PGlite directory runs initdb in WebAssembly, about 5–7 s on a 2-core machine, while copying a
// ready one (40 MB) and opening it takes about 2 s. Made once per test run by the Vitest global
// setup (tests/support/global-setup.ts), which passes its path to the test workers in
// LB_PGLITE_TEMPLATE; without it (benchmarks, a single file run by hand) every server initialises its
// own directory as before. The template holds the migrations and pg-boss's schema only: each server still runs the
// migration check (a no-op) and seeds what it asks for.
import { cp, mkdtemp, rename, rm } from "node:fs/promises";
import { existsSync } from "node:fs";
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { openDatabase, type Database } from "#server/db/client.server.ts";
import { loadMigrations, migrate, type Migration } from "#server/db/migrate.server.ts";
import { createJobQueue } from "#server/jobs/queue/job-queue.server.ts";
import { ensureDemoData } from "#server/demo/demo-data.server.ts";

export const TEMPLATE_ENV = "LB_PGLITE_TEMPLATE";
/** A second template with the fixed demo business seeded (its year of history takes seconds to insert). */
export const DEMO_TEMPLATE_ENV = "LB_PGLITE_DEMO_TEMPLATE";

/** Creates the template (a data dir whose `pglite/` folder is migrated) unless it exists; returns its path. */
export async function createPgliteTemplate(): Promise<string> {
  const migrations = await loadMigrations();
  const key = createHash("sha256")
    .update(migrations.map((m) => `${m.name}:${m.checksum}`).join("\n"))
    .digest("hex")
    .slice(0, 16);
  const target = path.join(os.tmpdir(), `leadbroom-pglite-template-${process.pid}-${key}`);
  if (existsSync(target)) return target;
  const building = await mkdtemp(path.join(os.tmpdir(), "leadbroom-pglite-building-"));
  await migrateTemplate(await openDatabase({ dataDir: building }), migrations);
  // Atomic: a concurrent builder (another project's global setup) loses the rename and cleans up.
  await rename(building, target).catch(async () => rm(building, { recursive: true, force: true }));
  return target;
}

/** Migrates a template database and closes it (also used for PostgreSQL's, postgres-template.ts). */
export async function migrateTemplate(database: Database, migrations: Migration[]): Promise<void> {
  try {
    await migrate(database.sql, migrations);
    // pg-boss creates its own schema at its first start: do it once here too.
    const jobs = await createJobQueue({ sql: database.sql, logger: console, soleProcess: true });
    await jobs.stop();
  } finally {
    await database.close();
  }
}

/**
 * The template plus the fixed demo business (ensureDemoData), made once per run so the servers that seed
 * the demo (most of them) copy it ready instead of inserting its year of sample history each.
 */
export async function createPgliteDemoTemplate(template: string): Promise<string> {
  const target = `${template}-demo`;
  if (existsSync(target)) return target;
  const building = await mkdtemp(path.join(os.tmpdir(), "leadbroom-pglite-building-"));
  await cp(path.join(template, "pglite"), path.join(building, "pglite"), { recursive: true });
  const database = await openDatabase({ dataDir: building });
  try {
    await ensureDemoData(database.prisma);
  } finally {
    await database.close();
  }
  await rename(building, target).catch(async () => rm(building, { recursive: true, force: true }));
  return target;
}

/** Copies the template's database (with the demo business when asked and made) into `dataDir` when this run has one; false otherwise. */
export async function copyPgliteTemplate(dataDir: string, withDemo = false): Promise<boolean> {
  const template = (withDemo ? process.env[DEMO_TEMPLATE_ENV] : undefined) ?? process.env[TEMPLATE_ENV];
  if (!template || !existsSync(path.join(template, "pglite"))) return false;
  await copyDirectory(path.join(template, "pglite"), path.join(dataDir, "pglite"));
  return true;
}

/**
 * The system's `cp -R` where there is one: the template is about 1,500 files, and Node's `fs.cp` spent
 * about 2 s of CPU per copy on them against under 1 s for `cp` (decision 0070); `fs.cp` otherwise.
 */
async function copyDirectory(from: string, to: string): Promise<void> {
  const copied = await new Promise<boolean>((resolve) => {
    execFile("cp", ["-R", from, to], (error) => resolve(!error));
  });
  if (!copied) {
    await rm(to, { recursive: true, force: true });
    await cp(from, to, { recursive: true });
  }
}
