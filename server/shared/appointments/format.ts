// How a visit's time reads everywhere (chat, e-mails, calendar, lead page): in the business's time zone,
// with the zone's short name so a visitor elsewhere knows whose clock it is. Pure, browser-safe.
import { dateTimeFormat } from "../format/intl.ts";
import { timeZoneLabel } from "../time/calendar.ts";

/** "Tue, Feb 4, 10:00 AM EST". */
export function formatSlot(instant: Date, timeZone: string): string {
  return dateTimeFormat("en-US", { timeZone, weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" }).format(instant);
}

/** "Tuesday, February 4, 2026 at 10:00 AM EST". */
export function formatVisit(instant: Date, timeZone: string): string {
  return dateTimeFormat("en-US", { timeZone, dateStyle: "full", timeStyle: "short" }).format(instant) + " " + timeZoneLabel(instant, timeZone);
}

/** "10:00 AM". */
export function formatClock(instant: Date, timeZone: string): string {
  return dateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit" }).format(instant);
}

export const APPOINTMENT_STATUS_LABELS: Record<string, string> = {
  booked: "Booked",
  rescheduled: "Rescheduled",
  cancelled: "Cancelled",
  completed: "Completed",
  no_show: "No-show",
};

/** Every appointment status, in the order of a visit's life (the REST API's enum). */
export const APPOINTMENT_STATUSES = ["booked", "rescheduled", "cancelled", "completed", "no_show"] as const;
