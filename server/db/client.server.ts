// Opens the database: PGlite in DATA_DIR by default, real PostgreSQL when DATABASE_URL is set.
// One generated Prisma client serves both through driver adapters (DESIGN §2).
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { DEFAULT_DATABASE_POOL_MAX } from "../config/env.server.ts";
import { namePoolStatements } from "./pg-prepared.ts";
import { withDirectSql, type DirectSql } from "./prepared.ts";
import { PrismaClient } from "./generated/client.ts";
import type { SqlRunner } from "./migrate.server.ts";
import { startPgliteWorker, type DbStats } from "./pglite-proxy.server.ts";
import { createStatementTap, type StatementTap } from "./statement-tap.ts";
import { createBackgroundGate, type BackgroundGate, type BackgroundGateStats } from "./background-gate.ts";
import { gatedPrisma, gatedRunner } from "./gated-database.ts";

export type Db = PrismaClient;

export type Database = {
  prisma: PrismaClient;
  /** Raw SQL access for the migration runner (outside Prisma). */
  sql: SqlRunner;
  kind: "pglite" | "postgres";
  /** Every statement the Prisma client sends, to a listener (statement-budget tests; decision 0046). */
  statements: Pick<StatementTap, "listen">;
  /** Benchmarks: statement time so far, in all and in the job layer's (LB_PGLITE_STATS=1 on PGlite); null when not kept. */
  stats?(reset?: boolean): Promise<DbStats | null>;
  /**
   * The same database for background work (the job layer's handlers and its own statements): only a
   * few of its statements and transactions in flight at once, so that a burst of jobs does not stand in
   * front of the chat (decision 0097).
   */
  background: BackgroundDatabase;
  close(): Promise<void>;
};

/**
 * Background statements or transactions in flight at once (decision 0097). PGlite runs one statement at
 * a time: two keep its thread busy between a job's round trips while a chat statement waits behind at
 * most two of them. PostgreSQL: 4 of the pool's connections, so that a burst of jobs neither takes the
 * pool nor the server's cores from the chat.
 */
export const BACKGROUND_SLOTS = { pglite: 2, postgres: 4 } as const;

export type BackgroundDatabase = {
  prisma: PrismaClient;
  sql: SqlRunner;
  /** How many of its statements waited for a slot, and how long; `prisma`: those sent through its Prisma client. */
  stats(): BackgroundGateStats & { prisma: number };
};

/** `direct`: the chat's direct line (prepared.ts), which the background client's marked statements take too, gated. */
function backgroundDatabase(prisma: PrismaClient, direct: DirectSql, sql: SqlRunner, slots: number): BackgroundDatabase {
  const gate = createBackgroundGate({ slots });
  let prismaPassed = 0;
  const counted: BackgroundGate = {
    ...gate,
    run(work) {
      prismaPassed += 1;
      return gate.run(work);
    },
  };
  return {
    prisma: withDirectSql(gatedPrisma(prisma, counted), { query: (text, values) => counted.run(() => direct.query(text, values)) }),
    sql: gatedRunner(sql, gate),
    stats: () => ({ ...gate.stats(), prisma: prismaPassed }),
  };
}

export type DatabaseOptions = {
  databaseUrl?: string;
  dataDir: string;
  /** PostgreSQL: the pool's connections (DATABASE_POOL_MAX, default DEFAULT_DATABASE_POOL_MAX); PGlite has one. */
  poolMax?: number;
  /** Background statements or transactions in flight at once (default BACKGROUND_SLOTS; decision 0097). */
  backgroundSlots?: number;
};

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolMax ?? DEFAULT_DATABASE_POOL_MAX, options.backgroundSlots ?? BACKGROUND_SLOTS.postgres)
    : openPglite(options.dataDir, options.backgroundSlots ?? BACKGROUND_SLOTS.pglite);
}

export { pgliteExtensions } from "./pglite-extensions.ts";

/**
 * PGlite runs in a worker thread (decision 0007): the server's event loop only posts messages, and
 * PostgreSQL's work lands on another core.
 */
const PGLITE_TRANSACTION_MAX_WAIT_MS = 15_000;

