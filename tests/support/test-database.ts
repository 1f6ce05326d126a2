// A migrated database of its own for a test file, without a server: a scratch database on the server
// named by DATABASE_URL, or a PGlite directory copied from this run's template.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { openDatabase, type Database, type DatabaseOptions } from "#server/db/client.server.ts";
import { loadMigrations, migrate } from "#server/db/migrate.server.ts";
import { copyPgliteTemplate } from "./pglite-template.ts";
import { createScratchDatabase } from "./test-server.ts";

export async function openTestDatabase(
  name: string,
  options: Pick<DatabaseOptions, "backgroundSlots"> = {},
): Promise<{ database: Database; close(): Promise<void> }> {
  let database: Database;
  let cleanUp: () => Promise<void>;
  if (process.env.DATABASE_URL) {
    const scratch = await createScratchDatabase(process.env.DATABASE_URL);
    database = await openDatabase({ databaseUrl: scratch.url, dataDir: "unused", ...options });
    cleanUp = () => scratch.drop();
  } else {
    const dir = await mkdtemp(path.join(os.tmpdir(), `leadbroom-${name}-`));
    await copyPgliteTemplate(dir);
    database = await openDatabase({ dataDir: dir, ...options });
    cleanUp = () => rm(dir, { recursive: true, force: true });
  }
  await migrate(database.sql, await loadMigrations());
  return {
    database,
    async close() {
      await database.close();
      await cleanUp();
    },
  };
}
