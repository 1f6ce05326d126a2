// On PostgreSQL (DATABASE_URL), the same idea as pglite-template.ts: the run's global setup migrates one
// template database (pg-boss's schema included) and a second one with the demo business seeded, and each
// test server's scratch database is `CREATE DATABASE … TEMPLATE` of one of them, a file copy inside
// the server, instead of running the 38 migrations and inserting the demo's year of history again for
// every file (about 50 s a file at load 28 here, most of it the demo; decision 0070). The migrations
// still run on a real PostgreSQL in every pass: once, into the template, by the same `migrate`.
import { createHash } from "node:crypto";
import pg from "pg";
import { openDatabase } from "#server/db/client.server.ts";
import { loadMigrations } from "#server/db/migrate.server.ts";
import { ensureDemoData } from "#server/demo/demo-data.server.ts";
import { migrateTemplate } from "./pglite-template.ts";

export const PG_TEMPLATE_ENV = "LB_PG_TEMPLATE";
export const PG_DEMO_TEMPLATE_ENV = "LB_PG_DEMO_TEMPLATE";

async function admin<T>(adminUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Creates `name` (from `template` when given), runs `fill` on it and closes every connection to it. */
async function buildTemplate(adminUrl: string, name: string, template: string | null, fill: (url: string) => Promise<void>): Promise<void> {
  await admin(adminUrl, (c) => c.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ""}`));
  try {
    await fill(databaseUrl(adminUrl, name));
  } catch (error) {
    await dropTemplate(adminUrl, name);
    throw error;
  }
}

/** Makes the two template databases for this run; returns their names (set them in the env vars above). */
export async function createPostgresTemplates(adminUrl: string): Promise<{ migrated: string; demo: string }> {
  const migrations = await loadMigrations();
  const key = createHash("sha256")
    .update(migrations.map((m) => `${m.name}:${m.checksum}`).join("\n"))
    .digest("hex")
    .slice(0, 10);
  const migrated = `lb_template_${process.pid}_${key}`;
  const demo = `${migrated}_demo`;
  await buildTemplate(adminUrl, migrated, null, async (url) =>
    migrateTemplate(await openDatabase({ databaseUrl: url, dataDir: "unused" }), migrations),
  );
  await buildTemplate(adminUrl, demo, migrated, async (url) => {
    const database = await openDatabase({ databaseUrl: url, dataDir: "unused" });
    try {
      await ensureDemoData(database.prisma);
    } finally {
      await database.close();
    }
  });
  return { migrated, demo };
}

export async function dropTemplate(adminUrl: string, name: string): Promise<void> {
  await admin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

/** The template database a scratch database should copy in this run (with the demo business when asked), if any. */
export function postgresTemplate(withDemo: boolean): string | undefined {
  return (withDemo ? process.env[PG_DEMO_TEMPLATE_ENV] : undefined) ?? process.env[PG_TEMPLATE_ENV];
}

/**
 * A Vitest global setup's part for PostgreSQL: makes this run's two templates on `adminUrl` (unless a
 * global setup of this run did already), passes their names to the workers and returns the teardown.
 */
export async function setupPostgresTemplates(adminUrl: string): Promise<() => Promise<void>> {
  if (process.env[PG_TEMPLATE_ENV]) return async () => {};
  const { migrated, demo } = await createPostgresTemplates(adminUrl);
  process.env[PG_TEMPLATE_ENV] = migrated;
  process.env[PG_DEMO_TEMPLATE_ENV] = demo;
  return async () => {
    await dropTemplate(adminUrl, demo);
    await dropTemplate(adminUrl, migrated);
  };
}
