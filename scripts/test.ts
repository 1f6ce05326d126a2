// `npm test` (decisions 0065, 0099): lint, type-check and build at once, then Vitest, which needs only the
// build: it starts as soon as the build is done, while lint and type-check go on beside it. On a 2-core
// machine the three checks kept both cores busy for about a minute before the first test, and the test
// run leaves a core idle for a good part of its time (tests waiting for events, a project's last file);
// lint and type-check now use that time. Each check's output is printed whole when it ends (not
// interleaved with the tests'); the exit code is non-zero when the tests or any check failed, after all
// have finished. Arguments are Vitest's: `npm test -- --project unit`.
import { spawn } from "node:child_process";

type Finished = { name: string; code: number };

const started = Date.now();
const seconds = () => ((Date.now() - started) / 1000).toFixed(0);
// The checks write to a pipe: keep their colours when this process writes to a terminal.
const colours = process.stdout.isTTY && !process.env.NO_COLOR ? { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? "1" } : process.env;

/** Runs `npm run <name>` with its output held back, then printed whole with its outcome. */
function check(name: string): Promise<Finished> {
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", name], { stdio: ["ignore", "pipe", "pipe"], env: colours });
    const output: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => output.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => output.push(chunk));
    child.on("close", (code, signal) => {
      process.stdout.write(`\n== npm run ${name}: ${code === 0 ? "ok" : `failed (${signal ?? code})`} after ${seconds()} s\n`);
      process.stdout.write(Buffer.concat(output));
      resolve({ name, code: code ?? 1 });
    });
  });
}

/** Vitest with this terminal's output, as `vitest run` alone would have. */
function vitest(args: string[]): Promise<Finished> {
  return new Promise((resolve) => {
    process.stdout.write(`\n== vitest run (from ${seconds()} s)\n`);
    const child = spawn("npx", ["vitest", "run", ...args], { stdio: "inherit" });
    child.on("close", (code) => resolve({ name: "vitest run", code: code ?? 1 }));
  });
}

const checks = [check("lint"), check("typecheck")];
const build = await check("build");
const results = [build, ...(build.code === 0 ? [await vitest(process.argv.slice(2))] : []), ...(await Promise.all(checks))];
const failed = results.filter((r) => r.code !== 0).map((r) => r.name);
if (build.code !== 0) console.error("\nThe build failed: the tests did not run.");
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.join(", ")}`);
  process.exit(1);
}
