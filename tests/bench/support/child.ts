// Helpers shared by the benchmarks: the server child process (server-process.ts) over IPC, percentiles,
// and a description of the machine.
import { fork, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
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
 * How the machine's CPU time was spent while `stop()` is pending, as shares of all CPU time since the
 * meter started, from /proc/stat (Linux; null elsewhere): user and system (every process, the kernel's
 * work for the disk and the network included), idle, iowait, and the hypervisor's steal (a virtual
 * machine's CPUs running someone else's work). Steal above a few percent means the figures of the run
 * are not those of a quiet machine.
 */
export type MachineShares = { userPct: number; systemPct: number; idlePct: number; iowaitPct: number; stealPct: number };
export function machineMeter(): { stop(): MachineShares | null } {
  return meter(
    () => readFileSync("/proc/stat", "utf8").split("\n", 1)[0]!.trim().split(/\s+/).slice(1).map(Number),
    (start, end) => {
      // user nice system idle iowait irq softirq steal (guest time is already inside user)
      const d = end.map((v, i) => v - (start[i] ?? 0));
      const total = d.slice(0, 8).reduce((a, b) => a + b, 0) || 1;
      const pct = (...fields: number[]) => (100 * fields.reduce((sum, i) => sum + (d[i] ?? 0), 0)) / total;
      return { userPct: pct(0, 1), systemPct: pct(2, 5, 6), idlePct: pct(3), iowaitPct: pct(4), stealPct: pct(7) };
    },
  );
}

/**
 * CPU time of this machine's processes called `name` (e.g. the local PostgreSQL server's backends) while
 * `stop()` is pending, in ms, from /proc (Linux; null elsewhere). Processes that exit meanwhile are
 * counted through their parent's reaped time (a PostgreSQL backend's is its postmaster's): until
 * 2026-11-28 they were not, and a pool that closed and reopened connections during a run hid their CPU.
 */
export function processCpuMeter(name: string): { stop(): number | null } {
  return meter(
    () => {
      const ticks = new Map<string, number>();
      for (const pid of readdirSync("/proc")) {
        if (!/^\d+$/.test(pid)) continue;
        try {
          const stat = procStat(pid);
          // Its own time and the children it has reaped: PostgreSQL's backends that exited during the run
          // (a pool closing idle connections) are counted in the postmaster's.
          if (stat.name === name) ticks.set(pid, stat.ownTicks + stat.reapedTicks);
        } catch {
          // the process exited meanwhile
        }
      }
      return ticks;
    },
    (start, end) => {
      // All of them at the end less all of them at the start: a process that exited meanwhile is in its
      // parent's reaped time at the end and in its own at the start.
      const sum = (ticks: Map<string, number>) => [...ticks.values()].reduce((total, t) => total + t, 0);
      return ticksToMs(sum(end) - sum(start));
    },
  );
}

/** CPU time of one process (all its threads) while `stop()` is pending, in ms, from /proc (Linux; null elsewhere). */
export function pidCpuMeter(pid: number): { stop(): number | null } {
  return meter(
    () => procStat(String(pid)).ownTicks,
    (start, end) => ticksToMs(end - start),
  );
}

/**
 * A process's name and CPU ticks from /proc/PID/stat: utime + stime (fields 14 and 15, all its threads)
 * and cutime + cstime (16 and 17, the children it has reaped). Throws when the process is gone.
 */
function procStat(pid: string): { name: string; ownTicks: number; reapedTicks: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const close = stat.lastIndexOf(")");
  const fields = stat.slice(close + 2).split(" "); // from field 3 on
  return {
    name: stat.slice(stat.indexOf("(") + 1, close),
    ownTicks: Number(fields[11]) + Number(fields[12]),
    reapedTicks: Number(fields[13]) + Number(fields[14]),
  };
}

/** Clock ticks to ms (USER_HZ is 100 on Linux). */
const ticksToMs = (ticks: number) => (ticks * 1000) / 100;

/** Reads a figure now and again at `stop()`, and gives what `difference` makes of the two; null where it cannot be read. */
function meter<T, R>(read: () => T, difference: (start: T, end: T) => R): { stop(): R | null } {
  const safely = (): T | null => {
    try {
      return read();
    } catch {
      return null;
    }
  };
  const start = safely();
  return {
    stop() {
      const end = safely();
      return start === null || end === null ? null : difference(start, end);
    },
  };
}

/** One line for a run's report (see machineMeter). */
export function machineSharesLine(shares: MachineShares, during = "the run"): string {
  const f = (v: number) => `${v.toFixed(1)}%`;
  return (
    `machine during ${during}: user ${f(shares.userPct)}, system ${f(shares.systemPct)}, idle ${f(shares.idlePct)}, ` +
    `iowait ${f(shares.iowaitPct)}, stolen by the hypervisor ${f(shares.stealPct)}` +
    (shares.stealPct > 5 ? " (not a quiet machine: compare only with runs of similar steal)" : "")
  );
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
