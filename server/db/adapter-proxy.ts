// Wraps a Prisma driver adapter's objects (factory, connection, transaction) without subclassing them:
// queryRaw and executeRaw go through `around`, a few members are replaced, every other member is the
// target's own, bound (the adapters' classes use `this`). Used by the statement tap and the background
// gate (statement-tap.ts, gated-database.ts).
import type { SqlQuery } from "@prisma/driver-adapter-utils";

export type AroundQuery = (run: () => Promise<unknown>, query: SqlQuery) => Promise<unknown>;

export function aroundQueries<T extends object>(target: T, around: AroundQuery, extra: Partial<Record<keyof T, unknown>> = {}): T {
  return new Proxy(target, {
    get(object, property, receiver) {
      if (property in extra) return extra[property as keyof T];
      if (property === "queryRaw" || property === "executeRaw") {
        return (query: SqlQuery) => around(() => (Reflect.get(object, property, receiver) as (q: SqlQuery) => Promise<unknown>).call(object, query), query);
      }
      const value = Reflect.get(object, property, receiver) as unknown;
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(object) : value;
    },
  });
}
