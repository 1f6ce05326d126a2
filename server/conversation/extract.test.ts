// Every answer in one message, whichever question it answers (issue 14): a table of multi-answer
// messages and exactly the fields each one gives.
import { describe, expect, it } from "vitest";
import { describedRemainder, extractAnswers, type ExtractedAnswers } from "./extract.ts";

const TYPES = ["Regular Commercial Cleaning", "Post-construction", "Industrial", "Medical Facility", "Educational Facility", "Move-in/Move-out"];
/** Tuesday 10 June 2025, 11:00 in New York. */
const NOW = new Date("2025-06-10T15:00:00Z");

function extract(text: string, visitsPerMonth?: number): ExtractedAnswers {
  return extractAnswers(text, { serviceTypes: TYPES, now: NOW, timeZone: "America/New_York", visitsPerMonth });
}

const ASAP = { timeline: "immediate", timelineDays: 0 } as const;
const TWICE_A_WEEK = { frequency: "two_three_weekly", visitsPerWeek: 2 } as const;
const WEEKLY = { frequency: "weekly", visitsPerWeek: 1 } as const;
const DAILY = { frequency: "daily", visitsPerWeek: 5 } as const;

const MESSAGES: [string, ExtractedAnswers][] = [
  [
    "We need a 20k sq ft warehouse cleaned twice a week starting ASAP, budget around $4k a month",
    { serviceType: "Industrial", buildingSizeSqFt: 20_000, ...TWICE_A_WEEK, ...ASAP, budgetMonthlyCents: 400_000 },
  ],
  ["Our dental office is 3,000 sq ft and we need it cleaned weekly", { serviceType: "Medical Facility", buildingSizeSqFt: 3_000, ...WEEKLY }],
  ["12,000 sq ft office, daily, $3,000/month", { serviceType: "Regular Commercial Cleaning", buildingSizeSqFt: 12_000, ...DAILY, budgetMonthlyCents: 300_000 }],
  ["school of about 50,000 square feet, every weekday, start in September", { serviceType: "Educational Facility", buildingSizeSqFt: 50_000, ...DAILY, timeline: "within_90_days", timelineDays: 83 }],
  ["twice a week, starting next month", { ...TWICE_A_WEEK, timeline: "within_30_days", timelineDays: 30 }],
  ["5 days a week starting next Monday", { ...DAILY, timeline: "immediate", timelineDays: 6 }],
  ["Mondays and Thursdays, about 8k sq ft", { frequency: "two_three_weekly", visitsPerWeek: 2, buildingSizeSqFt: 8_000 }],
  ["Monday to Friday, ASAP please", { ...DAILY, ...ASAP }],
  ["we can spend about $2,500 a month and need weekly cleaning", { budgetMonthlyCents: 250_000, ...WEEKLY }],
  ["budget is 4000 per month, 15k sq ft", { budgetMonthlyCents: 400_000, buildingSizeSqFt: 15_000 }],
  ["$600 a week for 3 nights a week", { budgetMonthlyCents: 259_800, frequency: "two_three_weekly", visitsPerWeek: 3 }],
  ["$150 per visit, twice a week", { budgetMonthlyCents: 129_900, ...TWICE_A_WEEK }],
  ["between $2,000 and $3,000 a month, within 30 days", { budgetMonthlyCents: 250_000, timeline: "within_30_days", timelineDays: 30 }],
  ["post construction clean of a 6,000 sq ft retail unit next week", { serviceType: "Post-construction", buildingSizeSqFt: 6_000, timeline: "immediate", timelineDays: 7 }],
  ["move-out clean for a 2,000 sq ft office on Friday", { serviceType: "Move-in/Move-out", buildingSizeSqFt: 2_000, timeline: "immediate", timelineDays: 3 }],
  ["Clinic, 4,500 sq ft, nightly, starting tomorrow", { serviceType: "Medical Facility", buildingSizeSqFt: 4_500, ...DAILY, timeline: "immediate", timelineDays: 1 }],
  ["3 floors of 4,000 sq ft each, weekly", { buildingSizeSqFt: 12_000, ...WEEKLY }],
  ["about 2,500 m2, twice a month", { buildingSizeSqFt: 26_910, frequency: "biweekly_or_less", visitsPerWeek: 0.5 }],
  ["bi-weekly, 1,200 sq ft, no rush", { frequency: "biweekly_or_less", visitsPerWeek: 0.5, buildingSizeSqFt: 1_200, timeline: "beyond_90_days", timelineDays: 180 }],
  ["we'd like to start in 2 months, cleaning 3 times a week", { timeline: "within_90_days", timelineDays: 60, frequency: "two_three_weekly", visitsPerWeek: 3 }],
  ["a one-off clean after the renovation, 10k sq ft, this week", { frequency: "biweekly_or_less", visitsPerWeek: 0, serviceType: "Post-construction", buildingSizeSqFt: 10_000, timeline: "immediate", timelineDays: 5 }],
  ["It's a 30,000 sq ft factory, daily cleaning, budget $10k monthly, immediately", { serviceType: "Industrial", buildingSizeSqFt: 30_000, ...DAILY, budgetMonthlyCents: 1_000_000, ...ASAP }],
  ["university campus buildings, 200k sq ft, every day", { serviceType: "Educational Facility", buildingSizeSqFt: 200_000, ...DAILY }],
  ["weekly, budget flexible", { ...WEEKLY, budgetUnsure: true }],
  ["not sure about the budget, but we need it twice a week", { budgetUnsure: true, ...TWICE_A_WEEK }],
  ["need it done by the end of the month, 5,000 sq ft", { timeline: "within_30_days", timelineDays: 20, buildingSizeSqFt: 5_000 }],
  ["we're looking to start in January, 40k sq ft warehouse", { timeline: "beyond_90_days", timelineDays: 205, buildingSizeSqFt: 40_000, serviceType: "Industrial" }],
  ["Hi, I'm looking for office cleaning for our 8,000 sq ft space", { serviceType: "Regular Commercial Cleaning", buildingSizeSqFt: 8_000 }],
  ["My name is Jane Doe, jane@acme.com, we need weekly cleaning", { name: "Jane Doe", email: "jane@acme.com", ...WEEKLY }],
  ["call me at (555) 123-4567 about a 10,000 sq ft gym", { phone: "5551234567", buildingSizeSqFt: 10_000, serviceType: "Regular Commercial Cleaning" }],
  ["three times a week, $1,500 a month, starting in 2 weeks", { frequency: "two_three_weekly", visitsPerWeek: 3, budgetMonthlyCents: 150_000, timeline: "within_30_days", timelineDays: 14 }],
  ["2-3 times a week for our 15,000 square foot office", { frequency: "two_three_weekly", visitsPerWeek: 2.5, buildingSizeSqFt: 15_000, serviceType: "Regular Commercial Cleaning" }],
  ["daycare center, 3,500 sq ft, every evening", { serviceType: "Educational Facility", buildingSizeSqFt: 3_500, ...DAILY }],
  ["we pay $36,000 a year at the moment, weekly service", { budgetMonthlyCents: 300_000, ...WEEKLY }],
  ["need it urgently, 25000 sq ft", { ...ASAP, buildingSizeSqFt: 25_000 }],
  ["Starting July 1st, twice weekly, 9,000 sq ft", { timeline: "within_30_days", timelineDays: 21, ...TWICE_A_WEEK, buildingSizeSqFt: 9_000 }],
  ["lab space of 7,500 sq ft cleaned 4 times a week", { serviceType: "Medical Facility", buildingSizeSqFt: 7_500, frequency: "daily", visitsPerWeek: 4 }],
  ["every other week, around $800 a month", { frequency: "biweekly_or_less", visitsPerWeek: 0.5, budgetMonthlyCents: 80_000 }],
  ["weekends only, 60,000 sq ft distribution centre", { frequency: "two_three_weekly", visitsPerWeek: 2, buildingSizeSqFt: 60_000, serviceType: "Industrial" }],
  ["we have 12 employees and 3,000 sq ft, once a week", { buildingSizeSqFt: 3_000, ...WEEKLY }],
  ["end of lease clean, 1,500 sq ft, next Friday", { serviceType: "Move-in/Move-out", buildingSizeSqFt: 1_500, timeline: "immediate", timelineDays: 3 }],
  ["we're just researching, maybe 20k sq ft, weekly, budget around 2k", { buildingSizeSqFt: 20_000, ...WEEKLY, budgetMonthlyCents: 200_000, timeline: "beyond_90_days", timelineDays: 180 }],
  ["right now we use another company, 10k sq ft, twice a week", { buildingSizeSqFt: 10_000, ...TWICE_A_WEEK }],
  ["We've been in business 5 years; 4,000 sq ft office", { buildingSizeSqFt: 4_000, serviceType: "Regular Commercial Cleaning" }],
  [
    "We're a 12,000 sq ft dental office, need cleaning 3x a week, around $2k/month, starting next month",
    { serviceType: "Medical Facility", buildingSizeSqFt: 12_000, frequency: "two_three_weekly", visitsPerWeek: 3, budgetMonthlyCents: 200_000, timeline: "within_30_days", timelineDays: 30 },
  ],
  ["hospital annex, 40000 sqft, 7 days a week, asap", { serviceType: "Medical Facility", buildingSizeSqFt: 40_000, frequency: "daily", visitsPerWeek: 7, ...ASAP }],
  [
    "Our doctor's practice needs a clean twice weekly, roughly 2500 sq. ft., we can pay $1,200 monthly",
    { serviceType: "Medical Facility", buildingSizeSqFt: 2_500, ...TWICE_A_WEEK, budgetMonthlyCents: 120_000 },
  ],
  ["a bottling plant of 100k sq ft, nightly, in 3 weeks", { serviceType: "Industrial", buildingSizeSqFt: 100_000, ...DAILY, timeline: "within_30_days", timelineDays: 21 }],
  [
    "Elementary school 30k square feet cleaned every weekday from August, budget 6000/mo",
    { serviceType: "Educational Facility", buildingSizeSqFt: 30_000, ...DAILY, budgetMonthlyCents: 600_000, timeline: "within_90_days", timelineDays: 52 },
  ],
  ["we run a daycare - 2000 sqft - once a week - $400 a month", { serviceType: "Educational Facility", buildingSizeSqFt: 2_000, ...WEEKLY, budgetMonthlyCents: 40_000 }],
  [
    "medical clinic. 5000 sq ft. Daily. $3500 per month. Need to start in two weeks.",
    { serviceType: "Medical Facility", buildingSizeSqFt: 5_000, ...DAILY, budgetMonthlyCents: 350_000, timeline: "within_30_days", timelineDays: 14 },
  ],
  [
    // "urgent care" is a kind of clinic, not an urgent start.
    "We're an urgent care center, about 6000 sq ft, cleaning 6 nights a week, budget $4,000-$5,000 a month",
    { serviceType: "Medical Facility", buildingSizeSqFt: 6_000, frequency: "daily", visitsPerWeek: 6, budgetMonthlyCents: 450_000 },
  ],
  [
    "University library 80,000 sq ft, 5x per week, starting september 1",
    { serviceType: "Educational Facility", buildingSizeSqFt: 80_000, ...DAILY, timeline: "within_90_days", timelineDays: 83 },
  ],
  [
    "Our veterinary clinic (3,200 sq ft) needs daily cleaning from Monday. We spend about $90 a day.",
    { serviceType: "Medical Facility", buildingSizeSqFt: 3_200, ...DAILY, budgetMonthlyCents: 194_850, timeline: "immediate", timelineDays: 6 },
  ],
  // An amount right before "/month" or "a month" is money even without a "$".
  ["office 5000sqft weekly 1500/month asap", { serviceType: "Regular Commercial Cleaning", buildingSizeSqFt: 5_000, ...WEEKLY, budgetMonthlyCents: 150_000, ...ASAP }],
  [
    "we're a gym, 9,000 sq ft, 7 days a week, 3k a month, starting in 10 days",
    { serviceType: "Regular Commercial Cleaning", buildingSizeSqFt: 9_000, frequency: "daily", visitsPerWeek: 7, budgetMonthlyCents: 300_000, timeline: "within_30_days", timelineDays: 10 },
  ],
  ["manufacturing plant, 75k sq ft, twice a week, no rush", { serviceType: "Industrial", buildingSizeSqFt: 75_000, ...TWICE_A_WEEK, timeline: "beyond_90_days", timelineDays: 180 }],
];

