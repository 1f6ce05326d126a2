// The Analytics page's periods (spec §2.14, DESIGN §13): Last 7 Days, 30 Days (default), 90 Days and
// Last Year, as whole local days of the business's time zone ending with today, each compared with the
// same number of days before it. Day edges are local midnights (startOfLocalDay), so a daylight-saving
// change makes a day 23 or 25 hours long, never shifts a date. Pure.
import { dayNumberOf, isoDateOf, localDateTime, startOfLocalDay } from "../time/calendar.ts";

export const ANALYTICS_PERIODS = [
  { key: "7d", label: "Last 7 Days", days: 7 },
  { key: "30d", label: "30 Days", days: 30 },
  { key: "90d", label: "90 Days", days: 90 },
  { key: "1y", label: "Last Year", days: 0 },
] as const;
export type AnalyticsPeriodKey = (typeof ANALYTICS_PERIODS)[number]["key"];
export const DEFAULT_ANALYTICS_PERIOD: AnalyticsPeriodKey = "30d";

/** The period asked for in the URL (?period=…); anything else is the default. */
export function parseAnalyticsPeriod(value: string | null | undefined): AnalyticsPeriodKey {
  return ANALYTICS_PERIODS.some((p) => p.key === value) ? (value as AnalyticsPeriodKey) : DEFAULT_ANALYTICS_PERIOD;
}

export function periodLabel(key: AnalyticsPeriodKey): string {
  return ANALYTICS_PERIODS.find((p) => p.key === key)!.label;
}

/** A span of local days: [firstDay, lastDay] as day numbers, and its instants [start, end). */
export type DaySpan = { firstDay: number; lastDay: number; start: Date; end: Date };
export type AnalyticsPeriods = { key: AnalyticsPeriodKey; timeZone: string; current: DaySpan; previous: DaySpan };

function span(firstDay: number, lastDay: number, timeZone: string): DaySpan {
  return { firstDay, lastDay, start: startOfLocalDay(firstDay, timeZone), end: startOfLocalDay(lastDay + 1, timeZone) };
}

/**
 * The period ending with today (local) and the one before it. "Last Year" is the year up to today: from
 * the day after this date last year (365 days, 366 across a 29 February).
 */
export function analyticsPeriods(key: AnalyticsPeriodKey, now: Date, timeZone: string): AnalyticsPeriods {
  const today = localDateTime(now, timeZone);
  const days =
    key === "1y" ? today.dayNumber - dayNumberOf(today.year - 1, today.month, today.day) : ANALYTICS_PERIODS.find((p) => p.key === key)!.days;
  const first = today.dayNumber - days + 1;
  return { key, timeZone, current: span(first, today.dayNumber, timeZone), previous: span(first - days, first - 1, timeZone) };
}

/** "YYYY-MM" of each local month that a span touches, oldest first. */
export function monthsOf(spanDays: DaySpan): string[] {
  const out: string[] = [];
  const first = isoDateOf(spanDays.firstDay);
  const last = isoDateOf(spanDays.lastDay);
  let [y, m] = first.split("-").map(Number) as [number, number];
  const end = last.slice(0, 7);
  for (;;) {
    const month = `${y}-${String(m).padStart(2, "0")}`;
    out.push(month);
    if (month >= end) break;
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return out;
}

/** Relative change in whole percent; null when there is nothing to compare with. */
export function changePercent(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** Part of a whole in percent, one decimal; null of nothing. */
export function ratePercent(part: number, whole: number): number | null {
  return whole === 0 ? null : Math.round((part / whole) * 1000) / 10;
}

/** The colour class of a channel's conversion (spec: green at 20 or more, amber at 10 or more, otherwise red). */
export function conversionTone(conversion: number | null): "green" | "amber" | "red" {
  if (conversion !== null && conversion >= 20) return "green";
  if (conversion !== null && conversion >= 10) return "amber";
  return "red";
}
