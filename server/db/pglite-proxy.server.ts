// The main thread's side of the PGlite worker (decision 0007): a Prisma driver adapter factory and the
// migration runner's SqlRunner, both forwarding to server/db/pglite-worker.ts. The server's event loop
// only posts messages; PostgreSQL runs on another thread (and so on the machine's other core).
import { Worker } from "node:worker_threads";
import type {
  IsolationLevel,
  SqlDriverAdapter,
  SqlDriverAdapterFactory,
  SqlQuery,
  SqlResultSet,
  Transaction,
  TransactionOptions,
} from "@prisma/driver-adapter-utils";
import type { SqlExecutor, SqlRunner } from "./migrate.server.ts";
import { pgliteWasmModule } from "./pglite-wasm.server.ts";
import { pgliteWorkerScript } from "./pglite-worker-script.server.ts";
import { NOTIFY_ID, type SerializedError, type WithoutId, type WorkerNotification, type WorkerReply, type WorkerRequest } from "./pglite-protocol.ts";

export type DbStats = { totalMs: number; jobMs: number; statements: number; jobStatements: number; wallMs: number };

const ADAPTER_NAME = "@prisma/adapter-pglite-worker";

export type PgliteWorker = {
  adapter: SqlDriverAdapterFactory;
  sql: SqlRunner;
  /** LB_PGLITE_STATS=1 (benchmarks): statement time so far, in all and in the job layer's statements; null otherwise. */
  stats(reset?: boolean): Promise<DbStats | null>;
  close(): Promise<void>;
};

/** Rebuilds an error from the worker; a driver adapter error keeps its name and cause for Prisma. */
function reviveError(serialized: SerializedError): Error {
  const error = new Error(serialized.message) as Error & { cause?: unknown; code?: string };
  error.name = serialized.name;
  if (serialized.cause !== undefined) error.cause = serialized.cause;
  if (serialized.code !== undefined) error.code = serialized.code;
  return error;
}

export async function startPgliteWorker(dataDir: string): Promise<PgliteWorker> {
  // pglite-worker.ts bundled by esbuild (decision 0098): the same under tsx, vitest and the benchmarks.
  // The worker gets PostgreSQL's WebAssembly compiled (once per process, pglite-wasm.server.ts).
  const [script, wasmModule] = await Promise.all([pgliteWorkerScript(), pgliteWasmModule()]);
  const worker = new Worker(script, { workerData: { dataDir, wasmModule } });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let failure: Error | null = null;

  const ready = new Promise<void>((resolve, reject) => {
    pending.set(0, { resolve: () => resolve(), reject });
  });

  const listeners = new Map<string, Set<(payload?: string) => void>>();
  worker.on("message", (message: WorkerReply | WorkerNotification) => {
    if (message.id === NOTIFY_ID) {
      const { channel, payload } = message as WorkerNotification;
      for (const listener of listeners.get(channel) ?? []) listener(payload);
      return;
    }
    const reply = message as WorkerReply;
    const waiter = pending.get(reply.id);
    if (!waiter) return;
    pending.delete(reply.id);
    if (reply.ok) waiter.resolve(reply.result);
    else waiter.reject(reviveError(reply.error));
  });
  const failAll = (error: Error) => {
    failure = error;
    for (const waiter of pending.values()) waiter.reject(error);
    pending.clear();
  };
  worker.on("error", (error) => failAll(error));
  worker.on("exit", (code) => failAll(new Error(`the PGlite worker exited (code ${code})`)));

  function call<T>(request: WithoutId<WorkerRequest>): Promise<T> {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...request, id });
    });
  }

  await ready;

  const queryable = (tx?: number) => ({
    provider: "postgres" as const,
    adapterName: ADAPTER_NAME,
    queryRaw: (query: SqlQuery) => call<SqlResultSet>({ op: "queryRaw", query, tx }),
    executeRaw: (query: SqlQuery) => call<number>({ op: "executeRaw", query, tx }),
  });

  const driver: SqlDriverAdapter = {
    ...queryable(),
    executeScript: (script) => call<void>({ op: "executeScript", script }),
    async startTransaction(isolationLevel?: IsolationLevel): Promise<Transaction> {
      const { tx, options } = await call<{ tx: number; options: TransactionOptions }>({ op: "startTransaction", isolationLevel });
      return {
        ...queryable(tx),
        options,
        commit: () => call<void>({ op: "commit", tx }),
        rollback: () => call<void>({ op: "rollback", tx }),
      };
    },
    getConnectionInfo: () => ({ supportsRelationJoins: true }),
    dispose: () => Promise.resolve(),
  };

  const executor = (tx?: number): SqlExecutor => ({
    async exec(sql) {
      await call({ op: "sqlExec", sql, tx });
    },
    query: <T>(sql: string, params: unknown[] = []) => call<T[]>({ op: "sqlQuery", sql, params, tx }),
  });

  return {
    adapter: {
      provider: "postgres",
      adapterName: ADAPTER_NAME,
      connect: () => Promise.resolve(driver),
    },
    sql: {
      ...executor(),
      async listen(channel, onNotify) {
        const set = listeners.get(channel) ?? new Set();
        listeners.set(channel, set);
        set.add(onNotify);
        await call({ op: "listen", channel });
        return async () => {
          set.delete(onNotify);
          if (set.size === 0 && !failure) await call({ op: "unlisten", channel });
        };
      },
      async transaction(fn) {
        const { tx } = await call<{ tx: number }>({ op: "sqlBegin" });
        try {
          await fn(executor(tx));
        } catch (error) {
          await call({ op: "sqlRollback", tx });
          throw error;
        }
        await call({ op: "sqlCommit", tx });
      },
    },
    stats: (reset) => call<DbStats | null>({ op: "stats", reset }),
    async close() {
      if (!failure) await call({ op: "close" }).catch(() => undefined);
      await worker.terminate();
    },
  };
}
