// Lead scoring of DESIGN §4 (the lead-management guide's 30/25/25/20). Pure and deterministic.
import type { LeadPriority } from "../enums.ts";

export type FrequencyBand = "daily" | "two_three_weekly" | "weekly" | "biweekly_or_less";
export type BudgetBand = "above_market" | "at_market" | "below_market";
export type TimelineBand = "immediate" | "within_30_days" | "within_90_days" | "beyond_90_days";
export type Priority = LeadPriority;

export const WEIGHTS = { size: 30, frequency: 25, budget: 25, timeline: 20 } as const;

/** Visits a month per frequency band, used to price the expected monthly cost. */
export const VISITS_PER_MONTH: Record<FrequencyBand, number> = {
  daily: 22,
  two_three_weekly: 10.8,
  weekly: 4.33,
  biweekly_or_less: 2.17,
};

/** Points for an unanswered factor. */
export const MISSING_POINTS = 4;
export const DEFAULT_MARKET_PRICE_CENTS = 1000;

export function sizePoints(sqft: number): number {
  if (sqft > 50_000) return 10;
  if (sqft >= 20_000) return 8;
  if (sqft >= 5_000) return 6;
  return 4;
}

/** 4 or more visits a week counts as daily. */
export function frequencyBandFromVisitsPerWeek(visitsPerWeek: number): FrequencyBand {
  if (visitsPerWeek >= 4) return "daily";
  if (visitsPerWeek >= 2) return "two_three_weekly";
  if (visitsPerWeek >= 1) return "weekly";
  return "biweekly_or_less";
}

export const FREQUENCY_POINTS: Record<FrequencyBand, number> = {
  daily: 10,
  two_three_weekly: 8,
  weekly: 6,
  biweekly_or_less: 4,
};

export const BUDGET_POINTS: Record<BudgetBand, number> = { above_market: 10, at_market: 8, below_market: 4 };

export const TIMELINE_POINTS: Record<TimelineBand, number> = {
  immediate: 10,
  within_30_days: 8,
  within_90_days: 6,
  beyond_90_days: 4,
};

/** Days until the visitor wants to start → band. "Immediate" is within a week. */
export function timelineBandFromDays(days: number): TimelineBand {
  if (days <= 7) return "immediate";
  if (days <= 30) return "within_30_days";
  if (days <= 90) return "within_90_days";
  return "beyond_90_days";
}

/** Visits a month in hundredths, so cost comparisons are exact integer arithmetic. */
const VISITS_PER_MONTH_HUNDREDTHS: Record<FrequencyBand, bigint> = {
  daily: 2200n,
  two_three_weekly: 1080n,
  weekly: 433n,
  biweekly_or_less: 217n,
};

/**
 * Visits a month in hundredths: the visitor's own count when they gave one ("3x a week" → 12.99,
 * DESIGN §4), else the band's figure.
 */
function visitsHundredths(frequency: FrequencyBand, visitsPerMonth?: number | null): bigint {
  return visitsPerMonth != null && visitsPerMonth > 0 ? BigInt(Math.round(visitsPerMonth * 100)) : VISITS_PER_MONTH_HUNDREDTHS[frequency];
}

/** Expected monthly cost in cents: size × market price per 1,000 sq ft per visit × visits a month (the visitor's own count when given). */
export function expectedMonthlyCostCents(sqft: number, frequency: FrequencyBand, marketPriceCents: number, visitsPerMonth?: number | null): number {
  return Math.round((sqft * marketPriceCents * Number(visitsHundredths(frequency, visitsPerMonth))) / 100_000);
}

/**
 * More than 10% above the expected cost is above market, within ±10% at market, else below.
 * Exact: compares 10·budget with 11·expected (and 9·expected) on integers scaled by 100,000,
 * so no floating-point error moves a boundary.
 */
