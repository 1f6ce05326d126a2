// When outreach goes out (DESIGN §12, spec §9): e-mails at the campaign's send time in the business's
// time zone, no more a day than the daily cap counting every campaign of the business; LinkedIn
// connections on a daily list of at most the daily count. Pure: days are day numbers of local dates.
import { isoDateOf, localDateTime, zonedInstant } from "../shared/time/calendar.ts";

export function sendTimeMinutes(sendTime: string): number {
  const [h, m] = sendTime.split(":").map(Number) as [number, number];
  return h * 60 + m;
}

/** Today if the send time is still ahead in the business's zone, else tomorrow. */
export function firstSendDay(now: Date, timeZone: string, sendTime: string): number {
  const local = localDateTime(now, timeZone);
  return local.minutes < sendTimeMinutes(sendTime) ? local.dayNumber : local.dayNumber + 1;
}

export function todayOf(now: Date, timeZone: string): number {
  return localDateTime(now, timeZone).dayNumber;
}

/** The instant of the send time on a local day. */
export function sendInstant(dayNumber: number, sendTime: string, timeZone: string): Date {
  return zonedInstant(dayNumber, sendTimeMinutes(sendTime), timeZone);
}

/**
 * Gives each of `count` items the first day from `fromDay` on which fewer than `cap` are already
 * planned (`used`: day → items already planned that day, updated in place). Days are filled in order.
 */
export function allocateDays(args: { fromDay: number; count: number; cap: number; used: Map<number, number> }): number[] {
  const { cap, used } = args;
  if (cap < 1) throw new Error("the daily cap must be at least 1");
  const days: number[] = [];
  let day = args.fromDay;
  while (days.length < args.count) {
    const taken = used.get(day) ?? 0;
    if (taken >= cap) {
      day += 1;
      continue;
    }
    const room = Math.min(cap - taken, args.count - days.length);
    for (let i = 0; i < room; i++) days.push(day);
    used.set(day, taken + room);
    day += 1;
  }
  return days;
}

export const dayText = isoDateOf;
