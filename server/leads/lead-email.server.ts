// Send Quote / Send Info: an e-mail to the lead, recorded in the history. The history event and the
// e-mail's job are written in one transaction (DESIGN §10); the job layer sends it once and retries a
// failure, and Settings > Email Settings shows whether it went out.
import { randomUUID } from "node:crypto";
import type { Db } from "../db/client.server.ts";
import type { JobQueue } from "../jobs/queue/job-queue.server.ts";
import { enqueueMail } from "../mail/mail-jobs.server.ts";
import { findLeadInBusiness } from "./lead-access.server.ts";
import { validateEmail } from "./lead-input.ts";
import { fail, notFound, type LeadResult } from "./result.ts";

export async function sendLeadEmail(
  deps: { db: Db; jobs: JobQueue },
  args: { businessId: string; leadId: string; actorUserId: string; input: unknown; now?: Date },
): Promise<LeadResult<{ to: string }>> {
  const { db } = deps;
  const lead = await findLeadInBusiness(db, args.businessId, args.leadId);
  if (!lead) return notFound();
  const checked = validateEmail(args.input);
  if (!checked.ok) return fail("invalid", checked.error);
  if (!lead.email) return fail("invalid", "This lead has no email address");
  // Sent on the business's behalf: its sender name and reply-to (Settings > Email Settings) when set.
  const sender = await db.business.findUnique({
    where: { id: args.businessId },
    select: { emailSenderName: true, emailReplyTo: true },
  });
  const to = lead.email;
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
          message: {
            to,
            subject: checked.value.subject,
            text: checked.value.body,
            ...(sender?.emailSenderName ? { fromName: sender.emailSenderName } : {}),
            ...(sender?.emailReplyTo ? { replyTo: sender.emailReplyTo } : {}),
          },
        },
      },
    ]);
  });
  return { ok: true, value: { to: lead.email } };
}
