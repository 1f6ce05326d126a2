// Starts the real LeadBroom server (production build of the dashboard) on a free port against a fresh
// database: a new PGlite directory, or — when DATABASE_URL is set — a new database on that server,
// dropped afterwards. Used by the integration and end-to-end suites.
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { createApplication, dashboardBuildDir, type Application } from "#server/app.server.ts";
import type { AuthLimits } from "#server/auth/limiter.server.ts";
import type { WidgetLimits } from "#server/realtime/rate-limits.server.ts";
import { parseEnv } from "#server/config/env.server.ts";
import { openDatabase, type Database } from "#server/db/client.server.ts";
import { loadMigrations, migrate } from "#server/db/migrate.server.ts";
import { ensureDemoData } from "#server/demo/demo-data.server.ts";
import { ensureSiteChatbot } from "#server/demo/site-chatbot.server.ts";
import { copyPgliteTemplate } from "./pglite-template.ts";
import { postgresTemplate } from "./postgres-template.ts";
import { closeServices, createServices, type AppServices } from "#server/services.server.ts";
import { createJobQueue } from "#server/jobs/queue/job-queue.server.ts";
import { startJobWorkers } from "#server/jobs/handlers.server.ts";
import { createMetrics } from "#server/observability/metrics.server.ts";
import { QUEUES } from "#server/jobs/queue/queues.ts";
import type { Logger } from "#server/shared/logger.ts";

export type TestServer = {
  url: string;
  /** The scratch PostgreSQL database, when running on one (DATABASE_URL set). */
  databaseUrl: string | undefined;
  services: AppServices;
  database: Database;
  app: Application;
  /** Stops the process's server and database and starts them again on the same port and data. */
  restart(): Promise<void>;
  close(): Promise<void>;
};

export type TestServerOptions = {
  authLimits?: Partial<AuthLimits>;
  widgetLimits?: Partial<WidgetLimits>;
  /** The chatbot profile cache's lifetime (default 2 s): a statement count must not depend on how slow the machine is. */
  chatbotCacheTtlMs?: number;
  seedDemo?: boolean;
  /** Scale-out: a second instance on the same PostgreSQL database as this one. */
  shareDatabaseWith?: TestServer;
  /** Scale-out: share rate limits and socket.io rooms through this Redis. */
  redisUrl?: string;
  /**
   * Start on another process's data (after it died): its PGlite data directory, or with `databaseUrl`
   * its PostgreSQL database. Both are kept on close.
   */
  dataDir?: string;
  databaseUrl?: string;
  /** Extra environment variables (e.g. OPENAI_API_KEY and OPENAI_BASE_URL for the AI assistant). */
  env?: Record<string, string>;
  /** The process's logger instead of the quiet one (a test reading the JSON log). */
  logger?: Logger;
  /**
   * The job dispatcher's look at every queue when nothing woke it (default 30 s): set far off by a test
   * showing that a job ran because something woke the dispatcher.
   */
  jobsFallbackPollSeconds?: number;
};

const quietLogger = { info: () => {}, warn: () => {}, error: (...args: unknown[]) => console.error(...args) };

export async function freePort(): Promise<number> {
  const reserved = await reservePort();
  await reserved.release();
  return reserved.port;
}

/**
 * A free port, held open until `release()`. The kernel hands a freed port out again, and soon: as the
 * source port of any outgoing connection on this machine (the tests' PostgreSQL, HTTP and socket.io
 * clients all connect from that range). A port found free and closed at once was once taken during the
 * second a test server boots before listening on it: EADDRINUSE, and a boot that never ended (CI,
 * lead-crash.test.ts). startTestServer holds it through the boot and releases it just before it listens.
 */
