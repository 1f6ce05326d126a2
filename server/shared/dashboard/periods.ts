// Pure period math and stat calculations for the dashboard (spec §2.14, §3 "Dashboard stats").
// Calendar periods (this week, this month) start at local midnight in the business's time zone; the
// prior period is the same elapsed span of the previous week or month ("so far this week vs the same
// time last week"), so a Tuesday morning is never compared with a whole previous week.
// Rates (conversion, response time) use rolling 30-day windows. No server imports: unit-tested directly.
import { plural } from "../format/plural.ts";
import { formatCompactDollars } from "../format/intl.ts";
import { dayNumberOf, localDateTime, startOfLocalDay } from "../time/calendar.ts";

export type Period = { start: Date; end: Date };
export type PeriodPair = { current: Period; previous: Period };

const DAY_MS = 86_400_000;

export function startOfWeek(now: Date, timeZone: string): Date {
  const local = localDateTime(now, timeZone);
  return startOfLocalDay(local.dayNumber - (local.isoWeekday - 1), timeZone);
}

export function startOfMonth(now: Date, timeZone: string): Date {
  const local = localDateTime(now, timeZone);
  return startOfLocalDay(dayNumberOf(local.year, local.month, 1), timeZone);
}

/** This week so far (Monday 00:00 local → now) and the same span of last week. */
export function weekToDate(now: Date, timeZone: string): PeriodPair {
  const start = startOfWeek(now, timeZone);
  const previousStart = startOfLocalDay(localDateTime(start, timeZone).dayNumber - 7, timeZone);
  const elapsed = now.getTime() - start.getTime();
  return {
    current: { start, end: now },
    previous: { start: previousStart, end: new Date(Math.min(previousStart.getTime() + elapsed, start.getTime())) },
  };
}

/** This month so far (the 1st 00:00 local → now) and the same span of last month (capped at its end). */
export function monthToDate(now: Date, timeZone: string): PeriodPair {
  const start = startOfMonth(now, timeZone);
  const local = localDateTime(now, timeZone);
  const previousStart = startOfLocalDay(dayNumberOf(local.year, local.month - 1, 1), timeZone);
  const elapsed = now.getTime() - start.getTime();
  return {
    current: { start, end: now },
    previous: { start: previousStart, end: new Date(Math.min(previousStart.getTime() + elapsed, start.getTime())) },
  };
}

/** The last `days` days and the `days` before them. */
export function rollingDays(now: Date, days: number): PeriodPair {
  const start = new Date(now.getTime() - days * DAY_MS);
  return {
    current: { start, end: now },
    previous: { start: new Date(start.getTime() - days * DAY_MS), end: start },
  };
}

/**
 * The `days` local days ending with today (today included) and the `days` before them: the Analytics
 * page's periods (server/shared/analytics/analytics-period.ts), for figures both pages show.
 */
export function lastLocalDays(now: Date, days: number, timeZone: string): PeriodPair {
  const today = localDateTime(now, timeZone).dayNumber;
  const first = today - days + 1;
  return {
    current: { start: startOfLocalDay(first, timeZone), end: startOfLocalDay(today + 1, timeZone) },
    previous: { start: startOfLocalDay(first - days, timeZone), end: startOfLocalDay(first, timeZone) },
  };
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

/** Relative change in percent, one decimal; null when there is nothing to compare with (prior 0, current > 0). */
export function percentChange(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null) return null;
  if (previous === 0) return current === 0 ? 0 : null;
  return round1(((current - previous) / previous) * 100);
}

/** Difference of two percentages in percentage points, one decimal. */
export function pointsChange(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null) return null;
  return round1(current - previous);
}

/** Won ÷ closed (won + lost), in percent with one decimal; null with no closed lead. */
export function conversionRate(won: number, lost: number): number | null {
  const closed = won + lost;
  return closed === 0 ? null : round1((won / closed) * 100);
}

/** Average of (next bot message − visitor message) in seconds; null without pairs. */
export function averageResponseSeconds(pairs: { visitorAt: Date; botAt: Date }[]): number | null {
  if (pairs.length === 0) return null;
  const total = pairs.reduce((sum, pair) => sum + (pair.botAt.getTime() - pair.visitorAt.getTime()), 0);
  return total / pairs.length / 1000;
}

// ---------------------------------------------------------------------------------------------
// Display

/** "$12.4K", "$980", "$1.2M" from cents. */
export const formatRevenue = formatCompactDollars;

function trim1(value: number): string {
  return (Math.round(value * 10) / 10).toFixed(1).replace(/\.0$/, "");
}

/** "0.4 seconds", "42 seconds", "1.3 minutes", "2.1 hours"; "—" without data. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return "—";
  if (seconds < 10) return plural(Number(trim1(seconds)), "second");
  if (seconds < 60) return plural(Math.round(seconds), "second");
  if (seconds < 3600) return plural(Number(trim1(seconds / 60)), "minute");
  return plural(Number(trim1(seconds / 3600)), "hour");
}

export function formatPercent(value: number | null): string {
  return value === null ? "—" : `${trim1(value)}%`;
}

const relative = new Intl.RelativeTimeFormat("en", { numeric: "always" });

/** "just now", "2 minutes ago", "1 hour ago", "3 days ago", "2 months ago". */
export function relativeTime(date: Date | string, now: Date | string): string {
  const seconds = Math.round((new Date(now).getTime() - new Date(date).getTime()) / 1000);
  if (seconds < 45) return "just now";
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return relative.format(-Math.max(1, minutes), "minute");
  const hours = Math.round(seconds / 3600);
  if (hours < 24) return relative.format(-hours, "hour");
  const days = Math.round(seconds / 86_400);
  if (days < 30) return relative.format(-days, "day");
  const months = Math.round(days / 30);
  if (months < 12) return relative.format(-months, "month");
  return relative.format(-Math.round(days / 365), "year");
}
