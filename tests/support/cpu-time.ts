// With LB_TEST_CPU_LOG=<file>, each test file appends one JSON line there: its CPU seconds (this
// worker process, every thread: the server, PGlite and the test code run in it) and wall seconds,
// from its set-up file's start (before the test file's imports) to its last afterAll, with the
// worker (process and thread) that ran it and when it started. CPU seconds
// barely move with the machine's load, so they show where the suite's time goes even on a busy
// machine (decision 0070).
// A child process a file starts (the crash suites' server) is not counted.
import { appendFileSync } from "node:fs";
import { threadId } from "node:worker_threads";
import { afterAll, expect } from "vitest";

const log = process.env.LB_TEST_CPU_LOG;
if (log) {
  const cpuStart = process.cpuUsage();
  const wallStart = performance.now();
  const startedAt = Date.now();
  const file = expect.getState().testPath ?? "";
  // Registered first, so with Vitest's stacked hooks it runs last: after the file's own afterAll.
  afterAll(() => {
    const cpu = process.cpuUsage(cpuStart);
    appendFileSync(
      log,
      `${JSON.stringify({
        file: file.replace(`${process.cwd()}/`, ""),
        cpuS: +((cpu.user + cpu.system) / 1e6).toFixed(2),
        wallS: +((performance.now() - wallStart) / 1000).toFixed(2),
        // Which worker ran it and when, and on which database: enough to draw each worker's timeline.
        worker: `${process.pid}/${threadId}`,
        database: process.env.DATABASE_URL ? "postgres" : "pglite",
        startedAt: new Date(startedAt).toISOString(),
      })}\n`,
    );
  });
}
