// The LeadBroom process: validate the environment, open and migrate the database, make sure the demo
// account exists, then serve everything on one port. `--dev` serves the dashboard through Vite.
import { EnvError, parseEnv, type Env } from "./config/env.server.ts";
import { resolveSessionSecret } from "./config/session-secret.server.ts";
import { openDatabase } from "./db/client.server.ts";
import { loadMigrations, migrate } from "./db/migrate.server.ts";
import { ensureDemoData, DEMO } from "./demo/demo-data.server.ts";
import { ensureSiteChatbot } from "./demo/site-chatbot.server.ts";
import { createApplication } from "./app.server.ts";
import { closeServices, createServices } from "./services.server.ts";
import { startJobWorkers } from "./jobs/handlers.server.ts";
import { createJobQueue } from "./jobs/queue/job-queue.server.ts";
import { startOpsSocket } from "./backup/ops-socket.server.ts";
import { backupNow } from "./backup/backups.server.ts";
import { QUEUES } from "./jobs/queue/queues.ts";
import { createLogger } from "./observability/logger.server.ts";
import { createMetrics } from "./observability/metrics.server.ts";

const dev = process.argv.includes("--dev");

let env: Env;
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

// PGlite: `npm run backup` asks this process for a backup through DATA_DIR/ops.sock (decision 0073). Opened
// first, so a second process on the same data directory stops here instead of opening PGlite twice.
let backupTarget: Parameters<typeof backupNow>[0] | null = null;
const ops = env.DATABASE_URL
  ? null
  : await startOpsSocket({
      dataDir: env.DATA_DIR,
      backup: (file) => (backupTarget ? backupNow(backupTarget, file) : Promise.reject(new Error("the app is still starting"))),
      logger: console,
    });
const db = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, poolMax: env.DATABASE_POOL_MAX, backgroundSlots: env.DATABASE_BACKGROUND_SLOTS });
if (db.kind === "pglite") backupTarget = { db: db.prisma, database: "pglite", dataDir: env.DATA_DIR };
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
  backgroundDb: db.background.prisma,
  jobs: await createJobQueue({ sql: db.background.sql, logger, soleProcess: db.kind === "pglite", metrics }),
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
/**
 * SIGTERM (a rolling restart, a scale-down) drains first (DESIGN §21): new connections are refused, the
 * connected widgets and workspaces are told to reconnect to another instance within a jittered window,
 * the chat turns and jobs in flight finish, all within SHUTDOWN_TIMEOUT_MS; then the process exits. What
 * is not done by then is left to the other instances (turn recovery, the job queue's retries).
 */
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  const deadline = Date.now() + env.SHUTDOWN_TIMEOUT_MS;
  // The last resort: a stuck close must not keep a terminated instance alive.
  setTimeout(() => {
    console.error(`${signal}: shutdown did not finish within ${env.SHUTDOWN_TIMEOUT_MS + 2_000} ms, exiting`);
    process.exit(1);
  }, env.SHUTDOWN_TIMEOUT_MS + 2_000).unref();
  console.info(`${signal} received, draining…`);
  const drained = await app.drain({ reconnectWithinMs: env.SHUTDOWN_RECONNECT_WINDOW_MS, deadline });
  console.info(
    `Drained in ${drained.ms} ms: ${drained.told} sockets told to reconnect, ${drained.closed} closed, ` +
      `chat turns ${drained.turnsFinished ? "finished" : "left to the other instances"}; shutting down…`,
  );
  logger.info(`${signal} received, shutting down…`);
  await app.close();
  await ops?.close();
  await closeServices(services);
  await db.close();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
