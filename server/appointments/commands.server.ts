// Appointment commands (DESIGN §16, §18; issue 31; decision 0066). Each business write on an appointment
// is one function here that owns every consequence: the row, the lead's history event and stage, the
// domain event (automations, webhooks), the confirmation / change / cancel e-mails with their .ics and
// the 24 h and 1 h reminders, all in one transaction, then the lead pushed live after the commit.
//
// No double booking: every write that takes or moves a slot first locks the business's
// SchedulingSettings row (`SELECT … FOR UPDATE`), then reads the active appointments and checks the slot
// (slots.ts) under that lock. Concurrent bookers of one business queue on the lock; the second finds
// the slot taken and gets the next free slots instead. A partial unique index on (assignee, start) of
// active appointments is the database's own last line should a writer ever skip the lock.
import { randomBytes } from "node:crypto";
import { runCommand, type CommandContext, type TransactionClient } from "../events/command-context.server.ts";
import { readAvailability, type Availability } from "../shared/appointments/availability.ts";
import { isUniqueViolation } from "../db/errors.ts";
import { publishLead } from "../leads/publish-lead.server.ts";
import { safeTimeZone } from "../shared/time/calendar.ts";
import { checkSlot, freeSlots, pickAssignee, type BusyAppointment, type SlotCheck } from "./slots.ts";
import { appointmentJobs, type AppointmentChange } from "./appointment-mail.server.ts";

export type AppointmentStatus = "booked" | "rescheduled" | "cancelled" | "completed" | "no_show";
export const ACTIVE_STATUSES = ["booked", "rescheduled"] as const;
export type BookingActor = { kind: "visitor" } | { kind: "member"; userId: string } | { kind: "api"; /** The API key's creator (null when that user has gone). */ userId: string | null };
/** The member behind a change (a history event's actor): none for the visitor. */
const actorUserIdOf = (actor: BookingActor): string | null => (actor.kind === "visitor" ? null : actor.userId);

export type SlotView = { startsAt: string; endsAt: string };
export type BookingProblem = Exclude<SlotCheck, { ok: true }>["reason"] | "not_found" | "not_enabled" | "already_booked" | "closed" | "invalid" | "not_started";
export type BookingFailure = { ok: false; problem: BookingProblem; error: string; nextSlots: SlotView[] };
export type BookedAppointment = { id: string; startsAt: Date; endsAt: Date; assigneeUserId: string | null; assignmentReason: string; sequence: number; manageNonce: string; status: AppointmentStatus };
export type BookingResult = { ok: true; appointment: BookedAppointment; repeated: boolean } | BookingFailure;

/** What the visitor or member is told for each refusal (the chat, the manage page, the lead page, the API). */
export const BOOKING_MESSAGES: Record<BookingProblem, string> = {
  past: "That time has already passed. Please pick one of the times below.",
  too_soon: "That time is too soon for us to prepare. Please pick one of the times below.",
  too_far: "We don't book that far ahead yet. Please pick one of the times below.",
  outside: "We don't take visits at that time. Please pick one of the times below.",
  day_full: "That day is fully booked. Please pick one of the times below.",
  taken: "Sorry, that time was just taken. Please pick one of the times below.",
  no_members: "Online booking isn't available right now. The team will contact you to arrange a visit.",
  not_enabled: "Online booking isn't available right now. The team will contact you to arrange a visit.",
  not_found: "Appointment not found",
  already_booked: "A visit is already booked for this lead. Reschedule it instead.",
  closed: "This appointment can no longer be changed.",
  invalid: "Please choose a valid time.",
  not_started: "A visit can be marked completed or no-show once it has started.",
};

const MINUTE = 60_000;
const DAY = 86_400_000;

export const newNonce = () => randomBytes(12).toString("base64url");
const view = (s: { startsAt: Date; endsAt: Date }): SlotView => ({ startsAt: s.startsAt.toISOString(), endsAt: s.endsAt.toISOString() });

