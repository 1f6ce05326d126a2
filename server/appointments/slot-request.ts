// A visitor's own words for when a visit suits them (issue 31, the rules path): "tuesday afternoon",
// "next week after 3", "the 14th at 10", "tomorrow morning", "friday 2pm PST". Pure and deterministic.
// A time typed with a zone ("3pm Pacific") is read on that zone's clock and matched against the slots'
// instants, so a visitor elsewhere is offered the right visit (shown in the business's time).
import { localDateTime } from "../shared/time/calendar.ts";
import type { Slot } from "./slots.ts";

export type DayFilter =
  | { kind: "weekday"; isoWeekday: number; nextWeek: boolean }
  | { kind: "date"; day: number; month?: number }
  | { kind: "offset"; days: number }
  | { kind: "week"; next: boolean };

export type SlotRequest = { day?: DayFilter; from?: number; to?: number; at?: number; zone?: string };

const WEEKDAYS: [RegExp, number][] = [
  [/\bmon(day)?\b/, 1],
  [/\btue(s|sday)?\b/, 2],
  [/\bwed(s|nesday)?\b/, 3],
  [/\bthu(r|rs|rsday)?\b/, 4],
  [/\bfri(day)?\b/, 5],
  [/\bsat(urday)?\b/, 6],
  [/\bsun(day)?\b/, 7],
];
const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const ZONES: [RegExp, string][] = [
  [/\b(e[sd]?t|eastern)\b/, "America/New_York"],
  [/\b(c[sd]?t|central)\b/, "America/Chicago"],
  [/\b(m[sd]?t|mountain)\b/, "America/Denver"],
  [/\b(p[sd]?t|pacific)\b/, "America/Los_Angeles"],
  [/\b(utc|gmt)\b/, "UTC"],
];

/** Hour words → minutes; a bare 1–7 means afternoon (nobody books a walkthrough at 3 am). */
function clock(hour: number, minute: number, meridiem: string | undefined): number | null {
  if (hour > 23 || minute > 59) return null;
  let h = hour;
  if (meridiem === "pm" && h < 12) h += 12;
  else if (meridiem === "am" && h === 12) h = 0;
  else if (!meridiem && h >= 1 && h <= 7) h += 12;
  return h * 60 + minute;
}

const TIME = String.raw`(\d{1,2})(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?`;

export function parseSlotRequest(input: string): SlotRequest | null {
  const t = ` ${input.toLowerCase().replace(/[’']/g, "").replace(/\s+/g, " ")} `;
  const req: SlotRequest = {};
  const meridiem = (m: string | undefined) => m?.replace(/\./g, "");

  for (const [pattern, zone] of ZONES) if (pattern.test(t)) req.zone = zone;

  const nextWeek = /\bnext week\b/.test(t);
  const thisWeek = /\bthis week\b/.test(t);
  const weekday = WEEKDAYS.find(([p]) => p.test(t));
  const monthDay = new RegExp(String.raw`\b(${MONTHS.join("|")})[a-z]*\.? (\d{1,2})(st|nd|rd|th)?\b`).exec(t);
  const ordinal = /\b(?:the )?(\d{1,2})(st|nd|rd|th)\b/.exec(t) ?? /\bthe (\d{1,2})\b(?!\s*(?:am|pm|:))/.exec(t);
  if (monthDay) req.day = { kind: "date", day: Number(monthDay[2]), month: MONTHS.indexOf(monthDay[1]!) + 1 };
  else if (ordinal && Number(ordinal[1]) >= 1 && Number(ordinal[1]) <= 31) req.day = { kind: "date", day: Number(ordinal[1]) };
  else if (weekday) req.day = { kind: "weekday", isoWeekday: weekday[1], nextWeek };
  else if (/\btoday\b/.test(t)) req.day = { kind: "offset", days: 0 };
  else if (/\btomorrow\b/.test(t)) req.day = { kind: "offset", days: 1 };
  else if (nextWeek || thisWeek) req.day = { kind: "week", next: nextWeek };

  // Strip the date words so "the 14th" is not read as a time.
  const rest = t.replace(monthDay?.[0] ?? "\u0000", " ").replace(req.day?.kind === "date" && ordinal ? ordinal[0] : "\u0000", " ");
  const after = new RegExp(String.raw`\b(?:after|from|past|later than) ${TIME}`).exec(rest);
  const before = new RegExp(String.raw`\b(?:before|by|until|no later than) ${TIME}`).exec(rest);
  const between = new RegExp(String.raw`\bbetween ${TIME} and ${TIME}`).exec(rest);
  const at = new RegExp(String.raw`(?:\bat |@ ?|\b)${TIME}`).exec(rest.replace(after?.[0] ?? "\u0000", " ").replace(before?.[0] ?? "\u0000", " "));
  if (between) {
    const from = clock(Number(between[1]), Number(between[2] ?? 0), meridiem(between[3]));
    const to = clock(Number(between[4]), Number(between[5] ?? 0), meridiem(between[6]));
    if (from !== null) req.from = from;
    if (to !== null) req.to = to;
  } else {
    if (after) {
      const from = clock(Number(after[1]), Number(after[2] ?? 0), meridiem(after[3]));
      if (from !== null) req.from = from;
    }
    if (before) {
      const to = clock(Number(before[1]), Number(before[2] ?? 0), meridiem(before[3]));
      if (to !== null) req.to = to;
    }
    // "at 10", "10am", "2:30": a number with a clock context (at / am-pm / minutes).
    if (at && !after && !before && (/\bat |@/.test(at[0]) || at[2] !== undefined || at[3] !== undefined)) {
      const minutes = clock(Number(at[1]), Number(at[2] ?? 0), meridiem(at[3]));
      if (minutes !== null) req.at = minutes;
    }
  }
  if (/\bmorning\b/.test(t)) Object.assign(req, { from: req.from ?? 0, to: Math.min(req.to ?? 720, 720) });
  if (/\bafternoon\b/.test(t)) Object.assign(req, { from: Math.max(req.from ?? 720, 720), to: req.to ?? 1020 });
  if (/\bevening\b/.test(t)) Object.assign(req, { from: Math.max(req.from ?? 1020, 1020) });
  if (/\blunch\b|\bnoon\b|\bmidday\b/.test(t) && req.at === undefined && req.from === undefined) req.at = 720;

  return Object.keys(req).filter((k) => k !== "zone").length > 0 ? req : null;
}

