// @postgres: twenty bookers of one slot at once: one winner under the row lock.
// Booking a walkthrough (issue 31): twenty visitors picking the same slot at the same moment give
// exactly one booking and the others are offered the next free slots; the refusals of item 7 store
// nothing half-booked; reschedule / cancel raise SEQUENCE and write their jobs. Runs on PGlite, and on
// PostgreSQL when DATABASE_URL is set (a scratch database with a real connection pool).
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "#server/db/client.server.ts";
import { loadMigrations, migrate } from "#server/db/migrate.server.ts";
import { createJobQueue, type JobQueue } from "#server/jobs/queue/job-queue.server.ts";
import { commandContext, type CommandContext } from "#server/events/command-context.server.ts";
import { bookAppointment, cancelAppointment, nextFreeSlots, rescheduleAppointment, type BookingResult } from "#server/appointments/commands.server.ts";
import { saveAvailability } from "#server/appointments/settings.server.ts";
import { DEFAULT_AVAILABILITY } from "#shared/appointments/availability.ts";
import { copyPgliteTemplate } from "../support/pglite-template.ts";
import { createScratchDatabase } from "../support/test-server.ts";

const quiet = { info: () => {}, warn: () => {}, error: (...a: unknown[]) => console.error(...a) };
const live = { leadCreated: () => {}, leadUpdated: () => {} };
// Tuesday 2026-02-03 10:00 EST: the first slot (24 h notice) is Wednesday 10:00 EST.
const NOW = new Date("2026-02-03T15:00:00Z");
const FIRST = new Date("2026-02-04T15:00:00Z");

let database: Database;
let jobs: JobQueue;
let ctx: CommandContext;
let cleanup: () => Promise<void>;
let businessId: string;
let ownerId: string;

async function newLead(name: string) {
  const lead = await database.prisma.lead.create({ data: { businessId, name, email: `${name.toLowerCase().replace(/\W/g, "")}@example.com`, score: 8.5, priority: "high" } });
  return lead.id;
}

beforeAll(async () => {
  const url = process.env.DATABASE_URL;
  if (url) {
    const scratch = await createScratchDatabase(url);
    database = await openDatabase({ databaseUrl: scratch.url, dataDir: "unused" });
    cleanup = () => scratch.drop();
  } else {
    const dir = await mkdtemp(path.join(os.tmpdir(), "leadbroom-appointments-"));
    await copyPgliteTemplate(dir, false);
    database = await openDatabase({ dataDir: dir });
    cleanup = () => rm(dir, { recursive: true, force: true });
  }
  await migrate(database.sql, await loadMigrations());
  jobs = await createJobQueue({ sql: database.sql, logger: quiet, soleProcess: database.kind === "pglite" });
  ctx = commandContext({ db: database.prisma, jobs, logger: quiet }, live, () => NOW);
  const owner = await database.prisma.user.create({ data: { email: `owner-${Date.now()}@example.com`, passwordHash: "x", displayName: "Olive Owner" } });
  const business = await database.prisma.business.create({ data: { name: "Sparkle Cleaning", timeZone: "America/New_York", memberships: { create: { userId: owner.id, role: "owner" } } } });
  businessId = business.id;
  ownerId = owner.id;
  const saved = await saveAvailability(ctx, {
    businessId,
    input: { ...DEFAULT_AVAILABILITY, enabled: true, windows: { "1": [{ start: "09:00", end: "12:00" }], "2": [{ start: "09:00", end: "12:00" }], "3": [{ start: "09:00", end: "12:00" }], "4": [{ start: "09:00", end: "12:00" }], "5": [{ start: "09:00", end: "12:00" }] }, memberIds: [owner.id] },
  });
  expect(saved.ok).toBe(true);
}, 120_000);

afterAll(async () => {
  await jobs?.stop();
  await database?.close();
  await cleanup?.();
});

