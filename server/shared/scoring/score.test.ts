// Lead scoring of DESIGN §4 (the lead-management guide's 30/25/25/20).
import { describe, expect, it } from "vitest";
import {
  BUDGET_POINTS,
  DEFAULT_MARKET_PRICE_CENTS,
  FOLLOW_UP_HOURS,
  FREQUENCY_POINTS,
  MISSING_POINTS,
  TIMELINE_POINTS,
  VISITS_PER_MONTH,
  WEIGHTS,
  budgetBandFor,
  expectedMonthlyCostCents,
  frequencyBandFromVisitsPerWeek,
  priorityFor,
  scoreLead,
  sizePoints,
  timelineBandFromDays,
  type BudgetBand,
  type FrequencyBand,
  type ScoreInput,
  type TimelineBand,
} from "./score.ts";

describe("constants", () => {
  it("uses the 30/25/25/20 weights, 4 points for a missing factor and $10 per 1,000 sq ft per visit", () => {
    expect(WEIGHTS).toEqual({ size: 30, frequency: 25, budget: 25, timeline: 20 });
    expect(MISSING_POINTS).toBe(4);
    expect(DEFAULT_MARKET_PRICE_CENTS).toBe(1000);
  });

  it("prices visits a month as daily 22, 2–3 a week 10.8, weekly 4.33, bi-weekly 2.17", () => {
    expect(VISITS_PER_MONTH).toEqual({ daily: 22, two_three_weekly: 10.8, weekly: 4.33, biweekly_or_less: 2.17 });
  });

  it("gives the points of the design table", () => {
    expect(FREQUENCY_POINTS).toEqual({ daily: 10, two_three_weekly: 8, weekly: 6, biweekly_or_less: 4 });
    expect(BUDGET_POINTS).toEqual({ above_market: 10, at_market: 8, below_market: 4 });
    expect(TIMELINE_POINTS).toEqual({ immediate: 10, within_30_days: 8, within_90_days: 6, beyond_90_days: 4 });
  });
});

describe("sizePoints", () => {
  it.each([
    [0, 4],
    [1_000, 4],
    [4_999, 4],
    [5_000, 6],
    [12_000, 6],
    [19_999, 6],
    [20_000, 8],
    [35_000, 8],
    [50_000, 8],
    [50_001, 10],
    [250_000, 10],
  ])("%d sq ft → %d points", (sqft, points) => {
    expect(sizePoints(sqft)).toBe(points);
  });
});

describe("frequencyBandFromVisitsPerWeek", () => {
  it.each<[number, FrequencyBand, number]>([
    [7, "daily", 10],
    [5, "daily", 10],
    [4, "daily", 10],
    [3, "two_three_weekly", 8],
    [2, "two_three_weekly", 8],
    [1, "weekly", 6],
    [0.5, "biweekly_or_less", 4],
    [0.25, "biweekly_or_less", 4],
  ])("%d visits a week → %s (%d points)", (visits, band, points) => {
    expect(frequencyBandFromVisitsPerWeek(visits)).toBe(band);
    expect(FREQUENCY_POINTS[frequencyBandFromVisitsPerWeek(visits)]).toBe(points);
  });
});

describe("timelineBandFromDays", () => {
  it.each<[number, TimelineBand, number]>([
    [0, "immediate", 10],
    [7, "immediate", 10],
    [8, "within_30_days", 8],
    [30, "within_30_days", 8],
    [31, "within_90_days", 6],
    [90, "within_90_days", 6],
    [91, "beyond_90_days", 4],
    [365, "beyond_90_days", 4],
  ])("%d days → %s (%d points)", (days, band, points) => {
    expect(timelineBandFromDays(days)).toBe(band);
    expect(TIMELINE_POINTS[timelineBandFromDays(days)]).toBe(points);
  });
});

describe("expectedMonthlyCostCents", () => {
  it.each<[number, FrequencyBand, number, number]>([
    [10_000, "daily", 1000, 220_000],
    [10_000, "two_three_weekly", 1000, 108_000],
    [10_000, "weekly", 1000, 43_300],
    [10_000, "biweekly_or_less", 1000, 21_700],
    [10_000, "weekly", 1500, 64_950],
    [2_000, "daily", 1000, 44_000],
  ])("%d sq ft, %s, %d¢ per 1,000 sq ft per visit → %d¢", (sqft, frequency, price, cents) => {
    expect(expectedMonthlyCostCents(sqft, frequency, price)).toBeCloseTo(cents, 6);
  });
});

