// Shapes of the qualification conversation (DESIGN §4), pure: the engine (server/conversation, which
// re-exports them from engine.ts) and the prompts shared with the browser (prompts.ts) both use them.
import type { FrequencyBand, TimelineBand } from "../scoring/score.ts";
import type { CustomAnswer, CustomStep, QualificationQuestions } from "./questions.ts";

export type StepId =
  | "service_type"
  | "building_size"
  | "frequency"
  | "budget"
  | "timeline"
  | "contact_name"
  | "contact_company"
  | "contact_reach"
  | "done"
  /** The owner's custom questions (decision 0062), asked after the timeline. */
  | CustomStep;

export type Answers = {
  serviceType?: string;
  buildingSizeSqFt?: number;
  frequency?: FrequencyBand;
  visitsPerWeek?: number;
  budgetMonthlyCents?: number;
  budgetUnsure?: boolean;
  timeline?: TimelineBand;
  timelineDays?: number;
  name?: string;
  company?: string;
  email?: string;
  phone?: string;
  /** Answers to the owner's custom questions, with the question as it was worded (decision 0062). */
  custom?: Partial<Record<CustomStep, CustomAnswer>>;
  /** Raw visitor text per step, for the lead record and the workspace. */
  raw?: Partial<Record<StepId, string>>;
};

/** Plain JSON: stored as Conversation.state and passed back in on the next turn. */
export type EngineState = {
  version: 1;
  step: StepId;
  answers: Answers;
  /** Steps the visitor skipped ("Skip", "prefer not to say"). */
  skipped: StepId[];
  /** Steps already re-asked once because the answer was not understood. */
  reasked: StepId[];
  completed: boolean;
  /** The monthly estimate last given for a price question (cents), so "yes, that works" can take it as the budget. */
  priceEstimateCents?: number;
  /** Price questions answered so far: a second one gets a shorter answer and another wording of the question. */
  priceQuestions?: number;
};

export type BusinessProfile = {
  businessName: string;
  welcomeMessage: string;
  serviceTypes: string[];
  serviceAreas: string[];
  description: string | null;
  /** "HH:MM" local times and ISO weekdays (1 = Monday … 7 = Sunday). */
  hours: { start: string; end: string; days: number[] };
  /** IANA time zone of the business. */
  timeZone: string;
  afterHoursMessage: string;
  /** Per 1,000 sq ft per visit, in cents. Never shown to the visitor. */
  marketPriceCents: number;
  phone: string | null;
  email: string | null;
  /** The owner's wording, contact order and custom questions (decision 0062); the defaults when absent. */
  questions?: QualificationQuestions;
};

export type BotReply = { text: string; quickReplies?: string[] };

export type TurnResult = {
  state: EngineState;
  replies: BotReply[];
  /** True on the turn where contact details (email or phone) were first captured. */
  contactCaptured: boolean;
  /** True on the turn the qualification finished (state.step === "done"). */
  completed: boolean;
  /** Answers given before and changed on this turn ("sorry, I meant 6000 not 600"), for the lead's history. */
  corrections?: AnswerChange[];
};

/** One changed answer, as the team reads it: "Building size: about 600 sq ft → about 6,000 sq ft". */
export type AnswerChange = { field: string; from: string; to: string | null };

/** The qualification steps in order. */
export const STEP_ORDER: readonly StepId[] = [
  "service_type",
  "building_size",
  "frequency",
  "budget",
  "timeline",
  "contact_name",
  "contact_company",
  "contact_reach",
  "done",
];

/** What a visitor's message is, before it is read as an answer (parser.ts detectIntent). */
export type Intent =
  | "skip"
  | "question:hours"
  | "question:areas"
  | "question:services"
  | "question:pricing"
  | "question:bot"
  | "question:other"
  | "answer";
