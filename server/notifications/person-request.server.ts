// A visitor asked to talk to a person (live takeover, DESIGN §14): the team is told in the workspace (a
// "person-requested" notification, pushed live) and by e-mail to the owners through the job layer: the
// notification and the `conversation.person_requested` event are written in one transaction, and the
// event's subscriber returns the e-mail jobs, keyed per conversation, request and owner.
import type { Db } from "../db/client.server.ts";
import { emitEvents } from "../events/emit-events.server.ts";
import type { JobQueue } from "../jobs/queue/job-queue.server.ts";
import type { MailJob } from "../mail/mail-jobs.server.ts";
import { renderEmail } from "../mail/templates/render-email.tsx";
import { businessBrand, personRequestedEmail } from "../mail/templates/templates.ts";
import type { WorkspaceNotification } from "../realtime/protocol.ts";
import { owners } from "./lead-alert-email.server.ts";

export function personRequestedText(who: string | null, online: boolean): string {
  const visitor = who ? `${who} (a website visitor)` : "A website visitor";
  return `${visitor} asked to talk to a person${online ? "" : " while nobody was online"}`;
}

/** Stores the notification and the event that e-mails the owners; returns the notification to push. */
export async function recordPersonRequest(
  deps: { db: Db; jobs: JobQueue },
  input: { businessId: string; conversationId: string; messageId: string; online: boolean; now: Date },
): Promise<WorkspaceNotification> {
  return deps.db.$transaction(async (tx) => {
    const lead = await tx.lead.findFirst({
      where: { conversationId: input.conversationId, businessId: input.businessId },
      select: { id: true, name: true, company: true },
    });
    const row = await tx.notification.create({
      data: {
        businessId: input.businessId,
        type: "person-requested",
        text: personRequestedText(lead?.name ?? lead?.company ?? null, input.online),
        leadId: lead?.id ?? null,
        createdAt: input.now,
      },
      select: { id: true, text: true, createdAt: true },
    });
    await emitEvents(deps.jobs, tx, [
      { type: "conversation.person_requested", businessId: input.businessId, conversationId: input.conversationId, messageId: input.messageId },
    ]);
    return {
      id: row.id,
      type: "person-requested" as const,
      text: row.text,
      ...(lead ? { leadId: lead.id } : {}),
      createdAt: row.createdAt.toISOString(),
    };
  });
}

/** The event's subscriber: one e-mail per owner with a link to the live conversation. */
export async function personRequestedMails(
  deps: { db: Db; appUrl: string },
  event: { businessId: string; conversationId: string; messageId: string },
): Promise<{ key: string; mail: MailJob }[]> {
  const conversation = await deps.db.conversation.findFirst({
    where: { id: event.conversationId, businessId: event.businessId },
    select: {
      business: { select: { name: true, logoPath: true, street: true, city: true, state: true, zip: true } },
      messages: { where: { id: event.messageId }, select: { text: true } },
      lead: { select: { name: true, company: true } },
    },
  });
  if (!conversation) return [];
  const who = conversation.lead?.name ?? conversation.lead?.company ?? null;
  const rendered = await renderEmail(
    personRequestedEmail({
      brand: businessBrand(conversation.business, deps.appUrl),
      headline: personRequestedText(who, false).replace(" while nobody was online", ""),
      quote: conversation.messages[0]?.text ?? "",
      conversationUrl: `${deps.appUrl}/app/conversations/${event.conversationId}`,
    }),
  );
  return (await owners(deps.db, event.businessId)).map((owner) => ({
    key: `person-requested:${event.messageId}:${owner.userId}`,
    mail: { businessId: event.businessId, kind: "person-requested", message: { to: owner.email, ...rendered } },
  }));
}
