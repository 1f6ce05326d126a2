// After a lead action in the workspace (status, note, reminder, e-mail, visit, manual lead), the lead as
// it now is goes to its business's /workspace room as `lead:updated` (or `lead:created`), so every open
// leads page, lead detail and dashboard of that business converges without a reload (DESIGN §3).
// The sink is the realtime emitter (server/realtime/realtime.server.ts), reached through the load context.
import { leadDetailsHidden } from "../shared/billing/entitlements.ts";
import { hideLeadDetails } from "../billing/lead-visibility.ts";
import type { Db } from "../db/client.server.ts";
import type { Logger } from "../shared/logger.ts";
import type { LeadSummary } from "../realtime/protocol.ts";
import type { LiveSink } from "../events/command-context.server.ts";
import { leadSummarySelect, toLeadSummary } from "./lead-summary.ts";

/** The business's open workspaces (the command context's `live`). */
export type LeadEventSink = LiveSink;

/**
 * Reads the lead (scoped by business) and pushes it. Never throws: the action has already succeeded,
 * and a failed push only means other screens catch up on their next load.
 */
export async function publishLead(
  deps: { db: Db; sink: LeadEventSink; logger: Logger },
  input: { businessId: string; leadId: string; kind: "created" | "updated" },
): Promise<LeadSummary | null> {
  try {
    const row = await deps.db.lead.findFirst({
      where: { id: input.leadId, businessId: input.businessId },
      select: { ...leadSummarySelect, business: { select: { subscriptionStatus: true, trialEnd: true, isDemo: true } } },
    });
    if (!row) return null;
    const { business, ...fields } = row;
    // Without a subscription the workspace sees no contact details, live ones included (server/billing).
    const lead = leadDetailsHidden(business) ? hideLeadDetails(toLeadSummary(fields)) : toLeadSummary(fields);
    if (input.kind === "created") deps.sink.leadCreated(input.businessId, lead);
    else deps.sink.leadUpdated(input.businessId, lead);
    return lead;
  } catch (error) {
    deps.logger.error(`[leads] pushing lead ${input.leadId} to the workspace failed`, error);
    return null;
  }
}