describe("extractAnswers: every answer in a multi-answer message", () => {
  it("has at least 40 messages", () => {
    expect(MESSAGES.length).toBeGreaterThanOrEqual(40);
  });

  it.each(MESSAGES.map(([message, expected]) => ({ message, expected })))("$message", ({ message, expected }) => {
    expect(extract(message)).toEqual(expected);
  });
});

describe("extractAnswers: only what is clearly there", () => {
  it.each([
    "15000", // a bare number: the size question's own parser reads it, not the extractor
    "yes please",
    "we have 12 employees",
    "right now",
    "not sure",
    "12000 - 15000 sq ft", // two sizes are not a phone number
    "we're closed on weekends",
    "whenever", // at the frequency question: "whenever needed", not a start date
    "an urgent care clinic",
  ])("%j gives no frequency, budget, timeline or phone", (message) => {
    const found = extract(message);
    expect(found.frequency).toBeUndefined();
    expect(found.budgetMonthlyCents).toBeUndefined();
    expect(found.timeline).toBeUndefined();
    expect(found.phone).toBeUndefined();
  });

  it("reads \"3 times a month\" as a frequency and a small number before \"a week\" as no money", () => {
    expect(extract("3 times a month")).toEqual({ frequency: "biweekly_or_less", visitsPerWeek: 0.75 });
    expect(extract("12 a week").budgetMonthlyCents).toBeUndefined();
  });

  it("prices a per-visit budget with the visits a month already known", () => {
    expect(extract("$150 per visit", 8.66)).toEqual({ budgetMonthlyCents: 129_900 });
  });
});

describe("describedRemainder", () => {
  const context = { serviceTypes: TYPES, now: NOW, timeZone: "America/New_York" };
  it.each([
    ["window washing for 5,000 sq ft", "window washing"],
    ["We need carpet shampoo, 3000 sq ft, starting next month", "carpet shampoo"],
    ["pressure washing the parking lot twice a month, budget $500", "pressure washing the parking lot"],
    ["20k sq ft, twice a week", ""],
  ])("%j → %j", (message, rest) => {
    expect(describedRemainder(message, context)).toBe(rest);
  });
});
