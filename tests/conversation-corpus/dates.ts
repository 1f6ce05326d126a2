// Calendar arithmetic for the expected start dates of the cases (independent of the engine's own).
import { timelineBandFromDays, type TimelineBand } from "../../server/shared/scoring/score.ts";

export type LocalDay = { year: number; month: number; day: number; isoWeekday: number };

export function localDay(now: string, timeZone: string): LocalDay {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "numeric", day: "numeric", weekday: "short" }).formatToParts(new Date(now));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  const weekday = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].indexOf(get("weekday")) + 1;
  return { year: Number(get("year")), month: Number(get("month")), day: Number(get("day")), isoWeekday: weekday };
}

function serial(year: number, month: number, day: number): number {
  return Date.UTC(year, month - 1, day) / 86_400_000;
}

/** Days from the local day to a date (the next such date when the year is not given and it has passed). */
export function daysUntil(today: LocalDay, month: number, day: number, year?: number): number {
  const from = serial(today.year, today.month, today.day);
  let y = year ?? today.year;
  if (year === undefined && serial(y, month, day) < from) y++;
  return serial(y, month, day) - from;
}

export function lastDayOfMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Days to the first of next month. */
export function firstOfNextMonth(t: LocalDay): number {
  return t.month === 12 ? daysUntil(t, 1, 1, t.year + 1) : daysUntil(t, t.month + 1, 1, t.year);
}

export function endOfMonth(t: LocalDay): number {
  return daysUntil(t, t.month, lastDayOfMonth(t.year, t.month), t.year);
}

/** Days to the coming weekday (1 = Monday); a week when it is today. */
export function nextWeekday(t: LocalDay, weekday: number): number {
  const ahead = (weekday - t.isoWeekday + 7) % 7;
  return ahead === 0 ? 7 : ahead;
}

/** Days to the start of a quarter (1–4): 0 inside it, next year's once it has passed. */
export function quarterStart(t: LocalDay, quarter: number): number {
  const current = Math.ceil(t.month / 3);
  if (current === quarter) return 0;
  const month = (quarter - 1) * 3 + 1;
  return daysUntil(t, month, 1);
}

const SEASON_START: Record<string, number> = { spring: 3, summer: 6, fall: 9, autumn: 9, winter: 12 };

/** Days to a season's start (meteorological: spring 1 March…): 0 inside it. */
export function seasonStart(t: LocalDay, season: string): number {
  const month = SEASON_START[season] ?? 3;
  const inside = season === "winter" ? t.month === 12 || t.month <= 2 : t.month >= month && t.month < month + 3;
  if (inside) return 0;
  return daysUntil(t, month, 1);
}

/** "Next fall": the coming season, or next year's when we are in it now. */
export function nextSeasonStart(t: LocalDay, season: string): number {
  const month = SEASON_START[season] ?? 3;
  const days = seasonStart(t, season);
  return days === 0 ? daysUntil(t, month, 1, t.year + (month <= t.month ? 1 : 0)) : days;
}

export function timeline(days: number): { timeline: TimelineBand; timelineDays: number } {
  return { timeline: timelineBandFromDays(days), timelineDays: days };
}
