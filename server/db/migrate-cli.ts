// `npm run db:migrate`: applies pending migrations to DATABASE_URL or the PGlite in DATA_DIR.
import { parseEnv } from "../config/env.server.ts";
import { openDatabase } from "./client.server.ts";
import { loadMigrations, migrate } from "./migrate.server.ts";

const env = parseEnv(process.env);
const db = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  const result = await migrate(db.sql, await loadMigrations());
  console.log(
    `Migrations: ${result.applied.length} applied${result.applied.length ? ` (${result.applied.join(", ")})` : ""}, ` +
      `${result.alreadyApplied} already applied (${db.kind}).`,
  );
} finally {
  await db.close();
}
