// Budget (DESIGN §9): idle connected visitors on one process: 10,000, with memory reported per connection.
//
// The server runs in a child process (support/server-process.ts, handshake rate limit raised). Client
// worker processes (support/idle-clients.ts) open 10,000 /widget connections between them, 500 at a
// time (socket.io-client, websocket transport, one visitorId each, no conversation opened). When all are
// connected the server child reports process.memoryUsage() (after a forced GC) against the figure taken
// before the first connection (each after a forced GC and a 3 s settle): total and per-connection deltas
// of rss and heapUsed. heapUsed is the steady figure; rss also moves as V8 and PGlite return or take pages. The connections are
// then held idle for a while (longer than socket.io's 25 s ping interval, so every one answers a
// heartbeat), checked again, and closed; the memory left after they are gone is reported too.
//
// Needs an open-file limit above 10,000 in the server process (one descriptor per connection):
//   bash -c 'ulimit -n 65536 && npx tsx tests/bench/idle-connections.ts'
// (where the hard limit is lower: bash -c 'ulimit -n "$(ulimit -Hn)" && npx tsx tests/bench/idle-connections.ts')
// Options: --connections=10000 --batch=500 --workers=4 --hold-s=30. Needs `npm run build` first.
// Exits 1 on FAIL, 2 when the open-file limit is too low.
import "./support/production-mode.ts"; // first: before any library reads NODE_ENV
import { execFileSync, type ChildProcess } from "node:child_process";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { forkTs, machine, repoRoot, sleep, startServerChild, type ServerChild } from "./support/child.ts";
import type { CountsReport, MemoryReport } from "./support/server-process.ts";

function arg(name: string, fallback: number): number {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  return found ? Number(found.split("=")[1]) : fallback;
}
const CONNECTIONS = arg("connections", 10_000);
const BATCH = arg("batch", 500);
const WORKERS = arg("workers", 4);
const HOLD_S = arg("hold-s", 30);
const DEADLINE_S = arg("deadline-s", 240);
const SETTLE_MS = 3000;
const MB = 1024 * 1024;

type Worker = {
  child: ChildProcess;
  request<T>(message: object, answerType: string, timeoutMs: number): Promise<T>;
};

function startWorker(): Promise<Worker> {
  const child = forkTs(path.join(repoRoot, "tests/bench/support/idle-clients.ts"));
  const worker: Worker = {
    child,
    request<T>(message: object, answerType: string, timeoutMs: number): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => {
          child.off("message", onMessage);
          reject(new Error(`client worker ${child.pid}: no "${answerType}" within ${timeoutMs} ms`));
        }, timeoutMs);
        const onMessage = (raw: unknown) => {
          const msg = raw as { type?: string };
          if (msg.type !== answerType) return;
          clearTimeout(timer);
          child.off("message", onMessage);
          resolve(raw as T);
        };
        child.on("message", onMessage);
        child.send(message);
      });
    },
  };
  return new Promise((resolve, reject) => {
    child.once("message", () => resolve(worker));
    child.once("exit", (code) => reject(new Error(`client worker exited (code ${code}) before it was ready`)));
  });
}

type OpenResult = { connected: number; failed: number; errors: Record<string, number> };

const mb = (bytes: number): string => `${(bytes / MB).toFixed(1)} MB`;
const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

function openFileLimit(): number {
  const out = execFileSync("sh", ["-c", "ulimit -n"], { encoding: "utf8" }).trim();
  return out === "unlimited" ? Infinity : Number(out);
}

