// DESIGN §9: the job runner delivers e-mail jobs to a local SMTP sink at ≥ 200 a second on PGlite, and
// none is lost or doubled after `kill -9` mid-batch. A real SMTP server (tests/support/smtp-sink.ts)
// receives them; the runner is the product's (server/jobs/queue, server/mail/mail-jobs.server.ts) in a
// child process (support/job-runner-process.ts) on a fresh PGlite directory.
//   npx tsx tests/bench/job-runner.ts [--jobs=5000] [--crash-jobs=2000]
import "./support/production-mode.ts";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { ChildProcess } from "node:child_process";
import { forkTs, machine, repoRoot } from "./support/child.ts";
import { startSmtpSink } from "../support/smtp-sink.ts";

const arg = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
const JOBS = arg("jobs", 5000);
const CRASH_JOBS = arg("crash-jobs", 2000);
const BUDGET_PER_SECOND = 200;

const sink = await startSmtpSink();
const dataDir = await mkdtemp(path.join(os.tmpdir(), "leadbroom-jobs-bench-"));
const script = path.join(repoRoot, "tests/bench/support/job-runner-process.ts");
const env = { BENCH_DATA_DIR: dataDir, SMTP_URL: process.env.BENCH_SMTP_QUERY ? `${sink.url}?${process.env.BENCH_SMTP_QUERY}` : sink.url };

function child(args: string[]): { proc: ChildProcess; next(type: string): Promise<void> } {
  const proc = forkTs(script, args, { env, execArgv: process.env.BENCH_RUNNER_EXEC_ARGV?.split(/\s+/).filter(Boolean) });
  return {
    proc,
    next: (type) =>
      new Promise((resolve, reject) => {
        const onMessage = (msg: { type?: string }) => msg.type === type && (proc.off("message", onMessage), resolve());
        proc.on("message", onMessage);
        proc.once("exit", (code) => reject(new Error(`the runner exited (${code}) before "${type}"`)));
      }),
  };
}
const exited = (proc: ChildProcess) => new Promise<void>((resolve) => (proc.exitCode !== null ? resolve() : proc.once("exit", () => resolve())));

async function enqueue(count: number, prefix: string) {
  const c = child(["enqueue", String(count), prefix]);
  await c.next("enqueued");
  await exited(c.proc);
}

console.log(machine());
let failed = false;
try {
  // 1. Throughput: JOBS waiting, then the runner starts; time until the last one reached the sink.
  await enqueue(JOBS, "throughput");
  const runner = child(["run"]);
  await runner.next("running");
  const started = performance.now();
  await sink.waitFor(JOBS, 300_000);
  const seconds = (performance.now() - started) / 1000;
  runner.proc.send({ type: "stop" });
  await exited(runner.proc);
  const distinct = new Set(sink.messages.map((m) => m.messageId)).size;
  const rate = JOBS / seconds;
  console.log(`throughput: ${JOBS} e-mails in ${seconds.toFixed(2)} s = ${rate.toFixed(0)}/s (${distinct} distinct Message-IDs)`);
  if (rate < BUDGET_PER_SECOND || distinct !== JOBS) failed = true;

  // 2. kill -9 mid-batch, then a restart on the same data.
  sink.messages.length = 0;
  await enqueue(CRASH_JOBS, "crash");
  const first = child(["run"]);
  await first.next("running");
  await sink.waitFor(Math.floor(CRASH_JOBS / 4), 300_000);
  first.proc.kill("SIGKILL");
  await exited(first.proc);
  const atKill = sink.messages.length;
  const second = child(["run"]);
  await second.next("running");
  const deadline = Date.now() + 300_000;
  while (new Set(sink.messages.map((m) => m.messageId)).size < CRASH_JOBS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  // Anything still to come (a double) would arrive within a few polls.
  await new Promise((r) => setTimeout(r, 3000));
  second.proc.send({ type: "stop" });
  await exited(second.proc);
  const ids = sink.messages.map((m) => m.messageId);
  const unique = new Set(ids).size;
  // Each job's subject names it: two different messages for one job would be a double.
  const idsPerJob = new Map<string, Set<string>>();
  for (const m of sink.messages) idsPerJob.set(m.subject, (idsPerJob.get(m.subject) ?? new Set()).add(m.messageId));
  const withHtml = sink.messages.filter((m) => m.raw.includes("Content-Type: text/html")).length;
  console.log(`${withHtml} of ${sink.messages.length} messages carried the HTML part`);
  const doubled = [...idsPerJob.values()].filter((set) => set.size > 1).length;
  const lost = CRASH_JOBS - idsPerJob.size;
  console.log(
    `kill -9: ${atKill} of ${CRASH_JOBS} delivered before the kill; after the restart ${idsPerJob.size} jobs delivered, ` +
      `lost ${lost}, doubled ${doubled}; ${ids.length - unique} message(s) in flight at the kill sent again with the same Message-ID`,
  );
  if (lost !== 0 || doubled !== 0 || unique !== CRASH_JOBS) failed = true;
} finally {
  await sink.close();
  await rm(dataDir, { recursive: true, force: true });
}
console.log(failed ? "FAIL" : "PASS");
process.exit(failed ? 1 : 0);
