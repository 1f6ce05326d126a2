// The database client's three ways in, paced by the background gate (background-lane.ts, decision
// 0097): Prisma's driver adapter, the chat's direct line (prepared.ts) and the raw runner the job layer
// uses (Database.sql). A background statement waits for a slot; a background transaction holds one
// from BEGIN to COMMIT or ROLLBACK, and its own statements pass freely. Outside the background lane
// nothing waits.
import type { SqlDriverAdapter, SqlDriverAdapterFactory, Transaction } from "@prisma/driver-adapter-utils";
import { aroundQueries } from "./adapter-proxy.ts";
import type { BackgroundGate } from "./background-lane.ts";
import type { SqlRunner } from "./migrate.server.ts";
import type { DirectSql } from "./prepared.ts";

const passThrough = (run: () => Promise<unknown>) => run();

export function gatedAdapter(factory: SqlDriverAdapterFactory, gate: BackgroundGate): SqlDriverAdapterFactory {
  const gated = (run: () => Promise<unknown>) => gate.run(run);
  return aroundQueries(factory, passThrough, {
    connect: async () => {
      const driver = await factory.connect();
      return aroundQueries<SqlDriverAdapter>(driver, gated, {
        startTransaction: async (...args: Parameters<SqlDriverAdapter["startTransaction"]>) => {
          const release = await gate.hold();
          let tx: Transaction;
          try {
            tx = await driver.startTransaction(...args);
          } catch (error) {
            release();
            throw error;
          }
          // Both adapters end every transaction with commit() or rollback() (which release PostgreSQL's
          // pooled client, or end PGlite's transaction).
          return aroundQueries<Transaction>(tx, passThrough, {
            commit: () => tx.commit().finally(release),
            rollback: () => tx.rollback().finally(release),
          });
        },
      });
    },
  });
}

export function gatedDirect(direct: DirectSql, gate: BackgroundGate): DirectSql {
  return { query: (text, values) => gate.run(() => direct.query(text, values)) };
}

export function gatedRunner(sql: SqlRunner, gate: BackgroundGate): SqlRunner {
  return {
    exec: (text) => gate.run(() => sql.exec(text)),
    query: <T>(text: string, params?: unknown[]) => gate.run(() => sql.query<T>(text, params)),
    ...(sql.listen ? { listen: sql.listen.bind(sql) } : {}),
    async transaction(fn) {
      const release = await gate.hold();
      try {
        await sql.transaction(fn);
      } finally {
        release();
      }
    },
  };
}
