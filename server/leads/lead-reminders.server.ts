// Follow-up reminders of a lead: create (date and time in the business's time zone), snooze,
// complete, and Schedule Visit (a reminder at the visit's time). Each writes a history event.
import type { Db } from "../db/client.server.ts";
import { findLeadInBusiness } from "./lead-access.server.ts";
import { SNOOZE_OPTIONS, validateReminder, validateReminderId, validateSnooze, validateVisit, type Checked } from "../shared/leads/lead-input.ts";
import { getBusinessTimeZone } from "./list-leads.server.ts";
import { fail, notFound, type LeadResult } from "./result.ts";
import { zonedTimeToUtc } from "../shared/time/calendar.ts";

type Args = { businessId: string; leadId: string; actorUserId: string; input: unknown; now?: Date };

/** The business's lead and the checked input, or why not (checked in this order). */
async function leadAndInput<T>(db: Db, args: Args, validate: (input: unknown) => Checked<T>) {
  const lead = await findLeadInBusiness(db, args.businessId, args.leadId);
  if (!lead) return notFound();
  const checked = validate(args.input);
  if (!checked.ok) return fail("invalid", checked.error);
  return { ok: true as const, value: { lead, input: checked.value } };
}

/** A date and a time of day in the business's time zone. */
async function businessInstant(db: Db, businessId: string, date: string, time: string): Promise<Date> {
  return zonedTimeToUtc(date, time, await getBusinessTimeZone(db, businessId));
}

/** The lead's history event of a change to one of its reminders. */
function reminderEvent(db: Pick<Db, "leadEvent">, args: Args, leadId: string, type: string, now: Date, data: Record<string, string | null>) {
  return db.leadEvent.create({ data: { leadId, businessId: args.businessId, type, actorUserId: args.actorUserId, createdAt: now, data } });
}

/** A new reminder and its history event (`type`), in one transaction. */
async function addReminder(db: Db, args: Args, leadId: string, reminder: { dueAt: Date; note: string }, type: string, now: Date) {
  const { dueAt, note } = reminder;
  const created = await db.$transaction(async (tx) => {
    const row = await tx.reminder.create({ data: { leadId, businessId: args.businessId, dueAt, note }, select: { id: true } });
    await reminderEvent(tx, args, leadId, type, now, { reminderId: row.id, dueAt: dueAt.toISOString(), note });
    return row;
  });
  return { ok: true as const, value: { reminderId: created.id } };
}

export async function createReminder(db: Db, args: Args): Promise<LeadResult<{ reminderId: string }>> {
  const checked = await leadAndInput(db, args, validateReminder);
  if (!checked.ok) return checked;
  const { lead, input } = checked.value;
  const dueAt = await businessInstant(db, args.businessId, input.dueDate, input.dueTime);
  return addReminder(db, args, lead.id, { dueAt, note: input.note }, "reminder_created", args.now ?? new Date());
}

export async function scheduleVisit(db: Db, args: Args): Promise<LeadResult<{ reminderId: string }>> {
  const checked = await leadAndInput(db, args, validateVisit);
  if (!checked.ok) return checked;
  const { lead, input } = checked.value;
  const dueAt = await businessInstant(db, args.businessId, input.visitDate, input.visitTime);
  const now = args.now ?? new Date();
  if (dueAt.getTime() < now.getTime()) return fail("invalid", "Please choose a visit time in the future");
  const who = lead.company ?? lead.name ?? "the lead";
  const note = `Site visit at ${who}${input.note ? `: ${input.note}` : ""}`.slice(0, 500);
  return addReminder(db, args, lead.id, { dueAt, note }, "visit_scheduled", now);
}

/**
 * The reminder a snooze or a completion names, in the business's lead and still open (checked in
 * this order: the lead, the input, the reminder), with the checked input.
 */
async function openReminder<T extends { reminderId: string }>(db: Db, args: Args, validate: (input: unknown) => Checked<T>) {
  const checked = await leadAndInput(db, args, validate);
  if (!checked.ok) return checked;
  const { lead, input } = checked.value;
  const reminder = await db.reminder.findFirst({
    where: { id: input.reminderId, leadId: lead.id, businessId: args.businessId },
    select: { id: true, dueAt: true, completedAt: true, note: true },
  });
  if (!reminder) return notFound("Reminder not found");
  if (reminder.completedAt) return fail("invalid", "This reminder is already completed");
  return { ok: true as const, value: { leadId: lead.id, input, reminder } };
}

export async function snoozeReminder(db: Db, args: Args): Promise<LeadResult<{ dueAt: Date }>> {
  const open = await openReminder(db, args, validateSnooze);
  if (!open.ok) return open;
  const { leadId, input, reminder } = open.value;
  const now = args.now ?? new Date();
  // Snoozing moves the reminder that far from now (or from its due time, if that is later).
  const base = Math.max(now.getTime(), reminder.dueAt.getTime());
  const dueAt = new Date(base + SNOOZE_OPTIONS[input.snooze].ms);
  await db.$transaction([
    // Snoozed: it falls due again later, and the team is told again then.
    db.reminder.update({ where: { id: reminder.id }, data: { dueAt, notifiedAt: null } }),
    reminderEvent(db, args, leadId, "reminder_snoozed", now, { reminderId: reminder.id, from: reminder.dueAt.toISOString(), to: dueAt.toISOString(), note: reminder.note }),
  ]);
  return { ok: true, value: { dueAt } };
}

export async function completeReminder(db: Db, args: Args): Promise<LeadResult<{ completedAt: Date }>> {
  const open = await openReminder(db, args, validateReminderId);
  if (!open.ok) return open;
  const { leadId, reminder } = open.value;
  const now = args.now ?? new Date();
  await db.$transaction([
    db.reminder.update({ where: { id: reminder.id }, data: { completedAt: now } }),
    reminderEvent(db, args, leadId, "reminder_completed", now, { reminderId: reminder.id, note: reminder.note }),
  ]);
  return { ok: true, value: { completedAt: now } };
}
