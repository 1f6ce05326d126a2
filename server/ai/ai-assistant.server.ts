// The AI assistant (issue #5, DESIGN §4): the rules engine decides the flow, the model helps.
// Each turn:
//   1. the rules engine answers first (always; it is the fallback for everything below);
//   2. when the rules stored no answer for the current question, the model extracts one (structured
//      output); the validated value is given to the engine as a canonical answer, and the engine picks
//      the next step and its quick replies;
//   3. the model rephrases the engine's reply in the business's voice, streamed through onDelta and
//      checked by the reply guard;
// within the caps, with usage recorded per call. A timeout, a model error, an invalid extraction, a
// withheld reply or a cap reached: the engine's own reply is sent, as on the rules path.
import type { Assistant, AssistantTurnInput } from "../conversation/assistant.ts";
import { handleVisitorMessage, type TurnResult } from "../conversation/engine.ts";
import type { Logger } from "../shared/logger.ts";
import { createTurnBudget, startOfUtcDay, type AiCaps, type TurnBudget } from "./caps.ts";
import { validateExtraction } from "./extraction.ts";
import type { ModelClient, CallUsage } from "./model-client.server.ts";
import { estimateTokens, extractionMessages, replyMessages, type HistoryLine } from "./prompts.ts";
import { createStreamGuard } from "./reply-guard.ts";
import { applyExtraction, rulesNeedHelp } from "./turn-plan.ts";
import type { UsageOutcome, UsagePurpose, UsageStore } from "./usage-store.server.ts";

/** Who the turn belongs to: usage is counted and capped per conversation and per business. */
export type TurnConversation = AssistantTurnInput["conversation"];

export type AiAssistantDeps = {
  client: ModelClient;
  usage: UsageStore;
  caps: AiCaps;
  logger: Logger;
};

/** Transcript lines given to the model for context. */
const HISTORY_LINES = 8;

export function createAiAssistant(deps: AiAssistantDeps): Assistant {
  const { client, usage, caps, logger } = deps;

  async function record(conversation: TurnConversation, purpose: UsagePurpose, outcome: UsageOutcome, callUsage: CallUsage, at: Date) {
    await usage.record({
      businessId: conversation.businessId,
      conversationId: conversation.id,
      model: client.model,
      purpose,
      outcome,
      ...callUsage,
      at,
    });
  }

  /** A usage row written in the background (awaited before the turn ends); a failure is only logged. */
  function recordLater(conversation: TurnConversation, purpose: UsagePurpose, outcome: UsageOutcome, callUsage: CallUsage, at: Date) {
    return record(conversation, purpose, outcome, callUsage, at).catch((error: unknown) => {
      logger.warn(`[ai] recording usage failed in conversation ${conversation.id}`, error);
    });
  }

  /**
   * Step 2: the model's reading of an answer the rules did not understand, or null. Its usage row is
   * written while the reply streams (`pending` is awaited before the turn ends, so the next turn's
   * caps see it).
   */
  async function extract(
    input: AssistantTurnInput,
    conversation: TurnConversation,
    budget: TurnBudget,
    rules: TurnResult,
    pending: Promise<void>[],
  ): Promise<TurnResult | null> {
    const messages = extractionMessages({ step: input.state.step, text: input.text, profile: input.profile, now: input.now });
    if (budget.refusal(estimateTokens(messages) + 300)) return null;
    const call = await client.extract(messages);
    budget.spend(call.usage.promptTokens + call.usage.completionTokens);
    if (!call.ok) {
      logger.warn(`[ai] extraction ${call.outcome} in conversation ${conversation.id}; rules answer`, call.error ?? "");
      pending.push(recordLater(conversation, "extract", call.outcome, call.usage, input.now));
      return null;
    }
    const validated = validateExtraction(call.json, input.text);
    const applied = validated.ok ? applyExtraction(input.state, rules, validated.value, input.text, input.profile, input.now) : null;
    const outcome: UsageOutcome = !validated.ok || (validated.rejected.length > 0 && !applied) ? "invalid" : "ok";
    pending.push(recordLater(conversation, "extract", outcome, call.usage, input.now));
    return applied;
  }

  /** Step 3: the reply in the business's voice, or null (the engine's text is sent). */
  async function phrase(
    input: AssistantTurnInput,
    conversation: TurnConversation,
    budget: TurnBudget,
    turn: TurnResult,
    history: HistoryLine[],
    onDelta: ((index: number, delta: string) => void) | undefined,
    pending: Promise<void>[],
  ): Promise<string | null> {
    const messages = replyMessages({ profile: input.profile, now: input.now, text: input.text, draft: turn.replies, history });
    if (budget.refusal(estimateTokens(messages) + 350)) return null;
    const guard = createStreamGuard();
    const call = await client.streamReply(messages, (delta) => {
      const shown = guard.push(delta);
      if (shown === null) return false;
      if (shown) onDelta?.(0, shown);
      return true;
    });
    budget.spend(call.usage.promptTokens + call.usage.completionTokens);
    if (!call.ok) {
      if (call.outcome !== "guarded") logger.warn(`[ai] reply ${call.outcome} in conversation ${conversation.id}; rules answer`, call.error ?? "");
      pending.push(recordLater(conversation, "reply", call.outcome, call.usage, input.now));
      return null;
    }
    const rest = guard.finish();
    pending.push(recordLater(conversation, "reply", rest === null ? "guarded" : "ok", call.usage, input.now));
    if (rest === null) return null;
    if (rest) onDelta?.(0, rest);
    return call.text.trim();
  }

  return {
    name: client.model,
    async respond(input, onDelta) {
      const rules = handleVisitorMessage(input.state, input.text, input.profile, input.now);
      const conversation = input.conversation;
      const pending: Promise<void>[] = [];
      let turn = rules;
      try {
        const [totals, history] = await Promise.all([
          usage.totals({ businessId: conversation.businessId, conversationId: conversation.id, dayStart: startOfUtcDay(input.now) }),
          recentHistory(input),
        ]);
        const budget = createTurnBudget(caps, totals);
        if (rulesNeedHelp(input.state, rules, input.text, input.profile)) {
          turn = (await extract(input, conversation, budget, rules, pending)) ?? rules;
        }
        const text = await phrase(input, conversation, budget, turn, history, onDelta, pending);
        await Promise.all(pending);
        if (text === null) return turn;
        // One message in the business's voice; the engine's quick replies for its question.
        const quickReplies = turn.replies.at(-1)?.quickReplies;
        return { ...turn, replies: [quickReplies ? { text, quickReplies } : { text }] };
      } catch (error) {
        // The usage ledger or anything unexpected: the engine's turn so far stands, in its own words.
        logger.warn(`[ai] turn failed in conversation ${conversation.id}; rules answer`, error);
        await Promise.all(pending);
        return turn;
      }
    },
  };
}

/** The last lines of the transcript before the visitor's current message. */
async function recentHistory(input: AssistantTurnInput): Promise<HistoryLine[]> {
  const lines = await input.history();
  const last = lines.at(-1);
  const before = last && last.role === "visitor" && last.text.trim() === input.text.trim() ? lines.slice(0, -1) : lines;
  return before.slice(-HISTORY_LINES);
}
