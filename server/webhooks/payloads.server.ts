// The `data` of each webhook event: the same shapes as the REST API (docs/api.md) so one parser serves
// both. Nothing is sent for test leads and conversations, nor while the business's lead details are
// hidden (an expired trial, decision 0010).
import { leadDetailsHidden } from "../shared/billing/entitlements.ts";
import type { Db } from "../db/client.server.ts";
import type { DomainEvent } from "../events/domain-events.ts";
import { getApiConversation } from "../api/conversations-api.server.ts";
import { apiLeadDetailSelect, toApiLeadDetail } from "../api/lead-json.ts";

async function leadData(db: Db, businessId: string, leadId: string, now: Date) {
  const row = await db.lead.findFirst({
    where: { id: leadId, businessId },
    select: { ...apiLeadDetailSelect, business: { select: { subscriptionStatus: true, trialEnd: true, isDemo: true } } },
  });
  if (!row || row.isTest || leadDetailsHidden(row.business, now)) return null;
  const { business, ...lead } = row;
  return toApiLeadDetail(lead, business, now);
}

export async function webhookEventData(db: Db, event: DomainEvent, now: Date): Promise<Record<string, unknown> | null> {
  switch (event.type) {
    case "lead.created": {
      const lead = await leadData(db, event.businessId, event.leadId, now);
      return lead ? { lead } : null;
    }
    case "lead.updated": {
      const lead = await leadData(db, event.businessId, event.leadId, now);
      return lead ? { lead, changes: event.changes } : null;
    }
    case "conversation.ended": {
      const business = await db.business.findUnique({ where: { id: event.businessId }, select: { subscriptionStatus: true, trialEnd: true, isDemo: true } });
      if (!business || leadDetailsHidden(business, now)) return null;
      const conversation = await getApiConversation(db, event.businessId, event.conversationId);
      if (!conversation) return null;
      const lead = conversation.leadId ? await leadData(db, event.businessId, conversation.leadId, now) : null;
      return { conversation, lead };
    }
    case "automation.run.failed":
      return { automationId: event.automationId, runId: event.runId, leadId: event.leadId, error: event.error };
    case "appointment.booked":
    case "appointment.rescheduled":
    case "appointment.cancelled": {
      const lead = await leadData(db, event.businessId, event.leadId, now);
      if (!lead) return null;
      const a = await db.appointment.findFirst({
        where: { id: event.appointmentId, businessId: event.businessId },
        select: { id: true, startsAt: true, endsAt: true, status: true, sequence: true, assigneeUserId: true, assignmentReason: true, createdBy: true },
      });
      if (!a) return null;
      return { appointment: { ...a, startsAt: a.startsAt.toISOString(), endsAt: a.endsAt.toISOString(), status: a.status.replace("_", "-") }, lead };
    }
    default:
      return null;
  }
}
