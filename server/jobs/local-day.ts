// Calendar arithmetic in a business's time zone for the daily jobs. Pure.
import { dateTimeFormat } from "../format/intl.ts";

/** The local date (YYYY-MM-DD) and hour (0-23) of `instant` in `timeZone`. */
export function localDayAndHour(instant: Date, timeZone: string): { day: string; hour: number } {
  const parts = dateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
  }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "00";
  return { day: `${get("year")}-${get("month")}-${get("day")}`, hour: Number(get("hour")) % 24 };
}

/** The calendar day before `day` (YYYY-MM-DD). */
export function previousDay(day: string): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
}
