// The window leads are counted in against the monthly limit (pure). Limits are "per month" (spec §9)
// and counted per billing period: monthly windows anchored on the subscription's current period
// start (a monthly plan's window is its billing period; an annual plan's year is cut into months),
// on the trial's start during a trial, and on the calendar month otherwise: the month of the business's
// time zone (its 1st at local midnight), so the billing screen's period starts on the 1st there.
import { TRIAL_DAYS } from "../shared/billing/subscription.ts";
import { dayNumberOf, localDateTime, safeTimeZone, startOfLocalDay } from "../shared/time/calendar.ts";

export type UsageAnchorState = {
  subscriptionStatus: string;
  trialEnd: Date | null;
  currentPeriodStart: Date | null;
  /** The business's IANA time zone (the calendar month's boundaries); UTC when not given. */
  timeZone?: string | null;
};

/** `anchor` plus `months` calendar months (UTC), the day clamped to the month's length. */
export function addMonthsUtc(anchor: Date, months: number): Date {
  const year = anchor.getUTCFullYear();
  const month = anchor.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(year, month, Math.min(anchor.getUTCDate(), lastDay), anchor.getUTCHours(), anchor.getUTCMinutes(), anchor.getUTCSeconds(), anchor.getUTCMilliseconds()),
  );
}

function anchorOf(state: UsageAnchorState, now: Date): Date | null {
  if (state.subscriptionStatus !== "trial" && state.currentPeriodStart && state.currentPeriodStart <= now) {
    return state.currentPeriodStart;
  }
  if (state.subscriptionStatus === "trial" && state.trialEnd) {
    const trialStart = new Date(state.trialEnd.getTime() - TRIAL_DAYS * 86_400_000);
    if (trialStart <= now) return trialStart;
  }
  return null;
}

/** The start of the usage window that contains `now`, and its end (exclusive). */
export function usageWindow(state: UsageAnchorState, now = new Date()): { start: Date; end: Date } {
  const anchor = anchorOf(state, now);
  if (anchor === null) {
    const timeZone = safeTimeZone(state.timeZone ?? "UTC");
    const local = localDateTime(now, timeZone);
    return {
      start: startOfLocalDay(dayNumberOf(local.year, local.month, 1), timeZone),
      end: startOfLocalDay(dayNumberOf(local.year, local.month + 1, 1), timeZone),
    };
  }
  let months = (now.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + (now.getUTCMonth() - anchor.getUTCMonth());
  if (addMonthsUtc(anchor, months) > now) months -= 1;
  const start = addMonthsUtc(anchor, Math.max(0, months));
  return { start, end: addMonthsUtc(anchor, Math.max(0, months) + 1) };
}
