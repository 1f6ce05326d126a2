import { dateTimeFormat } from "#shared/format/intl.ts";

/** "Jan 5, 2026, 3:04 PM" in the business's time zone. */
export function formatDateTime(iso: string, timeZone: string): string {
  return dateTimeFormat("en-US", { timeZone, dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}

/** "3:04:05 PM" in the business's time zone. */
export function formatTime(iso: string, timeZone: string): string {
  return dateTimeFormat("en-US", { timeZone, timeStyle: "medium" }).format(new Date(iso));
}

export const PRIORITY_LABEL = { high: "High", medium: "Medium", low: "Low" } as const;
export const PRIORITY_CLASS = {
  high: "bg-red-100 text-red-800",
  medium: "bg-amber-100 text-amber-900",
  low: "bg-slate-200 text-slate-800",
} as const;
