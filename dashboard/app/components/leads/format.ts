// Display helpers: times in the business's time zone (explicit, so server and browser render the same).
import { dateTimeFormat, numberFormat } from "#shared/format/intl.ts";

export function formatDateTime(iso: string, timeZone: string): string {
  return dateTimeFormat("en-US", {
    timeZone,
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
  }).format(new Date(iso));
}

export function formatDate(iso: string, timeZone: string): string {
  return dateTimeFormat("en-US", { timeZone, month: "short", day: "numeric", year: "numeric" }).format(new Date(iso));
}

export function formatCents(cents: number): string {
  return numberFormat("en-US", {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
  }).format(cents / 100);
}

/** Today's date (YYYY-MM-DD) in a time zone, for date input defaults. */
export function todayIn(timeZone: string, now = new Date()): string {
  return dateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}
