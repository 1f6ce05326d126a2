// A chatbot's business hours ({ start, end, days } in the business's time zone): open now?, a
// human description, and when the office opens next. Intl only; DST-safe because every check is
// made on the local wall clock.
import { WEEKDAY_NAMES, localDateTime } from "../time/calendar.ts";

export type BusinessHours = {
  /** "HH:MM", 24-hour, local time. */
  start: string;
  /** "HH:MM", 24-hour, local time ("24:00" allowed). An end before the start runs past midnight. */
  end: string;
  /** ISO weekdays: 1 = Monday … 7 = Sunday. */
  days: number[];
};

/** Minutes since midnight of "H:MM" / "HH:MM" (00:00–24:00), or null when malformed. */
export function parseClock(value: string): number | null {
  const match = /^\s*(\d{1,2}):(\d{2})\s*$/.exec(value);
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (minutes > 59 || hours > 24 || (hours === 24 && minutes > 0)) return null;
  return hours * 60 + minutes;
}

/** "8:00 AM", "12:30 PM", "12:00 AM" (midnight). */
export function formatClock(minutes: number): string {
  const m = ((minutes % 1440) + 1440) % 1440;
  const h24 = Math.floor(m / 60);
  const h12 = h24 % 12 === 0 ? 12 : h24 % 12;
  return `${h12}:${String(m % 60).padStart(2, "0")} ${h24 < 12 ? "AM" : "PM"}`;
}

function openDays(hours: BusinessHours): Set<number> {
  return new Set(hours.days.filter((d) => Number.isInteger(d) && d >= 1 && d <= 7));
}

function previousWeekday(isoWeekday: number): number {
  return isoWeekday === 1 ? 7 : isoWeekday - 1;
}

/** Is the office open at `now`? start === end means open all day on the listed days. */
export function isWithinBusinessHours(hours: BusinessHours, timeZone: string, now: Date): boolean {
  const start = parseClock(hours.start);
  const end = parseClock(hours.end);
  if (start === null || end === null) return false;
  const days = openDays(hours);
  const { isoWeekday, minutes } = localDateTime(now, timeZone);
  if (start === end) return days.has(isoWeekday);
  if (start < end) return days.has(isoWeekday) && minutes >= start && minutes < end;
  // Overnight hours: the evening part today, or the early-morning tail of yesterday's opening.
  return (days.has(isoWeekday) && minutes >= start) || (days.has(previousWeekday(isoWeekday)) && minutes < end);
}

function joinList(items: string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** "Monday to Friday", "Saturday and Sunday", "Monday, Wednesday and Friday", "Every day", "" (none). */
export function describeDays(days: number[]): string {
  const open = openDays({ start: "", end: "", days });
  if (open.size === 7) return "Every day";
  if (open.size === 0) return "";
  const isOpen = (d: number) => open.has(((d - 1 + 7) % 7) + 1);
  // Runs of consecutive days (wrapping Sunday → Monday), each starting on a day whose eve is closed.
  const runs: { start: number; length: number }[] = [];
  for (let d = 1; d <= 7; d++) {
    if (!isOpen(d) || isOpen(d - 1)) continue;
    let length = 1;
    while (length < 7 && isOpen(d + length)) length++;
    runs.push({ start: d, length });
  }
  const name = (d: number) => WEEKDAY_NAMES[(d - 1) % 7] ?? "";
  const items: string[] = [];
  for (const run of runs) {
    if (run.length >= 3) items.push(`${name(run.start)} to ${name(run.start + run.length - 1)}`);
    else for (let i = 0; i < run.length; i++) items.push(name(run.start + i));
  }
  return joinList(items);
}

/** e.g. "Monday to Friday, 8:00 AM to 6:00 PM". */
export function describeHours(hours: BusinessHours): string {
  const dayText = describeDays(hours.days);
  if (!dayText) return "By appointment only";
  const start = parseClock(hours.start);
  const end = parseClock(hours.end);
  if (start !== null && end !== null && start === end) return `${dayText}, open 24 hours`;
  const from = start !== null ? formatClock(start) : hours.start;
  const to = end !== null ? formatClock(end) : hours.end;
  return `${dayText}, ${from} to ${to}`;
}

/** When the office opens next: today (later), tomorrow, a day this week, or that day next week. */
export type NextOpening =
  | { when: "now" }
  | { when: "later_today" | "tomorrow" | "this_week" | "next_week"; day: string; at: string };

/** The next opening of the office after `now`; null when no day is open or the hours are malformed. */
export function nextOpeningOf(hours: BusinessHours, timeZone: string, now: Date): NextOpening | null {
  const start = parseClock(hours.start);
  if (start === null || parseClock(hours.end) === null) return null;
  const days = openDays(hours);
  if (days.size === 0) return null;
  if (isWithinBusinessHours(hours, timeZone, now)) return { when: "now" };
  const { isoWeekday, minutes } = localDateTime(now, timeZone);
  const at = formatClock(start);
  if (days.has(isoWeekday) && minutes < start) return { when: "later_today", day: WEEKDAY_NAMES[isoWeekday - 1] ?? "", at };
  for (let ahead = 1; ahead <= 7; ahead++) {
    const weekday = ((isoWeekday - 1 + ahead) % 7) + 1;
    if (!days.has(weekday)) continue;
    const day = WEEKDAY_NAMES[weekday - 1] ?? "";
    return { when: ahead === 1 ? "tomorrow" : ahead === 7 ? "next_week" : "this_week", day, at };
  }
  return null;
}

/** The next opening as a phrase: "later today at 8:00 AM", "tomorrow at 8:00 AM", "Monday at 8:00 AM", "next Tuesday at 8:00 AM". */
export function describeOpening(opening: Exclude<NextOpening, { when: "now" }>): string {
  switch (opening.when) {
    case "later_today":
      return `later today at ${opening.at}`;
    case "tomorrow":
      return `tomorrow at ${opening.at}`;
    case "this_week":
      return `${opening.day} at ${opening.at}`;
    case "next_week":
      return `next ${opening.day} at ${opening.at}`;
  }
}

/**
 * When the office opens next, as a phrase: "later today at 8:00 AM", "tomorrow at 8:00 AM",
 * "Monday at 8:00 AM", "next Tuesday at 8:00 AM" (a week ahead). "now" while open;
 * null when no day is open or the hours are malformed.
 */
export function nextOpening(hours: BusinessHours, timeZone: string, now: Date): string | null {
  const opening = nextOpeningOf(hours, timeZone, now);
  if (!opening) return null;
  return opening.when === "now" ? "now" : describeOpening(opening);
}
