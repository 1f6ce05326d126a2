// The one time-zone and calendar module (issue 16): wall-clock dates and times in a business's IANA
// time zone, on @date-fns/tz's TZDate. Pure and shared by the server, the dashboard and the jobs.
//
// Calendar days are handled as day numbers (days since 1970-01-01 of the local date) or as
// "YYYY-MM-DD" text, so daylight-saving changes never shift a date; instants are JavaScript Dates.
// Every "local midnight" (a day's start for the dashboard's periods, the daily summary, the lead
// filters, the chatbot's daily series, the billing usage month) is `startOfLocalDay`.
import { TZDate, tzOffset } from "@date-fns/tz";
import { dateTimeFormat, isValidTimeZone } from "../format/intl.ts";

const MS_PER_DAY = 86_400_000;

export const WEEKDAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

/** The local calendar date and wall-clock time of an instant in a time zone. */
export type LocalDateTime = {
  year: number;
  /** 1 = January … 12 = December. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** ISO weekday: 1 = Monday … 7 = Sunday. */
  isoWeekday: number;
  /** Minutes since local midnight (0–1439). */
  minutes: number;
  /** Days since 1970-01-01 of the local calendar date. */
  dayNumber: number;
};

/** The time zone, or "UTC" when it is unknown (a chat or a page must never fail on a bad setting). */
export function safeTimeZone(timeZone: string | null | undefined): string {
  return timeZone && isValidTimeZone(timeZone) ? timeZone : "UTC";
}

/** Days since 1970-01-01 of a calendar date (month 1–12; out-of-range days and months roll over). */
export function dayNumberOf(year: number, month: number, day: number): number {
  return Math.floor(Date.UTC(year, month - 1, day) / MS_PER_DAY);
}

/** The day number of a "YYYY-MM-DD" date. */
export function dayNumberOfIsoDate(isoDate: string): number {
  const [y, m, d] = isoDate.split("-").map(Number) as [number, number, number];
  return dayNumberOf(y, m, d);
}

/** "YYYY-MM-DD" of a day number. */
export function isoDateOf(dayNumber: number): string {
  return new Date(dayNumber * MS_PER_DAY).toISOString().slice(0, 10);
}

/** The calendar day before a "YYYY-MM-DD" date. */
export function previousIsoDate(isoDate: string): string {
  return isoDateOf(dayNumberOfIsoDate(isoDate) - 1);
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
export function localDateTime(instant: Date, timeZone: string): LocalDateTime {
  // The wall clock is UTC shifted by the zone's offset at that instant: one Intl lookup (tzOffset),
  // where a TZDate took several (it runs on every chat turn: timelines, business hours).
  const time = instant.getTime();
  const local = new Date(time + tzOffset(safeTimeZone(timeZone), instant) * 60_000);
  const year = local.getUTCFullYear();
  const month = local.getUTCMonth() + 1;
  const day = local.getUTCDate();
  const hour = local.getUTCHours();
  const minute = local.getUTCMinutes();
  const dayNumber = dayNumberOf(year, month, day);
  return {
    year,
    month,
    day,
    hour,
    minute,
    second: local.getUTCSeconds(),
    isoWeekday: isoWeekdayOf(dayNumber),
    minutes: hour * 60 + minute,
    dayNumber,
  };
}

/** "YYYY-MM-DD" of the local date of an instant. */
export function localIsoDate(instant: Date, timeZone: string): string {
  return isoDateOf(localDateTime(instant, timeZone).dayNumber);
}

/**
 * The instant of a local wall-clock time on a local date (day number; minutes since midnight). A
 * time skipped by a daylight-saving change moves forward by the gap, as clocks do.
 */
export function zonedInstant(dayNumber: number, minutes: number, timeZone: string): Date {
  const date = new Date(dayNumber * MS_PER_DAY);
  const local = new TZDate(
    date.getUTCFullYear(),
    date.getUTCMonth(),
    date.getUTCDate(),
    Math.floor(minutes / 60),
    minutes % 60,
    safeTimeZone(timeZone),
  );
  return new Date(local.getTime());
}

/** The instant of local midnight starting a calendar day (a day number) in a time zone. */
export function startOfLocalDay(dayNumber: number, timeZone: string): Date {
  return zonedInstant(dayNumber, 0, timeZone);
}

/** The instant of a local "YYYY-MM-DD" date at "HH:MM". */
export function zonedTimeToUtc(isoDate: string, time: string, timeZone: string): Date {
  const [hh, mm] = time.split(":").map(Number) as [number, number];
  return zonedInstant(dayNumberOfIsoDate(isoDate), hh * 60 + mm, timeZone);
}

/** Start of the local day "YYYY-MM-DD". */
export function startOfZonedDay(isoDate: string, timeZone: string): Date {
  return startOfLocalDay(dayNumberOfIsoDate(isoDate), timeZone);
}

/** Start of the local day after "YYYY-MM-DD" (the exclusive end of that day). */
export function endOfZonedDay(isoDate: string, timeZone: string): Date {
  return startOfLocalDay(dayNumberOfIsoDate(isoDate) + 1, timeZone);
}

/** Short name of the zone at that instant, e.g. "EST" / "EDT" for America/New_York. */
export function timeZoneLabel(instant: Date, timeZone: string): string {
  const parts = dateTimeFormat("en-US", { timeZone: safeTimeZone(timeZone), timeZoneName: "short" }).formatToParts(instant);
  return parts.find((p) => p.type === "timeZoneName")?.value ?? "UTC";
}
