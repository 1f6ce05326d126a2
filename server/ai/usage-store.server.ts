// The AI usage ledger (table AiUsage): one row per model call, for the caps and the monthly usage
// shown in the workspace. Every query is scoped by the conversation's businessId.
import type { Db } from "../db/client.server.ts";
import { Prisma } from "../db/generated/client.ts";
import type { UsageTotals } from "./caps.ts";

export type UsagePurpose = "extract" | "reply";
export type UsageOutcome = "ok" | "timeout" | "error" | "invalid" | "guarded";

export type UsageRecord = {
  businessId: string;
  conversationId: string;
  model: string;
  purpose: UsagePurpose;
  outcome: UsageOutcome;
  promptTokens: number;
  completionTokens: number;
  latencyMs: number;
  at: Date;
};

export type UsageStore = {
  /** Calls and tokens of the conversation (ever) and of its business since `dayStart`. */
  totals(query: { businessId: string; conversationId: string; dayStart: Date }): Promise<UsageTotals>;
  record(row: UsageRecord): Promise<void>;
};

export function createUsageStore(db: Db): UsageStore {
  return {
    async totals({ businessId, conversationId, dayStart }) {
      const rows = await db.$queryRaw<{ c_calls: number; c_tokens: number; d_calls: number; d_tokens: number }[]>(Prisma.sql`
        SELECT
          count(*) FILTER (WHERE "conversationId" = ${conversationId})::int AS c_calls,
          coalesce(sum("promptTokens" + "completionTokens") FILTER (WHERE "conversationId" = ${conversationId}), 0)::int AS c_tokens,
          count(*) FILTER (WHERE "createdAt" >= ${dayStart})::int AS d_calls,
          coalesce(sum("promptTokens" + "completionTokens") FILTER (WHERE "createdAt" >= ${dayStart}), 0)::int AS d_tokens
        FROM "AiUsage"
        WHERE "businessId" = ${businessId} AND ("conversationId" = ${conversationId} OR "createdAt" >= ${dayStart})`);
      const row = rows[0];
      return {
        conversation: { calls: Number(row?.c_calls ?? 0), tokens: Number(row?.c_tokens ?? 0) },
        businessDay: { calls: Number(row?.d_calls ?? 0), tokens: Number(row?.d_tokens ?? 0) },
      };
    },
    async record(row) {
      await db.aiUsage.create({
        data: {
          businessId: row.businessId,
          conversationId: row.conversationId,
          model: row.model.slice(0, 200),
          purpose: row.purpose,
          outcome: row.outcome,
          promptTokens: Math.max(0, Math.round(row.promptTokens)),
          completionTokens: Math.max(0, Math.round(row.completionTokens)),
          latencyMs: Math.max(0, Math.round(row.latencyMs)),
          createdAt: row.at,
        },
      });
    },
  };
}
