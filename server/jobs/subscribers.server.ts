// Who reacts to which domain event: each subscriber returns the jobs the event causes (e-mails,
// notifications, automation steps and webhook deliveries). The event's job (registry.server.ts) writes
// them all in one statement; their keys make a second handling of the same event a no-op.
// The map is written here once and frozen: every event's subscribers are read in one place.
import type { AppServices } from "../services.server.ts";
import type { JobRequest } from "./queue/job-queue.server.ts";
import { mailJob } from "../mail/mail-jobs.server.ts";
import { leadAlertMails, readHighLead } from "../notifications/lead-alert-email.server.ts";
import { reminderDueMails } from "../leads/reminder-due.server.ts";
import { webhookJobsForEvent } from "../webhooks/deliveries.server.ts";
import type { DomainEvent, DomainEventType } from "../events/domain-events.ts";
import { automationJobsFor } from "../automations/runs.server.ts";
import { personRequestedMails } from "../notifications/person-request.server.ts";
import { highLeadPushJobs, pushJobsForEvent } from "../push/push-notifications.server.ts";

type Subscriber<E extends DomainEvent> = (services: AppServices, event: E) => Promise<JobRequest[]>;
type Subscribers = { readonly [T in DomainEventType]: readonly Subscriber<Extract<DomainEvent, { type: T }>>[] };

const automations: Subscriber<DomainEvent> = (services, event) => automationJobsFor(services.db, event);
// Outgoing webhooks (DESIGN §15): one delivery job per endpoint subscribed to the event.
const webhooks: Subscriber<DomainEvent> = (services, event) => webhookJobsForEvent(services, event);
// Web Push to members' devices (DESIGN §20): one job per device that wants the event.
const pushes: Subscriber<DomainEvent> = (services, event) => pushJobsForEvent(services.db, event);

export const subscribers: Subscribers = Object.freeze({
  "lead.created": [
    automations,
    // A new High lead's alert e-mails and device pushes, from one shared read (issue 28: every captured lead runs it).
    async (services, event) => {
      const row = await readHighLead(services.db, event);
      const mails = await leadAlertMails({ db: services.db, appUrl: services.env.PUBLIC_APP_URL }, event, new Date(), row);
      return [...mails.map((m) => mailJob(m.key, m.mail)), ...highLeadPushJobs(row, event)];
    },
    webhooks,
  ],
  "reminder.due": [
    async (services, event) =>
      (await reminderDueMails({ db: services.db, appUrl: services.env.PUBLIC_APP_URL }, event)).map((m) => mailJob(m.key, m.mail)),
    pushes,
  ],
  // The suppression list itself stops e-mails (checked at delivery); automations and outreach
  // sequences (DESIGN §11, §12) subscribe here to stop a lead's pending steps.
  "lead.unsubscribed": [automations],
  "lead.scored": [automations],
  "lead.status_changed": [automations],
  "message.received": [automations],
  "lead.updated": [webhooks],
  "conversation.ended": [webhooks],
  "automation.run.failed": [webhooks],
  "conversation.person_requested": [
    async (services, event) =>
      (await personRequestedMails({ db: services.db, appUrl: services.env.PUBLIC_APP_URL }, event)).map((m) => mailJob(m.key, m.mail)),
    pushes,
  ],
  // A reply from the team stops the lead's pending automation steps (DESIGN §11).
  "lead.team_replied": [automations],
  // Appointments (issue 31): the trigger appointment_booked, and the webhook events appointment.*.
  "appointment.booked": [automations, webhooks, pushes],
  "appointment.rescheduled": [webhooks],
  "appointment.cancelled": [webhooks],
});

export async function jobsForEvent(services: AppServices, event: DomainEvent): Promise<JobRequest[]> {
  const list: readonly Subscriber<DomainEvent>[] = subscribers[event.type] as readonly Subscriber<DomainEvent>[];
  return (await Promise.all(list.map((subscriber) => subscriber(services, event)))).flat();
}
