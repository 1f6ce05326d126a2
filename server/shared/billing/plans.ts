// The plan catalogue of spec §9 (pure: shared by the pricing page, the billing screen and the server).
// No zod here: the pricing page ships this module, and zod alone is 86 KB of its JavaScript.
// Plans are stored on the business by their display name ("Starter", "Pro", "Enterprise").

export const PLAN_NAMES = ["Starter", "Pro", "Enterprise"] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

export const BILLING_PERIODS = ["monthly", "annual"] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

export type Plan = {
  name: PlanName;
  /** Price per month in cents with monthly billing, and per month with annual billing (spec §9). */
  monthlyCents: number;
  annualMonthlyCents: number;
  /** Leads a month; null is unlimited. */
  leadLimit: number | null;
  tagline: string;
  features: string[];
  /** Tier order: upgrades go up, downgrades down. */
  rank: number;
};

export const PLANS: Record<PlanName, Plan> = {
  Starter: {
    name: "Starter",
    monthlyCents: 4900,
    annualMonthlyCents: 3900,
    leadLimit: 100,
    rank: 1,
    tagline: "For a single crew getting its website to answer 24/7.",
    features: [
      "AI chatbot for your website",
      "Up to 100 leads a month",
      "Lead scoring and priorities",
      "Follow-up reminders and automations",
      "Analytics by channel",
      "100 automation SMS a month",
      "Email support",
    ],
  },
  Pro: {
    name: "Pro",
    monthlyCents: 9900,
    annualMonthlyCents: 7900,
    leadLimit: 500,
    rank: 2,
    tagline: "For growing companies: more leads a month, competitor analysis and cold outreach.",
    features: [
      "Everything in Starter",
      "Up to 500 leads a month",
      "Competitor analysis",
      "Cold outreach: LinkedIn and email sequences",
      "500 automation SMS a month",
    ],
  },
  Enterprise: {
    name: "Enterprise",
    monthlyCents: 24900,
    annualMonthlyCents: 19900,
    leadLimit: null,
    rank: 3,
    tagline: "For multi-location operators and franchises.",
    features: ["Everything in Pro", "Unlimited leads", "2,000 automation SMS a month", "White-labeled chatbot", "API access", "Dedicated account manager"],
  },
};

/** Accepts "pro", "Pro", "PRO" (URLs carry lower case). */
export function parsePlanName(value: unknown): PlanName | null {
  if (typeof value !== "string") return null;
  return PLAN_NAMES.find((name) => name.toLowerCase() === value.trim().toLowerCase()) ?? null;
}

export function parseBillingPeriod(value: unknown): BillingPeriod | null {
  if (value === "annual" || value === "yearly") return "annual";
  if (value === "monthly") return "monthly";
  return null;
}

/** The price per month shown for a period. */
export function monthlyPriceCents(plan: PlanName, period: BillingPeriod): number {
  return period === "annual" ? PLANS[plan].annualMonthlyCents : PLANS[plan].monthlyCents;
}

/** What one billing period costs: a month's price, or twelve months at the annual rate. */
export function periodPriceCents(plan: PlanName, period: BillingPeriod): number {
  return period === "annual" ? PLANS[plan].annualMonthlyCents * 12 : PLANS[plan].monthlyCents;
}

/** Annual billing's saving shown as the yearly difference (spec §9: "saves 20%"). */
export function annualSavingCents(plan: PlanName): number {
  return (PLANS[plan].monthlyCents - PLANS[plan].annualMonthlyCents) * 12;
}

/** Stripe lookup keys of the prices (`npm run stripe:setup` creates them). */
export function priceLookupKey(plan: PlanName, period: BillingPeriod): string {
  return `leadbroom_${plan.toLowerCase()}_${period}`;
}

export function overageLookupKey(period: BillingPeriod): string {
  return `leadbroom_overage_${period}`;
}

/** A plan change is an upgrade when it moves up a tier, or to annual billing on the same tier. */
export function isUpgrade(from: { plan: PlanName; period: BillingPeriod }, to: { plan: PlanName; period: BillingPeriod }): boolean {
  if (PLANS[to.plan].rank !== PLANS[from.plan].rank) return PLANS[to.plan].rank > PLANS[from.plan].rank;
  return from.period === "monthly" && to.period === "annual";
}

export { formatUsd } from "../format/intl.ts";