type Db = CommandContext["db"];
type Reader = Pick<Db, "schedulingSettings" | "appointment" | "business"> | TransactionClient;

export type SchedulingContext = { availability: Availability; timeZone: string; serviceAreas: string[]; businessName: string };

/** The business's scheduling settings (the default, disabled, when it has none yet). */
export async function schedulingOf(db: Reader, businessId: string): Promise<SchedulingContext | null> {
  const business = await db.business.findUnique({ where: { id: businessId }, select: { timeZone: true, serviceAreas: true, name: true, schedulingSettings: true } });
  if (!business) return null;
  return {
    availability: readAvailability(business.schedulingSettings as Record<string, unknown> | null),
    timeZone: safeTimeZone(business.timeZone),
    serviceAreas: business.serviceAreas,
    businessName: business.name,
  };
}

/** Active appointments that can collide with slots from `now` to the horizon (one day of margin). */
export async function activeAppointments(db: Reader, businessId: string, now: Date, horizonDays: number): Promise<(BusyAppointment & { id: string })[]> {
  return db.appointment.findMany({
    where: { businessId, status: { in: [...ACTIVE_STATUSES] }, endsAt: { gt: new Date(now.getTime() - DAY) }, startsAt: { lt: new Date(now.getTime() + (horizonDays + 1) * DAY) } },
    select: { id: true, startsAt: true, endsAt: true, assigneeUserId: true },
  });
}

/** The next free slots of the business (the chat's quick replies, the manage page, the API). */
export async function nextFreeSlots(db: Reader, businessId: string, now: Date, options: { limit?: number; from?: Date; ignoreId?: string } = {}): Promise<SlotView[]> {
  const scheduling = await schedulingOf(db, businessId);
  if (!scheduling || !scheduling.availability.enabled) return [];
  const appointments = await activeAppointments(db, businessId, now, scheduling.availability.horizonDays);
  return freeSlots({
    availability: scheduling.availability,
    timeZone: scheduling.timeZone,
    now,
    appointments,
    limit: options.limit ?? 3,
    ...(options.from ? { from: options.from } : {}),
    ...(options.ignoreId ? { ignore: (a) => (a as { id?: string }).id === options.ignoreId } : {}),
  }).map(view);
}

async function lockScheduling(tx: TransactionClient, businessId: string): Promise<boolean> {
  const rows = await tx.$queryRaw<{ businessId: string }[]>`SELECT "businessId" FROM "SchedulingSettings" WHERE "businessId" = ${businessId} FOR UPDATE`;
  return rows.length === 1;
}

class Refused extends Error {
  constructor(readonly problem: BookingProblem, readonly nextSlots: SlotView[] = []) {
    super(problem);
  }
}

async function refusal(db: Db, businessId: string, problem: BookingProblem, now: Date, ignoreId?: string): Promise<BookingFailure> {
  const offerNext = !["not_found", "not_enabled", "no_members", "closed", "already_booked", "not_started"].includes(problem);
  const nextSlots = offerNext ? await nextFreeSlots(db, businessId, now, { limit: 3, ...(ignoreId ? { ignoreId } : {}) }) : [];
  return { ok: false, problem, error: BOOKING_MESSAGES[problem], nextSlots };
}

// Within one process the slot-taking writes of a business also wait for each other here, so that twenty
// bookers at once hold one pooled connection (the one waiting on or holding the row lock) instead of all
// ten of the pool while the other ten time out waiting for a connection. Across instances the row lock
// alone orders them.
const businessTails = new Map<string, Promise<unknown>>();
function oneAtATime<T>(businessId: string, task: () => Promise<T>): Promise<T> {
  const run = (businessTails.get(businessId) ?? Promise.resolve()).then(task, task);
  const tail = run.catch(() => undefined);
  businessTails.set(businessId, tail);
  void tail.then(() => businessTails.get(businessId) === tail && businessTails.delete(businessId));
  return run;
}

