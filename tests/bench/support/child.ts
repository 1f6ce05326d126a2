// Helpers shared by the benchmarks: the server child process (server-process.ts) over IPC, percentiles,
// and a description of the machine.
import { fork, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ParentRequest } from "./server-process.ts";

export const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));

type Pending = { resolve(value: unknown): void; reject(error: Error): void };
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
type RequestBody = DistributiveOmit<ParentRequest, "id">;

export type ServerChild = {
  url: string;
  database: string;
  pid: number;
  request<T>(body: RequestBody, timeoutMs?: number): Promise<T>;
  /** Asks the server to close (it finishes queued turns first), then kills the process if it has not exited within 60 s. */
  stop(): Promise<void>;
};

/** Runs a TypeScript file with tsx in a child Node process with an IPC channel. */
export function forkTs(file: string, args: string[] = [], options: { env?: Record<string, string>; execArgv?: string[] } = {}): ChildProcess {
  return fork(file, args, {
    cwd: repoRoot,
    execArgv: ["--import", "tsx", ...(options.execArgv ?? [])],
    env: { ...process.env, ...options.env },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
}

export async function startServerChild(options: { instrument?: boolean; startTimeoutMs?: number } = {}): Promise<ServerChild> {
  const child = forkTs(path.join(repoRoot, "tests/bench/support/server-process.ts"), [], {
    env: { BENCH_INSTRUMENT: options.instrument ? "1" : "0" },
    // e.g. BENCH_SERVER_EXEC_ARGV="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the server.
    // BENCH_START_TIMEOUT_MS raises the 120 s start-up wait on a loaded machine (it measures nothing).
    execArgv: ["--expose-gc", ...(process.env.BENCH_SERVER_EXEC_ARGV?.split(/\s+/).filter(Boolean) ?? [])],
  });
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let exited = false;
  const exit = new Promise<void>((resolve) => child.once("exit", () => ((exited = true), resolve())));
  // Never leave the server running behind us.
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);

  const ready = await new Promise<{ url: string; database: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the server child did not start in time")), options.startTimeoutMs ?? (Number(process.env.BENCH_START_TIMEOUT_MS) || 120_000));
    child.on("message", (raw) => {
      const msg = raw as { type?: string; url?: string; database?: string; id?: number; ok?: boolean; result?: unknown; error?: string };
      if (msg.type === "ready") {
        clearTimeout(timer);
        resolve({ url: msg.url!, database: msg.database! });
        return;
      }
      if (typeof msg.id === "number") {
        const p = pending.get(msg.id);
        pending.delete(msg.id);
        if (!p) return;
        if (msg.ok) p.resolve(msg.result);
        else p.reject(new Error(msg.error));
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the server child exited (code ${code}) before it was ready`));
      for (const p of pending.values()) p.reject(new Error("the server child exited"));
    });
  });

  return {
    ...ready,
    pid: child.pid!,
    request<T>(body: RequestBody, timeoutMs = 60_000): Promise<T> {
      const id = nextId++;
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new Error(`server child: no answer to ${body.type} within ${timeoutMs} ms`));
        }, timeoutMs);
        pending.set(id, {
          resolve: (v) => (clearTimeout(timer), resolve(v as T)),
          reject: (e) => (clearTimeout(timer), reject(e)),
        });
        child.send({ ...body, id });
      });
    },
    async stop() {
      if (exited) return;
      try {
        await Promise.race([
          new Promise<void>((resolve) => {
            const id = nextId++;
            pending.set(id, {
              resolve: () => resolve(),
              reject: (error) => {
                console.error(`the server child failed to close cleanly: ${error.message}`);
                resolve();
              },
            });
            child.send({ type: "close", id });
          }),
          new Promise((r) => setTimeout(r, 60_000)),
        ]);
      } catch {
        // channel already closed
      }
      await Promise.race([exit, new Promise((r) => setTimeout(r, 5_000))]);
      if (!exited) child.kill("SIGKILL");
      process.removeListener("exit", killOnExit);
    },
  };
}

/** Nearest-rank percentile of an ascending-sorted array. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export type Summary = { count: number; p50: number; p95: number; p99: number; max: number; mean: number };

export function summarize(values: number[]): Summary {
  const sorted = [...values].sort((a, b) => a - b);
  const mean = sorted.reduce((s, v) => s + v, 0) / (sorted.length || 1);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? NaN,
    mean,
  };
}

export const fmtMs = (v: number): string => (Number.isFinite(v) ? `${v.toFixed(1)} ms` : "n/a");

export function summaryLine(label: string, s: Summary): string {
  return `${label.padEnd(44)} n=${String(s.count).padStart(5)}  p50 ${fmtMs(s.p50).padStart(9)}  p95 ${fmtMs(s.p95).padStart(9)}  p99 ${fmtMs(s.p99).padStart(9)}  max ${fmtMs(s.max).padStart(9)}`;
}

export function machine(): string {
  const cpus = os.cpus();
  const gib = (os.totalmem() / 1024 ** 3).toFixed(1);
  const load = os.loadavg().map((l) => l.toFixed(2)).join(" / ");
  return (
    `machine: ${os.availableParallelism()} cores (${cpus[0]?.model.trim() ?? "unknown CPU"}), ${gib} GiB, Node ${process.version}, ` +
    `${os.platform()} ${os.release()}; load average ${load} (1/5/15 min) at start`
  );
}

/**
 * The machine's CPU time taken by others while `stop()` is pending: the hypervisor's steal (a virtual
 * machine's CPUs running someone else's work) and iowait, as shares of all CPU time since the meter
 * started, from /proc/stat (Linux; null elsewhere). Steal above a few percent means the figures of the
 * run are not those of a quiet machine.
 */
export function stealMeter(): { stop(): { stealPct: number; iowaitPct: number } | null } {
  const read = (): number[] | null => {
    try {
      const line = readFileSync("/proc/stat", "utf8").split("\n", 1)[0]!;
      return line.trim().split(/\s+/).slice(1).map(Number);
    } catch {
      return null;
    }
  };
  const start = read();
  return {
    stop() {
      const end = read();
      if (!start || !end) return null;
      const d = end.map((v, i) => v - (start[i] ?? 0));
      // user nice system idle iowait irq softirq steal (guest time is already inside user)
      const total = d.slice(0, 8).reduce((a, b) => a + b, 0) || 1;
      return { stealPct: (100 * (d[7] ?? 0)) / total, iowaitPct: (100 * (d[4] ?? 0)) / total };
    },
  };
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
