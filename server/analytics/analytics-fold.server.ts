// The analytics roll-ups' fold (decision 0046). The statements of the chat (and every other writer of
// leads and conversations, and the widget's config requests) only append delta rows to the roll-ups,
// each transaction its own "part", so no conversation waits on another's row lock; the Analytics page
// sums every part, so its figures are exact and live whether folded or not. The fold, a job every minute
// (server/jobs/schedules.server.ts), moves the committed deltas into each day's folded row (part 0) so
// that the page reads a few hundred rows a year, not one per statement. All of it is the database's
// function "analytics_fold" (migration 20261127033416_append_only_rollups_sandbox_pool).
import type { Db } from "../db/client.server.ts";

/** Folds the committed deltas; returns how many delta rows it moved (0 when another fold is running). */
export async function foldAnalytics(db: Pick<Db, "$queryRaw">): Promise<number> {
  const [row] = await db.$queryRaw<{ moved: number }[]>`SELECT "analytics_fold"() AS moved`;
  return Number(row?.moved ?? 0);
}