/** Runs a slot-taking write under the business's scheduling lock; a refusal thrown inside rolls it back. */
function underLock<T>(ctx: CommandContext, businessId: string, ignoreId: string | undefined, work: (tx: TransactionClient, after: (job: () => unknown) => void) => Promise<T>): Promise<T | BookingFailure> {
  return oneAtATime(businessId, () => lockedWrite(ctx, businessId, ignoreId, work));
}

async function lockedWrite<T>(ctx: CommandContext, businessId: string, ignoreId: string | undefined, work: (tx: TransactionClient, after: (job: () => unknown) => void) => Promise<T>): Promise<T | BookingFailure> {
  try {
    return await runCommand(ctx, "appointments", async (tx, after) => {
      if (!(await lockScheduling(tx, businessId))) throw new Refused("not_enabled");
      return work(tx, after);
    });
  } catch (error) {
    if (error instanceof Refused) return refusal(ctx.db, businessId, error.problem, ctx.clock(), ignoreId);
    // The partial unique index (assignee, start) of active appointments: someone else won the slot.
    if (isUniqueViolation(error)) return refusal(ctx.db, businessId, "taken", ctx.clock(), ignoreId);
    throw error;
  }
}

async function checkUnderLock(tx: TransactionClient, businessId: string, now: Date, startsAt: Date, ignoreId?: string) {
  const scheduling = await schedulingOf(tx, businessId);
  if (!scheduling || !scheduling.availability.enabled) throw new Refused("not_enabled");
  const appointments = await activeAppointments(tx, businessId, now, scheduling.availability.horizonDays);
  const check = checkSlot(
    { availability: scheduling.availability, timeZone: scheduling.timeZone, now, appointments, ...(ignoreId ? { ignore: (a) => (a as { id?: string }).id === ignoreId } : {}) },
    startsAt,
  );
  if (!check.ok) throw new Refused(check.reason);
  return { scheduling, slot: check.slot };
}

async function assign(tx: TransactionClient, businessId: string, free: string[]) {
  const [last, users] = await Promise.all([
    tx.appointment.groupBy({ by: ["assigneeUserId"], where: { businessId, assigneeUserId: { in: free } }, _max: { createdAt: true } }),
    tx.user.findMany({ where: { id: { in: free } }, select: { id: true, displayName: true } }),
  ]);
  const lastAssigned = new Map(last.flatMap((r) => (r.assigneeUserId && r._max.createdAt ? [[r.assigneeUserId, r._max.createdAt] as const] : [])));
  return pickAssignee(free, lastAssigned, new Map(users.map((u) => [u.id, u.displayName])));
}

const appointmentSelect = { id: true, startsAt: true, endsAt: true, assigneeUserId: true, assignmentReason: true, sequence: true, manageNonce: true, status: true } as const;

/** Moves an open lead forward to `to` (never back), with its history event and domain events. */
async function advanceLeadStage(ctx: CommandContext, tx: TransactionClient, args: { businessId: string; leadId: string; actorUserId: string | null; to: "qualified" | "proposal"; now: Date }) {
  const order = ["new", "contacted", "qualified", "proposal"];
  const lead = await tx.lead.findFirst({ where: { id: args.leadId, businessId: args.businessId }, select: { status: true } });
  if (!lead || !order.includes(lead.status) || order.indexOf(lead.status) >= order.indexOf(args.to)) return;
  await tx.lead.update({ where: { id: args.leadId }, data: { status: args.to } });
  const event = await tx.leadEvent.create({
    select: { id: true },
    data: { leadId: args.leadId, businessId: args.businessId, type: "status_changed", actorUserId: args.actorUserId, createdAt: new Date(args.now.getTime() + 1), data: { from: lead.status, to: args.to, by: "appointment" } },
  });
  await ctx.events.emit(tx, [
    { type: "lead.status_changed", businessId: args.businessId, leadId: args.leadId, from: lead.status, to: args.to, eventId: event.id },
    { type: "lead.updated", businessId: args.businessId, leadId: args.leadId, changeId: event.id, changes: ["status"] },
  ]);
}

