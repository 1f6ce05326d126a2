// Per-IP limits for the public forms, counted from the stored submissions themselves (the rows carry
// a hash of the sender's IP). Persisted, shared by every instance on the same database, and with no
// process state: see docs/decisions (public-site submissions). The count and the insert happen in one
// transaction under a per-IP advisory lock (issue 13): parallel submissions from one address are
// counted one after the other, so no more than the limit are ever stored.
import { createHash } from "node:crypto";
import type { Prisma } from "../db/generated/client.ts";

/** At most this many submissions of one form from one IP in the window. */
export const SUBMISSIONS_PER_WINDOW = 5;
export const SUBMISSION_WINDOW_MS = 60 * 60 * 1000;

export function hashIp(ip: string): string {
  return createHash("sha256").update(`leadbroom-public-form:${ip}`).digest("hex");
}

/** True while the IP may submit again (given how many it sent within the window). */
export function underLimit(recentCount: number): boolean {
  return recentCount < SUBMISSIONS_PER_WINDOW;
}

export function windowStart(now: Date): Date {
  return new Date(now.getTime() - SUBMISSION_WINDOW_MS);
}

/**
 * Runs `store` in a transaction holding the lock of this IP's submissions, if `count` (read inside
 * that transaction) is still under the limit; null when it is not.
 */
export async function storeWithinLimit<T>(
  db: { $transaction<R>(fn: (tx: Prisma.TransactionClient) => Promise<R>): Promise<R> },
  ipHash: string,
  count: (tx: Prisma.TransactionClient) => Promise<number>,
  store: (tx: Prisma.TransactionClient) => Promise<T>,
): Promise<T | null> {
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`public-form:${ipHash}`}))`;
    if (!underLimit(await count(tx))) return null;
    return store(tx);
  });
}
