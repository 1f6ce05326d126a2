// Subscription rules shared by the guard and the billing screen (spec §4, DESIGN §6). Pure but for the
// server's billing mode (billing-mode.ts: with BILLING=off every business is subscribed).
import { billingOff } from "./billing-mode.ts";

export const TRIAL_DAYS = 14;

export type SubscriptionState = {
  subscriptionStatus: string;
  trialEnd: Date | null;
  isDemo: boolean;
};

/** Subscribed: active, or trial with trialEnd in the future; the demo business always is, and every business with BILLING=off. */
export function isSubscribed(state: SubscriptionState, now = new Date()): boolean {
  if (state.isDemo || billingOff()) return true;
  if (state.subscriptionStatus === "active") return true;
  return state.subscriptionStatus === "trial" && state.trialEnd !== null && state.trialEnd.getTime() > now.getTime();
}

export function trialEndFrom(start: Date): Date {
  return new Date(start.getTime() + TRIAL_DAYS * 24 * 60 * 60 * 1000);
}