async function consequences(
  ctx: CommandContext,
  tx: TransactionClient,
  after: (job: () => unknown) => void,
  args: { businessId: string; leadId: string; appointmentId: string; change: AppointmentChange; actorUserId: string | null; now: Date; data: Record<string, unknown> },
) {
  await tx.leadEvent.create({
    data: { leadId: args.leadId, businessId: args.businessId, type: `appointment_${args.change}`, actorUserId: args.actorUserId, createdAt: args.now, data: { appointmentId: args.appointmentId, ...args.data } },
  });
  const eventType = args.change === "booked" ? "appointment.booked" : args.change === "cancelled" ? "appointment.cancelled" : args.change === "rescheduled" || args.change === "reassigned" ? "appointment.rescheduled" : null;
  const appointment = await tx.appointment.findUniqueOrThrow({ where: { id: args.appointmentId }, select: { sequence: true } });
  if (eventType) {
    await ctx.events.emit(tx, [{ type: eventType, businessId: args.businessId, leadId: args.leadId, appointmentId: args.appointmentId, sequence: appointment.sequence }]);
  }
  await ctx.jobs.enqueue(tx, await appointmentJobs(tx, { appointmentId: args.appointmentId, change: args.change, now: args.now }));
  after(() => publishLead({ db: ctx.db, sink: ctx.live, logger: ctx.logger }, { businessId: args.businessId, leadId: args.leadId, kind: "updated" }));
}

/**
 * Books the slot starting at `startsAt` for the lead. A repeated request for the same lead and start
 * (a double tap, a resent message) answers the appointment already booked; a lead with another active
 * appointment is refused (reschedule it instead).
 */
export async function bookAppointment(
  ctx: CommandContext,
  args: { businessId: string; leadId: string; startsAt: Date; actor: BookingActor; assigneeUserId?: string },
): Promise<BookingResult> {
  const now = ctx.clock();
  if (!(args.startsAt instanceof Date) || Number.isNaN(args.startsAt.getTime())) return refusal(ctx.db, args.businessId, "invalid", now);
  const result = await underLock(ctx, args.businessId, undefined, async (tx, after) => {
    const lead = await tx.lead.findFirst({ where: { id: args.leadId, businessId: args.businessId }, select: { id: true } });
    if (!lead) throw new Refused("not_found");
    const existing = await tx.appointment.findFirst({ where: { leadId: lead.id, status: { in: [...ACTIVE_STATUSES] } }, select: appointmentSelect });
    if (existing) {
      if (existing.startsAt.getTime() === args.startsAt.getTime()) return { ok: true as const, appointment: existing, repeated: true };
      throw new Refused("already_booked");
    }
    const { slot } = await checkUnderLock(tx, args.businessId, now, args.startsAt);
    let assignment: { userId: string; reason: string };
    if (args.assigneeUserId) {
      if (!slot.memberIds.includes(args.assigneeUserId)) throw new Refused("taken");
      const who = await tx.user.findUnique({ where: { id: args.assigneeUserId }, select: { displayName: true } });
      assignment = { userId: args.assigneeUserId, reason: `Chosen by a member: ${who?.displayName ?? "a member"}` };
    } else {
      assignment = await assign(tx, args.businessId, slot.memberIds);
    }
    const created = await tx.appointment.create({
      data: {
        businessId: args.businessId,
        leadId: lead.id,
        startsAt: slot.startsAt,
        endsAt: slot.endsAt,
        assigneeUserId: assignment.userId,
        assignmentReason: assignment.reason,
        createdBy: args.actor.kind,
        createdByUserId: actorUserIdOf(args.actor),
        manageNonce: newNonce(),
        createdAt: now,
      },
      select: appointmentSelect,
    });
    const actorUserId = actorUserIdOf(args.actor);
    await consequences(ctx, tx, after, {
      businessId: args.businessId,
      leadId: lead.id,
      appointmentId: created.id,
      change: "booked",
      actorUserId,
      now,
      data: { startsAt: created.startsAt.toISOString(), assigneeUserId: assignment.userId, reason: assignment.reason, by: args.actor.kind },
    });
    await advanceLeadStage(ctx, tx, { businessId: args.businessId, leadId: lead.id, actorUserId, to: "qualified", now });
    return { ok: true as const, appointment: created, repeated: false };
  });
  return result;
}

