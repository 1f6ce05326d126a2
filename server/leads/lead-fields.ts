// A chat's answers as the lead's columns, scored by the product's scorer (pure). Used by lead capture
// (capture-lead.server.ts) and by the demo's year of history (server/demo/demo-history.ts), so a
// demo lead is stored exactly as a captured one would be.
import type { Answers } from "../shared/conversation/types.ts";
import { DEFAULT_MARKET_PRICE_CENTS, scoreColumns, scoreLead, VISITS_PER_MONTH, type ScoreInput } from "../shared/scoring/score.ts";
import { normalizePhone } from "../shared/format/phone.ts";
import { CUSTOM_STEPS, type CustomAnswer } from "../shared/conversation/questions.ts";

/** The answers to the owner's custom questions, in the order they were asked (decision 0062). */
export function customAnswerList(answers: Answers): CustomAnswer[] {
  return CUSTOM_STEPS.flatMap((step) => {
    const a = answers.custom?.[step];
    return a ? [{ id: a.id, question: a.question, answer: a.answer }] : [];
  });
}

export function leadFields(answers: Answers, scoreInput: ScoreInput) {
  const scored = scoreLead(scoreInput);
  return {
    scored,
    data: {
      name: answers.name ?? null,
      email: answers.email ?? null,
      phone: normalizePhone(answers.phone),
      company: answers.company ?? null,
      serviceType: answers.serviceType ?? null,
      buildingSizeSqFt: answers.buildingSizeSqFt ?? null,
      frequency: answers.frequency ?? null,
      // The visitor's own count when they gave one ("3x a week" → 12.99), else the band's figure (DESIGN §4).
      visitsPerMonth: answers.frequency ? (scoreInput.visitsPerMonth ?? VISITS_PER_MONTH[answers.frequency]) : null,
      budgetMonthlyCents: answers.budgetMonthlyCents ?? null,
      marketPriceCents: scoreInput.marketPriceCents ?? DEFAULT_MARKET_PRICE_CENTS,
      timeline: answers.timeline ?? null,
      timelineDays: answers.timelineDays ?? null,
      customAnswers: customAnswerList(answers),
      ...scoreColumns(scored),
    },
  };
}
