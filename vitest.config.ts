import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    setupFiles: ["tests/support/fail-on-console-error.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["server/**/*.test.ts", "dashboard/app/**/*.test.{ts,tsx}", "widget/src/**/*.test.{ts,tsx}"],
          environment: "node",
          // Set-up hooks may start an embedded PGlite, which can take 20 s on a loaded machine.
          hookTimeout: 60_000,
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
          // One browser at a time on a 2-core machine.
          poolOptions: { forks: { singleFork: true } },
          // In CI a browser test that fails is run once more (as Playwright's CI preset does): a
          // timing flake on a loaded runner should not hide the rest of the run. A real failure
          // fails twice; the reporter prints every retry, so flakes stay visible and get fixed.
          retry: process.env.CI ? 1 : 0,
        },
      },
    ],
  },
});
