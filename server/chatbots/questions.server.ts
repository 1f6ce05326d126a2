// The owner's qualification questions (AI Chatbot → Settings → Questions, decision 0062): read and
// saved in the chatbot's settings JSON as `qualificationQuestions`. Saving validates the shape
// (server/shared/conversation/questions.ts) and then that every quick reply of a scored factor still
// reads as its own scoring band: "Over 50,000 sq ft" can't be the label of the "Under 5,000" band.
import type { Db } from "../db/client.server.ts";
import type { Prisma } from "../db/generated/client.ts";
import { parseBudget, parseBuildingSize, parseFrequency, parseTimeline } from "../conversation/parser.ts";
import { FREQUENCY_CHOICES, SIZE_CHOICES, TIMELINE_CHOICES } from "../shared/conversation/prompts.ts";
import { sizePoints, timelineBandFromDays } from "../shared/scoring/score.ts";
import {
  BAND_LABELS,
  QUESTION_LABELS,
  SCORED_FACTORS,
  questionsFromSettings,
  validateQuestions,
  type QualificationQuestions,
  type QuestionErrors,
  type ScoredFactor,
} from "../shared/conversation/questions.ts";

export async function getQualificationQuestions(db: Db, businessId: string): Promise<QualificationQuestions | null> {
  const chatbot = await db.chatbot.findFirst({ where: { businessId }, orderBy: { createdAt: "asc" }, select: { settings: true } });
  return chatbot ? questionsFromSettings(chatbot.settings) : null;
}

/** Monthly budget bands in cents, inclusive (BUDGET_CHOICES' labels). */
const BUDGET_RANGES: readonly [number, number][] = [
  [0, 100_000],
  [100_000, 250_000],
  [250_000, 500_000],
  [500_000, 1_000_000],
  [1_000_000, Number.POSITIVE_INFINITY],
];

/**
 * Whether a label, read by the engine's own parser, falls in another band than the one it stands
 * for (a label the parser reads nothing from, such as "Small office", is fine: it is matched as a tap).
 */
function readsAsOtherBand(factor: ScoredFactor, index: number, label: string, now: Date): boolean {
  switch (factor) {
    case "building_size": {
      const sqft = parseBuildingSize(label);
      return sqft !== null && sizePoints(sqft) !== sizePoints(SIZE_CHOICES[index]!.sqft);
    }
    case "frequency": {
      const f = parseFrequency(label);
      return f !== null && f.band !== FREQUENCY_CHOICES[index]!.band;
    }
    case "budget": {
      const b = parseBudget(label);
      if (!b || "unsure" in b) return false;
      const [lo, hi] = BUDGET_RANGES[index]!;
      return b.monthlyCents < lo || b.monthlyCents > hi;
    }
    case "timeline": {
      const t = parseTimeline(label, now, "UTC");
      return t !== null && timelineBandFromDays(t.days) !== TIMELINE_CHOICES[index]!.band;
    }
  }
}

/** The shape checked, then each scored factor's quick replies against their bands. */
export function checkQuestions(input: unknown, now: Date): { ok: true; value: QualificationQuestions } | { ok: false; errors: QuestionErrors } {
  const checked = validateQuestions(input);
  if (!checked.ok) return checked;
  const errors: QuestionErrors = {};
  for (const factor of SCORED_FACTORS) {
    checked.value.quickReplies[factor].forEach((label, i) => {
      if (readsAsOtherBand(factor, i, label, now)) {
        errors[`quickReplies.${factor}.${i}`] =
          `${QUESTION_LABELS[factor]} quick reply ${i + 1}: "${label}" reads as another scoring band. It must stay within "${BAND_LABELS[factor][i]}".`;
      }
    });
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : checked;
}

export type SaveQuestionsResult = { ok: true; questions: QualificationQuestions } | { ok: false; errors: QuestionErrors } | { ok: false; notFound: true };

/** Validates and stores the questions; nothing is written unless all of it is valid. Other settings keys are kept. */
export async function updateQualificationQuestions(db: Db, businessId: string, input: unknown, now: Date): Promise<SaveQuestionsResult> {
  const checked = checkQuestions(input, now);
  if (!checked.ok) return checked;
  const chatbot = await db.chatbot.findFirst({ where: { businessId }, orderBy: { createdAt: "asc" }, select: { id: true, settings: true } });
  if (!chatbot) return { ok: false, notFound: true };
  const previous = chatbot.settings && typeof chatbot.settings === "object" && !Array.isArray(chatbot.settings) ? (chatbot.settings as Record<string, unknown>) : {};
  const settings = { ...previous, qualificationQuestions: checked.value } as Prisma.InputJsonObject;
  await db.chatbot.updateMany({ where: { id: chatbot.id, businessId }, data: { settings } });
  return { ok: true, questions: checked.value };
}

