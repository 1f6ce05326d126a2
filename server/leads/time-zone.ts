// Calendar days in a business's IANA time zone → UTC instants (pure).
import { dateTimeFormat } from "../format/intl.ts";

/** Offset of `timeZone` from UTC at `instant`, in milliseconds (positive east of UTC). */
export function zoneOffsetMs(instant: Date, timeZone: string): number {
  const parts = dateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The UTC instant of local wall-clock time `YYYY-MM-DD` + `HH:MM` in `timeZone`. */
export function zonedTimeToUtc(dayText: string, time: string, timeZone: string): Date {
  const [y, m, d] = dayText.split("-").map(Number) as [number, number, number];
  const [hh, mm] = time.split(":").map(Number) as [number, number];
  const guess = Date.UTC(y, m - 1, d, hh, mm);
  // Two passes settle the offset across a DST change.
  let result = guess - zoneOffsetMs(new Date(guess), timeZone);
  result = guess - zoneOffsetMs(new Date(result), timeZone);
  return new Date(result);
}

/** Start of the local day `YYYY-MM-DD` in `timeZone`. */
export function startOfZonedDay(dayText: string, timeZone: string): Date {
  return zonedTimeToUtc(dayText, "00:00", timeZone);
}

/** Start of the local day after `YYYY-MM-DD` (exclusive end of that day). */
export function endOfZonedDay(dayText: string, timeZone: string): Date {
  const [y, m, d] = dayText.split("-").map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  return startOfZonedDay(next, timeZone);
}
