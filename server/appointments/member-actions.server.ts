// A member's actions on an appointment (issue 31): move, reassign, cancel, completed, no-show — from the
// lead page and the calendar. Parses the form, calls one command, maps its result; adds nothing else.
import { z } from "zod";
import type { CommandContext } from "../events/command-context.server.ts";
import { failure, success, type ActionResult } from "../shared/forms/action-result.ts";
import { BOOKING_MESSAGES, bookAppointment, cancelAppointment, reassignAppointment, recordAppointmentOutcome, rescheduleAppointment, type BookingResult } from "./commands.server.ts";

const formSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("appointment-book"), leadId: z.string().min(1).max(64), startsAt: z.string().min(1), assigneeUserId: z.string().max(64).optional() }),
  z.object({ intent: z.literal("appointment-move"), appointmentId: z.string().min(1).max(64), startsAt: z.string().min(1) }),
  z.object({ intent: z.literal("appointment-reassign"), appointmentId: z.string().min(1).max(64), assigneeUserId: z.string().min(1).max(64) }),
  z.object({ intent: z.literal("appointment-cancel"), appointmentId: z.string().min(1).max(64) }),
  z.object({ intent: z.literal("appointment-completed"), appointmentId: z.string().min(1).max(64) }),
  z.object({ intent: z.literal("appointment-no_show"), appointmentId: z.string().min(1).max(64) }),
]);

const DONE: Record<string, string> = {
  "appointment-book": "Visit booked.",
  "appointment-move": "Visit moved. The visitor and the assignee get the updated invitation.",
  "appointment-reassign": "Visit reassigned.",
  "appointment-cancel": "Visit cancelled. The visitor and the assignee get the cancellation.",
  "appointment-completed": "Marked as completed.",
  "appointment-no_show": "Marked as no-show.",
};

/** A datetime-local value ("2026-02-04T10:00") is read in the business's zone by the page; here an ISO instant. */
function instant(value: string): Date {
  return new Date(value);
}

export async function handleAppointmentAction(ctx: CommandContext, args: { businessId: string; userId: string; form: FormData }): Promise<ActionResult<{ nextSlots?: string[] }>> {
  const parsed = formSchema.safeParse(Object.fromEntries(args.form));
  if (!parsed.success) return failure(BOOKING_MESSAGES.invalid);
  const input = parsed.data;
  const actor = { kind: "member" as const, userId: args.userId };
  const base = { businessId: args.businessId, actor };
  let result: BookingResult;
  switch (input.intent) {
    case "appointment-book":
      result = await bookAppointment(ctx, { ...base, leadId: input.leadId, startsAt: instant(input.startsAt), ...(input.assigneeUserId ? { assigneeUserId: input.assigneeUserId } : {}) });
      break;
    case "appointment-move":
      result = await rescheduleAppointment(ctx, { ...base, appointmentId: input.appointmentId, startsAt: instant(input.startsAt) });
      break;
    case "appointment-reassign":
      result = await reassignAppointment(ctx, { ...base, appointmentId: input.appointmentId, assigneeUserId: input.assigneeUserId });
      break;
    case "appointment-cancel":
      result = await cancelAppointment(ctx, { ...base, appointmentId: input.appointmentId });
      break;
    case "appointment-completed":
    case "appointment-no_show":
      result = await recordAppointmentOutcome(ctx, { ...base, appointmentId: input.appointmentId, outcome: input.intent === "appointment-completed" ? "completed" : "no_show" });
      break;
  }
  if (!result.ok) return failure(result.error);
  return success({}, DONE[input.intent]);
}
