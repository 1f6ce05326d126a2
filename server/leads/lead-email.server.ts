// Send Quote / Send Info: an e-mail to the lead, recorded in the history. The history event and the
// e-mail's job are written in one transaction (DESIGN §10); the job layer sends it once and retries a
// failure, and Settings > Email Settings shows whether it went out.
import { randomUUID } from "node:crypto";
import type { Db } from "../db/client.server.ts";
import type { JobQueue } from "../jobs/queue/job-queue.server.ts";
import { enqueueMail } from "../mail/mail-jobs.server.ts";
import { emitEvents } from "../events/emit-events.server.ts";
import { renderEmail } from "../mail/templates/render-email.tsx";
import { businessBrand, leadMessageEmail } from "../mail/templates/templates.ts";
import { unsubscribedAt, unsubscribeUrl, type UnsubscribeSigner } from "../mail/unsubscribe.server.ts";
import { findLeadInBusiness } from "./lead-access.server.ts";
import { validateEmail } from "../shared/leads/lead-input.ts";
import { fail, notFound, type LeadResult } from "./result.ts";

export const UNSUBSCRIBED_LEAD_MESSAGE = "This lead unsubscribed from your emails, so the email was not sent.";

export async function sendLeadEmail(
  deps: { db: Db; jobs: JobQueue; unsubscribe: UnsubscribeSigner },
  args: { businessId: string; leadId: string; actorUserId: string; input: unknown; now?: Date },
): Promise<LeadResult<{ to: string }>> {
  const { db } = deps;
  const lead = await findLeadInBusiness(db, args.businessId, args.leadId);
  if (!lead) return notFound();
  const checked = validateEmail(args.input);
  if (!checked.ok) return fail("invalid", checked.error);
  if (!lead.email) return fail("invalid", "This lead has no email address");
  // Said here so the owner knows at once; the delivery path is what enforces the suppression list
  // (an unsubscribe that arrives after this check still stops the e-mail, recorded as skipped).
  if (await unsubscribedAt(db, args.businessId, lead.email)) return fail("invalid", UNSUBSCRIBED_LEAD_MESSAGE);
  // Sent on the business's behalf: its sender name and reply-to (Settings > Email Settings) when set.
  const sender = await db.business.findUnique({
    where: { id: args.businessId },
    select: { name: true, logoPath: true, street: true, city: true, state: true, zip: true, emailSenderName: true, emailReplyTo: true },
  });
  if (!sender) return notFound();
  const to = lead.email;
  // An e-mail to a lead: under the business's brand, with a signed unsubscribe link (the delivery
  // checks the business's suppression list and adds the List-Unsubscribe headers).
  const unsubscribe = unsubscribeUrl(deps.unsubscribe, { businessId: args.businessId, email: to });
  const rendered = await renderEmail(
    leadMessageEmail({
      brand: businessBrand(sender, deps.unsubscribe.appUrl),
      subject: checked.value.subject,
      body: checked.value.body,
      unsubscribeUrl: unsubscribe,
    }),
  );
  await db.$transaction(async (tx) => {
    const event = await tx.leadEvent.create({
      data: {
        leadId: lead.id,
        businessId: args.businessId,
        type: "email_sent",
        actorUserId: args.actorUserId,
        createdAt: args.now ?? new Date(),
        data: { kind: checked.value.kind, to, subject: checked.value.subject, body: checked.value.body },
      },
      select: { id: true },
    });
    await enqueueMail(deps.jobs, tx, [
      {
        key: `lead-email:${event.id}:${randomUUID()}`,
        mail: {
          businessId: args.businessId,
          kind: `lead-${checked.value.kind}`,
          unsubscribeUrl: unsubscribe,
          message: {
            to,
            ...rendered,
            fromName: sender.emailSenderName ?? sender.name,
            ...(sender.emailReplyTo ? { replyTo: sender.emailReplyTo } : {}),
          },
        },
      },
    ]);
    // A reply from the team: the lead's pending automation steps stop.
    await emitEvents(deps.jobs, tx, [{ type: "lead.team_replied", businessId: args.businessId, leadId: lead.id, replyId: event.id }]);
  });
  return { ok: true, value: { to: lead.email } };
}