type ChangeArgs = { businessId: string; appointmentId: string; actor: BookingActor; /** The manage link's nonce, when the visitor acts through it. */ nonce?: string };

async function findChangeable(tx: TransactionClient, args: ChangeArgs) {
  const appointment = await tx.appointment.findFirst({ where: { id: args.appointmentId, businessId: args.businessId }, select: { ...appointmentSelect, leadId: true } });
  if (!appointment) throw new Refused("not_found");
  if (args.nonce !== undefined && args.nonce !== appointment.manageNonce) throw new Refused("closed");
  return appointment;
}

/** Moves an active appointment to another free slot: SEQUENCE raised, a new manage link, e-mails resent. */
export async function rescheduleAppointment(ctx: CommandContext, args: ChangeArgs & { startsAt: Date }): Promise<BookingResult> {
  const now = ctx.clock();
  if (!(args.startsAt instanceof Date) || Number.isNaN(args.startsAt.getTime())) return refusal(ctx.db, args.businessId, "invalid", now, args.appointmentId);
  return underLock(ctx, args.businessId, args.appointmentId, async (tx, after) => {
    const current = await findChangeable(tx, args);
    if (!(ACTIVE_STATUSES as readonly string[]).includes(current.status) || current.startsAt.getTime() <= now.getTime()) throw new Refused("closed");
    if (current.startsAt.getTime() === args.startsAt.getTime()) return { ok: true as const, appointment: current, repeated: true };
    const { slot } = await checkUnderLock(tx, args.businessId, now, args.startsAt, current.id);
    const keep = current.assigneeUserId && slot.memberIds.includes(current.assigneeUserId);
    const assignment = keep ? { userId: current.assigneeUserId!, reason: current.assignmentReason } : await assign(tx, args.businessId, slot.memberIds);
    const updated = await tx.appointment.update({
      where: { id: current.id },
      data: { startsAt: slot.startsAt, endsAt: slot.endsAt, status: "rescheduled", sequence: { increment: 1 }, manageNonce: newNonce(), assigneeUserId: assignment.userId, assignmentReason: assignment.reason },
      select: appointmentSelect,
    });
    await consequences(ctx, tx, after, {
      businessId: args.businessId,
      leadId: current.leadId,
      appointmentId: current.id,
      change: "rescheduled",
      actorUserId: actorUserIdOf(args.actor),
      now,
      data: { from: current.startsAt.toISOString(), to: updated.startsAt.toISOString(), by: args.actor.kind, ...(keep ? {} : { previousAssigneeUserId: current.assigneeUserId, assigneeUserId: assignment.userId, reason: assignment.reason }) },
    });
    return { ok: true as const, appointment: updated, repeated: false };
  });
}

