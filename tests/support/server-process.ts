// The real server as a child process (`server/main.ts`, as `npm start` runs it), for tests that kill it
// with SIGKILL and start again on its data (tests/integration/jobs-crash.test.ts, lead-crash.test.ts).
import { spawn, type ChildProcess } from "node:child_process";
import { repoRoot } from "#server/app.server.ts";

export type ServerProcess = { child: ChildProcess; url: string; exited: Promise<number | string | null>; output: () => string };

/** Starts `server/main.ts` with this environment (NODE_ENV production unless given); resolves once it listens. */
export function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: "production", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<number | string | null>((resolve) => child.once("exit", (code, signal) => resolve(signal ?? code)));
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("LeadBroom listening")) resolve({ child, url: env.PUBLIC_APP_URL!, exited, output: () => output });
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code) => reject(new Error(`the server exited (${code}) before listening:\n${output}`)));
  });
}
