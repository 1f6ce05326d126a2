// Messages between the main thread (pglite-proxy.server.ts) and the PGlite worker (pglite-worker.ts).
// Request id 0 is the worker's start-up report.
import type { IsolationLevel, SqlQuery } from "@prisma/driver-adapter-utils";

export type WorkerRequest = { id: number } & (
  | { op: "queryRaw" | "executeRaw"; query: SqlQuery; tx?: number }
  | { op: "executeScript"; script: string }
  | { op: "startTransaction"; isolationLevel?: IsolationLevel }
  | { op: "commit" | "rollback"; tx: number }
  | { op: "sqlExec"; sql: string; tx?: number }
  | { op: "sqlQuery"; sql: string; params: unknown[]; tx?: number }
  | { op: "sqlBegin" }
  | { op: "sqlCommit" | "sqlRollback"; tx: number }
  | { op: "listen" | "unlisten"; channel: string }
  /** LB_PGLITE_STATS=1: the time in statements so far, in all and in the job layer's (pgboss) ones; `reset` starts afresh. */
  | { op: "stats"; reset?: boolean }
  | { op: "close" }
);

/** A notification on a channel the main thread listens on (LISTEN), pushed unasked: id -1. */
export const NOTIFY_ID = -1;
export type WorkerNotification = { id: typeof NOTIFY_ID; channel: string; payload: string };

/** `code`: PostgreSQL's SQLSTATE, when the error is the database's. */
export type SerializedError = { name: string; message: string; cause?: unknown; code?: string };

export type WorkerReply = { id: number } & ({ ok: true; result: unknown } | { ok: false; error: SerializedError });

/** Distributes Omit over a union (TypeScript's Omit collapses it). */
export type WithoutId<T> = T extends unknown ? Omit<T, "id"> : never;
