// Notes are history events of type "note" (never edited or deleted).
import { runCommand, type CommandContext } from "../events/command-context.server.ts";
import { publishLead } from "./publish-lead.server.ts";
import { findLeadInBusiness } from "./lead-access.server.ts";
import { validateNote } from "../shared/leads/lead-input.ts";
import { fail, notFound, type LeadChangeArgs, type LeadResult } from "./result.ts";

/** A command (server/leads/commands.server.ts): the note, its `lead.updated` event, then the lead pushed live. */
export async function addLeadNote(
  ctx: CommandContext,
  args: LeadChangeArgs,
): Promise<LeadResult<{ eventId: string }>> {
  const lead = await findLeadInBusiness(ctx.db, args.businessId, args.leadId);
  if (!lead) return notFound();
  const checked = validateNote(args.input);
  if (!checked.ok) return fail("invalid", checked.error);
  const event = await runCommand(ctx, "leads", async (tx, after) => {
    const created = await tx.leadEvent.create({
      data: {
        leadId: lead.id,
        businessId: args.businessId,
        type: "note",
        actorUserId: args.actorUserId,
        createdAt: ctx.clock(),
        data: { text: checked.value.note },
      },
      select: { id: true },
    });
    await ctx.events.emit(tx, [{ type: "lead.updated", businessId: args.businessId, leadId: lead.id, changeId: created.id, changes: ["notes"] }]);
    after(() => publishLead({ db: ctx.db, sink: ctx.live, logger: ctx.logger }, { businessId: args.businessId, leadId: lead.id, kind: "updated" }));
    return created;
  });
  return { ok: true, value: { eventId: event.id } };
}
