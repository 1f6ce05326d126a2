// Send Quote / Send Info: an e-mail to the lead through the app's mailer, recorded in the history.
import type { Db } from "../db/client.server.ts";
import type { Mailer } from "../mail/mailer.server.ts";
import { findLeadInBusiness } from "./lead-access.server.ts";
import { validateEmail } from "./lead-input.ts";
import { fail, notFound, type LeadResult } from "./result.ts";

export async function sendLeadEmail(
  deps: { db: Db; mailer: Mailer; logger?: Pick<Console, "error"> },
  args: { businessId: string; leadId: string; actorUserId: string; input: unknown; now?: Date },
): Promise<LeadResult<{ to: string }>> {
  const { db, mailer } = deps;
  const lead = await findLeadInBusiness(db, args.businessId, args.leadId);
  if (!lead) return notFound();
  const checked = validateEmail(args.input);
  if (!checked.ok) return fail(400, checked.error);
  if (!lead.email) return fail(400, "This lead has no email address");
  // Sent on the business's behalf: its sender name and reply-to (Settings > Email Settings) when set.
  const sender = await db.business.findUnique({
    where: { id: args.businessId },
    select: { emailSenderName: true, emailReplyTo: true },
  });
  try {
    await mailer.send({
      to: lead.email,
      subject: checked.value.subject,
      text: checked.value.body,
      ...(sender?.emailSenderName ? { fromName: sender.emailSenderName } : {}),
      ...(sender?.emailReplyTo ? { replyTo: sender.emailReplyTo } : {}),
    });
  } catch (error) {
    deps.logger?.error("[leads] e-mail to lead failed", error);
    return fail(502, "The email could not be sent. Please try again.");
  }
  await db.leadEvent.create({
    data: {
      leadId: lead.id,
      businessId: args.businessId,
      type: "email_sent",
      actorUserId: args.actorUserId,
      createdAt: args.now ?? new Date(),
      data: { kind: checked.value.kind, to: lead.email, subject: checked.value.subject, body: checked.value.body },
    },
  });
  return { ok: true, value: { to: lead.email } };
}
