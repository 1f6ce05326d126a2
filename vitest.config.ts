import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";
import { WaitingFirstSequencer } from "./tests/support/sequencer.ts";

// `npm test` runs on a 2-core machine (README): Vitest's default there is one worker (cores − 1), so
// every file ran alone and the second core idled while a file's PGlite or its server worked. Two
// workers keep both busy; a bigger CI machine keeps Vitest's default of cores − 1.
const workers = Math.max(2, os.availableParallelism() - 1);
// Browser files run in a lane of their own, one at a time, beside the two workers of the other
// projects (decision 0094): Vitest runs one pool's projects one after another (with `isolate: false`,
// waiting for a project's last file before the next one starts), but different pools side by side.
// LB_E2E_TWO_AT_A_TIME=1 gives the lane two workers (on a machine with cores to spare: beside two
// integration workers on 2 cores, the live dashboard's e2e missed Playwright's 30 s waits at two).
const browsersTwoAtATime = process.env.LB_E2E_TWO_AT_A_TIME === "1";

// CI's PostgreSQL pass (decision 0094): with LB_POSTGRES_PASS_URL set (.ci/run sets it when the server
// answers), `npm test` runs the integration files tagged `// @postgres: <why>` (decision 0065) a second
// time, in a project of their own whose workers get that URL as DATABASE_URL (and
// LB_POSTGRES_PASS_REDIS_URL as REDIS_URL). In the same run they share the forks pool's two workers and
// its start-up, and overlap the browser files' lane, instead of a second `vitest run` after the first.
const postgresPassUrl = process.env.LB_POSTGRES_PASS_URL;
const postgresTagged = readdirSync("tests/integration")
  .filter((name) => name.endsWith(".test.ts") && readFileSync(`tests/integration/${name}`, "utf8").startsWith("// @postgres"))
  .map((name) => `tests/integration/${name}`);
const integrationTimeouts = { testTimeout: 60_000, hookTimeout: 120_000 };
const postgresPass: TestProjectInlineConfiguration[] = postgresPassUrl
  ? [
      {
        extends: true,
        test: {
          name: "postgres",
          include: postgresTagged,
          globalSetup: ["tests/support/global-setup-tmp.ts", "tests/support/global-setup-postgres.ts"],
          env: {
            DATABASE_URL: postgresPassUrl,
            // A tagged file's cases that cannot differ on a server stay out of this pass (decision 0096).
            LB_POSTGRES_PASS: "1",
            ...(process.env.LB_POSTGRES_PASS_REDIS_URL ? { REDIS_URL: process.env.LB_POSTGRES_PASS_REDIS_URL } : {}),
          },
          ...integrationTimeouts,
        },
      },
    ]
  : [];

export default defineConfig({
  test: {
    // cpu-time.ts records each file's CPU seconds when LB_TEST_CPU_LOG is set (decision 0070).
    setupFiles: ["tests/support/fail-on-console-error.ts", "tests/support/cpu-time.ts"],
    // `expect.poll` waits for an event (a live push, a job's effect), not for a time: Vitest's 1 s default
    // ran out on a loaded 2-core machine. A poll that is satisfied returns at once, so this costs nothing.
    expect: { poll: { timeout: 15_000 } },
    // Files that mostly wait start first in their project (tests/support/sequencer.ts, decision 0109).
    sequence: { sequencer: WaitingFirstSequencer },
    maxWorkers: workers,
    minWorkers: 1,
    // Files reuse their worker process and its loaded modules (the server code, Prisma's client, the
    // dashboard build) instead of a new process importing them again per file: decision 0041. Each file
    // still starts and closes its own server and database; no test mocks modules (checked there).
    isolate: false,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["server/**/*.test.ts", "dashboard/app/**/*.test.{ts,tsx}", "widget/src/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
          environment: "node",
          // Temporary files on a RAM file system when there is one (decision 0101).
          globalSetup: ["tests/support/global-setup-tmp.ts"],
          // Set-up hooks may start an embedded PGlite (initdb): 20 s on a loaded machine, over 60 s
          // with two files at a time at load average 12 (server/db/pglite-worker.test.ts did).
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          // One migrated PGlite directory copied by every test server (tests/support/pglite-template.ts).
          globalSetup: ["tests/support/global-setup-tmp.ts", "tests/support/global-setup.ts"],
          ...integrationTimeouts,
        },
      },
      ...postgresPass,
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          // The PGlite templates, and one Chromium for the lane that the files connect to (decision 0096).
          globalSetup: ["tests/support/global-setup-tmp.ts", "tests/support/global-setup.ts", "tests/support/global-setup-browser.ts"],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // The lane: Vitest's threads pool, which only this project uses (decision 0094). Each file runs in
          // a worker thread of the main process instead of a forked process; the server, PGlite's own
          // worker thread and Playwright's Chromium run as they do in a fork.
          pool: "threads",
          ...(browsersTwoAtATime ? {} : { poolOptions: { threads: { singleThread: true } } }),
          // The lane's thread keeps the modules it has loaded from file to file, as the other projects'
          // workers do (decision 0041, extended to this lane by 0096): each browser file imported the
          // server, Prisma's client and the dashboard build afresh. Each file still starts and closes
          // its own server and database.
          isolate: false,
          // In CI a browser test that fails is run once more (as Playwright's CI preset does): a
          // timing flake on a loaded runner should not hide the rest of the run. A real failure
          // fails twice; the reporter prints every retry, so flakes stay visible and get fixed.
          retry: process.env.CI ? 1 : 0,
        },
      },
    ],
  },
});
