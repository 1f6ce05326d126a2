// The LeadBroom process: validate the environment, open and migrate the database, make sure the demo
// account exists, then serve everything on one port. `--dev` serves the dashboard through Vite.
import { EnvError, parseEnv } from "./config/env.server.ts";
import { resolveSessionSecret } from "./config/session-secret.server.ts";
import { openDatabase } from "./db/client.server.ts";
import { loadMigrations, migrate } from "./db/migrate.server.ts";
import { ensureDemoData, DEMO } from "./demo/demo-data.server.ts";
import { ensureSiteChatbot } from "./demo/site-chatbot.server.ts";
import { createApplication } from "./app.server.ts";
import { closeServices, createServices } from "./services.server.ts";
import { startJobWorkers } from "./jobs/handlers.server.ts";
import { createJobQueue } from "./jobs/queue/job-queue.server.ts";
import { QUEUES } from "./jobs/queue/queues.ts";
import { createLogger } from "./observability/logger.server.ts";
import { createMetrics } from "./observability/metrics.server.ts";

const dev = process.argv.includes("--dev");

let env;
try {
  env = parseEnv({ ...process.env, NODE_ENV: process.env.NODE_ENV ?? (dev ? "development" : "production") });
} catch (error) {
  if (error instanceof EnvError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

// JSON lines on stdout (decision 0075); the metrics of this instance, counted from the job queue on.
const logger = createLogger({ level: env.LOG_LEVEL });
const metrics = createMetrics({ queues: QUEUES.map((q) => q.name) });

if (env.MOCKS) {
  // Development only (the env module refuses MOCKS in production): OpenAI answered in-process by the
  // test handlers, so the AI assistant runs without a key. Loaded only here, never in production.
  const [{ setupServer }, { createOpenAiMock }] = await Promise.all([import("msw/node"), import("../tests/mocks/openai.ts")]);
  setupServer(...createOpenAiMock({ chunkDelayMs: 30 }).handlers).listen({ onUnhandledRequest: "bypass" });
  logger.info("MOCKS=true: OpenAI calls are answered by tests/mocks/openai.ts");
}

const db = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
const migrations = await migrate(db.sql, await loadMigrations());
if (migrations.applied.length) logger.info(`Applied migrations: ${migrations.applied.join(", ")}`);
await ensureSiteChatbot(db.prisma, env.SITE_CHATBOT_KEY);
if (env.SEED_DEMO) {
  const { created } = await ensureDemoData(db.prisma);
  // No address at info (decision 0075): the README names the demo account's.
  if (created) logger.info(`Demo account created: the README's demo account (password ${DEMO.password}, site key ${DEMO.siteKey})`);
}

const services = createServices({
  env,
  db: db.prisma,
  jobs: await createJobQueue({ sql: db.sql, logger, soleProcess: db.kind === "pglite", metrics }),
  sessionSecret: await resolveSessionSecret(env.SESSION_SECRET, env.DATA_DIR),
  logger,
  metrics,
});
const app = await createApplication(services, { mode: dev ? "development" : "production" });
// The durable job workers and schedules (DESIGN §10): mail, domain events, the daily ticks.
await startJobWorkers(services, app.workspaceEvents);

app.httpServer.listen(env.PORT, env.HOST, () => {
  const storage = db.kind === "pglite" ? `PGlite in ${env.DATA_DIR}` : "PostgreSQL";
  logger.info(`LeadBroom listening on ${env.PUBLIC_APP_URL} (${dev ? "development" : "production"}, ${storage}, mail: ${services.mailer.describe()})`);
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info(`${signal} received, shutting down…`);
  await app.close();
  await closeServices(services);
  await db.close();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
