// How a model-assisted turn is decided, without the model: when the rules need help, and how an
// extracted answer is fed to the engine. The engine stays the source of truth for the flow: the
// extracted value is given to it as a canonical answer its parser understands, so it stores the
// answer, chooses the next step and its quick replies exactly as if the visitor had typed that.
import { handleVisitorMessage, restoreState, visitsPerMonthFor, type Answers, type BusinessProfile, type EngineState, type StepId, type TurnResult } from "../conversation/engine.ts";
import { detectIntent, looksLikeInstruction } from "../conversation/parser.ts";
import { choiceKey, quickRepliesFor } from "../shared/conversation/prompts.ts";
import { canonicalAnswer, type Extraction } from "./extraction.ts";

/** The answers each step stores. */
const STEP_KEYS: Record<StepId, (keyof Answers)[]> = {
  service_type: ["serviceType"],
  building_size: ["buildingSizeSqFt"],
  frequency: ["frequency", "visitsPerWeek"],
  budget: ["budgetMonthlyCents", "budgetUnsure"],
  timeline: ["timeline", "timelineDays"],
  contact_name: ["name", "email", "phone"],
  contact_company: ["company", "email", "phone"],
  contact_reach: ["email", "phone"],
  done: [],
  custom_1: ["custom"],
  custom_2: ["custom"],
  custom_3: ["custom"],
};

function stepAnswered(step: StepId, before: Answers, after: Answers): boolean {
  return STEP_KEYS[step].some((key) => after[key] !== undefined && after[key] !== before[key]);
}

/**
 * True when the model should try to read the answer: the rules stored nothing for the current step
 * (not understood, once or twice, or taken as a question), the visitor did not pick a quick reply or
 * skip, and the message does not read as instructions to the bot (those are never "answers").
 */
export function rulesNeedHelp(before: EngineState, rules: TurnResult, text: string, profile: BusinessProfile): boolean {
  const step = before.step;
  // The owner's custom questions are read by the rules alone (decision 0062): the model has no schema for them.
  if (before.completed || step === "done" || step.startsWith("custom_")) return false;
  const message = text.normalize("NFKC").replace(/\s+/g, " ").trim();
  if (!message || looksLikeInstruction(message)) return false;
  const key = choiceKey(message);
  if ((quickRepliesFor(step, profile) ?? []).some((choice) => choiceKey(choice) === key)) return false;
  if (detectIntent(message) === "skip") return false;
  if (rules.state.skipped.length > before.skipped.length) return false;
  if (stepAnswered(step, before.answers, rules.state.answers)) return false;
  // Moving on without an answer is the rules accepting one ("no company") unless it is the second miss.
  if (rules.state.step !== step && !before.reasked.includes(step)) return false;
  return true;
}

/**
 * The state before the turn, plus what the rules kept from the same message for other questions (an
 * answer given ahead of its question, a price estimate), so giving the engine the extracted answer
 * does not drop them.
 */
function withAnswersAhead(before: EngineState, rules: TurnResult): EngineState {
  const base = restoreState(before);
  const own = new Set<keyof Answers>(STEP_KEYS[before.step]);
  const kept = rules.state.answers;
  for (const key of Object.keys(kept) as (keyof Answers)[]) {
    if (key === "raw" || own.has(key) || base.answers[key] !== undefined || kept[key] === undefined) continue;
    (base.answers as Record<string, unknown>)[key] = kept[key];
  }
  const raw = { ...(base.answers.raw ?? {}) };
  for (const [step, text] of Object.entries(kept.raw ?? {}) as [StepId, string][]) {
    if (step !== before.step && raw[step] === undefined) raw[step] = text;
  }
  if (Object.keys(raw).length > 0) base.answers.raw = raw;
  base.skipped = base.skipped.filter((step) => rules.state.skipped.includes(step));
  if (rules.state.priceEstimateCents !== undefined) base.priceEstimateCents = rules.state.priceEstimateCents;
  if (rules.state.priceQuestions !== undefined) base.priceQuestions = rules.state.priceQuestions;
  return base;
}

/**
 * The turn with the extracted answer to the current step given to the engine, or null when the
 * extraction has nothing usable for it (or the engine did not store what was meant). The visitor's
 * own words are kept as the step's raw text. When the rules had answered a question in the same
 * message, that answer is kept in front of the engine's next question.
 */
export function applyExtraction(
  before: EngineState,
  rules: TurnResult,
  extraction: Extraction,
  text: string,
  profile: BusinessProfile,
  now: Date,
): TurnResult | null {
  const step = before.step;
  const canonical = canonicalAnswer(step, extraction, { visitsPerMonth: visitsPerMonthFor(before.answers) });
  if (!canonical) return null;
  const turn = handleVisitorMessage(withAnswersAhead(before, rules), canonical.text, profile, now);
  const answers = turn.state.answers;
  if (!stepAnswered(step, before.answers, answers) && !(step === "budget" && answers.budgetUnsure)) return null;
  for (const { key, value } of canonical.expected) {
    if (answers[key] !== value) return null;
  }
  const raw = { ...(answers.raw ?? {}) };
  const previous = before.answers.raw?.[step];
  raw[step] = previous ? `${previous} / ${text}` : text;
  turn.state.answers.raw = raw;

  const rulesTookItAsQuestion = rules.state.step === step && rules.replies.length > 1 && rules.state.reasked.length === before.reasked.length;
  const replies = rulesTookItAsQuestion && rules.replies[0] ? [{ text: rules.replies[0].text }, ...turn.replies] : turn.replies;
  return { ...turn, replies };
}
