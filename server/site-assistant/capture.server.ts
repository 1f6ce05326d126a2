// A site-assistant prospect becomes a lead of the operator's business through the one lead command,
// `createLead` (server/leads/commands.server.ts), so it has every consequence of a new lead: history,
// follow-up reminder, the `lead.created` event (the owners' alert e-mail for a high-priority lead,
// automations, webhooks), the plan count and the live push. The lead is tied to its conversation
// (unique: a second capture of the same conversation fails) and the team's "new-lead" notification is
// stored after it, as for a lead of any chatbot.
import type { CommandContext } from "../events/command-context.server.ts";
import { createLead, type CreatedLead } from "../leads/commands.server.ts";
import type { LeadResult } from "../leads/result.ts";
import { newLeadNotificationText } from "../notifications/notifications.server.ts";
import type { WorkspaceNotification } from "../realtime/protocol.ts";
import type { SiteState } from "./engine.ts";
import { prospectNote, scoreProspect } from "./prospect.ts";

export type CapturedProspect = CreatedLead & { notification: WorkspaceNotification };

/** The name a prospect who skipped it is listed under. */
export const UNNAMED_PROSPECT = "Website visitor";

export async function captureProspect(
  ctx: CommandContext,
  input: { businessId: string; conversationId: string; isTest: boolean; state: SiteState },
): Promise<LeadResult<CapturedProspect>> {
  const { answers } = input.state;
  const scored = scoreProspect(input.state);
  const name = answers.name ?? UNNAMED_PROSPECT;
  const result = await createLead(
    ctx,
    {
      businessId: input.businessId,
      fields: {
        name,
        email: answers.email ?? "",
        phone: answers.phone ?? "",
        serviceType: answers.cleans ?? "",
        note: prospectNote(input.state, scored),
      },
    },
    { source: "chatbot", actorUserId: null, scored, conversation: { id: input.conversationId, isTest: input.isTest } },
  );
  if (!result.ok) return result;
  // After the lead's transaction (kept short: the lead command's own statements only). A crash just
  // here loses this notification; the lead, its alert e-mail and its live push stand.
  const text = newLeadNotificationText({ name, email: answers.email ?? null, phone: answers.phone ?? null, company: null, priority: scored.priority, isTest: input.isTest });
  const row = await ctx.db.notification.create({
    data: { businessId: input.businessId, type: "new-lead", text, leadId: result.value.leadId, createdAt: ctx.clock() },
    select: { id: true, createdAt: true },
  });
  const notification: WorkspaceNotification = { id: row.id, type: "new-lead", text, leadId: result.value.leadId, createdAt: row.createdAt.toISOString() };
  return { ok: true, value: { ...result.value, notification } };
}
