// Moves a lead through New → Contacted → Qualified → Proposal → Won or Lost (any step may be taken,
// also back, e.g. to reopen a lost lead); Won records the deal value (and, optionally, the competitor
// it was won against), Lost the reason (and, for "went with a competitor", whom to). Won and Lost may
// be saved again to correct them. Each change writes a `status_changed` history event with from/to and
// those details in the same transaction; the lead's columns hold the current ones (reopening clears
// them, the history keeps them).
import { runCommand, type CommandContext } from "../events/command-context.server.ts";
import { publishLead } from "./publish-lead.server.ts";
import { findLeadInBusiness } from "./lead-access.server.ts";
import { validateStatus } from "../shared/leads/lead-input.ts";
import { fail, notFound, type LeadChangeArgs, type LeadResult } from "./result.ts";

/**
 * A command (server/leads/commands.server.ts): the change and its history event, `lead.status_changed`
 * (on a real change) and `lead.updated` in one transaction, then the lead pushed live.
 */
export async function changeLeadStatus(
  ctx: CommandContext,
  args: LeadChangeArgs,
): Promise<LeadResult<{ from: string; to: string }>> {
  const lead = await findLeadInBusiness(ctx.db, args.businessId, args.leadId);
  if (!lead) return notFound();
  const checked = validateStatus(args.input);
  if (!checked.ok) return fail("invalid", checked.error);
  const { status, valueCents, lostReason, competitor } = checked.value;
  if (status === lead.status && status !== "won" && status !== "lost") return fail("invalid", "The lead already has this status");
  const lostTo = status === "lost" ? competitor : null;
  const wonAgainst = status === "won" ? competitor : null;
  const now = ctx.clock();
  return runCommand(ctx, "leads", async (tx, after) => {
    // Guarded on the status we read, so two people changing it at once cannot both write history.
    const updated = await tx.lead.updateMany({
      where: { id: lead.id, businessId: args.businessId, status: lead.status },
      data: {
        status,
        ...(status === "won" ? { valueCents } : {}),
        lostReason: status === "lost" ? lostReason : null,
        lostTo,
        wonAgainst,
        // When it was closed, on the app's clock like the history event (the Lead_closedAt trigger keeps
        // it for every other writer); a Won lead whose value is corrected keeps its close time.
        ...(status !== lead.status ? { closedAt: status === "won" || status === "lost" ? now : null } : {}),
      },
    });
    if (updated.count !== 1) return fail("conflict", "This lead was changed meanwhile. Please reload and try again.");
    const event = await tx.leadEvent.create({
      select: { id: true },
      data: {
        leadId: lead.id,
        businessId: args.businessId,
        type: "status_changed",
        actorUserId: args.actorUserId,
        createdAt: now,
        data: {
          from: lead.status,
          to: status,
          ...(status === "won" ? { valueCents, ...(wonAgainst ? { wonAgainst } : {}) } : {}),
          ...(status === "lost" && lostReason ? { lostReason, ...(lostTo ? { lostTo } : {}) } : {}),
        },
      },
    });
    await ctx.events.emit(tx, [
      // Automations stop or start on a real change; webhooks hear every status write.
      ...(status !== lead.status ? [{ type: "lead.status_changed" as const, businessId: args.businessId, leadId: lead.id, from: lead.status, to: status, eventId: event.id }] : []),
      { type: "lead.updated", businessId: args.businessId, leadId: lead.id, changeId: event.id, changes: ["status"] },
    ]);
    after(() => publishLead({ db: ctx.db, sink: ctx.live, logger: ctx.logger }, { businessId: args.businessId, leadId: lead.id, kind: "updated" }));
    return { ok: true as const, value: { from: lead.status, to: status } };
  });
}
