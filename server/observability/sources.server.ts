// The metrics' readings from the rest of the application (decision 0075), wired by the composition root.
import type { Db } from "../db/client.server.ts";
import { JOB_SCHEMA } from "../jobs/queue/job-queue.server.ts";
import type { Logger } from "../shared/logger.ts";
import type { AppMetrics } from "./metrics.server.ts";

/** Jobs waiting per queue (due or delayed, retries included): one grouped statement per scrape. */
export async function waitingJobs(db: Db): Promise<Map<string, number>> {
  const rows = await db.$queryRawUnsafe<{ name: string; n: number }[]>(
    `SELECT name, count(*)::int AS n FROM ${JOB_SCHEMA}.job WHERE state IN ('created', 'retry') GROUP BY name`,
  );
  return new Map(rows.map((r) => [r.name, Number(r.n)]));
}

/**
 * The chat service's `onTurn`: the turn's time into the metrics, and a turn slower than `slowTurnMs` as
 * one warn line with its conversation id (never the visitor's words). Nothing is logged for a normal turn.
 */
export function chatTurnObserver(deps: { metrics: AppMetrics; logger: Logger; slowTurnMs: number }) {
  return (conversationId: string, startedAt: number, failed: boolean): void => {
    const ms = performance.now() - startedAt;
    deps.metrics.chatTurn(ms / 1000, failed);
    if (ms >= deps.slowTurnMs && !failed) deps.logger.warn("[chat] slow turn", { conversationId, durationMs: Math.round(ms) });
  };
}

/** The realtime sink's `leadCreated`: every lead this process announces to the team is counted once. */
export function leadChannel(lead: { isTest: boolean; conversationId: string | null }): "test" | "chat" | "other" {
  return lead.isTest ? "test" : lead.conversationId ? "chat" : "other";
}
