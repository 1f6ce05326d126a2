// Slot computation budget (issue 31): p95 ≤ 20 ms with 500 appointments in the month. Computes, for a
// business with three members taking visits on weekday windows 08:00–18:00 (45 min + 15 min buffer,
// a 31-day horizon), the free slots the chat offers (the next three), the whole month's free slots (the
// chat's free-text search) and one booking check, many times each over 500 appointments spread over
// the month, and prints p50 / p95 / max. Exits 1 over budget. Run: npx tsx tests/bench/slots.ts
import os from "node:os";
import { performance } from "node:perf_hooks";
import { DEFAULT_AVAILABILITY, type Availability } from "../../server/shared/appointments/availability.ts";
import { checkSlot, freeSlots, type BusyAppointment } from "../../server/appointments/slots.ts";

const BUDGET_MS = 20;
const RUNS = 400;
const tz = "America/New_York";
const now = new Date("2026-03-02T13:00:00Z"); // a month that crosses the DST change of 2026-03-08
const window = [{ start: "08:00", end: "18:00" }];
const availability: Availability = {
  ...DEFAULT_AVAILABILITY,
  enabled: true,
  windows: { "1": window, "2": window, "3": window, "4": window, "5": window },
  minNoticeHours: 0,
  horizonDays: 31,
  maxPerDay: 40,
  memberIds: ["ann", "bob", "cy"],
};

// 500 appointments on the grid of the month (deterministic pseudo-random), members round-robin.
const grid = freeSlots({ availability, timeZone: tz, now, appointments: [] });
let seed = 42;
const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
const appointments: BusyAppointment[] = [];
const taken = new Set<string>();
while (appointments.length < 500) {
  const slot = grid[Math.floor(random() * grid.length)]!;
  const member = availability.memberIds[Math.floor(random() * 3)]!;
  const key = `${member}:${slot.startsAt.getTime()}`;
  if (taken.has(key)) continue;
  taken.add(key);
  appointments.push({ startsAt: slot.startsAt, endsAt: slot.endsAt, assigneeUserId: member });
}

function measure(name: string, run: () => unknown): number {
  for (let i = 0; i < 20; i += 1) run(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  console.log(`${name.padEnd(44)} p50 ${at(0.5).toFixed(2)} ms  p95 ${at(0.95).toFixed(2)} ms  max ${at(1).toFixed(2)} ms`);
  return at(0.95);
}

const query = { availability, timeZone: tz, now, appointments };
const all = freeSlots(query);
console.log(`500 appointments in the month, ${grid.length} grid slots × 3 members, ${all.length} free slots; load average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`);
const p95s = [
  measure("next three free slots (the chat's offer)", () => freeSlots({ ...query, limit: 3 })),
  measure("every free slot of the month (free-text search)", () => freeSlots(query)),
  measure("one booking check (checkSlot)", () => checkSlot(query, all[Math.floor(all.length / 2)]!.startsAt)),
];
const worst = Math.max(...p95s);
console.log(`slot computation p95 ${worst.toFixed(2)} ms (budget ${BUDGET_MS} ms): ${worst <= BUDGET_MS ? "within budget" : "OVER BUDGET"}`);
if (worst > BUDGET_MS) process.exit(1);
