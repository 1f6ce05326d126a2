// Which devices ring for a domain event (DESIGN §20, issue 34): the subscriber of `lead.created` (a new
// High lead), `conversation.person_requested` and `reminder.due` returns one `push.send` job per device
// of the business whose member turned that event on and is not in its quiet hours (in the business's
// time zone). The payload carries only what a lock screen may show: no e-mail address or phone number,
// and no name at all while the business's lead details are hidden (an ended trial). Keys make a second
// handling of the same event a no-op.
import type { Db } from "../db/client.server.ts";
import type { DomainEvent } from "../events/domain-events.ts";
import { eventKey } from "../events/domain-events.ts";
import type { JobRequest } from "../jobs/queue/job-queue.server.ts";
import { PUSH_QUEUE } from "../jobs/queue/queues.ts";
import { leadDetailsHidden } from "../shared/billing/entitlements.ts";
import { inQuietHours, type PushEventId, type PushPayload } from "../shared/push/push-input.ts";

export type PushJob = { businessId: string; subscriptionId: string; payload: PushPayload };

/** Minutes after midnight at `now` in `timeZone`. */
export function localMinute(now: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(now);
  const value = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return value("hour") * 60 + value("minute");
}

/** One job per device of the business that wants `kind` now. */
export async function pushJobsFor(db: Db, businessId: string, kind: PushEventId, key: string, payload: PushPayload, now = new Date()): Promise<JobRequest<PushJob>[]> {
  const devices = await db.pushSubscription.findMany({
    where: { businessId, events: { has: kind } },
    select: { id: true, quietStart: true, quietEnd: true, business: { select: { timeZone: true } } },
  });
  return devices
    .filter((d) => !inQuietHours(localMinute(now, d.business.timeZone), d.quietStart, d.quietEnd))
    .map((d) => ({ name: PUSH_QUEUE, key: `push:${key}:${d.id}`, data: { businessId, subscriptionId: d.id, payload } }));
}

/** The `push.send` jobs a domain event causes (the events subscribers.server.ts routes here). */
export async function pushJobsForEvent(db: Db, event: DomainEvent, now = new Date()): Promise<JobRequest<PushJob>[]> {
  const key = eventKey(event);
  switch (event.type) {
    case "lead.created": {
      const lead = await db.lead.findFirst({
        where: { id: event.leadId, businessId: event.businessId },
        select: {
          id: true, name: true, company: true, score: true, priority: true, isTest: true, source: true,
          business: { select: { subscriptionStatus: true, trialEnd: true, isDemo: true } },
        },
      });
      // Leads the team adds itself (by hand, the API) ring nobody, as their alert e-mail.
      if (!lead || lead.priority !== "high" || lead.isTest || lead.source === "manual" || lead.source === "api") return [];
      const who = leadDetailsHidden(lead.business, now) ? null : (lead.company?.trim() || lead.name?.trim() || null);
      return pushJobsFor(db, event.businessId, "high-lead", key, {
        kind: "high-lead",
        title: "New High lead",
        body: `${who ?? "A website visitor"} · score ${lead.score.toFixed(1)}/10`,
        url: `/app/leads/${lead.id}`,
        tag: `lead-${lead.id}`,
      }, now);
    }
    case "conversation.person_requested":
      return pushJobsFor(db, event.businessId, "person-requested", key, {
        kind: "person-requested",
        title: "A visitor asks for a person",
        body: "Someone on your website wants to talk to the team. Open the chat to join.",
        url: `/app/conversations/${event.conversationId}`,
        tag: `conversation-${event.conversationId}`,
      }, now);
    case "reminder.due": {
      const lead = await db.lead.findFirst({
        where: { id: event.leadId, businessId: event.businessId },
        select: { name: true, company: true, business: { select: { subscriptionStatus: true, trialEnd: true, isDemo: true } } },
      });
      if (!lead) return [];
      const who = leadDetailsHidden(lead.business, now) ? null : (lead.name?.trim() || lead.company?.trim() || null);
      return pushJobsFor(db, event.businessId, "reminder-due", key, {
        kind: "reminder-due",
        title: "Follow-up due",
        body: who ? `Time to follow up with ${who}.` : "Time to follow up with a lead.",
        url: `/app/leads/${event.leadId}`,
        tag: `reminder-${event.reminderId}`,
      }, now);
    }
    default:
      return [];
  }
}
