// Per-IP limits for the public forms, counted from the stored submissions themselves (the rows carry
// a hash of the sender's IP). Persisted, shared by every instance on the same database, and with no
// process state: see docs/decisions (public-site submissions).
import { createHash } from "node:crypto";

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
