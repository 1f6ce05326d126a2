// Settings → SMS & calls (DESIGN §19, decision 0068): the page's data (the connection without its
// secret, whether the platform's account stands in, this month's SMS against the allowance, the latest
// SMS with their delivery status) and its actions: connect or replace Twilio, disconnect, and send a
// test SMS (queued as a job like every SMS). Owners only: the route calls requireOwner first.
import { randomUUID } from "node:crypto";
import { data, type AppLoadContext } from "@remix-run/node";
import type { Workspace } from "../businesses/workspace.server.ts";
import { failure, parseFormData, success, type ActionResult } from "../shared/forms/action-result.ts";
import { testSmsSchema, twilioConnectionSchema } from "../shared/sms/twilio-input.ts";
import { DEFAULT_CONSENT_TEXT } from "../shared/sms/sms-text.ts";
import { smsUsage } from "../automations/sms-allowance.server.ts";
import { removeTwilioConnection, saveTwilioConnection, twilioConnectionView, type TwilioConnectionView } from "./connection.server.ts";
import { queueSms } from "./outbound.server.ts";
import { SMS_SEND_QUEUE } from "../jobs/queue/queues.ts";

export type SmsLogRow = { id: string; direction: string; kind: string; phone: string; body: string; status: string; error: string | null; createdAt: string };

export type SmsSettingsData = {
  connection: TwilioConnectionView;
  platformFallback: boolean;
  defaultConsentText: string;
  usage: { used: number; allowance: number };
  recent: SmsLogRow[];
  webhookBase: string;
  sandbox: boolean;
};

export type SmsSettingsActionResult = { intent: string } & ActionResult;

export const SMS_SETTINGS_MESSAGES = {
  saved: "Twilio is connected. Set your number's webhooks to the addresses below.",
  removed: "Twilio is disconnected.",
  testQueued: "Test SMS queued. Its status appears in the list below.",
  notConnected: "Connect Twilio first (or ask your operator to set TWILIO_*).",
} as const;

export async function loadSmsSettings(context: AppLoadContext, workspace: Workspace): Promise<SmsSettingsData> {
  const { db, env } = context.services;
  const businessId = workspace.business.id;
  const [connection, usage, recent] = await Promise.all([
    twilioConnectionView(db, businessId),
    smsUsage(db, businessId),
    db.smsMessage.findMany({ where: { businessId }, orderBy: { createdAt: "desc" }, take: 10 }),
  ]);
  return {
    connection,
    platformFallback: Boolean(env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM_NUMBER),
    defaultConsentText: DEFAULT_CONSENT_TEXT,
    usage,
    recent: recent.map((r) => ({
      id: r.id,
      direction: r.direction,
      kind: r.kind,
      phone: r.direction === "inbound" ? r.fromPhone : r.toPhone,
      body: r.body,
      status: r.status,
      error: r.error,
      createdAt: r.createdAt.toISOString(),
    })),
    webhookBase: `${env.PUBLIC_APP_URL.replace(/\/$/, "")}/api/twilio`,
    sandbox: workspace.business.sandboxExpiresAt !== null,
  };
}

const reply = (intent: string, result: ActionResult, status = 200) => data<SmsSettingsActionResult>({ intent, ...result }, { status });

export async function handleSmsSettingsAction({ request, context, workspace }: { request: Request; context: AppLoadContext; workspace: Workspace }) {
  const { db, jobs, webhooks, env, smsAvailability } = context.services;
  const businessId = workspace.business.id;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  switch (intent) {
    case "twilio-save": {
      const parsed = parseFormData(form, twilioConnectionSchema);
      if (!parsed.ok) return reply(intent, parsed, 400);
      await saveTwilioConnection({ db, box: webhooks.box }, businessId, parsed.value);
      smsAvailability.forget(businessId);
      return reply(intent, success(undefined, SMS_SETTINGS_MESSAGES.saved));
    }
    case "twilio-remove": {
      await removeTwilioConnection(db, businessId);
      smsAvailability.forget(businessId);
      return reply(intent, success(undefined, SMS_SETTINGS_MESSAGES.removed));
    }
    case "twilio-test": {
      const parsed = parseFormData(form, testSmsSchema);
      if (!parsed.ok) return reply(intent, parsed, 400);
      const connected = (await twilioConnectionView(db, businessId)) !== null || Boolean(env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM_NUMBER);
      if (!connected) return reply(intent, failure(SMS_SETTINGS_MESSAGES.notConnected), 409);
      await queueSms(jobs, db, {
        businessId,
        key: `test:${randomUUID()}`,
        kind: "test",
        to: parsed.value.to,
        body: `${workspace.business.name}: this is a test SMS from LeadBroom. Two-way SMS is working.`,
      });
      jobs.wake(SMS_SEND_QUEUE);
      return reply(intent, success(undefined, SMS_SETTINGS_MESSAGES.testQueued));
    }
    default:
      return reply(intent, failure("Unknown action."), 400);
  }
}
