// `npm test`'s checks before Vitest (decision 0065): `npm run lint`, `typecheck` and `build` are each
// mostly one thread, so on a 2-core machine they ran one after another with a core idle. Here they run
// at once; each one's output is printed whole when it ends (not interleaved), and the exit code is
// non-zero when any of them failed, after all have finished.
//   tsx scripts/run-parallel.ts lint typecheck build
import { spawn } from "node:child_process";

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error("usage: tsx scripts/run-parallel.ts <npm script>...");
  process.exit(2);
}

const started = Date.now();
// The children write to a pipe: keep their colours when this process writes to a terminal.
const colours = process.stdout.isTTY && !process.env.NO_COLOR ? { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? "1" } : process.env;
const results = await Promise.all(
  scripts.map(
    (name) =>
      new Promise<{ name: string; code: number }>((resolve) => {
        const child = spawn("npm", ["run", "--silent", name], { stdio: ["ignore", "pipe", "pipe"], env: colours });
        const output: Buffer[] = [];
        child.stdout.on("data", (chunk: Buffer) => output.push(chunk));
        child.stderr.on("data", (chunk: Buffer) => output.push(chunk));
        child.on("close", (code, signal) => {
          const status = code === 0 ? "ok" : `failed (${signal ?? code})`;
          process.stdout.write(`\n== npm run ${name}: ${status} after ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
          process.stdout.write(Buffer.concat(output));
          resolve({ name, code: code ?? 1 });
        });
      }),
  ),
);

const failed = results.filter((r) => r.code !== 0).map((r) => r.name);
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.map((name) => `npm run ${name}`).join(", ")}`);
  process.exit(1);
}
