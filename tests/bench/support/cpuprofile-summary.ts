// Summarises V8 .cpuprofile files (from `--cpu-prof`, e.g. BENCH_SERVER_EXEC_ARGV="--cpu-prof
// --cpu-prof-dir=/tmp/prof" on a bench): per file (one per thread), the busy time, then self time by
// package (node_modules/<name>, node: internals, the app's folders, wasm, GC, idle) and by function.
// Optional `--per=N` divides every figure by N (e.g. the run's turns, for milliseconds per turn);
// `--from=S --to=S` keeps the samples between S seconds after the profile's start (each thread's own);
// `--timeline=S` prints the busy time per S-second bucket, to find the load's window; `--inclusive`
// adds each function's total time (itself and what it calls, counted once per stack).
//
// Run: npx tsx tests/bench/support/cpuprofile-summary.ts /tmp/prof/*.cpuprofile [--top=40] [--per=8000] [--from=20 --to=50] [--timeline=5]
import { readFileSync } from "node:fs";
import path from "node:path";

type Frame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type ProfileNode = { id: number; callFrame: Frame; children?: number[] };
type Profile = { nodes: ProfileNode[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] };

const files = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const numArg = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
const top = numArg("top", 40);
const per = numArg("per", 1);
const from = numArg("from", 0) * 1e6;
const to = numArg("to", Infinity) * 1e6;
const timeline = numArg("timeline", 0) * 1e6;
const inclusive = process.argv.includes("--inclusive");
const unit = per === 1 ? "ms" : `ms/${per}`;

/** The package or area a frame belongs to. */
function areaOf(frame: Frame): string {
  const { url, functionName } = frame;
  if (!url) {
    if (functionName === "(garbage collector)" || functionName === "(idle)" || functionName === "(program)") return functionName;
    if (/^(wasm-function|\$|js-to-wasm|wasm-to-js)/.test(functionName)) return "(wasm)";
    return "(native)";
  }
  if (url.startsWith("wasm://")) return "(wasm)";
  if (url.startsWith("node:")) return `node:${url.slice(5).split("/")[0]}`;
  const nm = url.lastIndexOf("node_modules/");
  if (nm >= 0) {
    const rest = url.slice(nm + "node_modules/".length).split("/");
    return rest[0]!.startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  const file = url.replace(/^file:\/\//, "");
  const rel = path.relative(process.cwd(), file);
  return rel.startsWith("..") ? file : rel.split("/").slice(0, 2).join("/");
}

function summarise(file: string) {
  const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  const buckets: number[] = [];
  let at = 0; // µs since the profile's start
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i]!;
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (at < from || at > to) continue;
    self.set(id, (self.get(id) ?? 0) + delta / 1000);
    if (timeline > 0 && byId.get(id)!.callFrame.functionName !== "(idle)") {
      const b = Math.floor(at / timeline);
      buckets[b] = (buckets[b] ?? 0) + delta / 1000;
    }
  }
  const byArea = new Map<string, number>();
  const byFn = new Map<string, number>();
  let total = 0;
  let idle = 0;
  for (const [id, ms] of self) {
    const frame = byId.get(id)!.callFrame;
    const area = areaOf(frame);
    if (area === "(idle)") {
      idle += ms;
      continue;
    }
    total += ms;
    byArea.set(area, (byArea.get(area) ?? 0) + ms);
    const where = frame.url ? `${path.basename(frame.url).replace(/\?.*$/, "")}:${frame.lineNumber + 1}:${frame.columnNumber + 1}` : "";
    const key = `${frame.functionName || "(anonymous)"} ${where} [${area}]`;
    byFn.set(key, (byFn.get(key) ?? 0) + ms);
  }
  const byFnTotal = new Map<string, number>();
  if (inclusive) {
    const parent = new Map<number, number>();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    for (const [id, ms] of self) {
      if (byId.get(id)!.callFrame.functionName === "(idle)") continue;
      const seen = new Set<string>();
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
        const frame = byId.get(at)!.callFrame;
        if (!frame.url) continue;
        const key = `${frame.functionName || "(anonymous)"} ${path.basename(frame.url).replace(/\?.*$/, "")}:${frame.lineNumber + 1}:${frame.columnNumber + 1} [${areaOf(frame)}]`;
        if (seen.has(key)) continue;
        seen.add(key);
        byFnTotal.set(key, (byFnTotal.get(key) ?? 0) + ms);
      }
    }
  }
  const wall = (profile.endTime - profile.startTime) / 1000;
  const fmt = (ms: number) => (ms / per).toFixed(per === 1 ? 0 : 3).padStart(10);
  const pct = (ms: number) => `${((100 * ms) / total).toFixed(1).padStart(5)}%`;
  console.log(`\n${path.basename(file)}: busy ${fmt(total)} ${unit} (idle ${(idle / 1000).toFixed(1)} s, wall ${(wall / 1000).toFixed(1)} s)`);
  if (timeline > 0) console.log(`  busy ms per ${timeline / 1e6} s: ${Array.from(buckets, (ms) => Math.round(ms ?? 0)).join(" ")}`);
  console.log("  by package / area (self time):");
  for (const [area, ms] of [...byArea].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${fmt(ms)} ${pct(ms)}  ${area}`);
  console.log("  by function (self time):");
  for (const [fn, ms] of [...byFn].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${fmt(ms)} ${pct(ms)}  ${fn}`);
  if (!inclusive) return;
  console.log("  by function (total time, itself and its callees):");
  for (const [fn, ms] of [...byFnTotal].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${fmt(ms)} ${pct(ms)}  ${fn}`);
}

for (const file of files) summarise(file);
