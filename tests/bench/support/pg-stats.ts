// Benchmarks on PostgreSQL (bot-latency.ts): time in statements, in all and in the job layer's, measured
// in node-postgres's client (send → result, so the round trip and the wait for the client's previous
// statement are included). pg_stat_statements would be exact but needs shared_preload_libraries, which a
// shared server may not have. Patches pg.Client.prototype.query in the server process only.
import { performance } from "node:perf_hooks";
import pg from "pg";

/** The job layer's own statements name pgboss and none of the product's tables (as pglite-worker.ts counts). */
const isJobLayer = (sql: string) => sql.includes("pgboss") && !/"(Lead|Conversation|Message)"/.test(sql);

export function timePgStatements() {
  const window = { totalMs: 0, jobMs: 0, statements: 0, jobStatements: 0, since: performance.now() };
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  (pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }).query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string } | undefined;
    const text = typeof first === "string" ? first : (first?.text ?? "");
    const started = performance.now();
    const done = () => {
      const ms = performance.now() - started;
      window.totalMs += ms;
      window.statements += 1;
      if (isJobLayer(text)) {
        window.jobMs += ms;
        window.jobStatements += 1;
      }
    };
    // pool.query passes a callback; Prisma's adapter and the LISTEN client use the promise.
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === "function") {
      args[last] = (...results: unknown[]) => {
        done();
        return (callback as (...a: unknown[]) => unknown)(...results);
      };
    }
    const result = original.apply(this, args);
    if (typeof callback !== "function" && result && typeof (result as Promise<unknown>).then === "function") {
      (result as Promise<unknown>).then(done, done);
    }
    return result;
  };
  return {
    snapshot(reset: boolean) {
      const result = { totalMs: window.totalMs, jobMs: window.jobMs, statements: window.statements, jobStatements: window.jobStatements, wallMs: performance.now() - window.since };
      if (reset) Object.assign(window, { totalMs: 0, jobMs: 0, statements: 0, jobStatements: 0, since: performance.now() });
      return result;
    },
  };
}
