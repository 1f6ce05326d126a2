// The SMS monthly allowance per plan (issue 17, decision 0033). Pure: the Automation page shows it and
// the SMS step (server/automations/sms-allowance.server.ts) enforces it. An SMS costs real money per
// message (Twilio and carrier fees), an e-mail does not: each plan includes about one SMS per lead it
// allows a month, Enterprise (unlimited leads) a fixed 2,000; a trial gets 50, so a free trial cannot
// run up a bill. Counted per calendar month of the business's time zone.
import { effectivePlan, type PlanState } from "../billing/entitlements.ts";
import type { PlanName } from "../billing/plans.ts";
import { billingOff } from "../billing/billing-mode.ts";
import { dayNumberOf, localDateTime, safeTimeZone, startOfLocalDay } from "../time/calendar.ts";

export const SMS_ALLOWANCE: Record<PlanName, number> = { Starter: 100, Pro: 500, Enterprise: 2000 };
export const TRIAL_SMS_ALLOWANCE = 50;

/** SMS a month the business may send now: 0 without a subscription. */
export function smsAllowance(state: PlanState, now = new Date()): number {
  const plan = effectivePlan(state, now);
  if (plan === null) return 0;
  // BILLING=off: no trial's allowance; the top plan's (the owner pays their SMS provider directly).
  if (!state.isDemo && !billingOff() && state.subscriptionStatus === "trial") return TRIAL_SMS_ALLOWANCE;
  return SMS_ALLOWANCE[plan];
}

/** The calendar month containing `now` in the business's time zone: local midnight of the 1st to the next 1st. */
export function smsMonth(timeZone: string | null | undefined, now = new Date()): { start: Date; end: Date } {
  const zone = safeTimeZone(timeZone ?? "UTC");
  const local = localDateTime(now, zone);
  return { start: startOfLocalDay(dayNumberOf(local.year, local.month, 1), zone), end: startOfLocalDay(dayNumberOf(local.year, local.month + 1, 1), zone) };
}

/** The step's status text when the month's allowance is used up. */
export function smsAllowanceReachedText(allowance: number): string {
  return allowance === 0
    ? "Not sent: your plan has no SMS allowance. Choose a plan in Settings > Billing & Subscription"
    : `Not sent: this month's SMS allowance (${allowance}) is used up. It renews on the 1st, or upgrade in Settings > Billing & Subscription`;
}

/** The Automation page's usage line. */
export function smsUsageText(usage: { used: number; allowance: number; trial?: boolean }): string {
  const line = `SMS this month: ${usage.used} of ${usage.allowance}`;
  // A trial's allowance is smaller than any plan's: say why beside the plans' figures (issue 32 item 5).
  if (!usage.trial) return line;
  return `${line} (the free trial includes ${TRIAL_SMS_ALLOWANCE}; paid plans include ${SMS_ALLOWANCE.Starter} on Starter, ${SMS_ALLOWANCE.Pro} on Pro and ${SMS_ALLOWANCE.Enterprise.toLocaleString("en-US")} on Enterprise a month)`;
}
