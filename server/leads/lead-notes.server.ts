// Notes are history events of type "note" (never edited or deleted).
import type { Db } from "../db/client.server.ts";
import { emitEvents } from "../events/emit-events.server.ts";
import { findLeadInBusiness } from "./lead-access.server.ts";
import { validateNote } from "../shared/leads/lead-input.ts";
import { fail, notFound, type LeadChangeArgs, type LeadResult } from "./result.ts";

export async function addLeadNote(
  db: Db,
  args: LeadChangeArgs,
): Promise<LeadResult<{ eventId: string }>> {
  const lead = await findLeadInBusiness(db, args.businessId, args.leadId);
  if (!lead) return notFound();
  const checked = validateNote(args.input);
  if (!checked.ok) return fail("invalid", checked.error);
  const jobs = args.jobs;
  const event = await db.$transaction(async (tx) => {
    const created = await tx.leadEvent.create({
      data: {
        leadId: lead.id,
        businessId: args.businessId,
        type: "note",
        actorUserId: args.actorUserId,
        createdAt: args.now ?? new Date(),
        data: { text: checked.value.note },
      },
      select: { id: true },
    });
    if (jobs) await emitEvents(jobs, tx, [{ type: "lead.updated", businessId: args.businessId, leadId: lead.id, changeId: created.id, changes: ["notes"] }]);
    return created;
  });
  return { ok: true, value: { eventId: event.id } };
}
