// Free visit slots (DESIGN §18, issue 31): pure. The business's weekday windows are wall-clock times in
// its time zone, turned into instants day by day (server/shared/time/calendar.ts), so a 09:00 window is
// 09:00 local on both sides of a daylight-saving change. A slot is free when one of the members who
// take visits has no appointment within the buffer around it, the day has not reached its maximum,
// the slot starts after the minimum notice and before the horizon, and the day is not a day off.
import { isoDateOf, localDateTime, zonedInstant } from "../shared/time/calendar.ts";
import { minutesOf, type Availability } from "../shared/appointments/availability.ts";

export type BusyAppointment = { startsAt: Date; endsAt: Date; assigneeUserId: string | null };
export type Slot = { startsAt: Date; endsAt: Date; /** Members free for it, in availability order. */ memberIds: string[] };

export type SlotQuery = {
  availability: Availability;
  timeZone: string;
  now: Date;
  /** Active appointments (booked or rescheduled) of the business, any order. */
  appointments: readonly BusyAppointment[];
  /** Stop after this many slots. */
  limit?: number;
  /** Only slots starting at or after this instant (still after the notice). */
  from?: Date;
  /** Ignore this appointment (the one being moved). */
  ignore?: (a: BusyAppointment) => boolean;
};

const MINUTE = 60_000;
const DAY_MS = 86_400_000;

type Index = {
  /** Per member, busy intervals sorted by start. */
  byMember: Map<string, { start: number; end: number }[]>;
  /** Active appointments per local day number. */
  perDay: Map<number, number>;
};

/**
 * Local midnights of a run of days, computed once per query (two time-zone conversions a day instead of
 * one per slot and per appointment: tests/bench/slots.ts). A day without a daylight-saving change is
 * exactly its midnight plus wall-clock minutes; a day with one is converted slot by slot.
 */
type DayTable = { first: number; last: number; timeZone: string; starts: (number | undefined)[] };

function dayTable(firstDay: number, lastDay: number, timeZone: string): DayTable {
  return { first: firstDay, last: lastDay, timeZone, starts: [] };
}

/** Local midnight starting the table's i-th day, converted on first use. */
function startAt(table: DayTable, i: number): number {
  return (table.starts[i] ??= zonedInstant(table.first + i, 0, table.timeZone).getTime());
}

/** The local day number of an instant within the table (null outside it). */
function dayOf(table: DayTable, instant: number): number | null {
  // Guess from UTC, then step: a zone is at most a day off UTC.
  let i = Math.floor(instant / DAY_MS) - table.first;
  if (i < -1 || i > table.last - table.first + 1) return null;
  i = Math.max(0, Math.min(i, table.last - table.first));
  while (i > 0 && instant < startAt(table, i)) i -= 1;
  while (i <= table.last - table.first && instant >= startAt(table, i + 1)) i += 1;
  if (i > table.last - table.first || instant < startAt(table, i)) return null;
  return table.first + i;
}

/** The instant of local wall-clock minutes on a day of the table; null for a time a spring-forward skips. */
function instantOf(table: DayTable, day: number, minutes: number, timeZone: string): number | null {
  const i = day - table.first;
  const start = startAt(table, i);
  if (startAt(table, i + 1) - start === DAY_MS) return start + minutes * MINUTE;
  const instant = zonedInstant(day, minutes, timeZone);
  return localDateTime(instant, timeZone).minutes === minutes ? instant.getTime() : null;
}

function indexAppointments(q: SlotQuery, table: DayTable): Index {
  const byMember = new Map<string, { start: number; end: number }[]>();
  const perDay = new Map<number, number>();
  for (const a of q.appointments) {
    if (q.ignore?.(a)) continue;
    const day = dayOf(table, a.startsAt.getTime());
    if (day !== null) perDay.set(day, (perDay.get(day) ?? 0) + 1);
    if (!a.assigneeUserId) continue;
    let list = byMember.get(a.assigneeUserId);
    if (!list) byMember.set(a.assigneeUserId, (list = []));
    list.push({ start: a.startsAt.getTime(), end: a.endsAt.getTime() });
  }
  for (const list of byMember.values()) list.sort((x, y) => x.start - y.start);
  return { byMember, perDay };
}

/** Whether a member's sorted busy list leaves [start, end) free with `buffer` ms on both sides. */
function memberFree(list: { start: number; end: number }[] | undefined, start: number, end: number, buffer: number): boolean {
  if (!list) return true;
  // Binary search for the intervals starting before end + buffer, then look back over the last few.
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]!.start < end + buffer) lo = mid + 1;
    else hi = mid;
  }
  // list[0..lo) start before end + buffer; any of them ending after start - buffer conflicts.
  for (let i = lo - 1; i >= 0; i -= 1) {
    const b = list[i]!;
    if (b.end + buffer > start) return false;
    if (b.end < start - 24 * 60 * MINUTE) break; // visits last at most 8 h: earlier ones cannot reach
  }
  return true;
}

