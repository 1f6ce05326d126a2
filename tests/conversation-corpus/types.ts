// Shapes of the conversation corpus (README.md): a case is a conversation a visitor might type, the
// clock it happens at, and what the bot should have stored and said.
import type { BusinessProfile } from "../../server/conversation/engine.ts";
import type { FrequencyBand, TimelineBand } from "../../server/shared/scoring/score.ts";

/** The answers a case expects at the end. A field left out must be unset (nothing stored). */
export type Expected = {
  serviceType?: string;
  buildingSizeSqFt?: number;
  frequency?: FrequencyBand;
  visitsPerWeek?: number;
  budgetMonthlyCents?: number;
  budgetUnsure?: true;
  timeline?: TimelineBand;
  timelineDays?: number;
  name?: string;
  company?: string;
  email?: string;
  phone?: string;
};

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
