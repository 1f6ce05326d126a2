// The e-mails of an appointment (DESIGN §18, issue 31): a confirmation, change or cancel to the visitor
// and the assignee with an RFC 5545 attachment (ical-generator: METHOD:REQUEST / CANCEL, a UID that never
// changes, SEQUENCE raised by each change), and the reminders 24 h and 1 h before. The appointment
// commands write the jobs in their transaction (appointmentJobs); the jobs render the e-mails when they
// run — the manage link is minted then, with the app's secret — and hand them to the mail jobs, so every
// e-mail goes through the one delivery path (sandbox hold, suppression list, once per key).
// A job whose appointment has changed since (its SEQUENCE moved on) does nothing: the newer change sent
// its own e-mails and reminders.
import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import type { AppServices } from "../services.server.ts";
import type { JobHandler, JobRequest } from "../jobs/queue/job-queue.server.ts";
import type { TransactionClient } from "../events/command-context.server.ts";
import { APPOINTMENT_MAIL_QUEUE, APPOINTMENT_REMINDER_QUEUE } from "../jobs/queue/queues.ts";
import { mailJob, type MailJob } from "../mail/mail-jobs.server.ts";
import { renderEmail } from "../mail/templates/render-email.tsx";
import { businessBrand } from "../mail/templates/templates.ts";
import type { EmailContent } from "../mail/templates/email-content.ts";
import { unsubscribeSigner, unsubscribeUrl } from "../mail/unsubscribe.server.ts";
import { formatVisit } from "../shared/appointments/format.ts";
import { safeTimeZone } from "../shared/time/calendar.ts";
import { manageLinkExpiry, signManageToken } from "./manage-token.ts";

export type AppointmentChange = "booked" | "rescheduled" | "reassigned" | "cancelled" | "completed" | "no_show";
export type AppointmentMailJob = { appointmentId: string; sequence: number; change: "booked" | "rescheduled" | "reassigned" | "cancelled"; previousAssigneeUserId?: string | null };
export type AppointmentReminderJob = { appointmentId: string; sequence: number; before: "24h" | "1h" };

const REMINDERS: { before: AppointmentReminderJob["before"]; ms: number }[] = [
  { before: "24h", ms: 24 * 3_600_000 },
  { before: "1h", ms: 3_600_000 },
];

/** The jobs of a change: its e-mails now, and (while the visit stands) its reminders at their times. */
export async function appointmentJobs(
  tx: TransactionClient,
  args: { appointmentId: string; change: AppointmentChange; now: Date; previousAssigneeUserId?: string | null },
): Promise<JobRequest[]> {
  if (args.change === "completed" || args.change === "no_show") return [];
  const a = await tx.appointment.findUniqueOrThrow({ where: { id: args.appointmentId }, select: { startsAt: true, sequence: true } });
  const mail: AppointmentMailJob = { appointmentId: args.appointmentId, sequence: a.sequence, change: args.change, ...(args.previousAssigneeUserId !== undefined ? { previousAssigneeUserId: args.previousAssigneeUserId } : {}) };
  const jobs: JobRequest[] = [{ name: APPOINTMENT_MAIL_QUEUE, key: `appointment-mail:${args.appointmentId}:${a.sequence}`, data: mail }];
  if (args.change !== "cancelled") {
    for (const r of REMINDERS) {
      const runAt = new Date(a.startsAt.getTime() - r.ms);
      if (runAt.getTime() <= args.now.getTime()) continue;
      const data: AppointmentReminderJob = { appointmentId: args.appointmentId, sequence: a.sequence, before: r.before };
      jobs.push({ name: APPOINTMENT_REMINDER_QUEUE, key: `appointment-reminder:${args.appointmentId}:${a.sequence}:${r.before}`, data, runAt });
    }
  }
  return jobs;
}

export type IcsInput = {
  uid: string;
  sequence: number;
  method: "REQUEST" | "CANCEL";
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  summary: string;
  description: string;
  location: string | null;
  url: string | null;
  organizer: { name: string; email: string };
  attendees: { name: string; email: string }[];
  stamp: Date;
};

