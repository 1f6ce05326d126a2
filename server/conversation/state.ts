// The engine state as stored data: the initial state, a defensive copy, and a check for state read
// back from the database (Conversation.state is JSON and may predate this version).
import { STEP_ORDER, type Answers, type EngineState, type StepId } from "../shared/conversation/types.ts";
import { CUSTOM_STEPS } from "../shared/conversation/questions.ts";

export function initialState(): EngineState {
  return { version: 1, step: "service_type", answers: {}, skipped: [], reasked: [], completed: false };
}

function isStepId(value: unknown): value is StepId {
  return typeof value === "string" && ((STEP_ORDER as readonly string[]).includes(value) || (CUSTOM_STEPS as readonly string[]).includes(value));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** True for a version-1 engine state (e.g. after JSON.parse). */
export function isEngineState(value: unknown): value is EngineState {
  return (
    isObject(value) &&
    value.version === 1 &&
    isStepId(value.step) &&
    isObject(value.answers) &&
    Array.isArray(value.skipped) &&
    value.skipped.every(isStepId) &&
    Array.isArray(value.reasked) &&
    value.reasked.every(isStepId) &&
    typeof value.completed === "boolean" &&
    (value.priceEstimateCents === undefined || typeof value.priceEstimateCents === "number") &&
    (value.priceQuestions === undefined || typeof value.priceQuestions === "number")
  );
}

/** The stored state, or a fresh one when it is missing or not a version-1 state. */
export function restoreState(value: unknown): EngineState {
  return isEngineState(value) ? cloneState(value) : initialState();
}

/** A deep copy, so a turn never changes the state it was given. */
export function cloneState(state: EngineState): EngineState {
  const answers: Answers = { ...state.answers };
  if (state.answers.raw) answers.raw = { ...state.answers.raw };
  if (state.answers.custom) answers.custom = { ...state.answers.custom };
  const copy: EngineState = {
    version: 1,
    step: state.step,
    answers,
    skipped: [...(state.skipped ?? [])],
    reasked: [...(state.reasked ?? [])],
    completed: Boolean(state.completed),
  };
  if (state.priceEstimateCents !== undefined) copy.priceEstimateCents = state.priceEstimateCents;
  if (state.priceQuestions !== undefined) copy.priceQuestions = state.priceQuestions;
  return copy;
}

/** Has the visitor answered this question (in any message)? */
export function isAnswered(answers: Answers, step: StepId): boolean {
  switch (step) {
    case "service_type":
      return answers.serviceType !== undefined;
    case "building_size":
      return answers.buildingSizeSqFt !== undefined;
    case "frequency":
      return answers.frequency !== undefined;
    case "budget":
      return answers.budgetMonthlyCents !== undefined || Boolean(answers.budgetUnsure);
    case "timeline":
      return answers.timeline !== undefined;
    case "contact_name":
      return answers.name !== undefined;
    case "contact_company":
      return answers.company !== undefined;
    case "contact_reach":
      return hasContact(answers);
    case "done":
      return false;
    default:
      return answers.custom?.[step] !== undefined;
  }
}

export function hasContact(answers: Answers): boolean {
  return Boolean(answers.email || answers.phone);
}

/** Appends the visitor's text for a step (several attempts are joined with " / "). */
export function recordRaw(state: EngineState, step: StepId, text: string): void {
  const raw = { ...(state.answers.raw ?? {}) };
  const previous = raw[step];
  raw[step] = previous ? `${previous} / ${text}` : text;
  state.answers.raw = raw;
}
