// Shapes of the conversation corpus (README.md): a case is a conversation a visitor might type, the
// clock it happens at, and what the bot should have stored and said.
import type { Answers, BusinessProfile } from "../../server/conversation/engine.ts";

/** The answers a case expects at the end (the engine's answers without the raw text). A field left out must be unset (nothing stored). */
export type Expected = Omit<Answers, "raw" | "budgetUnsure"> & { budgetUnsure?: true };

export const FIELDS = [
  "serviceType",
  "buildingSizeSqFt",
  "frequency",
  "visitsPerWeek",
  "budgetMonthlyCents",
  "budgetUnsure",
  "timeline",
  "timelineDays",
  "name",
  "company",
  "email",
  "phone",
] as const satisfies readonly (keyof Expected)[];
export type Field = (typeof FIELDS)[number];

/** What the bot's replies to one visitor message must (and must not) say. Patterns are case-insensitive. */
export type ReplyExpectation = { has?: (string | RegExp)[]; lacks?: (string | RegExp)[] };

export type Turn = { say: string; expect?: ReplyExpectation };

export type Case = {
  id: string;
  group: string;
  /** The fixed clock (an instant); relative dates are worked out in the profile's time zone. */
  now: string;
  /** Changes to the standard test profile (time zone, hours, service areas…). */
  profile?: Partial<BusinessProfile>;
  /** Is a team member online (answers to "can I talk to a person?")? Default false. */
  online?: boolean;
  turns: Turn[];
  want: Expected;
  /** Never said in any reply of the conversation. */
  never?: (string | RegExp)[];
};