/**
 * The free slots that fit the request, soonest first (at most `limit`). With an exact time that is not
 * free, the free slots of that day nearest to it.
 */
export function matchSlots(slots: readonly Slot[], req: SlotRequest, businessZone: string, now: Date, limit = 3): Slot[] {
  const zone = req.zone ?? businessZone;
  const today = localDateTime(now, zone);
  const mondayOf = (dayNumber: number, isoWeekday: number) => dayNumber - (isoWeekday - 1);
  const thisMonday = mondayOf(today.dayNumber, today.isoWeekday);
  const dayFits = (l: ReturnType<typeof localDateTime>): boolean => {
    const d = req.day;
    if (!d) return true;
    switch (d.kind) {
      case "offset":
        return l.dayNumber === today.dayNumber + d.days;
      case "week":
        return mondayOf(l.dayNumber, l.isoWeekday) === thisMonday + (d.next ? 7 : 0);
      case "weekday":
        return l.isoWeekday === d.isoWeekday && (!d.nextWeek || mondayOf(l.dayNumber, l.isoWeekday) === thisMonday + 7);
      case "date":
        return l.day === d.day && (d.month === undefined || l.month === d.month);
    }
  };
  const fitting = slots.map((s) => ({ s, l: localDateTime(s.startsAt, zone) })).filter(({ l }) => dayFits(l));
  // Only the first matching date: "the 14th" is the next 14th, "tuesday" the next Tuesday that has room.
  const firstDay = req.day && req.day.kind !== "week" ? fitting[0]?.l.dayNumber : undefined;
  const sameDay = firstDay === undefined ? fitting : fitting.filter(({ l }) => l.dayNumber === firstDay);
  const inRange = sameDay.filter(({ l }) => (req.from === undefined || l.minutes >= req.from) && (req.to === undefined || l.minutes < req.to));
  if (req.at !== undefined) {
    const exact = inRange.filter(({ l }) => l.minutes === req.at);
    if (exact.length) return exact.slice(0, limit).map(({ s }) => s);
    return [...sameDay].sort((a, b) => Math.abs(a.l.minutes - req.at!) - Math.abs(b.l.minutes - req.at!)).slice(0, limit).map(({ s }) => s).sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  }
  if (firstDay !== undefined && inRange.length === 0 && req.from === undefined && req.to === undefined) return [];
  // A weekday whose first fitting day has no room in the range: look on later such days.
  const pool = inRange.length > 0 ? inRange : fitting.filter(({ l }) => (req.from === undefined || l.minutes >= req.from) && (req.to === undefined || l.minutes < req.to));
  return pool.slice(0, limit).map(({ s }) => s);
}