describe("budgetBandFor (±10% of the expected cost)", () => {
  // 10,000 sq ft weekly at the default $10 → 10 × 1000 × 4.33 = 43,300¢; +10% = 47,630; −10% = 38,970.
  it.each<[number, BudgetBand]>([
    [100_000, "above_market"],
    [47_631, "above_market"],
    [47_630, "at_market"],
    [43_300, "at_market"],
    [38_970, "at_market"],
    [38_969, "below_market"],
    [0, "below_market"],
  ])("budget %d¢ against 43,300¢ → %s", (budget, band) => {
    expect(budgetBandFor(budget, 10_000, "weekly", 1000)).toBe(band);
  });

  it.each<[number, BudgetBand, number]>([
    [47_631, "above_market", 10],
    [47_630, "at_market", 8],
    [38_970, "at_market", 8],
    [38_969, "below_market", 4],
  ])("scoreLead: 10,000 sq ft weekly, default price, budget %d¢ → %s (%d points)", (budget, band, points) => {
    const result = scoreLead({ buildingSizeSqFt: 10_000, frequency: "weekly", budgetMonthlyCents: budget });
    expect(result.expectedMonthlyCents).toBe(43_300);
    expect(result.budgetBand).toBe(band);
    expect(result.budgetPoints).toBe(points);
  });

  // Custom price $15: 10 × 1500 × 4.33 = 64,950¢; +10% = 71,445; −10% = 58,455.
  it.each<[number, BudgetBand]>([
    [71_446, "above_market"],
    [71_445, "at_market"],
    [64_950, "at_market"],
    [58_455, "at_market"],
    [58_454, "below_market"],
  ])("scoreLead with marketPriceCents 1500: budget %d¢ → %s", (budget, band) => {
    const result = scoreLead({
      buildingSizeSqFt: 10_000,
      frequency: "weekly",
      budgetMonthlyCents: budget,
      marketPriceCents: 1500,
    });
    expect(result.expectedMonthlyCents).toBe(64_950);
    expect(result.budgetBand).toBe(band);
  });

  it("uses the business's market price, not the default, when one is given", () => {
    // 71,445¢ is exactly +10% at $15 (at market) but far above the $10 expectation of 43,300¢.
    expect(scoreLead({ buildingSizeSqFt: 10_000, frequency: "weekly", budgetMonthlyCents: 71_445 }).budgetBand).toBe(
      "above_market",
    );
    expect(
      scoreLead({ buildingSizeSqFt: 10_000, frequency: "weekly", budgetMonthlyCents: 71_445, marketPriceCents: 1500 })
        .budgetBand,
    ).toBe("at_market");
  });

  // 3,000 sq ft two to three times a week at $10: 3 × 1000 × 10.8 = 32,400¢ exactly;
  // +10% = 35,640 and −10% = 29,160. In floating point 3 × 1000 × 10.8 is 32,400.000000000004,
  // so a budget of exactly −10% must still count as at market.
  it.each<[number, BudgetBand]>([
    [35_641, "above_market"],
    [35_640, "at_market"],
    [29_160, "at_market"],
    [29_159, "below_market"],
  ])("3,000 sq ft 2–3 a week, budget %d¢ → %s (exact boundaries despite 10.8 visits)", (budget, band) => {
    const result = scoreLead({ buildingSizeSqFt: 3_000, frequency: "two_three_weekly", budgetMonthlyCents: budget });
    expect(result.expectedMonthlyCents).toBe(32_400);
    expect(result.budgetBand).toBe(band);
  });
});

// Inputs that produce a given number of points for each factor.
const SIZE_FOR: Record<number, number> = { 4: 1_000, 6: 10_000, 8: 30_000, 10: 60_000 };
const FREQUENCY_FOR: Record<number, FrequencyBand> = {
  4: "biweekly_or_less",
  6: "weekly",
  8: "two_three_weekly",
  10: "daily",
};
const TIMELINE_FOR: Record<number, TimelineBand> = {
  4: "beyond_90_days",
  6: "within_90_days",
  8: "within_30_days",
  10: "immediate",
};

