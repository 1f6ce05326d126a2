import path from "node:path";
import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

const dashboardDir = import.meta.dirname;
const repoRoot = path.resolve(dashboardDir, "..");

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  // Remix reads package.json from the Vite root: the repository root, which owns it.
  root: repoRoot,
  publicDir: path.join(dashboardDir, "public"),
  resolve: { alias: { "~": path.join(dashboardDir, "app") } },
  plugins: [
    tailwindcss(),
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
});
