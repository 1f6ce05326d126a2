// Runs in a worker thread (decision 0007): owns the embedded PGlite database and its Prisma driver
// adapter, so PostgreSQL's WebAssembly, the wire-protocol parsing and the file I/O never block the
// server's event loop. The main thread talks to it through server/db/pglite-proxy.server.ts with
// numbered requests; this module only executes them, one request at a time per open transaction.
import { performance } from "node:perf_hooks";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, type Transaction as PGliteTransaction } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import type { SqlDriverAdapter, Transaction } from "@prisma/driver-adapter-utils";
import { pgliteExtensions } from "./pglite-extensions.ts";
import { createPreparedClient } from "./pglite-prepared.ts";
import { NOTIFY_ID, type SerializedError, type WorkerReply, type WorkerRequest } from "./pglite-protocol.ts";

/** PostgreSQL settings the embedded database starts with, beside PGlite's own (decision 0112). */
const PGLITE_SETTINGS = ["wal_init_zero=off"];

type SqlTx = { tx: PGliteTransaction; finish: (commit: boolean) => void; done: Promise<void> };

async function main(): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error("pglite-worker must run in a worker thread");
  const { dataDir, wasmModule } = workerData as { dataDir: string; wasmModule: WebAssembly.Module };
  // The WebAssembly compiled once by the opening thread (pglite-wasm.server.ts, decision 0109).
  const pglite = await PGlite.create(dataDir, {
    extensions: pgliteExtensions,
    pgliteWasmModule: wasmModule,
    // A new 16 MB WAL segment is created sparse instead of written with zeros (decision 0112): zeroing it
    // held every statement behind it for 33–44 ms under the chat bench's load, about every 5 seconds.
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((setting) => ["-c", setting])],
  });
  // Prepared statements outside transactions (pglite-prepared.ts); LB_PGLITE_PREPARED=0 turns them off.
  const client = process.env.LB_PGLITE_PREPARED === "0" ? pglite : (createPreparedClient(pglite) as unknown as PGlite);
  const adapter: SqlDriverAdapter = await new PrismaPGlite(client).connect();
  const prismaTxs = new Map<number, Transaction>();
  const sqlTxs = new Map<number, SqlTx>();
  let nextTx = 1;
  const stats = process.env.LB_PGLITE_STATS === "1" ? createStats() : null;
  /** Channels the main thread listens on, with PGlite's unlisten for each. */
  const listening = new Map<string, () => Promise<void>>();

  const reply = (message: WorkerReply) => port.postMessage(message);

  function prismaTx(id: number): Transaction {
    const tx = prismaTxs.get(id);
    if (!tx) throw new Error(`no open transaction ${id}`);
    return tx;
  }

  function sqlTx(id: number): SqlTx {
    const tx = sqlTxs.get(id);
    if (!tx) throw new Error(`no open transaction ${id}`);
    return tx;
  }

  async function handle(request: WorkerRequest): Promise<unknown> {
    switch (request.op) {
      case "queryRaw":
        return request.tx ? prismaTx(request.tx).queryRaw(request.query) : adapter.queryRaw(request.query);
      case "executeRaw":
        return request.tx ? prismaTx(request.tx).executeRaw(request.query) : adapter.executeRaw(request.query);
      case "executeScript":
        return adapter.executeScript(request.script);
      case "startTransaction": {
        const tx = await adapter.startTransaction(request.isolationLevel);
        const id = nextTx++;
        prismaTxs.set(id, tx);
        return { tx: id, options: tx.options };
      }
      case "commit":
      case "rollback": {
        const tx = prismaTx(request.tx);
        prismaTxs.delete(request.tx);
        return request.op === "commit" ? tx.commit() : tx.rollback();
      }
      case "sqlExec":
        if (request.tx) await sqlTx(request.tx).tx.exec(request.sql);
        else await pglite.exec(request.sql);
        return null;
      case "sqlQuery": {
        const result = request.tx
          ? await sqlTx(request.tx).tx.query(request.sql, request.params)
          : await client.query(request.sql, request.params); // marked statements run prepared
        return result.rows;
      }
      case "sqlBegin": {
        const id = nextTx++;
        await new Promise<void>((opened, failed) => {
          let finish: (commit: boolean) => void = () => undefined;
          const decided = new Promise<boolean>((resolve) => (finish = resolve));
          const done = pglite
            .transaction(async (tx) => {
              sqlTxs.set(id, { tx, finish, done });
              opened();
              if (!(await decided)) await tx.rollback();
            })
            .then(() => undefined);
          done.catch(failed);
        });
        return { tx: id };
      }
      case "sqlCommit":
      case "sqlRollback": {
        const tx = sqlTx(request.tx);
        sqlTxs.delete(request.tx);
        tx.finish(request.op === "sqlCommit");
        await tx.done;
        return null;
      }
      case "listen":
        if (!listening.has(request.channel)) {
          listening.set(request.channel, await pglite.listen(request.channel, (payload) => port!.postMessage({ id: NOTIFY_ID, channel: request.channel, payload })));
        }
        return null;
      case "unlisten":
        await listening.get(request.channel)?.();
        listening.delete(request.channel);
        return null;
      case "stats":
        return stats?.snapshot(request.reset === true) ?? null;
      case "close":
        await pglite.close();
        return null;
    }
  }

  port.on("message", (request: WorkerRequest) => {
    if (request.op === "close") stats?.print();
    (stats ? stats.time(request, () => handle(request)) : handle(request)).then(
      (result) => reply({ id: request.id, ok: true, result }),
      (error: unknown) => reply({ id: request.id, ok: false, error: serializeError(error) }),
    );
  });
  reply({ id: 0, ok: true, result: "ready" });
}

