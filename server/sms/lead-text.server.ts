// The lead page's "Text" action (DESIGN §19, decision 0068): a member texts the lead's phone. The SMS
// is a job like every SMS (consent, STOP, sandbox and the allowance are checked when it is sent), and
// the lead's history records it. In the lead's conversation it is an agent message when the member
// has joined it (the takeover rules); otherwise the history alone keeps it.
import { randomUUID } from "node:crypto";
import type { Db } from "../db/client.server.ts";
import type { JobQueue } from "../jobs/queue/job-queue.server.ts";
import { SMS_SEND_QUEUE } from "../jobs/queue/queues.ts";
import { refuse } from "../shared/forms/action-result.ts";
import { leadTextSchema } from "../shared/sms/twilio-input.ts";
import { normalizePhone } from "../shared/sms/sms-text.ts";
import { LEAD_NOT_FOUND, type LeadResult } from "../leads/result.ts";
import { queueSms } from "./outbound.server.ts";

export async function textLead(
  deps: { db: Db; jobs: JobQueue },
  args: { businessId: string; leadId: string; actorUserId: string; input: unknown; now?: Date },
): Promise<LeadResult<{ smsId: string }>> {
  const parsed = leadTextSchema.safeParse(args.input);
  if (!parsed.success) return refuse("invalid", parsed.error.issues[0]?.message ?? "Write the text message");
  const lead = await deps.db.lead.findFirst({ where: { id: args.leadId, businessId: args.businessId }, select: { id: true, phone: true, conversationId: true } });
  if (!lead) return refuse("not_found", LEAD_NOT_FOUND);
  const phone = normalizePhone(lead.phone);
  if (!phone) return refuse("invalid", "This lead has no mobile number to text");
  const now = args.now ?? new Date();
  const smsId = await deps.db.$transaction(async (tx) => {
    const id = await queueSms(deps.jobs, tx, {
      businessId: args.businessId,
      key: `lead-text:${randomUUID()}`,
      kind: "agent",
      to: phone,
      body: parsed.data.text,
      ...(lead.conversationId ? { conversationId: lead.conversationId } : {}),
    });
    await tx.leadEvent.create({
      data: { leadId: lead.id, businessId: args.businessId, type: "sms_sent", actorUserId: args.actorUserId, createdAt: now, data: { text: parsed.data.text, to: phone, smsId: id } },
    });
    return id;
  });
  deps.jobs.wake(SMS_SEND_QUEUE);
  return { ok: true, value: { smsId } };
}