async function openPglite(dataDir: string, backgroundSlots: number): Promise<Database> {
  const dir = path.resolve(dataDir, "pglite");
  await mkdir(dir, { recursive: true });
  const worker = await startPgliteWorker(dir);
  const tap = createStatementTap();
  // One connection: interactive transactions queue for it. Under a burst (25 form posts at once on a
  // loaded 2-core machine) Prisma's default 2 s wait for a turn ran out and the post failed with a 500;
  // a visitor would rather wait a few seconds more than lose what they typed.
  const direct = tap.direct({ query: (text, values) => worker.sql.query(text, values) });
  const prisma = withDirectSql(
    new PrismaClient({ adapter: tap.adapter(worker.adapter), transactionOptions: { maxWait: PGLITE_TRANSACTION_MAX_WAIT_MS } }),
    direct,
  );
  return {
    prisma,
    kind: "pglite",
    statements: tap,
    sql: worker.sql,
    background: backgroundDatabase(prisma, direct, worker.sql, backgroundSlots),
    stats: worker.stats,
    async close() {
      await prisma.$disconnect();
      await worker.close();
    },
  };
}

/**
 * How long an idle PostgreSQL connection stays open (pg's default is 10 s). A new connection costs a
 * backend fork, its catalog caches and a fresh plan of every prepared statement it runs; under chat load
 * the pool grew at each burst and closed the extra connections 10 s later, so every burst paid that
 * again, on the busiest seconds (decision 0106). The pool is still bounded by `poolMax`.
 */
export const POOL_IDLE_TIMEOUT_MS = 10 * 60_000;

async function openPostgres(databaseUrl: string, poolMax: number, backgroundSlots: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolMax, idleTimeoutMillis: POOL_IDLE_TIMEOUT_MS });
  // An idle client dropped by the server (restart, admin termination) must not crash the process:
  // the pool discards it and opens a new one when needed.
  pool.on("error", (error) => console.warn(`[db] idle PostgreSQL client dropped: ${error.message}`));
  const named = namePoolStatements(pool);
  const tap = createStatementTap();
  const direct = tap.direct({
    // The object form, so that pg-prepared.ts names marked statements.
    query: async <T>(text: string, values: unknown[]) => (await named.query({ text, values })).rows as T[],
  });
  const prisma = withDirectSql(new PrismaClient({ adapter: tap.adapter(new PrismaPg(named)) }), direct);
  const sql = postgresRunner(pool, databaseUrl);
  return {
    prisma,
    kind: "postgres",
    statements: tap,
    sql,
    background: backgroundDatabase(prisma, direct, sql, backgroundSlots),
    async close() {
      await prisma.$disconnect();
      await pool.end();
    },
  };
}

function postgresRunner(pool: pg.Pool, databaseUrl: string): SqlRunner {
  return {
    async exec(sql) {
      await pool.query(sql);
    },
    async query<T>(sql: string, params: unknown[] = []) {
      const result = await pool.query(sql, params);
      return result.rows as T[];
    },
    listen: (channel, onNotify) => listenPg(databaseUrl, channel, onNotify),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        await fn({
          exec: async (sql) => {
            await client.query(sql);
          },
          query: async <T>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows as T[],
        });
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK");
        throw error;
      } finally {
        client.release();
      }
    },
  };
}

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries). A dropped
 * connection is opened again after a second; notifications sent meanwhile are lost, which the listener
 * covers (the job dispatcher also polls, rarely).
 */
async function listenPg(databaseUrl: string, channel: string, onNotify: (payload?: string) => void): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on("notification", (message) => {
      if (message.channel === channel) onNotify(message.payload);
    });
    next.on("error", (error) => {
      console.warn(`[db] LISTEN ${channel} connection lost: ${error.message}`);
      if (client === next) client = null;
      void next.end().catch(() => undefined);
      if (!stopped) retry = setTimeout(() => void connect().catch(() => undefined), 1000);
    });
    await next.connect();
    await next.query(`LISTEN "${channel}"`);
    if (stopped) return void (await next.end());
    client = next;
    onNotify(); // anything sent while not listening is looked for now
  };
  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    await client?.end().catch(() => undefined);
    client = null;
  };
}
