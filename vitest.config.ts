import os from "node:os";
import { defineConfig } from "vitest/config";

// `npm test` runs on a 2-core machine (README): Vitest's default there is one worker (cores − 1), so
// every file ran alone and the second core idled while a file's PGlite or its server worked. Two
// workers keep both busy; a bigger CI machine keeps Vitest's default of cores − 1.
const workers = Math.max(2, os.availableParallelism() - 1);
// Browser files run two at a time when the machine has cores to spare (decision 0065). On a machine
// already busy with other work (a load average over four times its cores when the run starts; npm
// test's own checks just before leave about 3 on 2 cores) there is no idle core to fill, and two at a
// time only doubles each page's latency, past Playwright's 30 s waits (seen at load 36 on 2 cores).
// Then, or with LB_E2E_ONE_AT_A_TIME=1, they run one at a time as before.
const browsersOneAtATime = process.env.LB_E2E_ONE_AT_A_TIME === "1" || os.loadavg()[0]! > 4 * os.availableParallelism();

export default defineConfig({
  test: {
    // cpu-time.ts records each file's CPU seconds when LB_TEST_CPU_LOG is set (decision 0070).
    setupFiles: ["tests/support/fail-on-console-error.ts", "tests/support/cpu-time.ts"],
    // `expect.poll` waits for an event (a live push, a job's effect), not for a time: Vitest's 1 s default
    // ran out on a loaded 2-core machine. A poll that is satisfied returns at once, so this costs nothing.
    expect: { poll: { timeout: 15_000 } },
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
          globalSetup: ["tests/support/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/support/global-setup.ts"],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // Two browser files at a time on a 2-core machine, like the other projects (decision 0065): one
          // file at a time left a core idle while its page waited on its server or the other way round.
          ...(browsersOneAtATime ? { poolOptions: { forks: { singleFork: true } } } : {}),
          // Each browser file still imports its modules afresh, as before decision 0041: not yet shown
          // to be as safe as for the other projects (their one process per run already shared it).
          isolate: true,
          // In CI a browser test that fails is run once more (as Playwright's CI preset does): a
          // timing flake on a loaded runner should not hide the rest of the run. A real failure
          // fails twice; the reporter prints every retry, so flakes stay visible and get fixed.
          retry: process.env.CI ? 1 : 0,
        },
      },
    ],
  },
});
