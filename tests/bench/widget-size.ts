// Widget size budget (DESIGN §9): the script a host page loads first (widget.js, the loader) ≤ 6 KB
// gzip, and the whole widget including the socket client (loader + chat chunk) ≤ 25 KB gzip.
// Builds widget/dist if it is missing or older than the sources, then prints raw (an unminified
// build), minified (what is served) and gzip level 9 sizes. Exits 1 when a budget is exceeded.
// Run: npx tsx tests/bench/widget-size.ts
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { buildWidget, type WidgetManifest } from "../../widget/build.ts";

const KB = 1024;
const BUDGET = { loader: 6 * KB, total: 25 * KB };

const widgetDir = fileURLToPath(new URL("../../widget/", import.meta.url));
const distDir = path.join(widgetDir, "dist");

function newestSource(): number {
  const files = [path.join(widgetDir, "vite.config.ts"), path.join(widgetDir, "build.ts")];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (!/\.test\.tsx?$/.test(entry.name)) files.push(full);
    }
  };
  walk(path.join(widgetDir, "src"));
  return Math.max(...files.map((f) => statSync(f).mtimeMs));
}

async function ensureBuilt(): Promise<WidgetManifest> {
  const manifestPath = path.join(distDir, "manifest.json");
  const fresh = existsSync(manifestPath) && statSync(manifestPath).mtimeMs >= newestSource();
  if (fresh) {
    const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as WidgetManifest;
    if (existsSync(path.join(distDir, manifest.loader)) && existsSync(path.join(distDir, manifest.chat))) return manifest;
  }
  console.log("building widget/dist …");
  return buildWidget();
}

type Sizes = { raw: number; min: number; gzip: number };

function sizesOf(raw: Buffer, min: Buffer): Sizes {
  return { raw: raw.length, min: min.length, gzip: gzipSync(min, { level: 9 }).length };
}

const kb = (n: number): string => `${(n / KB).toFixed(2)} KB`;

async function main(): Promise<void> {
  const manifest = await ensureBuilt();
  const read = (dir: string, file: string): Buffer => readFileSync(path.join(dir, file));

  // Raw: the same bundles built without minification, in a scratch directory.
  const rawDir = await mkdtemp(path.join(os.tmpdir(), "leadbroom-widget-raw-"));
  let rawLoader: Buffer;
  let rawChat: Buffer;
  try {
    const rawManifest = await buildWidget({ outDir: rawDir, minify: false });
    rawLoader = read(rawDir, rawManifest.loader);
    rawChat = read(rawDir, rawManifest.chat);
  } finally {
    await rm(rawDir, { recursive: true, force: true });
  }

  const minLoader = read(distDir, manifest.loader);
  const minChat = read(distDir, manifest.chat);
  const loader = sizesOf(rawLoader, minLoader);
  const chat = sizesOf(rawChat, minChat);
  // Two separate downloads, each gzipped on its own: the total is the sum.
  const total: Sizes = { raw: loader.raw + chat.raw, min: loader.min + chat.min, gzip: loader.gzip + chat.gzip };

  const rows: [string, Sizes, number | null][] = [
    [`loader (${manifest.loader})`, loader, BUDGET.loader],
    [`chat (${manifest.chat})`, chat, null],
    ["loader + chat", total, BUDGET.total],
  ];
  console.log(`${"bundle".padEnd(30)}${"raw".padStart(12)}${"minified".padStart(12)}${"gzip -9".padStart(12)}   budget`);
  let failed = false;
  for (const [name, s, budget] of rows) {
    const verdict = budget === null ? "" : s.gzip <= budget ? `PASS (≤ ${kb(budget)})` : `FAIL (> ${kb(budget)})`;
    if (budget !== null && s.gzip > budget) failed = true;
    console.log(`${name.padEnd(30)}${kb(s.raw).padStart(12)}${kb(s.min).padStart(12)}${kb(s.gzip).padStart(12)}   ${verdict}`);
  }
  console.log(failed ? "widget size: FAIL" : "widget size: PASS");
  if (failed) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
