// The real server as a child process (the built `server/main.ts`, as `npm start` runs it), for tests that
// kill it with SIGKILL and start again on its data (tests/integration/jobs-crash.test.ts, lead-crash.test.ts).
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rename, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { threadId } from "node:worker_threads";
import { repoRoot } from "#server/app.server.ts";
import { buildServer } from "#server/build.ts";
import { copyPgliteTemplate } from "./pglite-template.ts";
import { createScratchDatabase, freePort } from "./test-server.ts";

export type ServerProcess = { child: ChildProcess; url: string; exited: Promise<number | string | null>; output: () => string };

/**
 * The server as `npm run build` bundles it, from the sources as they are now (not a build left from
 * before a change): bundled once per test process, then renamed into place, so that processes bundling
 * the same sources at once replace one file instead of each leaving one behind.
 */
function serverBundle(): Promise<string> {
  const file = path.join(repoRoot, "build/test-server/main.mjs");
  bundled ??= buildServer(`${file}.${process.pid}-${threadId}.tmp`).then(async ({ file: written }) => {
    await rename(written, file);
    return file;
  });
  return bundled;
}
/** This process's bundle (a cache: the sources do not change during a test run). */
let bundled: Promise<string> | undefined;

/** Starts the built server (`npm start`) with this environment (NODE_ENV production unless given); resolves once it listens. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, [await serverBundle()], {
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

export type FreshServerProcess = ServerProcess & {
  dataDir: string;
  /** The scratch PostgreSQL database (when DATABASE_URL is set), for the restart. */
  databaseUrl?: string;
  /** Removes the data (the scratch database, the data directory); the process must be gone. */
  cleanUp(): Promise<void>;
};

/**
 * Starts `server/main.ts` on fresh data with the seeded demo account: a copy of the PGlite template,
 * or a scratch database when DATABASE_URL is set (as the other integration files run on PostgreSQL).
 */
export async function startServerOnFreshData(options: { smtpUrl: string; mailFrom: string; env?: Record<string, string> }): Promise<FreshServerProcess> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "leadbroom-crash-"));
  const scratch = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL, "demo") : undefined;
  // The template with the demo business already in it: the child finds it and seeds nothing.
  if (!scratch) await copyPgliteTemplate(dataDir, true);
  const cleanUp = async () => {
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
  const port = await freePort();
  try {
    const started = await startServerProcess({
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_APP_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
      SESSION_SECRET: "crash-test-session-secret-crash-test",
      SMTP_URL: options.smtpUrl,
      MAIL_FROM: options.mailFrom,
      SEED_DEMO: "true",
      ...options.env,
    });
    return { ...started, dataDir, ...(scratch ? { databaseUrl: scratch.url } : {}), cleanUp };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
