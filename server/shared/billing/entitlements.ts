// What a business may use, by plan (spec §6, §9, DESIGN §6). Pure; the server enforces it
// (entitlements.server.ts) and the workspace shows locked features from the same rules.
import { isSubscribed, type SubscriptionState } from "./subscription.ts";
import { parsePlanName, PLANS, type PlanName } from "./plans.ts";
import { billingOff } from "./billing-mode.ts";

export const FEATURES = {
  cold_outreach: { label: "Cold Outreach", plan: "Pro" },
  competitor_analysis: { label: "Competitor analysis", plan: "Pro" },
  api_access: { label: "API access", plan: "Enterprise" },
  white_label: { label: "White-labeled chatbot", plan: "Enterprise" },
} as const satisfies Record<string, { label: string; plan: PlanName }>;

export type Feature = keyof typeof FEATURES;

export type PlanState = SubscriptionState & { plan: string | null };

/**
 * The plan whose entitlements apply now, or null without a subscription. A trial without a chosen
 * plan is a trial of Pro (decision 0010); the demo business has everything, and so does every business
 * when the server runs with BILLING=off (billing-mode.ts).
 */
export function effectivePlan(state: PlanState, now = new Date()): PlanName | null {
  if (state.isDemo || billingOff()) return "Enterprise";
  if (!isSubscribed(state, now)) return null;
  return parsePlanName(state.plan) ?? (state.subscriptionStatus === "trial" ? "Pro" : "Starter");
}

export function hasFeature(state: PlanState, feature: Feature, now = new Date()): boolean {
  const plan = effectivePlan(state, now);
  return plan !== null && PLANS[plan].rank >= PLANS[FEATURES[feature].plan].rank;
}

/** Leads a month allowed now: null is unlimited (Enterprise, the demo business). */
export function leadLimit(state: PlanState, now = new Date()): number | null {
  const plan = effectivePlan(state, now);
  return plan === null ? null : PLANS[plan].leadLimit;
}

/** Lead details are hidden while the business has no subscription (an expired trial): nothing is lost. */
export function leadDetailsHidden(state: SubscriptionState, now = new Date()): boolean {
  return !isSubscribed(state, now);
}