export async function reservePort(): Promise<{ port: number; release(): Promise<void> }> {
  const server = createServer();
  server.unref();
  await listen(server, 0);
  const address = server.address();
  if (typeof address !== "object" || !address) throw new Error("no port");
  return { port: address.port, release: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Listens on the port (0: any free one), or fails (EADDRINUSE and the like) instead of waiting for ever. */
function listen(server: Server, port: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
}

/**
 * Creates a throw-away database on the server named by DATABASE_URL; returns its URL and a drop function.
 * `template`: a copy of this run's migrated template database (with the demo business when "demo"),
 * when the global setup made one (tests/support/postgres-template.ts); empty otherwise.
 */
export async function createScratchDatabase(
  adminUrl: string,
  template?: "migrated" | "demo",
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `lb_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const from = template ? postgresTemplate(template === "demo") : undefined;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"${from ? ` TEMPLATE "${from}"` : ""}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  // LB_BUILD_DIR: a dashboard built elsewhere (as `LB_BUILD_DIR=… npm run build` does).
  const buildDir = process.env.LB_BUILD_DIR ? path.resolve(process.env.LB_BUILD_DIR) : dashboardBuildDir;
  if (!existsSync(path.join(buildDir, "server", "index.js"))) {
    throw new Error("The dashboard is not built: run `npm run build` first (npm test does).");
  }
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), "leadbroom-test-")));
  const shared = options.shareDatabaseWith?.databaseUrl;
  if (options.shareDatabaseWith && !shared) throw new Error("sharing a database needs PostgreSQL (DATABASE_URL)");
  const scratch =
    !shared && !options.databaseUrl && process.env.DATABASE_URL
      ? await createScratchDatabase(process.env.DATABASE_URL, options.seedDemo !== false ? "demo" : "migrated")
      : null;
  // PGlite: start from this run's migrated template when there is one (initdb takes seconds).
  if (!shared && !scratch && !options.dataDir) await copyPgliteTemplate(dataDir, options.seedDemo !== false);
  const reserved = await reservePort();
  const port = reserved.port;
  const env = parseEnv({
    NODE_ENV: "test",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: shared ?? options.databaseUrl ?? scratch?.url,
    REDIS_URL: options.redisUrl,
    PUBLIC_APP_URL: `http://127.0.0.1:${port}`,
    SESSION_SECRET: "test-session-secret-test-session-secret",
    ...options.env,
  });

  async function boot(beforeListening?: () => Promise<void>) {
    const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir, poolMax: env.DATABASE_POOL_MAX, backgroundSlots: env.DATABASE_BACKGROUND_SLOTS });
    await migrate(database.sql, await loadMigrations());
    await ensureSiteChatbot(database.prisma, env.SITE_CHATBOT_KEY);
    if (options.seedDemo !== false) await ensureDemoData(database.prisma);
    // One metrics registry per boot, counted into by the job queue and the application alike.
    const metrics = createMetrics({ queues: QUEUES.map((q) => q.name) });
    const logger = options.logger ?? quietLogger;
    const services = createServices({
      env,
      db: database.prisma,
      backgroundDb: database.background.prisma,
      jobs: await createJobQueue({
        sql: database.background.sql,
        logger,
        soleProcess: database.kind === "pglite",
        ...(options.jobsFallbackPollSeconds ? { fallbackPollSeconds: options.jobsFallbackPollSeconds } : {}),
        metrics,
      }),
      sessionSecret: env.SESSION_SECRET!,
      logger,
      metrics,
      // Tests register many businesses from loopback: the per-IP registration limit is raised unless a
      // test sets it (tests/integration/limits-race.test.ts does).
      authLimits: { registrationsPerIp: 10_000, ...options.authLimits },
      // Every test visitor connects from loopback: new conversations per IP are raised unless a test
      // sets them (tests/integration/widget-errors.test.ts does).
      widgetLimits: { conversationsPerIpPerMinute: 10_000, ...options.widgetLimits },
      chatbotCacheTtlMs: options.chatbotCacheTtlMs,
    });
    const app = await createApplication(services, { mode: "production", buildDir });
    await startJobWorkers(services, app.workspaceEvents);
    await beforeListening?.();
    await listen(app.httpServer, port);
    return { database, services, app };
  }

  async function shutdown(running: Awaited<ReturnType<typeof boot>>) {
    await running.app.close();
    await closeServices(running.services);
    await running.database.close();
  }

  let running = await boot(reserved.release).catch(async (error: unknown) => {
    await reserved.release();
    throw error;
  });
  const server: TestServer = {
    url: env.PUBLIC_APP_URL,
    databaseUrl: env.DATABASE_URL,
    services: running.services,
    database: running.database,
    app: running.app,
    async restart() {
      await shutdown(running);
      running = await boot();
      Object.assign(server, { services: running.services, database: running.database, app: running.app });
    },
    async close() {
      await shutdown(running);
      await scratch?.drop();
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}
