import { readFileSync } from "node:fs";
import path from "node:path";
import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

const dashboardDir = import.meta.dirname;
const repoRoot = path.resolve(dashboardDir, "..");

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

/**
 * The packages code in a browser uses (the dashboard's components, hooks and lib modules, the widget is
 * built apart). Vite pre-bundles them at start (`include`), so a first page does not make the optimizer
 * run again and reload it.
 */
const BROWSER_PACKAGES = ["react", "react-dom", "@remix-run/react", "zod", "lucide-react", "@conform-to/react", "@conform-to/zod", "@date-fns/tz", "socket.io-client", "recharts", "@stripe/stripe-js", "jspdf"];
const BROWSER_ENTRIES = ["zod", "zod/v4", "zod/v4/core", "lucide-react", "@conform-to/react", "@conform-to/zod/v4", "@date-fns/tz", "socket.io-client", "recharts", "@stripe/stripe-js"];
/**
 * Every other dependency is server-only, and stays out of the browser's dependency optimizer (issue 30):
 * in development the client environment also transforms route modules whole (Remix collects their CSS
 * that way) and follows their imports into server/, so the packages server modules import (argon2,
 * Prisma, pg-boss, …) were "discovered" as browser dependencies; @node-rs/argon2's browser build failed
 * to bundle, the optimizer never settled, and pages got 504 "Outdated Optimize Dep" and never hydrated.
 */
const packageJson = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")) as { dependencies: Record<string, string> };
const SERVER_PACKAGES = Object.keys(packageJson.dependencies).filter((name) => !BROWSER_PACKAGES.includes(name));

/** Browser code importing "zod" gets Zod with its eval probe off (dashboard/app/lib/zod-jitless.client.ts). */
function zodJitlessInBrowser(): Plugin {
  const shim = path.join(dashboardDir, "app", "lib", "zod-jitless.client.ts");
  return {
    name: "leadbroom:zod-jitless-in-browser",
    enforce: "pre",
    resolveId(source, importer, options) {
      if (source !== "zod" || options?.ssr || importer === shim) return null;
      return shim;
    },
  };
}

export default defineConfig({
  // Remix reads package.json from the Vite root: the repository root, which owns it.
  root: repoRoot,
  publicDir: path.join(dashboardDir, "public"),
  resolve: { alias: { "~": path.join(dashboardDir, "app") } },
  plugins: [
    tailwindcss(),
    zodJitlessInBrowser(),
    remix({
      appDirectory: path.join(dashboardDir, "app"),
      // LB_BUILD_DIR lets parallel work trees build side by side (tests/support/test-server.ts reads it too).
      buildDirectory: process.env.LB_BUILD_DIR ? path.resolve(process.env.LB_BUILD_DIR) : path.join(repoRoot, "build", "dashboard"),
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
  ],
  server: {
    fs: { allow: [repoRoot] },
    watch: { ignored: ["**/.data/**", "**/build/**", "**/tests/**", "**/prisma/migrations/**"] },
  },
  build: { target: "es2022" },
  optimizeDeps: { include: BROWSER_ENTRIES, exclude: SERVER_PACKAGES },
  // A fresh optimizer cache per dev-mode test run (tests/e2e/dev-mode.test.ts), as on a fresh clone.
  ...(process.env.LB_VITE_CACHE_DIR ? { cacheDir: path.resolve(process.env.LB_VITE_CACHE_DIR) } : {}),
});
