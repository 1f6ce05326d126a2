// Notes are history events of type "note" (never edited or deleted).
import type { Db } from "../db/client.server.ts";
import { findLeadInBusiness } from "./lead-access.server.ts";
import { validateNote } from "./lead-input.ts";
import { fail, notFound, type LeadResult } from "./result.ts";

export async function addLeadNote(
  db: Db,
  args: { businessId: string; leadId: string; actorUserId: string; input: unknown; now?: Date },
): Promise<LeadResult<{ eventId: string }>> {
  const lead = await findLeadInBusiness(db, args.businessId, args.leadId);
  if (!lead) return notFound();
  const checked = validateNote(args.input);
  if (!checked.ok) return fail("invalid", checked.error);
  const event = await db.leadEvent.create({
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
  return { ok: true, value: { eventId: event.id } };
}