function inputFor(size: number, frequency: number, budget: number, timeline: number): ScoreInput {
  const sqft = SIZE_FOR[size]!;
  const band = FREQUENCY_FOR[frequency]!;
  const expected = expectedMonthlyCostCents(sqft, band, DEFAULT_MARKET_PRICE_CENTS);
  // Twice the expected cost is above market, the expected cost at market, half of it below.
  const factor = budget === 10 ? 2 : budget === 8 ? 1 : 0.5;
  return {
    buildingSizeSqFt: sqft,
    frequency: band,
    budgetMonthlyCents: Math.round(expected * factor),
    timeline: TIMELINE_FOR[timeline]!,
  };
}

describe("scoreLead: weighted score", () => {
  it.each([
    // size, frequency, budget, timeline → score, priority
    { points: [10, 10, 10, 10], score: 10, priority: "high" }, // 300+250+250+200 = 1000
    { points: [8, 8, 8, 8], score: 8, priority: "high" }, // 800
    { points: [6, 10, 8, 8], score: 7.9, priority: "medium" }, // 180+250+200+160 = 790
    { points: [8, 6, 4, 10], score: 6.9, priority: "medium" }, // 240+150+100+200 = 690
    { points: [6, 6, 8, 4], score: 6.1, priority: "medium" }, // 180+150+200+80 = 610
    { points: [6, 4, 8, 6], score: 6, priority: "medium" }, // 180+100+200+120 = 600
    { points: [4, 10, 4, 6], score: 5.9, priority: "low" }, // 120+250+100+120 = 590
    { points: [6, 8, 4, 4], score: 5.6, priority: "low" }, // 180+200+100+80 = 560
    { points: [4, 4, 4, 10], score: 5.2, priority: "low" }, // 120+100+100+200 = 520
    { points: [10, 10, 8, 8], score: 9.1, priority: "high" }, // 300+250+200+160 = 910
    { points: [4, 4, 4, 4], score: 4, priority: "low" }, // 400
  ])("points $points → $score ($priority)", ({ points, score, priority }) => {
    const [s, f, b, t] = points as [number, number, number, number];
    const result = scoreLead(inputFor(s, f, b, t));
    expect([result.sizePoints, result.frequencyPoints, result.budgetPoints, result.timelinePoints]).toEqual(points);
    expect(result.score).toBe(score);
    expect(result.priority).toBe(priority);
    expect(result.incomplete).toBe(false);
  });

  it("gives full marks as exactly 10.0 with every factor at 10", () => {
    expect(
      scoreLead({
        buildingSizeSqFt: 60_000,
        frequency: "daily",
        budgetMonthlyCents: 10_000_000,
        timeline: "immediate",
      }),
    ).toEqual({
      sizePoints: 10,
      frequencyPoints: 10,
      budgetPoints: 10,
      timelinePoints: 10,
      budgetBand: "above_market",
      expectedMonthlyCents: 1_320_000, // 60 × 1000 × 22
      score: 10,
      priority: "high",
      incomplete: false,
    });
  });

  it("scores a lead that answered nothing 4.0, incomplete and low", () => {
    expect(scoreLead({})).toEqual({
      sizePoints: 4,
      frequencyPoints: 4,
      budgetPoints: 4,
      timelinePoints: 4,
      budgetBand: null,
      expectedMonthlyCents: null,
      score: 4,
      priority: "low",
      incomplete: true,
    });
  });

  it("treats null like a missing answer", () => {
    expect(
      scoreLead({ buildingSizeSqFt: null, frequency: null, budgetMonthlyCents: null, timeline: null }),
    ).toEqual(scoreLead({}));
  });

  // Every factor's points are even (4, 6, 8, 10), so 30·s + 25·f + 25·b + 20·t is always a multiple
  // of 10 hundredths: no combination of answers lands on a .x5 that would need rounding.
  it("for all 192 combinations equals the exact weighted sum, already at one decimal", () => {
    let checked = 0;
    for (const s of [4, 6, 8, 10])
      for (const f of [4, 6, 8, 10])
        for (const b of [4, 8, 10])
          for (const t of [4, 6, 8, 10]) {
            const hundredths = 30 * s + 25 * f + 25 * b + 20 * t;
            expect(hundredths % 10).toBe(0);
            const result = scoreLead(inputFor(s, f, b, t));
            expect(result.score).toBe(hundredths / 100);
            expect(result.score).toBe(Number(result.score.toFixed(1)));
            expect(result.score).toBeGreaterThanOrEqual(4);
            expect(result.score).toBeLessThanOrEqual(10);
            checked += 1;
          }
    expect(checked).toBe(192);
  });
});