/** One VEVENT in a VCALENDAR with METHOD:REQUEST or CANCEL (RFC 5545 / 5546). */
export function appointmentIcs(input: IcsInput): string {
  const calendar = ical({
    prodId: { company: "LeadBroom", product: "LeadBroom", language: "EN" },
    method: input.method === "CANCEL" ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  calendar.createEvent({
    id: input.uid,
    sequence: input.sequence,
    stamp: input.stamp,
    start: input.startsAt,
    end: input.endsAt,
    summary: input.summary,
    description: input.description,
    ...(input.location ? { location: input.location } : {}),
    ...(input.url ? { url: input.url } : {}),
    status: input.method === "CANCEL" ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: input.organizer,
    attendees: input.attendees.map((p) => ({ ...p, role: ICalAttendeeRole.REQ, status: ICalAttendeeStatus.ACCEPTED })),
  });
  return calendar.toString();
}

/** The UID of an appointment's event: the same in every e-mail and feed, whatever changes. */
export const appointmentUid = (appointmentId: string, appUrl: string) => `appointment-${appointmentId}@${new URL(appUrl).hostname}`;

const appointmentForMail = {
  id: true,
  businessId: true,
  startsAt: true,
  endsAt: true,
  status: true,
  sequence: true,
  manageNonce: true,
  lead: { select: { id: true, name: true, email: true, company: true, phone: true } },
  assignee: { select: { id: true, displayName: true, email: true } },
  business: { select: { name: true, timeZone: true, email: true, emailSenderName: true, emailReplyTo: true, logoPath: true, street: true, city: true, state: true, zip: true } },
} as const;

type Services = Pick<AppServices, "db" | "jobs" | "env" | "signingSecret">;

export function manageUrl(services: Pick<Services, "env" | "signingSecret">, a: { id: string; manageNonce: string; startsAt: Date }): string {
  return `${services.env.PUBLIC_APP_URL}/appointments/manage/${signManageToken(services.signingSecret, { appointmentId: a.id, nonce: a.manageNonce }, manageLinkExpiry(a.startsAt))}`;
}

async function loadForMail(services: Services, appointmentId: string) {
  return services.db.appointment.findUnique({ where: { id: appointmentId }, select: appointmentForMail });
}
type Loaded = NonNullable<Awaited<ReturnType<typeof loadForMail>>>;

function addressOf(b: Loaded["business"]): string | null {
  const line = [b.street, b.city, [b.state, b.zip].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  return line || null;
}

function mailAddress(mailFrom: string): string {
  return /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
}

/** The attachment and the e-mails for one recipient. */
async function composeFor(
  services: Services,
  a: Loaded,
  to: { role: "visitor" | "assignee"; name: string; email: string },
  method: "REQUEST" | "CANCEL",
  content: Omit<EmailContent, "brand" | "footer">,
  key: string,
): Promise<JobRequest<MailJob>> {
  const tz = safeTimeZone(a.business.timeZone);
  const brand = businessBrand(a.business, services.env.PUBLIC_APP_URL);
  const leadName = a.lead.name ?? "Visitor";
  const organizer = { name: a.business.emailSenderName || a.business.name, email: a.business.email || mailAddress(services.env.MAIL_FROM) };
  const attendees = [
    ...(a.lead.email ? [{ name: leadName, email: a.lead.email }] : []),
    ...(a.assignee?.email ? [{ name: a.assignee.displayName, email: a.assignee.email }] : []),
  ];
  if (to.role === "assignee" && method === "CANCEL" && !attendees.some((p) => p.email === to.email)) attendees.push({ name: to.name, email: to.email });
  const ics = appointmentIcs({
    uid: appointmentUid(a.id, services.env.PUBLIC_APP_URL),
    sequence: a.sequence,
    method,
    startsAt: a.startsAt,
    endsAt: a.endsAt,
    timeZone: tz,
    summary: `Walkthrough: ${a.business.name}${a.lead.company ? ` × ${a.lead.company}` : ""}`,
    description: `On-site walkthrough for a cleaning estimate with ${a.business.name}. ${formatVisit(a.startsAt, tz)}.`,
    location: addressOf(a.business),
    url: to.role === "visitor" && method === "REQUEST" ? manageUrl(services, a) : null,
    organizer,
    attendees,
    stamp: new Date(),
  });
  const unsubscribe = to.role === "visitor" ? unsubscribeUrl(unsubscribeSigner(services), { businessId: a.businessId, email: to.email }) : undefined;
  const reason =
    to.role === "visitor"
      ? `You get this e-mail because you booked a walkthrough with ${a.business.name}.`
      : `You get this e-mail because you take walkthrough visits for ${a.business.name} on LeadBroom.`;
  const rendered = await renderEmail({ ...content, brand, footer: { reason, ...(unsubscribe ? { unsubscribeUrl: unsubscribe } : {}) } });
  return mailJob(key, {
    businessId: a.businessId,
    kind: `appointment-${to.role}`,
    message: {
      to: to.email,
      ...rendered,
      ...(a.business.emailSenderName ? { fromName: a.business.emailSenderName } : {}),
      ...(a.business.emailReplyTo ? { replyTo: a.business.emailReplyTo } : {}),
      icalEvent: { method, filename: method === "CANCEL" ? "cancel.ics" : "invite.ics", content: ics },
    },
    ...(unsubscribe ? { unsubscribeUrl: unsubscribe } : {}),
  });
}

const HEADINGS = {
  booked: { visitor: "Your walkthrough is booked", assignee: "New walkthrough booked" },
  rescheduled: { visitor: "Your walkthrough has moved", assignee: "A walkthrough has moved" },
  reassigned: { visitor: "Your walkthrough is confirmed", assignee: "A walkthrough was assigned to you" },
  cancelled: { visitor: "Your walkthrough is cancelled", assignee: "A walkthrough was cancelled" },
} as const;

export function appointmentMailHandler(services: Services): JobHandler<AppointmentMailJob> {
  return {
    name: APPOINTMENT_MAIL_QUEUE,
    async run(data) {
      const a = await loadForMail(services, data.appointmentId);
      if (!a || a.sequence !== data.sequence) return; // deleted, or a newer change sends its own
      const tz = safeTimeZone(a.business.timeZone);
      const when = formatVisit(a.startsAt, tz);
      const method = data.change === "cancelled" ? "CANCEL" : "REQUEST";
      const leadName = a.lead.name ?? "a visitor";
      const base = `appointment-mail:${a.id}:${a.sequence}`;
      const jobs: JobRequest[] = [];
      if (a.lead.email) {
        const heading = HEADINGS[data.change].visitor;
        jobs.push(
          await composeFor(services, a, { role: "visitor", name: a.lead.name ?? "Visitor", email: a.lead.email }, method, {
            subject: `${heading}: ${when}`,
            heading,
            blocks: [
              { type: "text", text: method === "CANCEL" ? `Your walkthrough with ${a.business.name} on ${when} is cancelled.` : `${a.business.name} will visit for a walkthrough on ${when}.` },
              { type: "fields", rows: [["When", when], ...(a.assignee ? [["With", a.assignee.displayName] as [string, string]] : []), ...(addressOf(a.business) ? [] : [])] },
              ...(method === "REQUEST" ? [{ type: "button" as const, label: "Reschedule or cancel", url: manageUrl(services, a) }] : []),
              { type: "text", text: "The attached invitation adds it to your calendar.", muted: true },
            ],
          }, `${base}:visitor`),
        );
      }
      if (a.assignee?.email && (data.change !== "reassigned" || a.assignee.id !== data.previousAssigneeUserId)) {
        const heading = HEADINGS[data.change].assignee;
        jobs.push(
          await composeFor(services, a, { role: "assignee", name: a.assignee.displayName, email: a.assignee.email }, method, {
            subject: `${heading}: ${leadName}, ${when}`,
            heading,
            blocks: [
              { type: "fields", rows: [["When", when], ["Lead", leadName], ...(a.lead.company ? [["Company", a.lead.company] as [string, string]] : []), ...(a.lead.phone ? [["Phone", a.lead.phone] as [string, string]] : [])] },
              { type: "button", label: "Open the lead", url: `${services.env.PUBLIC_APP_URL}/app/leads/${a.lead.id}` },
            ],
          }, `${base}:assignee`),
        );
      }
      if (data.change === "reassigned" && data.previousAssigneeUserId && data.previousAssigneeUserId !== a.assignee?.id) {
        const previous = await services.db.user.findUnique({ where: { id: data.previousAssigneeUserId }, select: { displayName: true, email: true } });
        if (previous) {
          jobs.push(
            await composeFor(services, a, { role: "assignee", name: previous.displayName, email: previous.email }, "CANCEL", {
              subject: `A walkthrough was reassigned: ${leadName}, ${when}`,
              heading: "A walkthrough was reassigned",
              blocks: [{ type: "text", text: `The walkthrough with ${leadName} on ${when} is now ${a.assignee?.displayName ?? "someone else"}'s.` }],
            }, `${base}:previous-assignee`),
          );
        }
      }
      await services.jobs.enqueue(services.db, jobs);
    },
  };
}

export function appointmentReminderHandler(services: Services): JobHandler<AppointmentReminderJob> {
  return {
    name: APPOINTMENT_REMINDER_QUEUE,
    async run(data) {
      const a = await loadForMail(services, data.appointmentId);
      if (!a || a.sequence !== data.sequence || (a.status !== "booked" && a.status !== "rescheduled")) return;
      const when = formatVisit(a.startsAt, safeTimeZone(a.business.timeZone));
      const soon = data.before === "1h" ? "in an hour" : "tomorrow";
      const base = `appointment-reminder:${a.id}:${a.sequence}:${data.before}`;
      const jobs: JobRequest[] = [];
      if (a.lead.email) {
        jobs.push(
          await composeFor(services, a, { role: "visitor", name: a.lead.name ?? "Visitor", email: a.lead.email }, "REQUEST", {
            subject: `Reminder: your walkthrough with ${a.business.name} is ${soon}`,
            heading: `Your walkthrough is ${soon}`,
            blocks: [
              { type: "fields", rows: [["When", when], ...(a.assignee ? [["With", a.assignee.displayName] as [string, string]] : [])] },
              { type: "button", label: "Reschedule or cancel", url: manageUrl(services, a) },
            ],
          }, `${base}:visitor`),
        );
      }
      if (a.assignee?.email) {
        jobs.push(
          await composeFor(services, a, { role: "assignee", name: a.assignee.displayName, email: a.assignee.email }, "REQUEST", {
            subject: `Reminder: walkthrough with ${a.lead.name ?? "a visitor"} ${soon}`,
            heading: `Walkthrough ${soon}`,
            blocks: [
              { type: "fields", rows: [["When", when], ["Lead", a.lead.name ?? "Visitor"], ...(a.lead.phone ? [["Phone", a.lead.phone] as [string, string]] : [])] },
              { type: "button", label: "Open the lead", url: `${services.env.PUBLIC_APP_URL}/app/leads/${a.lead.id}` },
            ],
          }, `${base}:assignee`),
        );
      }
      await services.jobs.enqueue(services.db, jobs);
    },
  };
}
