import { describe, expect, it } from "vitest";
import { DEFAULT_AVAILABILITY, availabilitySchema, type Availability } from "../shared/appointments/availability.ts";
import { checkSlot, freeSlots, pickAssignee, type BusyAppointment } from "./slots.ts";

const NY = "America/New_York";
const weekdays = (start: string, end: string): Availability["windows"] =>
  Object.fromEntries(["1", "2", "3", "4", "5"].map((d) => [d, [{ start, end }]]));
const av = (over: Partial<Availability> = {}): Availability => ({
  ...DEFAULT_AVAILABILITY,
  enabled: true,
  windows: weekdays("09:00", "12:00"),
  memberIds: ["ann"],
  ...over,
});
const iso = (d: Date) => d.toISOString();
const busy = (start: string, minutes = 45, who: string | null = "ann"): BusyAppointment => ({
  startsAt: new Date(start),
  endsAt: new Date(new Date(start).getTime() + minutes * 60_000),
  assigneeUserId: who,
});

describe("free slots in the business's time zone", () => {
  it("steps visit + buffer through each window, after the minimum notice", () => {
    // Tuesday 2026-02-03 10:00 EST; 24 h notice → first slot Wednesday 10:00.
    const slots = freeSlots({ availability: av(), timeZone: NY, now: new Date("2026-02-03T15:00:00Z"), appointments: [], limit: 4 });
    expect(slots.map((s) => iso(s.startsAt))).toEqual([
      "2026-02-04T15:00:00.000Z",
      "2026-02-04T16:00:00.000Z",
      "2026-02-05T14:00:00.000Z",
      "2026-02-05T15:00:00.000Z",
    ]);
    expect(iso(slots[0]!.endsAt)).toBe("2026-02-04T15:45:00.000Z");
  });

  it("keeps 09:00 local across the spring-forward change (EST → EDT)", () => {
    // Friday 2026-03-06 noon EST; DST starts Sunday 2026-03-08.
    const slots = freeSlots({ availability: av(), timeZone: NY, now: new Date("2026-03-06T17:00:00Z"), appointments: [], limit: 1 });
    expect(iso(slots[0]!.startsAt)).toBe("2026-03-09T13:00:00.000Z"); // 09:00 EDT
    const before = freeSlots({ availability: av(), timeZone: NY, now: new Date("2026-02-27T17:00:00Z"), appointments: [], limit: 1 });
    expect(iso(before[0]!.startsAt)).toBe("2026-03-02T14:00:00.000Z"); // 09:00 EST
  });

  it("keeps 09:00 local across the fall-back change (EDT → EST)", () => {
    const slots = freeSlots({ availability: av(), timeZone: NY, now: new Date("2026-10-30T16:00:00Z"), appointments: [], limit: 4 });
    // Friday 10-30 notice ends Saturday noon; Monday 11-02 09:00 EST = 14:00Z.
    expect(iso(slots[0]!.startsAt)).toBe("2026-11-02T14:00:00.000Z");
    const friday = freeSlots({ availability: av(), timeZone: NY, now: new Date("2026-10-28T16:00:00Z"), appointments: [], limit: 1 });
    expect(iso(friday[0]!.startsAt)).toBe("2026-10-30T13:00:00.000Z"); // Friday 09:00 EDT
  });

  it("leaves out a wall time the spring-forward change skips", () => {
    const sunday = av({ windows: { "0": [{ start: "01:00", end: "04:00" }] }, minNoticeHours: 0, bufferMinutes: 15 });
    const slots = freeSlots({ availability: sunday, timeZone: NY, now: new Date("2026-03-07T12:00:00Z"), appointments: [], limit: 5 });
    // 01:00 EST (06:00Z), 02:00 does not exist, 03:00 EDT (07:00Z); then the next Sunday.
    expect(slots.slice(0, 2).map((s) => iso(s.startsAt))).toEqual(["2026-03-08T06:00:00.000Z", "2026-03-08T07:00:00.000Z"]);
    expect(iso(slots[2]!.startsAt)).toBe("2026-03-15T05:00:00.000Z");
  });

  it("skips taken slots with their buffer, full days and days off, and stops at the horizon", () => {
    const now = new Date("2026-02-03T15:00:00Z");
    const appointments = [busy("2026-02-04T15:00:00Z")];
    const slots = freeSlots({ availability: av({ daysOff: ["2026-02-05"], horizonDays: 3 }), timeZone: NY, now, appointments });
    expect(slots.map((s) => iso(s.startsAt))).toEqual(["2026-02-04T16:00:00.000Z", "2026-02-06T14:00:00.000Z", "2026-02-06T15:00:00.000Z"]);
    // A visit at 10:30 blocks 10:00 (ends 10:45 + 15 buffer > 10:30) and 11:00 (10:30 + 45 + 15 = 11:30 > 11:00).
    const odd = freeSlots({ availability: av(), timeZone: NY, now, appointments: [busy("2026-02-04T15:30:00Z")], limit: 2 });
    expect(odd.map((s) => iso(s.startsAt))).toEqual(["2026-02-05T14:00:00.000Z", "2026-02-05T15:00:00.000Z"]);
    const full = freeSlots({ availability: av({ maxPerDay: 1 }), timeZone: NY, now, appointments: [busy("2026-02-04T16:00:00Z", 45, "bob")], limit: 1 });
    expect(iso(full[0]!.startsAt)).toBe("2026-02-05T14:00:00.000Z");
  });

  it("offers a slot while any member is free, naming who", () => {
    const now = new Date("2026-02-03T15:00:00Z");
    const slots = freeSlots({ availability: av({ memberIds: ["ann", "bob"] }), timeZone: NY, now, appointments: [busy("2026-02-04T15:00:00Z")], limit: 1 });
    expect(slots[0]).toMatchObject({ memberIds: ["bob"] });
    expect(freeSlots({ availability: av({ memberIds: [] }), timeZone: NY, now, appointments: [] })).toEqual([]);
  });

  it("says why a start cannot be booked", () => {
    const now = new Date("2026-02-03T15:00:00Z");
    const q = { availability: av(), timeZone: NY, now, appointments: [busy("2026-02-04T15:00:00Z")] };
    expect(checkSlot(q, new Date("2026-02-01T15:00:00Z"))).toEqual({ ok: false, reason: "past" });
    expect(checkSlot(q, new Date("2026-02-03T20:00:00Z"))).toEqual({ ok: false, reason: "too_soon" });
    expect(checkSlot(q, new Date("2026-04-01T15:00:00Z"))).toEqual({ ok: false, reason: "too_far" });
    expect(checkSlot(q, new Date("2026-02-04T15:10:00Z"))).toEqual({ ok: false, reason: "outside" });
    expect(checkSlot(q, new Date("2026-02-07T15:00:00Z"))).toEqual({ ok: false, reason: "outside" }); // Saturday
    expect(checkSlot(q, new Date("2026-02-04T15:00:00Z"))).toEqual({ ok: false, reason: "taken" });
    expect(checkSlot(q, new Date("2026-02-04T16:00:00Z"))).toMatchObject({ ok: true, slot: { memberIds: ["ann"] } });
    // The appointment being moved does not block its own slot.
    expect(checkSlot({ ...q, ignore: () => true }, new Date("2026-02-04T15:00:00Z")).ok).toBe(true);
  });
});

