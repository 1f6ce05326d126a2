// The AI usage shown on the workspace chatbot page (Settings tab): which assistant answers visitors
// and what the business used this month (UTC, as the daily caps). Scoped by the session's businessId.
import type { Db } from "../db/client.server.ts";

export type AssistantSummary = { kind: "rules" } | { kind: "model"; model: string };

export type MonthlyAiUsage = {
  /** First day of the month counted, "YYYY-MM-DD" (UTC). */
  since: string;
  calls: number;
  promptTokens: number;
  completionTokens: number;
  /** Calls that timed out, failed, were invalid or withheld: those turns were answered by the rules. */
  fallbacks: number;
};

/** The assistant's `name` is "rules" or the model's name (server/conversation/assistant.ts). */
export function summarizeAssistant(name: string): AssistantSummary {
  return name === "rules" ? { kind: "rules" } : { kind: "model", model: name };
}

export function startOfUtcMonth(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

export async function getMonthlyAiUsage(db: Db, businessId: string, now = new Date()): Promise<MonthlyAiUsage> {
  const since = startOfUtcMonth(now);
  const where = { businessId, createdAt: { gte: since } };
  const [totals, fallbacks] = await Promise.all([
    db.aiUsage.aggregate({ where, _count: { _all: true }, _sum: { promptTokens: true, completionTokens: true } }),
    db.aiUsage.count({ where: { ...where, outcome: { not: "ok" } } }),
  ]);
  return {
    since: since.toISOString().slice(0, 10),
    calls: totals._count._all,
    promptTokens: totals._sum.promptTokens ?? 0,
    completionTokens: totals._sum.completionTokens ?? 0,
    fallbacks,
  };
}
