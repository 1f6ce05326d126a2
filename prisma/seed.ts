// `npm run db:seed`: migrates and creates the demo business, account and sample leads (idempotent).
import { parseEnv } from "../server/config/env.server.ts";
import { openDatabase } from "../server/db/client.server.ts";
import { loadMigrations, migrate } from "../server/db/migrate.server.ts";
import { DEMO, ensureDemoData } from "../server/demo/demo-data.server.ts";

const env = parseEnv(process.env);
const db = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  await migrate(db.sql, await loadMigrations());
  const { created } = await ensureDemoData(db.prisma);
  console.log(created ? `Demo data created: sign in as ${DEMO.email} / ${DEMO.password}` : "Demo data already present.");
} finally {
  await db.close();
}
