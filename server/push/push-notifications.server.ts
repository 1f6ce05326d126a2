// Which devices ring for a domain event (DESIGN §20, issue 34): the subscriber of `lead.created` (a new
// High lead, from the read it shares with the alert e-mail), `conversation.person_requested`,
// `reminder.due` and `appointment.booked` returns one `push.send` job per device
// of the business whose member turned that event on and is not in its quiet hours (in the business's
// time zone). The payload carries only what a lock screen may show: no e-mail address or phone number,
// and no name at all while the business's lead details are hidden (an ended trial). Keys make a second
// handling of the same event a no-op. A visitor waiting unanswered in a chat a member joined rings that
// member's devices (a delayed `push.waiting` check written when the visitor writes).
import type { Db } from "../db/client.server.ts";
import type { DomainEvent } from "../events/domain-events.ts";
import { eventKey } from "../events/domain-events.ts";
import type { JobRequest } from "../jobs/queue/job-queue.server.ts";
import { PUSH_QUEUE, PUSH_WAITING_QUEUE } from "../jobs/queue/queues.ts";
import { readHighLead, type HighLeadDevice, type HighLeadRow } from "../notifications/lead-alert-email.server.ts";
import { asUtcDate } from "../db/timestamps.ts";
import { leadDetailsHidden } from "../shared/billing/entitlements.ts";
import { inQuietHours, type PushEventId, type PushPayload } from "../shared/push/push-input.ts";

export type PushJob = { businessId: string; subscriptionId: string; payload: PushPayload };

/** Minutes after midnight at `now` in `timeZone`. */
export function localMinute(now: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(now);
  const value = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return value("hour") * 60 + value("minute");
}

/** One job per device of the business (or of one member, `userId`) that wants `kind` now. */
export async function pushJobsFor(
  db: Db,
  businessId: string,
  kind: PushEventId,
  key: string,
  payload: PushPayload,
  now = new Date(),
  userId?: string,
): Promise<JobRequest<PushJob>[]> {
  const devices = await db.pushSubscription.findMany({
    where: { businessId, events: { has: kind }, ...(userId ? { userId } : {}) },
    select: { id: true, quietStart: true, quietEnd: true, business: { select: { timeZone: true } } },
  });
  return devices
    .filter((d) => !inQuietHours(localMinute(now, d.business.timeZone), d.quietStart, d.quietEnd))
    .map((d) => ({ name: PUSH_QUEUE, key: `push:${key}:${d.id}`, data: { businessId, subscriptionId: d.id, payload } }));
}

/**
 * The pushes of a new High lead from the lead.created subscribers' one shared read (readHighLead, which
 * lists the devices wanting it): no statement of their own, so a lead costs push nothing.
 */
export function highLeadPushJobs(row: HighLeadRow | null, event: Extract<DomainEvent, { type: "lead.created" }>, now = new Date()): JobRequest<PushJob>[] {
  if (!row || row.isTest) return [];
  const devices = (typeof row.pushDevices === "string" ? JSON.parse(row.pushDevices) : row.pushDevices) as HighLeadDevice[];
  if (devices.length === 0) return [];
  const business = { subscriptionStatus: row.subscriptionStatus, trialEnd: row.trialEnd === null ? null : asUtcDate(row.trialEnd), isDemo: row.isDemo };
  const who = leadDetailsHidden(business, now) ? null : (row.company?.trim() || row.name?.trim() || null);
  const payload: PushPayload = {
    kind: "high-lead",
    title: "New High lead",
    body: `${who ?? "A website visitor"} · score ${Number(row.score).toFixed(1)}/10`,
    url: `/app/leads/${row.id}`,
    tag: `lead-${row.id}`,
  };
  const key = eventKey(event);
  return devices
    .filter((d) => !inQuietHours(localMinute(now, row.timeZone), d.quietStart, d.quietEnd))
    .map((d) => ({ name: PUSH_QUEUE, key: `push:${key}:${d.id}`, data: { businessId: event.businessId, subscriptionId: d.id, payload } }));
}

/** "Tue, Dec 1 at 10:30 AM" in the business's zone. */
function visitTime(startsAt: Date, timeZone: string): string {
  const day = new Intl.DateTimeFormat("en-US", { timeZone, weekday: "short", month: "short", day: "numeric" }).format(startsAt);
  const time = new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit" }).format(startsAt);
  return `${day} at ${time}`;
}

/** The `push.send` jobs a domain event causes (the events subscribers.server.ts routes here). */
export async function pushJobsForEvent(db: Db, event: DomainEvent, now = new Date()): Promise<JobRequest<PushJob>[]> {
  const key = eventKey(event);
  switch (event.type) {
    case "lead.created":
      return highLeadPushJobs(await readHighLead(db, event), event, now);
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
    case "appointment.booked": {
      const appointment = await db.appointment.findFirst({
        where: { id: event.appointmentId, businessId: event.businessId, status: "booked" },
        select: {
          startsAt: true,
          lead: { select: { name: true, company: true, isTest: true } },
          business: { select: { timeZone: true, subscriptionStatus: true, trialEnd: true, isDemo: true } },
        },
      });
      if (!appointment || appointment.lead.isTest) return [];
      const who = leadDetailsHidden(appointment.business, now) ? null : (appointment.lead.company?.trim() || appointment.lead.name?.trim() || null);
      return pushJobsFor(db, event.businessId, "appointment-booked", key, {
        kind: "appointment-booked",
        title: "Walkthrough booked",
        body: `${who ?? "A lead"} · ${visitTime(appointment.startsAt, appointment.business.timeZone)}`,
        url: `/app/leads/${event.leadId}`,
        tag: `appointment-${event.appointmentId}`,
      }, now);
    }
    default:
      return [];
  }
}

/** A visitor wrote in a chat a member joined and the member had not answered a while later (a `push.waiting` job). */
export type WaitingJob = { businessId: string; conversationId: string; agentUserId: string; seq: number };

/** How long a visitor waits in a joined chat, unanswered, before the member's devices ring. */
export const VISITOR_WAITING_AFTER_MS = 60_000;

export function waitingCheckJob(job: WaitingJob, now: Date): JobRequest<WaitingJob> {
  return { name: PUSH_WAITING_QUEUE, key: `push-waiting:${job.conversationId}:${job.seq}`, data: job, runAt: new Date(now.getTime() + VISITOR_WAITING_AFTER_MS) };
}

/**
 * The check: the member still has the chat and nothing was written after the visitor's message (a
 * later line of the visitor's has its own check, so a visitor writing several lines rings once, a
 * minute after the last) → one push to that member's devices that want "visitor-waiting" (nobody
 * else's: the chat is theirs).
 */
export async function visitorWaitingPushes(db: Db, job: WaitingJob, now = new Date()): Promise<JobRequest<PushJob>[]> {
  const conversation = await db.conversation.findFirst({
    where: { id: job.conversationId, businessId: job.businessId, status: "open", agentUserId: job.agentUserId },
    select: { id: true, messages: { where: { seq: { gt: job.seq } }, take: 1, select: { id: true } } },
  });
  if (!conversation || conversation.messages.length > 0) return [];
  return pushJobsFor(
    db,
    job.businessId,
    "visitor-waiting",
    `visitor-waiting:${job.conversationId}:${job.seq}`,
    {
      kind: "visitor-waiting",
      title: "A visitor is waiting",
      body: "A visitor in a chat you joined is waiting for your reply.",
      url: `/app/conversations/${job.conversationId}`,
      tag: `conversation-${job.conversationId}`,
    },
    now,
    job.agentUserId,
  );
}