export function budgetBandFor(
  budgetMonthlyCents: number,
  sqft: number,
  frequency: FrequencyBand,
  marketPriceCents: number,
  visitsPerMonth?: number | null,
): BudgetBand {
  const budgetScaled = BigInt(Math.round(budgetMonthlyCents)) * 10n * 100_000n;
  const expectedScaled = BigInt(Math.round(sqft)) * BigInt(Math.round(marketPriceCents)) * visitsHundredths(frequency, visitsPerMonth);
  if (budgetScaled > expectedScaled * 11n) return "above_market";
  if (budgetScaled >= expectedScaled * 9n) return "at_market";
  return "below_market";
}

export function priorityFor(score: number): Priority {
  if (score >= 8) return "high";
  if (score >= 6) return "medium";
  return "low";
}

/** Follow-up due after the spec's response-time advice: High 1 hour, Medium 4 hours, Low 24 hours. */
export const FOLLOW_UP_HOURS: Record<Priority, number> = { high: 1, medium: 4, low: 24 };

export type ScoreInput = {
  buildingSizeSqFt?: number | null;
  frequency?: FrequencyBand | null;
  budgetMonthlyCents?: number | null;
  timeline?: TimelineBand | null;
  marketPriceCents?: number;
  /** The visitor's own visits a month ("3x a week" → 12.99); null or left out: the frequency band's figure. */
  visitsPerMonth?: number | null;
};

export type ScoreResult = {
  sizePoints: number;
  frequencyPoints: number;
  budgetPoints: number;
  timelinePoints: number;
  budgetBand: BudgetBand | null;
  expectedMonthlyCents: number | null;
  score: number;
  priority: Priority;
  incomplete: boolean;
};

/** A score's columns on a lead row, the same in every place a lead is written. */
export function scoreColumns(scored: ScoreResult) {
  const { sizePoints, frequencyPoints, budgetPoints, timelinePoints, score, priority, incomplete } = scored;
  return { sizePoints, frequencyPoints, budgetPoints, timelinePoints, score, priority, incomplete };
}

export function scoreLead(input: ScoreInput): ScoreResult {
  const marketPrice = input.marketPriceCents ?? DEFAULT_MARKET_PRICE_CENTS;
  const size = input.buildingSizeSqFt ?? null;
  const frequency = input.frequency ?? null;
  const budget = input.budgetMonthlyCents ?? null;
  const timeline = input.timeline ?? null;

  const sPoints = size !== null ? sizePoints(size) : MISSING_POINTS;
  const fPoints = frequency !== null ? FREQUENCY_POINTS[frequency] : MISSING_POINTS;
  const visits = input.visitsPerMonth ?? null;
  const expected = size !== null && frequency !== null ? expectedMonthlyCostCents(size, frequency, marketPrice, visits) : null;
  // A budget can only be judged against the market when size and frequency are known.
  const bBand =
    budget !== null && size !== null && frequency !== null && size > 0 && marketPrice > 0
      ? budgetBandFor(budget, size, frequency, marketPrice, visits)
      : null;
  const bPoints = bBand !== null ? BUDGET_POINTS[bBand] : MISSING_POINTS;
  const tPoints = timeline !== null ? TIMELINE_POINTS[timeline] : MISSING_POINTS;

  // Weighted sum in hundredths of a point, an exact integer; then rounded to one decimal.
  const hundredths =
    WEIGHTS.size * sPoints + WEIGHTS.frequency * fPoints + WEIGHTS.budget * bPoints + WEIGHTS.timeline * tPoints;
  const score = Math.round(hundredths / 10) / 10;

  return {
    sizePoints: sPoints,
    frequencyPoints: fPoints,
    budgetPoints: bPoints,
    timelinePoints: tPoints,
    budgetBand: bBand,
    expectedMonthlyCents: expected,
    score,
    priority: priorityFor(score),
    incomplete: size === null || frequency === null || bBand === null || timeline === null,
  };
}
