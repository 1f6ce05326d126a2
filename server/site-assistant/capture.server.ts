// A site-assistant prospect becomes a lead of the operator's business through the one lead command,
// `createLead` (server/leads/commands.server.ts), so it has every consequence of a new lead: history,
// follow-up reminder, the `lead.created` event (the owners' alert e-mail for a high-priority lead,
// automations, webhooks), the plan count and the live push. The lead is tied to its conversation
// (unique: a second capture of the same conversation rolls back) and, in the same transaction, the
// team's "new-lead" notification is stored, as for a lead of any chatbot.
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
  const made: { notification?: WorkspaceNotification } = {};
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
    {
      source: "chatbot",
      actorUserId: null,
      scored,
      conversation: { id: input.conversationId, isTest: input.isTest },
      within: async (tx, leadId) => {
        const text = newLeadNotificationText({ name, email: answers.email ?? null, phone: answers.phone ?? null, company: null, priority: scored.priority, isTest: input.isTest });
        const row = await tx.notification.create({
          data: { businessId: input.businessId, type: "new-lead", text, leadId, createdAt: ctx.clock() },
          select: { id: true, createdAt: true },
        });
        made.notification = { id: row.id, type: "new-lead", text, leadId, createdAt: row.createdAt.toISOString() };
      },
    },
  );
  if (!result.ok) return result;
  if (!made.notification) throw new Error("captureProspect: the lead was made without its notification");
  return { ok: true, value: { ...result.value, notification: made.notification } };
}
