// Runs in the PGlite worker (decision 0007): the client handed to Prisma's PGlite driver adapter, with
// `query` on named prepared statements. PGlite's own `query` parses and describes every statement
// afresh (an unnamed statement: parse, describe, bind, describe, execute, sync), so PostgreSQL plans
// the chat's CTEs on every turn. Here a statement marked by `prepared()` (server/db/prepared.ts) and run
// outside a transaction is parsed once under a name and then only bound and executed, its bind, describe,
// execute and sync handed to PGlite as one buffer (one pass into the WebAssembly, not four); PostgreSQL's
// plan cache then keeps its generic plan when it is as good as a custom one (plan_cache_mode auto).
// Results are parsed by PGlite's own parser, so the adapter sees exactly what `PGlite.query` returns.
// Unmarked statements (Prisma's own, the leads search) and statements in transactions use PGlite's path.
import { parse, protocol, type PGlite, type QueryOptions, type Results } from "@electric-sql/pglite";
import { isMarkedPrepared } from "./prepared-marker.ts";

/** Distinct statements kept prepared; beyond it new ones run unprepared (a safety net: few texts are marked). */
export const MAX_PREPARED = 256;

type Prepared = { name: string; paramTypes: number[] };

/** PGlite's locks: a plain query waits for open transactions and other queries, as `PGlite.query` does. */
type Locks = {
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  runExclusive<T>(fn: () => Promise<T>): Promise<T>;
  syncToFs(): Promise<void>;
};

export type PreparedClient = Pick<PGlite, "exec" | "transaction"> & {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  /** How many statements are prepared (tests, stats). */
  preparedCount(): number;
};

export function createPreparedClient(pglite: PGlite): PreparedClient {
  const statements = new Map<string, Prepared>();
  let named = 0;
  const locks = pglite as unknown as Locks;
  const send = (message: Uint8Array) => pglite.execProtocolStream(message, { syncToFs: false });

  async function prepare(sql: string): Promise<Prepared> {
    // A counter, not the map's size: a name is never reused, whatever happens to a statement.
    const name = `lb_${++named}`;
    await send(protocol.serialize.parse({ name, text: sql, types: [] }));
    const described = await send(protocol.serialize.describe({ type: "S", name }));
    return { name, paramTypes: parse.parseDescribeStatementResults(described) };
  }

  function serialize(params: unknown[], types: number[]): (string | null)[] {
    return params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const serializer = pglite.serializers[types[index] ?? 0];
      return serializer ? serializer(value) : String(value);
    });
  }

  async function query<T>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    const known = statements.get(sql);
    if (!known && (!isMarkedPrepared(sql) || statements.size >= MAX_PREPARED)) return pglite.query<T>(sql, params, options);
    return locks._runExclusiveTransaction(() =>
      locks.runExclusive(async () => {
        // Looked up again under the lock: concurrent first uses of one text prepare it once (the
        // lookup before the lock is stale by then, and preparing it again reused a taken name).
        let statement = statements.get(sql);
        if (!statement) {
          try {
            statement = await prepare(sql);
          } finally {
            await send(protocol.serialize.sync());
          }
          statements.set(sql, statement);
        }
        const messages = await send(
          concat([
            protocol.serialize.bind({ statement: statement.name, values: serialize(params, statement.paramTypes) }),
            protocol.serialize.describe({ type: "P" }),
            protocol.serialize.execute({}),
            protocol.serialize.sync(),
          ]),
        );
        await locks.syncToFs();
        const [result] = parse.parseResults(messages, pglite.parsers, options);
        if (!result) throw new Error("PGlite returned no result");
        return result as Results<T>;
      }),
    );
  }

  return {
    query,
    exec: (sql, options) => pglite.exec(sql, options),
    transaction: (callback) => pglite.transaction(callback),
    preparedCount: () => statements.size,
  };
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
