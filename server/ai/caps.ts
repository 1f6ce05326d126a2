// Caps on model use (issue #5): calls and tokens per conversation and per business per UTC day.
// Pure: the totals come from the usage store once per turn; the turn's own calls are added as they
// happen, so a turn that would cross a cap stops calling the model and the rules answer instead.

export type AiCaps = {
  callsPerConversation: number;
  tokensPerConversation: number;
  callsPerBusinessDay: number;
  tokensPerBusinessDay: number;
};

export type UsageCount = { calls: number; tokens: number };
export type UsageTotals = { conversation: UsageCount; businessDay: UsageCount };

export type CapReason = "conversation_calls" | "conversation_tokens" | "business_day_calls" | "business_day_tokens";

export type TurnBudget = {
  /** Null when one more call of about `estimatedTokens` fits every cap, else the cap it would cross. */
  refusal(estimatedTokens: number): CapReason | null;
  /** Counts a call that was made (whatever its outcome). */
  spend(tokens: number): void;
};

/** Midnight UTC starting the day of `now`: business-day caps reset then. */
export function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

export function createTurnBudget(caps: AiCaps, totals: UsageTotals): TurnBudget {
  const conversation = { ...totals.conversation };
  const businessDay = { ...totals.businessDay };
  return {
    refusal(estimatedTokens) {
      if (conversation.calls + 1 > caps.callsPerConversation) return "conversation_calls";
      if (conversation.tokens + estimatedTokens > caps.tokensPerConversation) return "conversation_tokens";
      if (businessDay.calls + 1 > caps.callsPerBusinessDay) return "business_day_calls";
      if (businessDay.tokens + estimatedTokens > caps.tokensPerBusinessDay) return "business_day_tokens";
      return null;
    },
    spend(tokens) {
      conversation.calls += 1;
      conversation.tokens += tokens;
      businessDay.calls += 1;
      businessDay.tokens += tokens;
    },
  };
}