describe("scoreLead: unanswered factors", () => {
  const full = { buildingSizeSqFt: 60_000, frequency: "daily", budgetMonthlyCents: 10_000_000, timeline: "immediate" } as const;

  it.each([
    // Without size or frequency the budget cannot be judged either, so it also counts 4.
    { omit: "buildingSizeSqFt", points: [4, 10, 4, 10], score: 6.7 }, // 120+250+100+200
    { omit: "frequency", points: [10, 4, 4, 10], score: 7 }, // 300+100+100+200
    { omit: "budgetMonthlyCents", points: [10, 10, 4, 10], score: 8.5 }, // 300+250+100+200
    { omit: "timeline", points: [10, 10, 10, 4], score: 8.8 }, // 300+250+250+80
  ] as const)("without $omit: points $points, score $score, incomplete", ({ omit, points, score }) => {
    const input: ScoreInput = { ...full, [omit]: undefined };
    const result = scoreLead(input);
    expect([result.sizePoints, result.frequencyPoints, result.budgetPoints, result.timelinePoints]).toEqual(points);
    expect(result.score).toBe(score);
    expect(result.incomplete).toBe(true);
  });

  it.each([
    { buildingSizeSqFt: null, frequency: "daily" as const },
    { buildingSizeSqFt: 60_000, frequency: null },
    { buildingSizeSqFt: null, frequency: null },
  ])("a budget given without size and frequency ($buildingSizeSqFt, $frequency) counts 4", (partial) => {
    const result = scoreLead({ ...partial, budgetMonthlyCents: 10_000_000, timeline: "immediate" });
    expect(result.budgetBand).toBeNull();
    expect(result.expectedMonthlyCents).toBeNull();
    expect(result.budgetPoints).toBe(4);
    expect(result.incomplete).toBe(true);
  });

  it("keeps the expected cost when only the budget is missing", () => {
    const result = scoreLead({ buildingSizeSqFt: 10_000, frequency: "weekly", timeline: "immediate" });
    expect(result.expectedMonthlyCents).toBe(43_300);
    expect(result.budgetBand).toBeNull();
    expect(result.budgetPoints).toBe(4);
    expect(result.incomplete).toBe(true);
  });
});

describe("priorityFor", () => {
  it.each([
    [10, "high"],
    [8.5, "high"],
    [8, "high"],
    [7.9, "medium"],
    [7, "medium"],
    [6, "medium"],
    [5.9, "low"],
    [4, "low"],
  ])("%d → %s", (score, priority) => {
    expect(priorityFor(score)).toBe(priority);
  });
});

describe("FOLLOW_UP_HOURS", () => {
  it("follows the response-time advice: high 1 hour, medium 4 hours, low 24 hours", () => {
    expect(FOLLOW_UP_HOURS).toEqual({ high: 1, medium: 4, low: 24 });
  });
});

describe("the visitor's own visit count (DESIGN §4: '3x a week' → 13 visits a month)", () => {
  it("prices the expected cost with it when given, and with the band's figure otherwise", () => {
    expect(expectedMonthlyCostCents(10_000, "two_three_weekly", 1000)).toBe(108_000); // 10.8 visits
    expect(expectedMonthlyCostCents(10_000, "two_three_weekly", 1000, 12.99)).toBe(129_900);
    expect(expectedMonthlyCostCents(10_000, "two_three_weekly", 1000, null)).toBe(108_000);
  });

  it("judges the budget against it: $1,300 for 3x a week is at market, not above", () => {
    expect(budgetBandFor(130_000, 10_000, "two_three_weekly", 1000)).toBe("above_market");
    expect(budgetBandFor(130_000, 10_000, "two_three_weekly", 1000, 12.99)).toBe("at_market");
    expect(scoreLead({ buildingSizeSqFt: 10_000, frequency: "two_three_weekly", budgetMonthlyCents: 130_000, timeline: "immediate", visitsPerMonth: 12.99 }).budgetBand).toBe("at_market");
  });
});