async function main(): Promise<number> {
  console.log(`idle-connections: ${CONNECTIONS} idle /widget connections, ${BATCH} at a time, ${WORKERS} client worker processes`);
  console.log(machine());

  // One descriptor per connection in the server, plus its database files, listeners and some margin;
  // each worker holds its share. Children inherit this process's limit.
  const limit = openFileLimit();
  const needed = CONNECTIONS + 1024;
  console.log(`open-file limit (ulimit -n): ${limit}; the server process needs about ${needed}`);
  if (limit < needed) {
    console.log(
      `The open-file limit ${limit} is too low for ${CONNECTIONS} connections. Raise it for this command only:\n` +
        `  bash -c 'ulimit -n 65536 && npx tsx tests/bench/idle-connections.ts'\n` +
        `(if the hard limit is lower: bash -c 'ulimit -n "$(ulimit -Hn)" && npx tsx tests/bench/idle-connections.ts')`,
    );
    console.log("idle connections: FAIL (open-file limit too low)");
    return 2;
  }

  const deadline = performance.now() + DEADLINE_S * 1000;
  let server: ServerChild | undefined;
  const workers: Worker[] = [];
  try {
    server = await startServerChild();
    console.log(`server: child pid ${server.pid}, ${server.url}, database ${server.database}`);
    for (let i = 0; i < WORKERS; i += 1) workers.push(await startWorker());

    // Warm the handshake path once (lazy module loads), then take the baseline.
    await Promise.all(workers.map((w, i) => w.request({ type: "open", url: server!.url, count: 1, firstIndex: i, prefix: "warmup_", concurrency: 1 }, "opened", 30_000)));
    await Promise.all(workers.map((w) => w.request({ type: "close" }, "closed", 30_000)));
    await waitForSockets(server, 0, 30_000);
    const before = await server.request<MemoryReport>({ type: "memory", gc: true, settleMs: SETTLE_MS });

    // Open in batches, the batch split across the workers.
    const prefix = `idle_${Date.now().toString(36)}_`;
    const connectStart = performance.now();
    let opened = 0;
    let failed = 0;
    const errors: Record<string, number> = {};
    let nextReport = 2000;
    while (opened + failed < CONNECTIONS) {
      if (performance.now() > deadline) throw new Error("deadline reached while connecting");
      const batch = Math.min(BATCH, CONNECTIONS - opened - failed);
      const shares = workers.map((_, i) => Math.floor(batch / WORKERS) + (i < batch % WORKERS ? 1 : 0));
      let first = opened + failed;
      const results = await Promise.all(
        workers.map((w, i) => {
          const firstIndex = first;
          first += shares[i]!;
          if (shares[i] === 0) return Promise.resolve<OpenResult>({ connected: 0, failed: 0, errors: {} });
          return w.request<OpenResult>(
            { type: "open", url: server!.url, count: shares[i], firstIndex, prefix, concurrency: shares[i] },
            "opened",
            120_000,
          );
        }),
      );
      const batchFailed = results.reduce((s, r) => s + r.failed, 0);
      failed += batchFailed;
      opened += batch - batchFailed;
      for (const r of results) for (const [k, n] of Object.entries(r.errors)) errors[k] = (errors[k] ?? 0) + n;
      if (opened + failed >= nextReport || opened + failed === CONNECTIONS) {
        console.log(`  ${opened} connected, ${failed} failed after ${((performance.now() - connectStart) / 1000).toFixed(1)} s`);
        nextReport += 2000;
      }
    }
    const connectSeconds = (performance.now() - connectStart) / 1000;
    for (const [k, n] of Object.entries(errors)) console.log(`  connect errors: ${n} × ${k}`);
    const onServer = await waitForSockets(server, opened, 30_000);
    await sleep(2000);
    const after = await server.request<MemoryReport>({ type: "memory", gc: true, settleMs: SETTLE_MS });

    // Hold them idle past a heartbeat, then check nothing dropped.
    console.log(`holding ${opened} idle connections for ${HOLD_S} s …`);
    await sleep(HOLD_S * 1000);
    const held = await server.request<MemoryReport>({ type: "memory", gc: true, settleMs: SETTLE_MS });
    const statuses = await Promise.all(
      workers.map((w) =>
        w.request<{ connected: number; disconnects: Record<string, number>; memory: NodeJS.MemoryUsage }>({ type: "status" }, "status", 30_000),
      ),
    );
    const clientConnected = statuses.reduce((s, st) => s + st.connected, 0);
    const clientDrops: Record<string, number> = {};
    for (const st of statuses) for (const [k, n] of Object.entries(st.disconnects)) clientDrops[k] = (clientDrops[k] ?? 0) + n;
    const clientRss = statuses.reduce((s, st) => s + st.memory.rss, 0);

    // Close everything and see what memory stays behind.
    const closeStart = performance.now();
    await Promise.all(workers.map((w) => w.request({ type: "close" }, "closed", 60_000)));
    await waitForSockets(server, 0, 60_000);
    const closeSeconds = (performance.now() - closeStart) / 1000;
    await sleep(1000);
    const gone = await server.request<MemoryReport>({ type: "memory", gc: true, settleMs: SETTLE_MS });

    // Report.
    const n = Math.max(1, after.widgetSockets);
    const row = (label: string, m: MemoryReport) =>
      `  ${label.padEnd(34)} rss ${mb(m.rss).padStart(10)}  heapUsed ${mb(m.heapUsed).padStart(10)}  external ${mb(m.external).padStart(9)}  arrayBuffers ${mb(m.arrayBuffers).padStart(8)}  sockets ${String(m.widgetSockets).padStart(6)}`;
    console.log("");
    console.log(
      `connected ${opened}/${CONNECTIONS} in ${connectSeconds.toFixed(1)} s (${(opened / connectSeconds).toFixed(0)} connections/s), ${failed} failed; ` +
        `server sees ${onServer.widgetSockets} /widget sockets (${onServer.engineClients} engine.io clients)`,
    );
    console.log("server process memory (after a forced GC):");
    console.log(row("before any connection", before));
    console.log(row(`with ${after.widgetSockets} connected`, after));
    console.log(row(`after ${HOLD_S} s idle`, held));
    console.log(row("after all disconnected", gone));
    console.log(
      `per connection: rss ${kb((after.rss - before.rss) / n)}, heapUsed ${kb((after.heapUsed - before.heapUsed) / n)}, ` +
        `external+arrayBuffers ${kb((after.external - before.external) / n)} ` +
        `(total Δ rss ${mb(after.rss - before.rss)}, Δ heapUsed ${mb(after.heapUsed - before.heapUsed)}); ` +
        `after ${HOLD_S} s idle: rss ${kb((held.rss - before.rss) / n)}, heapUsed ${kb((held.heapUsed - before.heapUsed) / n)}`,
    );
    console.log(
      `left after disconnecting all: Δ rss ${mb(gone.rss - before.rss)}, Δ heapUsed ${mb(gone.heapUsed - before.heapUsed)} ` +
        `(${kb((gone.heapUsed - before.heapUsed) / n)} heap per former connection); closing took ${closeSeconds.toFixed(1)} s`,
    );
    console.log(
      `client workers: ${clientConnected} still connected after the hold, drops ${JSON.stringify(clientDrops)}, ` +
        `rss ${mb(clientRss)} in ${WORKERS} processes (the load generator's, not the server's)`,
    );

    const checks: [string, boolean][] = [
      [`${CONNECTIONS} connections accepted`, opened === CONNECTIONS && failed === 0 && after.widgetSockets === CONNECTIONS],
      [
        `all ${CONNECTIONS} still connected after ${HOLD_S} s idle`,
        held.widgetSockets === CONNECTIONS && clientConnected === CONNECTIONS && Object.keys(clientDrops).length === 0,
      ],
      ["memory per connection reported", Number.isFinite(after.rss - before.rss)],
    ];
    console.log("");
    for (const [label, ok] of checks) console.log(`${ok ? "PASS" : "FAIL"}  ${label}`);
    const pass = checks.every(([, ok]) => ok);
    console.log(`idle connections: ${pass ? "PASS" : "FAIL"}`);
    return pass ? 0 : 1;
  } finally {
    for (const w of workers) w.child.kill("SIGKILL");
    await server?.stop();
  }
}

async function waitForSockets(server: ServerChild, count: number, timeoutMs: number): Promise<CountsReport> {
  const until = performance.now() + timeoutMs;
  for (;;) {
    const counts = await server.request<CountsReport>({ type: "counts" });
    if (counts.widgetSockets === count || performance.now() > until) return counts;
    await sleep(200);
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    console.log("idle connections: FAIL");
    process.exit(1);
  },
);