/** Cancels an active appointment: SEQUENCE raised and METHOD:CANCEL sent; its reminders do nothing. */
export async function cancelAppointment(ctx: CommandContext, args: ChangeArgs): Promise<BookingResult> {
  const now = ctx.clock();
  return underLock(ctx, args.businessId, args.appointmentId, async (tx, after) => {
    const current = await findChangeable(tx, args);
    if (current.status === "cancelled") return { ok: true as const, appointment: current, repeated: true };
    if (!(ACTIVE_STATUSES as readonly string[]).includes(current.status)) throw new Refused("closed");
    const updated = await tx.appointment.update({ where: { id: current.id }, data: { status: "cancelled", sequence: { increment: 1 }, manageNonce: newNonce() }, select: appointmentSelect });
    await consequences(ctx, tx, after, { businessId: args.businessId, leadId: current.leadId, appointmentId: current.id, change: "cancelled", actorUserId: actorUserIdOf(args.actor), now, data: { startsAt: current.startsAt.toISOString(), by: args.actor.kind } });
    return { ok: true as const, appointment: updated, repeated: false };
  });
}

/** A member gives the visit to another member who takes visits and is free then. */
export async function reassignAppointment(ctx: CommandContext, args: ChangeArgs & { assigneeUserId: string }): Promise<BookingResult> {
  const now = ctx.clock();
  return underLock(ctx, args.businessId, args.appointmentId, async (tx, after) => {
    const current = await findChangeable(tx, args);
    if (!(ACTIVE_STATUSES as readonly string[]).includes(current.status)) throw new Refused("closed");
    if (current.assigneeUserId === args.assigneeUserId) return { ok: true as const, appointment: current, repeated: true };
    const scheduling = await schedulingOf(tx, args.businessId);
    if (!scheduling?.availability.memberIds.includes(args.assigneeUserId)) throw new Refused("invalid");
    const others = (await activeAppointments(tx, args.businessId, now, scheduling.availability.horizonDays)).filter((a) => a.id !== current.id && a.assigneeUserId === args.assigneeUserId);
    const buffer = scheduling.availability.bufferMinutes * MINUTE;
    if (others.some((a) => a.startsAt.getTime() < current.endsAt.getTime() + buffer && a.endsAt.getTime() + buffer > current.startsAt.getTime())) throw new Refused("taken");
    const who = await tx.user.findUnique({ where: { id: args.assigneeUserId }, select: { displayName: true } });
    const reason = `Reassigned by a member to ${who?.displayName ?? "a member"}`;
    const updated = await tx.appointment.update({ where: { id: current.id }, data: { assigneeUserId: args.assigneeUserId, assignmentReason: reason, sequence: { increment: 1 } }, select: appointmentSelect });
    await consequences(ctx, tx, after, { businessId: args.businessId, leadId: current.leadId, appointmentId: current.id, change: "reassigned", actorUserId: actorUserIdOf(args.actor), now, data: { from: current.assigneeUserId, to: args.assigneeUserId, reason } });
    return { ok: true as const, appointment: updated, repeated: false };
  });
}

/** After the visit: completed (the lead moves on to Proposal) or no-show. */
export async function recordAppointmentOutcome(ctx: CommandContext, args: ChangeArgs & { outcome: "completed" | "no_show" }): Promise<BookingResult> {
  const now = ctx.clock();
  return underLock(ctx, args.businessId, args.appointmentId, async (tx, after) => {
    const current = await findChangeable(tx, args);
    if (current.status === args.outcome) return { ok: true as const, appointment: current, repeated: true };
    if (current.status === "cancelled") throw new Refused("closed");
    if (current.startsAt.getTime() > now.getTime()) throw new Refused("not_started");
    const updated = await tx.appointment.update({ where: { id: current.id }, data: { status: args.outcome }, select: appointmentSelect });
    const actorUserId = actorUserIdOf(args.actor);
    await consequences(ctx, tx, after, { businessId: args.businessId, leadId: current.leadId, appointmentId: current.id, change: args.outcome, actorUserId, now, data: { startsAt: current.startsAt.toISOString() } });
    if (args.outcome === "completed") await advanceLeadStage(ctx, tx, { businessId: args.businessId, leadId: current.leadId, actorUserId, to: "proposal", now });
    return { ok: true as const, appointment: updated, repeated: false };
  });
}
