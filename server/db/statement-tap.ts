// A listener on every statement the app's Prisma client sends (issue 28's statement budgets, decision
// 0046): the Prisma driver adapter (both databases: the PGlite worker's and @prisma/adapter-pg) and the
// direct line of the chat's hot statements (prepared.ts) pass each statement's text to it. The job
// runner's own statements (pg-boss's polling, through Database.sql) are not the app's and are not seen.
// Nothing listens in production: one null check per statement.
import type { SqlDriverAdapter, SqlDriverAdapterFactory, SqlQuery, Transaction } from "@prisma/driver-adapter-utils";
import type { DirectSql } from "./prepared.ts";

export type StatementListener = (text: string) => void;

export type StatementTap = {
  /** Sets (or with null clears) the one listener. */
  listen(listener: StatementListener | null): void;
  /** The factory's connections, with each statement passed to the listener. */
  adapter(factory: SqlDriverAdapterFactory): SqlDriverAdapterFactory;
  /** The direct line, with each statement passed to the listener. */
  direct(direct: DirectSql): DirectSql;
};

export function createStatementTap(): StatementTap {
  let listener: StatementListener | null = null;
  const seen = (text: string) => listener?.(text);

  /** queryRaw and executeRaw seen; every other member the target's own (bound: adapter classes use `this`). */
  function tapQueries<T extends object>(target: T, extra: Partial<Record<keyof T, unknown>> = {}): T {
    return new Proxy(target, {
      get(object, property, receiver) {
        if (property in extra) return extra[property as keyof T];
        if (property === "queryRaw" || property === "executeRaw") {
          return (query: SqlQuery) => {
            seen(query.sql);
            return (Reflect.get(object, property, receiver) as (q: SqlQuery) => unknown).call(object, query);
          };
        }
        const value = Reflect.get(object, property, receiver) as unknown;
        return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(object) : value;
      },
    });
  }

  return {
    listen(next) {
      listener = next;
    },
    adapter(factory) {
      return tapQueries(factory, {
        connect: async () => {
          const driver = await factory.connect();
          return tapQueries<SqlDriverAdapter>(driver, {
            // Both adapters send BEGIN inside startTransaction. COMMIT and ROLLBACK: as an executeRaw from
            // Prisma (@prisma/adapter-pg), or inside commit() and rollback() when the adapter asks Prisma
            // not to send them ("phantom" queries: the PGlite adapter).
            startTransaction: async (...args: Parameters<SqlDriverAdapter["startTransaction"]>) => {
              seen("BEGIN");
              const tx = await driver.startTransaction(...args);
              if (!tx.options.usePhantomQuery) return tapQueries<Transaction>(tx);
              return tapQueries<Transaction>(tx, {
                commit: () => {
                  seen("COMMIT");
                  return tx.commit();
                },
                rollback: () => {
                  seen("ROLLBACK");
                  return tx.rollback();
                },
              });
            },
          });
        },
      });
    },
    direct(direct) {
      return {
        query(text, values) {
          seen(text);
          return direct.query(text, values);
        },
      };
    },
  };
}
