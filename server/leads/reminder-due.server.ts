// Follow-up reminders falling due (DESIGN §10 `reminder.due`): a scheduled tick (every minute) tells
// the team about each open reminder whose time has come, at that time rather than on the next page
// view. Per reminder, in one transaction: it is claimed (notifiedAt), the in-app "follow-up"
// notification is stored and the `reminder.due` event is written, whose subscriber e-mails the owners
// when "Email me when a follow-up is due" is on. Snoozing clears the claim, so it is told again.
import type { Db } from "../db/client.server.ts";
import { emitEvents } from "../events/emit-events.server.ts";
import type { JobQueue } from "../jobs/queue/job-queue.server.ts";
import type { MailJob } from "../mail/mail-jobs.server.ts";
import { renderEmail } from "../mail/templates/render-email.tsx";
import { businessBrand, reminderDueEmail } from "../mail/templates/templates.ts";
import type { WorkspaceNotification } from "../realtime/protocol.ts";
import { owners } from "../notifications/lead-alert-email.server.ts";

/** Reminders overdue by more than this when first seen (e.g. after a long outage) are not announced. */
const STALE_AFTER_MS = 7 * 24 * 3_600_000;
const BATCH = 200;

export type DueNotification = { businessId: string; notification: WorkspaceNotification };

export function followUpText(note: string, leadName: string | null): string {
  return `Follow-up due${leadName ? ` for ${leadName}` : ""}: ${note}`;
}

/** Tells the team about every reminder due at `now`; returns the notifications stored (to push live). */
export async function notifyDueReminders(deps: { db: Db; jobs: JobQueue }, now = new Date()): Promise<DueNotification[]> {
  const { db } = deps;
  const due = await db.reminder.findMany({
    where: {
      completedAt: null,
      notifiedAt: null,
      dueAt: { lte: now, gt: new Date(now.getTime() - STALE_AFTER_MS) },
      // A lead that is Won or Lost needs no follow-up.
      lead: { status: { notIn: ["won", "lost"] } },
      // A demo sandbox seeded ahead and not yet given to anyone (decision 0046) is told nothing.
      business: { sandboxPreparedAt: null },
    },
    orderBy: { dueAt: "asc" },
    take: BATCH,
    select: { id: true, businessId: true, leadId: true, note: true, dueAt: true, lead: { select: { name: true, company: true } } },
  });
  const stored: DueNotification[] = [];
  for (const reminder of due) {
    const notification = await db.$transaction(async (tx) => {
      const claim = await tx.reminder.updateMany({
        where: { id: reminder.id, completedAt: null, notifiedAt: null, dueAt: reminder.dueAt },
        data: { notifiedAt: now },
      });
      if (claim.count !== 1) return null;
      const row = await tx.notification.create({
        data: {
          businessId: reminder.businessId,
          type: "follow-up",
          text: followUpText(reminder.note, reminder.lead.name ?? reminder.lead.company),
          leadId: reminder.leadId,
          createdAt: now,
        },
        select: { id: true, text: true, createdAt: true },
      });
      await emitEvents(deps.jobs, tx, [
        { type: "reminder.due", businessId: reminder.businessId, reminderId: reminder.id, leadId: reminder.leadId, dueAt: reminder.dueAt.toISOString() },
      ]);
      return row;
    });
    if (!notification) continue;
    stored.push({
      businessId: reminder.businessId,
      notification: {
        id: notification.id,
        type: "follow-up",
        text: notification.text,
        leadId: reminder.leadId,
        createdAt: notification.createdAt.toISOString(),
      },
    });
  }
  return stored;
}

/** The `reminder.due` subscriber: one e-mail per owner, when the business wants them. */
export async function reminderDueMails(
  deps: { db: Db; appUrl: string },
  event: { businessId: string; reminderId: string; leadId: string; dueAt: string },
): Promise<{ key: string; mail: MailJob }[]> {
  const reminder = await deps.db.reminder.findFirst({
    where: { id: event.reminderId, businessId: event.businessId, completedAt: null },
    select: {
      note: true,
      lead: { select: { id: true, name: true, company: true } },
      business: { select: { name: true, logoPath: true, street: true, city: true, state: true, zip: true, notifyReminderEmail: true, isDemo: true } },
    },
  });
  // The demo business and its sandboxes have sample reminders, seeded at start-up: they e-mail nobody
  // (issue 32: four "Follow-up due" e-mails went to demo@leadbroom.test); the in-app notification stays.
  if (!reminder || !reminder.business.notifyReminderEmail || reminder.business.isDemo) return [];
  const who = reminder.lead.name ?? reminder.lead.company;
  const rendered = await renderEmail(
    reminderDueEmail({
      brand: businessBrand(reminder.business, deps.appUrl),
      text: followUpText(reminder.note, who),
      leadUrl: `${deps.appUrl}/app/leads/${reminder.lead.id}`,
    }),
  );
  return (await owners(deps.db, event.businessId)).map((owner) => ({
    key: `reminder-due:${event.reminderId}:${event.dueAt}:${owner.userId}`,
    mail: { businessId: event.businessId, kind: "reminder-due", message: { to: owner.email, ...rendered } },
  }));
}
