// Follow-up reminders of a lead: create (date and time in the business's time zone), snooze,
// complete, and Schedule Visit (a reminder at the visit's time). Each writes a history event.
import type { Db } from "../db/client.server.ts";
import { findLeadInBusiness } from "./lead-access.server.ts";
import { SNOOZE_OPTIONS, validateReminder, validateReminderId, validateSnooze, validateVisit } from "../shared/leads/lead-input.ts";
import { getBusinessTimeZone } from "./list-leads.server.ts";
import { fail, notFound, type LeadResult } from "./result.ts";
import { zonedTimeToUtc } from "../shared/time/calendar.ts";

type Args = { businessId: string; leadId: string; actorUserId: string; input: unknown; now?: Date };

export async function createReminder(db: Db, args: Args): Promise<LeadResult<{ reminderId: string }>> {
  const lead = await findLeadInBusiness(db, args.businessId, args.leadId);
  if (!lead) return notFound();
  const checked = validateReminder(args.input);
  if (!checked.ok) return fail("invalid", checked.error);
  const timeZone = await getBusinessTimeZone(db, args.businessId);
  const dueAt = zonedTimeToUtc(checked.value.dueDate, checked.value.dueTime, timeZone);
  const now = args.now ?? new Date();
  const reminder = await db.$transaction(async (tx) => {
    const created = await tx.reminder.create({
      data: { leadId: lead.id, businessId: args.businessId, dueAt, note: checked.value.note },
      select: { id: true },
    });
    await tx.leadEvent.create({
      data: {
        leadId: lead.id,
        businessId: args.businessId,
        type: "reminder_created",
        actorUserId: args.actorUserId,
        createdAt: now,
        data: { reminderId: created.id, dueAt: dueAt.toISOString(), note: checked.value.note },
      },
    });
    return created;
  });
  return { ok: true, value: { reminderId: reminder.id } };
}

export async function scheduleVisit(db: Db, args: Args): Promise<LeadResult<{ reminderId: string }>> {
  const lead = await findLeadInBusiness(db, args.businessId, args.leadId);
  if (!lead) return notFound();
  const checked = validateVisit(args.input);
  if (!checked.ok) return fail("invalid", checked.error);
  const timeZone = await getBusinessTimeZone(db, args.businessId);
  const dueAt = zonedTimeToUtc(checked.value.visitDate, checked.value.visitTime, timeZone);
  const now = args.now ?? new Date();
  if (dueAt.getTime() < now.getTime()) return fail("invalid", "Please choose a visit time in the future");
  const who = lead.company ?? lead.name ?? "the lead";
  const note = `Site visit at ${who}${checked.value.note ? `: ${checked.value.note}` : ""}`.slice(0, 500);
  const reminder = await db.$transaction(async (tx) => {
    const created = await tx.reminder.create({
      data: { leadId: lead.id, businessId: args.businessId, dueAt, note },
      select: { id: true },
    });
    await tx.leadEvent.create({
      data: {
        leadId: lead.id,
        businessId: args.businessId,
        type: "visit_scheduled",
        actorUserId: args.actorUserId,
        createdAt: now,
        data: { reminderId: created.id, dueAt: dueAt.toISOString(), note },
      },
    });
    return created;
  });
  return { ok: true, value: { reminderId: reminder.id } };
}

async function openReminder(db: Db, businessId: string, leadId: string, reminderId: string) {
  return db.reminder.findFirst({
    where: { id: reminderId, leadId, businessId },
    select: { id: true, dueAt: true, completedAt: true, note: true },
  });
}

export async function snoozeReminder(db: Db, args: Args): Promise<LeadResult<{ dueAt: Date }>> {
  const lead = await findLeadInBusiness(db, args.businessId, args.leadId);
  if (!lead) return notFound();
  const checked = validateSnooze(args.input);
  if (!checked.ok) return fail("invalid", checked.error);
  const reminder = await openReminder(db, args.businessId, lead.id, checked.value.reminderId);
  if (!reminder) return notFound("Reminder not found");
  if (reminder.completedAt) return fail("invalid", "This reminder is already completed");
  const now = args.now ?? new Date();
  // Snoozing moves the reminder that far from now (or from its due time, if that is later).
  const base = Math.max(now.getTime(), reminder.dueAt.getTime());
  const dueAt = new Date(base + SNOOZE_OPTIONS[checked.value.snooze].ms);
  await db.$transaction([
    // Snoozed: it falls due again later, and the team is told again then.
    db.reminder.update({ where: { id: reminder.id }, data: { dueAt, notifiedAt: null } }),
    db.leadEvent.create({
      data: {
        leadId: lead.id,
        businessId: args.businessId,
        type: "reminder_snoozed",
        actorUserId: args.actorUserId,
        createdAt: now,
        data: { reminderId: reminder.id, from: reminder.dueAt.toISOString(), to: dueAt.toISOString(), note: reminder.note },
      },
    }),
  ]);
  return { ok: true, value: { dueAt } };
}

export async function completeReminder(db: Db, args: Args): Promise<LeadResult<{ completedAt: Date }>> {
  const lead = await findLeadInBusiness(db, args.businessId, args.leadId);
  if (!lead) return notFound();
  const checked = validateReminderId(args.input);
  if (!checked.ok) return fail("invalid", checked.error);
  const reminder = await openReminder(db, args.businessId, lead.id, checked.value.reminderId);
  if (!reminder) return notFound("Reminder not found");
  if (reminder.completedAt) return fail("invalid", "This reminder is already completed");
  const now = args.now ?? new Date();
  await db.$transaction([
    db.reminder.update({ where: { id: reminder.id }, data: { completedAt: now } }),
    db.leadEvent.create({
      data: {
        leadId: lead.id,
        businessId: args.businessId,
        type: "reminder_completed",
        actorUserId: args.actorUserId,
        createdAt: now,
        data: { reminderId: reminder.id, note: reminder.note },
      },
    }),
  ]);
  return { ok: true, value: { completedAt: now } };
}
