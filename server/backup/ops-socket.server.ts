// The local operations socket (decision 0073): PGlite's data directory belongs to the one process that
// opened it, so `npm run backup` cannot open it beside a running app; it asks the app instead, over a
// Unix socket in the data directory (DATA_DIR/ops.sock, mode 0600). Only the user who owns the data
// can connect: no port, no token, nothing reachable from the network. `POST /backup` writes a backup
// (into DATA_DIR/backups, or to the absolute path given) and answers its manifest; `GET /status`
// answers that the app is running, which the restore checks before it touches a data directory.
import { chmod, mkdir, rm } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import type { Logger } from "../shared/logger.ts";
import type { DumpResult } from "./dump.server.ts";

export const opsSocketPath = (dataDir: string): string => path.resolve(dataDir, "ops.sock");

/** Unix socket paths are limited to 107 bytes (Linux). */
const MAX_SOCKET_PATH = 107;

export type OpsSocket = { path: string; close(): Promise<void> };

export type BackupAnswer = { ok: true; result: DumpResult } | { ok: false; error: string };

/** Starts the socket; null (with a warning) when the data directory's path is too long for one. */
export async function startOpsSocket(options: { dataDir: string; backup: (file?: string) => Promise<DumpResult>; logger: Logger }): Promise<OpsSocket | null> {
  const socketPath = opsSocketPath(options.dataDir);
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) {
    options.logger.warn(`[ops] ${socketPath} is too long for a Unix socket: \`npm run backup\` cannot reach this process (the nightly backup still runs)`);
    return null;
  }
  if (await opsRequest(options.dataDir, "GET", "/status")) throw new Error(`another LeadBroom process is running on ${options.dataDir}`);
  await mkdir(options.dataDir, { recursive: true });
  await rm(socketPath, { force: true }); // left by a process that died

  let running: Promise<DumpResult> | null = null;
  const server = http.createServer((request, response) => {
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    if (request.method === "GET" && request.url === "/status") return answer(200, { ok: true, pid: process.pid });
    if (request.method !== "POST" || request.url !== "/backup") return answer(404, { ok: false, error: "not found" });
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => {
      body += chunk;
      if (body.length > 10_000) request.destroy();
    });
    request.on("end", () => {
      let file: string | undefined;
      try {
        const parsed = body ? (JSON.parse(body) as { file?: unknown }) : {};
        if (parsed.file !== undefined && (typeof parsed.file !== "string" || !path.isAbsolute(parsed.file))) throw new Error("file must be an absolute path");
        file = parsed.file as string | undefined;
      } catch (error) {
        return answer(400, { ok: false, error: (error as Error).message });
      }
      // One backup at a time: a second request waits for a backup of its own after the first.
      const previous = running ?? Promise.resolve();
      const mine = previous.catch(() => undefined).then(() => options.backup(file));
      running = mine;
      mine.then(
        (result) => answer(200, { ok: true, result } satisfies BackupAnswer),
        (error: unknown) => answer(500, { ok: false, error: (error as Error).message } satisfies BackupAnswer),
      ).finally(() => {
        if (running === mine) running = null;
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => resolve());
  });
  await chmod(socketPath, 0o600);
  return {
    path: socketPath,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(socketPath, { force: true });
    },
  };
}

/** One request to the app on `dataDir`; null when no app listens there (no socket, or a stale one). */
export function opsRequest<T>(dataDir: string, method: "GET" | "POST", pathname: string, body?: unknown): Promise<{ status: number; body: T } | null> {
  return new Promise((resolve, reject) => {
    const request = http.request({ socketPath: opsSocketPath(dataDir), method, path: pathname, headers: { "content-type": "application/json" } }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => {
        try {
          resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as T });
        } catch {
          reject(new Error(`the app on ${dataDir} answered ${response.statusCode} with no JSON`));
        }
      });
    });
    request.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT" || error.code === "ECONNREFUSED") resolve(null);
      else reject(error);
    });
    request.end(body === undefined ? undefined : JSON.stringify(body));
  });
}