describe("no double booking", () => {
  it("gives one of twenty simultaneous bookers of one slot the visit and offers the others the next slots", async () => {
    const leads = await Promise.all(Array.from({ length: 20 }, (_, i) => newLead(`Racer ${i}`)));
    const results: BookingResult[] = await Promise.all(leads.map((leadId) => bookAppointment(ctx, { businessId, leadId, startsAt: FIRST, actor: { kind: "visitor" } })));
    const won = results.filter((r) => r.ok);
    const lost = results.filter((r) => !r.ok);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(19);
    for (const r of lost) {
      expect(r).toMatchObject({ ok: false, problem: "taken", error: "Sorry, that time was just taken. Please pick one of the times below." });
      expect(r.ok ? [] : r.nextSlots.map((s) => s.startsAt)).toEqual(["2026-02-04T16:00:00.000Z", "2026-02-05T14:00:00.000Z", "2026-02-05T15:00:00.000Z"]);
    }
    expect(await database.prisma.appointment.count({ where: { businessId, startsAt: FIRST } })).toBe(1);
    const winner = won[0]!.ok ? won[0]!.appointment : null;
    expect(winner).toMatchObject({ assigneeUserId: ownerId, sequence: 0, status: "booked", assignmentReason: "Only Olive Owner was free at this time" });
    // The winner's lead moved to Qualified, with its history.
    const lead = await database.prisma.lead.findFirstOrThrow({ where: { appointments: { some: { id: winner!.id } } }, select: { status: true, events: { select: { type: true } } } });
    expect(lead.status).toBe("qualified");
    expect(lead.events.map((e) => e.type).sort()).toEqual(["appointment_booked", "status_changed"]);
  }, 120_000);

  it("answers a double submit with the same booking and refuses a second slot for the lead", async () => {
    const leadId = await newLead("Double Tap");
    const [a, b] = await Promise.all([0, 1].map(() => bookAppointment(ctx, { businessId, leadId, startsAt: new Date("2026-02-05T14:00:00Z"), actor: { kind: "visitor" } })));
    expect(a!.ok && b!.ok).toBe(true);
    expect(a!.ok && b!.ok && a!.appointment.id === b!.appointment.id).toBe(true);
    expect([a, b].filter((r) => r!.ok && r!.repeated)).toHaveLength(1);
    const other = await bookAppointment(ctx, { businessId, leadId, startsAt: new Date("2026-02-05T15:00:00Z"), actor: { kind: "visitor" } });
    expect(other).toMatchObject({ ok: false, problem: "already_booked" });
    expect(await database.prisma.appointment.count({ where: { leadId } })).toBe(1);
  }, 60_000);

  it("refuses a past slot, a slot outside availability, and a lead of another business, storing nothing", async () => {
    const leadId = await newLead("Bad Input");
    expect(await bookAppointment(ctx, { businessId, leadId, startsAt: new Date("2026-02-02T15:00:00Z"), actor: { kind: "visitor" } })).toMatchObject({ ok: false, problem: "past", error: "That time has already passed. Please pick one of the times below." });
    const outside = await bookAppointment(ctx, { businessId, leadId, startsAt: new Date("2026-02-05T22:00:00Z"), actor: { kind: "visitor" } });
    expect(outside).toMatchObject({ ok: false, problem: "outside" });
    expect(outside.ok ? 0 : outside.nextSlots.length).toBe(3);
    expect(await bookAppointment(ctx, { businessId, leadId, startsAt: new Date("nope"), actor: { kind: "visitor" } })).toMatchObject({ ok: false, problem: "invalid" });
    const stranger = await database.prisma.business.create({ data: { name: "Other Co" } });
    expect(await bookAppointment(ctx, { businessId: stranger.id, leadId, startsAt: FIRST, actor: { kind: "visitor" } })).toMatchObject({ ok: false, problem: "not_enabled" });
    expect(await database.prisma.appointment.count({ where: { leadId } })).toBe(0);
    expect(await database.prisma.leadEvent.count({ where: { leadId } })).toBe(0);
  }, 60_000);

  it("reschedules with SEQUENCE raised and a new manage nonce, then cancels; a stale nonce is refused", async () => {
    const leadId = await newLead("Mover");
    const booked = await bookAppointment(ctx, { businessId, leadId, startsAt: new Date("2026-02-06T14:00:00Z"), actor: { kind: "visitor" } });
    if (!booked.ok) throw new Error(booked.error);
    const nonce = booked.appointment.manageNonce;
    const moved = await rescheduleAppointment(ctx, { businessId, appointmentId: booked.appointment.id, startsAt: new Date("2026-02-06T15:00:00Z"), actor: { kind: "visitor" }, nonce });
    expect(moved).toMatchObject({ ok: true, appointment: { status: "rescheduled", sequence: 1 } });
    // The same link again: its nonce was used.
    expect(await rescheduleAppointment(ctx, { businessId, appointmentId: booked.appointment.id, startsAt: new Date("2026-02-06T16:00:00Z"), actor: { kind: "visitor" }, nonce })).toMatchObject({ ok: false, problem: "closed" });
    const freeAgain = await nextFreeSlots(database.prisma, businessId, NOW, { limit: 50 });
    expect(freeAgain.map((s) => s.startsAt)).toContain("2026-02-06T14:00:00.000Z");
    expect(freeAgain.map((s) => s.startsAt)).not.toContain("2026-02-06T15:00:00.000Z");
    const cancelled = await cancelAppointment(ctx, { businessId, appointmentId: booked.appointment.id, actor: { kind: "member", userId: ownerId } });
    expect(cancelled).toMatchObject({ ok: true, appointment: { status: "cancelled", sequence: 2 } });
    const keys = await database.sql.query<{ name: string; singleton_key: string | null }>(`SELECT name, singleton_key FROM pgboss.job WHERE singleton_key LIKE $1 ORDER BY singleton_key`, [`%${booked.appointment.id}%`]);
    const names = keys.map((r) => `${r.name} ${r.singleton_key}`);
    expect(names).toContain(`appointment.mail appointment-mail:${booked.appointment.id}:0`);
    expect(names).toContain(`appointment.mail appointment-mail:${booked.appointment.id}:2`);
    expect(names).toContain(`appointment.reminder appointment-reminder:${booked.appointment.id}:1:24h`);
  }, 60_000);
});

