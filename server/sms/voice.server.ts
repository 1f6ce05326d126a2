// Missed-call text-back (DESIGN §19, decision 0068). A call to the business's Twilio number is
// forwarded to the owner's phone (TwiML <Dial> with a timeout); Twilio then calls the Dial's action
// with DialCallStatus. On no-answer, busy or failed (or when no forwarding number is set) the call is
// missed: a `voice.missed-call` job (once per CallSid) creates a lead with source `phone` and the call
// in its history, and texts the caller "Sorry we missed your call…"; their reply starts the
// qualification by SMS in a conversation that is linked to that lead (inbound.server.ts).
import { runCommand, type CommandContext } from "../events/command-context.server.ts";
import { createLead } from "../leads/commands.server.ts";
import type { JobHandler } from "../jobs/queue/job-queue.server.ts";
import { MISSED_CALL_QUEUE } from "../jobs/queue/queues.ts";
import { formatPhone } from "../shared/format/phone.ts";
import { missedCallText, normalizePhone } from "../shared/sms/sms-text.ts";
import { formParams, verifiedBusiness, type WebhookAnswer, type WebhookDeps } from "./inbound.server.ts";
import { queueSms } from "./outbound.server.ts";

export type MissedCallJob = { callId: string };

/** Seconds the owner's phone rings before the call counts as missed. */
export const DIAL_TIMEOUT_SECONDS = 20;
const MISSED = new Set(["no-answer", "busy", "failed"]);

const xml = (inner: string): WebhookAnswer => ({ status: 200, contentType: "text/xml", body: `<?xml version="1.0" encoding="UTF-8"?><Response>${inner}</Response>` });
const refused: WebhookAnswer = { status: 403, contentType: "text/plain", body: "Twilio signature refused." };
const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function missCall(deps: WebhookDeps, call: { id: string }) {
  await deps.db.$transaction(async (tx) => {
    const updated = await tx.phoneCall.updateMany({ where: { id: call.id, status: { in: ["ringing"] } }, data: { status: "no-answer" } });
    if (updated.count === 0) return;
    await deps.jobs.enqueue(tx, [{ name: MISSED_CALL_QUEUE, key: `missed-call:${call.id}`, data: { callId: call.id } satisfies MissedCallJob }]);
  });
  deps.jobs.wake(MISSED_CALL_QUEUE);
}

/** POST /api/twilio/voice: a call to the business's number. */
export async function receiveCall(deps: WebhookDeps, args: { url: string; rawBody: string; signature: string | null }): Promise<WebhookAnswer> {
  const params = formParams(args.rawBody);
  const found = await verifiedBusiness(deps, { url: args.url, params, signature: args.signature });
  if (!found) return refused;
  const from = normalizePhone(params.From);
  const callSid = params.CallSid;
  if (!callSid || !from) return { status: 400, contentType: "text/plain", body: "CallSid and From are required." };
  await deps.db.phoneCall.createMany({ data: [{ businessId: found.businessId, callSid, fromPhone: from, status: "ringing" }], skipDuplicates: true });
  const call = await deps.db.phoneCall.findUniqueOrThrow({ where: { callSid }, select: { id: true } });
  if (!found.account.forwardTo) {
    await missCall(deps, call);
    return xml("<Say>Sorry, we can't take your call right now. We'll text you in a moment.</Say><Hangup/>");
  }
  const action = escapeXml(`${deps.appUrl.replace(/\/$/, "")}/api/twilio/voice-status`);
  return xml(`<Dial timeout="${DIAL_TIMEOUT_SECONDS}" action="${action}" method="POST">${escapeXml(found.account.forwardTo)}</Dial>`);
}

/** POST /api/twilio/voice-status: the <Dial>'s outcome (DialCallStatus). */
export async function receiveDialStatus(deps: WebhookDeps, args: { url: string; rawBody: string; signature: string | null }): Promise<WebhookAnswer> {
  const params = formParams(args.rawBody);
  const found = await verifiedBusiness(deps, { url: args.url, params, signature: args.signature });
  if (!found) return refused;
  const call = params.CallSid ? await deps.db.phoneCall.findFirst({ where: { callSid: params.CallSid, businessId: found.businessId }, select: { id: true } }) : null;
  if (!call) return xml("<Hangup/>");
  const status = (params.DialCallStatus ?? "").toLowerCase();
  if (MISSED.has(status)) await missCall(deps, call);
  else await deps.db.phoneCall.updateMany({ where: { id: call.id, status: "ringing" }, data: { status: status === "completed" ? "answered" : status || "answered" } });
  return xml("<Hangup/>");
}

/** The missed call's lead (source `phone`, the call in its history) and the text-back. */
async function textBack(ctx: CommandContext, data: MissedCallJob): Promise<void> {
  const call = await ctx.db.phoneCall.findUnique({ where: { id: data.callId }, include: { business: { select: { name: true } } } });
  if (!call || call.leadId) return;
  const now = ctx.clock();
  const existing = await ctx.db.lead.findFirst({ where: { businessId: call.businessId, phone: call.fromPhone }, orderBy: { createdAt: "desc" }, select: { id: true } });
  let leadId = existing?.id ?? null;
  const history = { type: "call_missed", createdAt: now, data: { callSid: call.callSid, from: call.fromPhone, status: call.status } };
  if (!leadId) {
    const created = await createLead(
      ctx,
      { businessId: call.businessId, fields: { name: `Caller ${formatPhone(call.fromPhone) ?? call.fromPhone}`, phone: call.fromPhone } },
      {
        source: "phone",
        actorUserId: null,
        within: (tx, id) => tx.leadEvent.create({ data: { leadId: id, businessId: call.businessId, ...history, createdAt: new Date(now.getTime() + 1) } }).then(() => undefined),
      },
    );
    if (!created.ok) throw new Error(`the missed call's lead could not be created: ${created.error}`);
    leadId = created.value.leadId;
  } else {
    await ctx.db.leadEvent.create({ data: { leadId, businessId: call.businessId, ...history } });
  }
  await runCommand(ctx, "sms", async (tx) => {
    const claimed = await tx.phoneCall.updateMany({ where: { id: call.id, leadId: null }, data: { leadId } });
    if (claimed.count === 0) return;
    // Calling the business is asking to hear back: the text-back answers it (the caller can reply STOP).
    await tx.smsConsent.create({ data: { businessId: call.businessId, phone: call.fromPhone, wording: "Called the business's number (missed-call text-back)", createdAt: now } });
    await queueSms(ctx.jobs, tx, { businessId: call.businessId, key: `missed-call:${call.id}`, kind: "missed-call", to: call.fromPhone, body: missedCallText(call.business.name) });
  });
}

export function missedCallJobHandler(ctx: CommandContext): JobHandler<MissedCallJob> {
  return { name: MISSED_CALL_QUEUE, run: (data) => textBack(ctx, data) };
}