/**
 * LB_PGLITE_STATS=1 (benchmarks): time on this thread per statement text, printed to stderr on close.
 * Approximate inside transactions (other requests wait behind them); the sum is the thread's busy time.
 */
function createStats() {
  const bySql = new Map<string, { count: number; ms: number }>();
  const started = performance.now();
  /** Since the last snapshot reset: all statements, and those of the job layer (their text names pgboss). */
  const window = { totalMs: 0, jobMs: 0, statements: 0, jobStatements: 0, since: performance.now() };
  const elu = performance.eventLoopUtilization();
  let lastFinished = 0;
  // The job layer's own statements (fetch, insert, complete, maintenance) name pgboss and none of the
  // product's tables; a chat statement that writes a job in its CTE counts as the chat's.
  // Each text's row key and kind are worked out once (the bench's statements are a few dozen texts),
  // so that timing costs the worker little beside the statements it times.
  const kinds = new Map<string, { key: string; job: boolean }>();
  const kindOf = (request: WorkerRequest): { key: string; job: boolean } => {
    const sql = "query" in request ? request.query.sql : "sql" in request ? request.sql : request.op;
    let kind = kinds.get(sql);
    if (!kind) {
      kind = { key: sql.replace(/\s+/g, " ").slice(0, 110), job: sql.includes("pgboss") && !/"(Lead|Conversation|Message)"/.test(sql) };
      if (kinds.size < 10_000) kinds.set(sql, kind);
    }
    return kind;
  };
  return {
    async time<T>(request: WorkerRequest, run: () => Promise<T>): Promise<T> {
      const arrived = performance.now();
      try {
        return await run();
      } finally {
        // PGlite runs one statement at a time, first come first served: a statement's own time is from
        // when it arrived or the previous one finished, whichever is later, to when it finished.
        const finished = performance.now();
        const kind = kindOf(request);
        const entry = bySql.get(kind.key) ?? { count: 0, ms: 0 };
        entry.count += 1;
        const own = finished - Math.max(arrived, lastFinished);
        entry.ms += own;
        lastFinished = finished;
        window.totalMs += own;
        window.statements += 1;
        if (kind.job) {
          window.jobMs += own;
          window.jobStatements += 1;
        }
        bySql.set(kind.key, entry);
      }
    },
    snapshot(reset: boolean) {
      const result = { ...window, wallMs: performance.now() - window.since };
      // A bench's window: a reset starts the per-statement table afresh, a read prints it (stderr).
      if (reset) bySql.clear();
      else this.print();
      if (reset) Object.assign(window, { totalMs: 0, jobMs: 0, statements: 0, jobStatements: 0, since: performance.now() });
      return result;
    },
    print(): void {
      const rows = [...bySql.entries()].sort((a, b) => b[1].ms - a[1].ms);
      const total = rows.reduce((sum, [, e]) => sum + e.ms, 0);
      const lines = rows
        .slice(0, 25)
        .map(([sql, e]) => `${e.ms.toFixed(0).padStart(8)} ms ${String(e.count).padStart(7)} × ${(e.ms / e.count).toFixed(2).padStart(6)} ms  ${sql}`);
      const busy = performance.eventLoopUtilization(elu).utilization;
      process.stderr.write(
        `[pglite stats] ${total.toFixed(0)} ms in statements over ${((performance.now() - started) / 1000).toFixed(1)} s; ` +
          `worker thread busy ${(busy * 100).toFixed(0)}% (event-loop utilisation)\n${lines.join("\n")}\n`,
      );
    },
  };
}

/** Errors cross the thread as data; the driver adapter's `cause` (SQLSTATE, kind) is kept whole. */
function serializeError(error: unknown): SerializedError {
  if (error instanceof Error) {
    const { cause, code } = error as Error & { cause?: unknown; code?: unknown };
    return {
      name: error.name,
      message: error.message,
      ...(cause && typeof cause === "object" ? { cause: { ...cause } } : {}),
      ...(typeof code === "string" ? { code } : {}),
    };
  }
  return { name: "Error", message: String(error) };
}

main().catch((error: unknown) => {
  parentPort?.postMessage({ id: 0, ok: false, error: serializeError(error) } satisfies WorkerReply);
});