describe("round-robin assignment", () => {
  const names = new Map([["ann", "Ann"], ["bob", "Bob"], ["cy", "Cy"]]);
  it("gives the visit to the member whose last assignment is oldest, and says why", () => {
    const last = new Map([["ann", new Date("2026-02-02T10:00:00Z")], ["bob", new Date("2026-01-30T10:00:00Z")]]);
    expect(pickAssignee(["ann", "bob"], last, names)).toEqual({
      userId: "bob",
      reason: "Round-robin: Bob had the oldest last visit assignment (2026-01-30 10:00 UTC) among Bob, Ann",
    });
    expect(pickAssignee(["ann", "bob", "cy"], last, names).userId).toBe("cy");
    expect(pickAssignee(["ann"], last, names).reason).toBe("Only Ann was free at this time");
  });
});

describe("availability settings", () => {
  it("refuses overlapping or backwards windows and impossible numbers", () => {
    const good = av();
    expect(availabilitySchema.safeParse(good).success).toBe(true);
    const overlap = availabilitySchema.safeParse({ ...good, windows: { "1": [{ start: "09:00", end: "12:00" }, { start: "11:00", end: "13:00" }] } });
    expect(overlap.error?.issues[0]?.message).toBe("Windows of the same day must not overlap");
    expect(availabilitySchema.safeParse({ ...good, windows: { "1": [{ start: "12:00", end: "09:00" }] } }).error?.issues[0]?.message).toBe("A window must end after it starts");
    expect(availabilitySchema.safeParse({ ...good, visitMinutes: 5 }).success).toBe(false);
    expect(availabilitySchema.safeParse({ ...good, daysOff: ["2026-02-30"] }).success).toBe(false);
  });
});