/** Candidate starts of one local day (the grid), ignoring other appointments. */
function dayGrid(av: Availability, table: DayTable, dayNumber: number, timeZone: string): { start: number; end: number }[] {
  if (av.daysOff.length > 0 && av.daysOff.includes(isoDateOf(dayNumber))) return [];
  const weekday = new Date(dayNumber * DAY_MS).getUTCDay();
  const windows = av.windows[String(weekday) as keyof Availability["windows"]] ?? [];
  const step = av.visitMinutes + av.bufferMinutes;
  const out: { start: number; end: number }[] = [];
  for (const w of windows.length > 1 ? [...windows].sort((a, b) => minutesOf(a.start) - minutesOf(b.start)) : windows) {
    const end = minutesOf(w.end);
    for (let m = minutesOf(w.start); m + av.visitMinutes <= end; m += step) {
      const start = instantOf(table, dayNumber, m, timeZone);
      if (start !== null) out.push({ start, end: start + av.visitMinutes * MINUTE });
    }
  }
  return out;
}

function earliestStart(q: SlotQuery): number {
  const notice = q.now.getTime() + q.availability.minNoticeHours * 60 * MINUTE;
  return Math.max(notice, q.now.getTime() + 1, q.from?.getTime() ?? 0);
}

/** The free slots, soonest first. */
export function freeSlots(q: SlotQuery): Slot[] {
  const av = q.availability;
  if (av.memberIds.length === 0) return [];
  const earliest = earliestStart(q);
  const latest = q.now.getTime() + av.horizonDays * DAY_MS;
  const firstDay = localDateTime(new Date(earliest), q.timeZone).dayNumber;
  const lastDay = localDateTime(new Date(latest), q.timeZone).dayNumber;
  const table = dayTable(firstDay, lastDay, q.timeZone);
  const index = indexAppointments(q, table);
  const buffer = av.bufferMinutes * MINUTE;
  const limit = q.limit ?? Infinity;
  const out: Slot[] = [];
  for (let day = firstDay; day <= lastDay && out.length < limit; day += 1) {
    if ((index.perDay.get(day) ?? 0) >= av.maxPerDay) continue;
    for (const cell of dayGrid(av, table, day, q.timeZone)) {
      if (cell.start < earliest || cell.start > latest) continue;
      const memberIds = av.memberIds.filter((id) => memberFree(index.byMember.get(id), cell.start, cell.end, buffer));
      if (memberIds.length === 0) continue;
      out.push({ startsAt: new Date(cell.start), endsAt: new Date(cell.end), memberIds });
      if (out.length >= limit) break;
    }
  }
  return out;
}

export type SlotCheck =
  | { ok: true; slot: Slot }
  | { ok: false; reason: "past" | "too_soon" | "too_far" | "outside" | "day_full" | "taken" | "no_members" };

/** Why a chosen start can or cannot be booked (the booking command's check, under its lock). */
export function checkSlot(q: SlotQuery, startsAt: Date): SlotCheck {
  const av = q.availability;
  const start = startsAt.getTime();
  if (av.memberIds.length === 0) return { ok: false, reason: "no_members" };
  if (start <= q.now.getTime()) return { ok: false, reason: "past" };
  if (start < q.now.getTime() + av.minNoticeHours * 60 * MINUTE) return { ok: false, reason: "too_soon" };
  if (start > q.now.getTime() + av.horizonDays * 86_400_000) return { ok: false, reason: "too_far" };
  const day = localDateTime(startsAt, q.timeZone).dayNumber;
  const table = dayTable(day, day, q.timeZone);
  const cell = dayGrid(av, table, day, q.timeZone).find((c) => c.start === start);
  if (!cell) return { ok: false, reason: "outside" };
  const index = indexAppointments(q, table);
  if ((index.perDay.get(day) ?? 0) >= av.maxPerDay) return { ok: false, reason: "day_full" };
  const memberIds = av.memberIds.filter((id) => memberFree(index.byMember.get(id), start, cell.end, av.bufferMinutes * MINUTE));
  if (memberIds.length === 0) return { ok: false, reason: "taken" };
  return { ok: true, slot: { startsAt: new Date(cell.start), endsAt: new Date(cell.end), memberIds } };
}

/** The local date "YYYY-MM-DD" of an instant (for days off and the calendar). */
export const localDay = (instant: Date, timeZone: string): string => isoDateOf(localDateTime(instant, timeZone).dayNumber);

export type Assignment = { userId: string; reason: string };

/**
 * Round-robin among the members free for the slot: the one whose last assignment is oldest (never
 * assigned first), ties in availability order. The reason names who else was free and why this one.
 */
export function pickAssignee(free: readonly string[], lastAssignedAt: ReadonlyMap<string, Date>, names: ReadonlyMap<string, string>): Assignment {
  if (free.length === 0) throw new Error("no free member");
  const name = (id: string) => names.get(id) ?? "a former member";
  if (free.length === 1) return { userId: free[0]!, reason: `Only ${name(free[0]!)} was free at this time` };
  const ranked = [...free].sort((a, b) => (lastAssignedAt.get(a)?.getTime() ?? -1) - (lastAssignedAt.get(b)?.getTime() ?? -1));
  const chosen = ranked[0]!;
  const last = lastAssignedAt.get(chosen);
  const others = ranked.slice(1).map(name).join(", ");
  return {
    userId: chosen,
    reason: last
      ? `Round-robin: ${name(chosen)} had the oldest last visit assignment (${last.toISOString().slice(0, 16).replace("T", " ")} UTC) among ${name(chosen)}, ${others}`
      : `Round-robin: ${name(chosen)} had no visit assigned yet (also free: ${others})`,
  };
}
