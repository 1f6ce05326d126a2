// Who reacts to which domain event: each subscriber returns the jobs the event causes (e-mails,
// notifications, later automation steps and webhook deliveries). The event's handler writes them all
// in one statement; their keys make a second handling of the same event a no-op.
import type { AppServices } from "../services.server.ts";
import type { JobRequest } from "../jobs/queue/job-queue.server.ts";
import { mailJob } from "../mail/mail-jobs.server.ts";
import { leadAlertMails } from "../notifications/lead-alert-email.server.ts";
import { reminderDueMails } from "../leads/reminder-due.server.ts";
import { webhookJobsForEvent } from "../webhooks/deliveries.server.ts";
import type { DomainEvent, DomainEventType } from "./domain-events.ts";
import { automationJobsFor } from "../automations/runs.server.ts";
import { personRequestedMails } from "../notifications/person-request.server.ts";

type Subscriber<E extends DomainEvent> = (services: AppServices, event: E) => Promise<JobRequest[]>;
type Subscribers = { [T in DomainEventType]: Subscriber<Extract<DomainEvent, { type: T }>>[] };

export const subscribers: Subscribers = {
  "lead.created": [
    (services, event) => automationJobsFor(services.db, event),
    async (services, event) =>
      (await leadAlertMails({ db: services.db, appUrl: services.env.PUBLIC_APP_URL }, event)).map((m) => mailJob(m.key, m.mail)),
  ],
  "reminder.due": [
    async (services, event) =>
      (await reminderDueMails({ db: services.db, appUrl: services.env.PUBLIC_APP_URL }, event)).map((m) => mailJob(m.key, m.mail)),
  ],
  // The suppression list itself stops e-mails (checked at delivery); automations and outreach
  // sequences (DESIGN §11, §12) subscribe here to stop a lead's pending steps.
  "lead.unsubscribed": [(services, event) => automationJobsFor(services.db, event)],
  "lead.scored": [(services, event) => automationJobsFor(services.db, event)],
  "lead.status_changed": [(services, event) => automationJobsFor(services.db, event)],
  "message.received": [(services, event) => automationJobsFor(services.db, event)],
  // Outgoing webhooks (DESIGN §15): one delivery job per subscribed endpoint.
  "lead.updated": [],
  "conversation.ended": [],
  "automation.run.failed": [],
  "conversation.person_requested": [
    async (services, event) =>
      (await personRequestedMails({ db: services.db, appUrl: services.env.PUBLIC_APP_URL }, event)).map((m) => mailJob(m.key, m.mail)),
  ],
  // A reply from the team stops the lead's pending automation steps (DESIGN §11).
  "lead.team_replied": [(services, event) => automationJobsFor(services.db, event)],
};

// Every event an endpoint may subscribe to also goes to the business's webhooks.
for (const type of ["lead.created", "lead.updated", "conversation.ended", "automation.run.failed"] as const) {
  (subscribers[type] as Subscriber<DomainEvent>[]).push((services, event) => webhookJobsForEvent(services, event));
}

export async function jobsForEvent(services: AppServices, event: DomainEvent): Promise<JobRequest[]> {
  const list = subscribers[event.type] as Subscriber<DomainEvent>[];
  return (await Promise.all(list.map((subscriber) => subscriber(services, event)))).flat();
}