describe("confirmations that land in real calendars", () => {
  it("e-mails the visitor and the assignee an .ics with METHOD:REQUEST, a stable UID and SEQUENCE raised by each change, then CANCEL", async () => {
    const { appointmentMailHandler } = await import("#server/appointments/appointment-mail.server.ts");
    const { parseEnv } = await import("#server/config/env.server.ts");
    const { verifyManageToken } = await import("#server/appointments/manage-token.ts");
    const ICAL = (await import("ical.js")).default;
    const env = parseEnv({ NODE_ENV: "test", PUBLIC_APP_URL: "http://app.leadbroom.test", DATA_DIR: os.tmpdir(), SESSION_SECRET: "test-session-secret-test-session-secret" });
    const services = { db: database.prisma, jobs, env, signingSecret: "k".repeat(43) };
    const handler = appointmentMailHandler(services);
    const owner = await database.prisma.user.findUniqueOrThrow({ where: { id: ownerId } });
    const leadId = await newLead("Ivy Invite");
    const booked = await bookAppointment(ctx, { businessId, leadId, startsAt: new Date("2026-02-09T14:00:00Z"), actor: { kind: "visitor" } });
    if (!booked.ok) throw new Error(booked.error);
    const id = booked.appointment.id;
    const mailOf = async (key: string) => {
      const rows = await database.sql.query<{ data: { message: { to: string; subject: string; text: string; icalEvent: { method: string; content: string } } } }>(`SELECT data FROM pgboss.job WHERE name = 'mail.send' AND singleton_key = $1`, [key]);
      expect(rows).toHaveLength(1);
      return rows[0]!.data.message;
    };
    const parse = (content: string) => {
      const calendar = new ICAL.Component(ICAL.parse(content));
      const event = calendar.getFirstSubcomponent("vevent")!;
      return {
        method: calendar.getFirstPropertyValue("method"),
        uid: event.getFirstPropertyValue("uid"),
        sequence: event.getFirstPropertyValue("sequence"),
        start: (event.getFirstPropertyValue("dtstart") as InstanceType<typeof ICAL.Time>).toJSDate().toISOString(),
        status: event.getFirstPropertyValue("status"),
        attendees: event.getAllProperties("attendee").map((p) => String(p.getFirstValue()).toLowerCase()),
      };
    };
    const run = (data: Parameters<typeof handler.run>[0]) => handler.run(data, { id: "j", name: "appointment.mail", key: "k", attempt: 1 });

    await run({ appointmentId: id, sequence: 0, change: "booked" });
    const visitor = await mailOf(`appointment-mail:${id}:0:visitor`);
    const assignee = await mailOf(`appointment-mail:${id}:0:assignee`);
    expect(visitor.to).toBe("ivyinvite@example.com");
    expect(assignee.to).toBe(owner.email);
    expect(visitor.subject).toBe("Your walkthrough is booked: Monday, February 9, 2026 at 9:00 AM EST");
    const first = parse(visitor.icalEvent.content);
    expect(first).toMatchObject({ method: "REQUEST", uid: `appointment-${id}@app.leadbroom.test`, sequence: 0, start: "2026-02-09T14:00:00.000Z", status: "CONFIRMED" });
    expect(first.attendees).toEqual(["mailto:ivyinvite@example.com", `mailto:${owner.email.toLowerCase()}`]);
    expect(parse(assignee.icalEvent.content).uid).toBe(first.uid);
    // The manage link in the e-mail names this appointment and its current nonce.
    const token = /\/appointments\/manage\/([\w.-]+)/.exec(visitor.text)![1]!;
    expect(verifyManageToken(services.signingSecret, token, NOW)).toEqual({ ok: true, target: { appointmentId: id, nonce: booked.appointment.manageNonce } });

    await rescheduleAppointment(ctx, { businessId, appointmentId: id, startsAt: new Date("2026-02-09T15:00:00Z"), actor: { kind: "visitor" }, nonce: booked.appointment.manageNonce });
    // A job of the older sequence does nothing now; the new one sends the update.
    await run({ appointmentId: id, sequence: 0, change: "booked" });
    await run({ appointmentId: id, sequence: 1, change: "rescheduled" });
    const moved = parse((await mailOf(`appointment-mail:${id}:1:visitor`)).icalEvent.content);
    expect(moved).toMatchObject({ method: "REQUEST", uid: first.uid, sequence: 1, start: "2026-02-09T15:00:00.000Z" });

    await cancelAppointment(ctx, { businessId, appointmentId: id, actor: { kind: "visitor" } });
    await run({ appointmentId: id, sequence: 2, change: "cancelled" });
    const cancelled = await mailOf(`appointment-mail:${id}:2:visitor`);
    expect(cancelled.icalEvent.method).toBe("CANCEL");
    expect(parse(cancelled.icalEvent.content)).toMatchObject({ method: "CANCEL", uid: first.uid, sequence: 2, status: "CANCELLED" });
  }, 60_000);
});
