// Wall-clock calendar arithmetic in a business's time zone, with Intl only (no libraries).
// Dates are handled as local calendar days (a day number), so daylight-saving changes never shift them.
import { dateTimeFormat, isValidTimeZone } from "../format/intl.ts";

export type LocalDateTime = {
  year: number;
  /** 1 = January … 12 = December. */
  month: number;
  day: number;
  /** ISO weekday: 1 = Monday … 7 = Sunday. */
  isoWeekday: number;
  /** Minutes since local midnight (0–1439). */
  minutes: number;
  /** Days since 1970-01-01 of the local calendar date. */
  dayNumber: number;
};

export const WEEKDAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

const MS_PER_DAY = 86_400_000;

/** The time zone, or "UTC" when it is unknown (a chat must never fail on a bad setting). */
export function safeTimeZone(timeZone: string | null | undefined): string {
  return timeZone && isValidTimeZone(timeZone) ? timeZone : "UTC";
}

/** Days since 1970-01-01 of a calendar date (month 1–12; out-of-range days and months roll over). */
export function dayNumberOf(year: number, month: number, day: number): number {
  return Math.floor(Date.UTC(year, month - 1, day) / MS_PER_DAY);
}

/** ISO weekday (1 = Monday … 7 = Sunday) of a day number. */
export function isoWeekdayOf(dayNumber: number): number {
  // 1970-01-01 was a Thursday (ISO 4).
  return ((((dayNumber + 3) % 7) + 7) % 7) + 1;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The local date and time of an instant in a time zone (unknown zones fall back to UTC). */
export function localDateTime(now: Date, timeZone: string): LocalDateTime {
  const parts = dateTimeFormat("en-US", {
    timeZone: safeTimeZone(timeZone),
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    hourCycle: "h23",
  }).formatToParts(now);
  const get = (type: Intl.DateTimeFormatPartTypes): number => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const year = get("year");
  const month = get("month");
  const day = get("day");
  const hour = get("hour") % 24;
  const dayNumber = dayNumberOf(year, month, day);
  return { year, month, day, isoWeekday: isoWeekdayOf(dayNumber), minutes: hour * 60 + get("minute"), dayNumber };
}

/** Short name of the zone at that instant, e.g. "EST" / "EDT" for America/New_York. */
export function timeZoneLabel(now: Date, timeZone: string): string {
  const parts = dateTimeFormat("en-US", { timeZone: safeTimeZone(timeZone), timeZoneName: "short" }).formatToParts(now);
  return parts.find((p) => p.type === "timeZoneName")?.value ?? "UTC";
}
