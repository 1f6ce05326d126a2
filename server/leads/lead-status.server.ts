// Moves a lead through New → Contacted → Qualified → Proposal → Won or Lost (any step may be taken,
// also back, e.g. to reopen a lost lead); Won records the deal value. Each change writes a
// `status_changed` history event with from/to (and the value for Won) in the same transaction.
import type { Db } from "../db/client.server.ts";
import { findLeadInBusiness } from "./lead-access.server.ts";
import { validateStatus } from "./lead-input.ts";
import { fail, notFound, type LeadResult } from "./result.ts";

export async function changeLeadStatus(
  db: Db,
  args: { businessId: string; leadId: string; actorUserId: string; input: unknown; now?: Date },
): Promise<LeadResult<{ from: string; to: string }>> {
  const lead = await findLeadInBusiness(db, args.businessId, args.leadId);
  if (!lead) return notFound();
  const checked = validateStatus(args.input);
  if (!checked.ok) return fail(400, checked.error);
  const { status, valueCents } = checked.value;
  if (status === lead.status && status !== "won") return fail(400, "The lead already has this status");
  const now = args.now ?? new Date();
  return db.$transaction(async (tx) => {
    // Guarded on the status we read, so two people changing it at once cannot both write history.
    const updated = await tx.lead.updateMany({
      where: { id: lead.id, businessId: args.businessId, status: lead.status },
      data: {
        status,
        ...(status === "won" ? { valueCents } : {}),
        // When it was closed, on the app's clock like the history event (the Lead_closedAt trigger keeps
        // it for every other writer); a Won lead whose value is corrected keeps its close time.
        ...(status !== lead.status ? { closedAt: status === "won" || status === "lost" ? now : null } : {}),
      },
    });
    if (updated.count !== 1) return fail(409, "This lead was changed meanwhile. Please reload and try again.");
    await tx.leadEvent.create({
      data: {
        leadId: lead.id,
        businessId: args.businessId,
        type: "status_changed",
        actorUserId: args.actorUserId,
        createdAt: now,
        data: { from: lead.status, to: status, ...(status === "won" ? { valueCents } : {}) },
      },
    });
    return { ok: true as const, value: { from: lead.status, to: status } };
  });
}
