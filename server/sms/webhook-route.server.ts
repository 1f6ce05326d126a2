// The Twilio webhooks' resource routes (dashboard/app/routes/api.twilio.*.ts): the raw form body and
// X-Twilio-Signature handed to the SMS domain, its answer (TwiML, or a refusal) sent as is.
import type { AppLoadContext } from "@remix-run/node";
import { recordDeliveryStatus } from "./outbound.server.ts";
import { formParams, receiveSms, signedUrl, verifiedBusiness, type WebhookAnswer, type WebhookDeps } from "./inbound.server.ts";
import { receiveCall, receiveDialStatus } from "./voice.server.ts";

type Handler = (deps: WebhookDeps, args: { url: string; rawBody: string; signature: string | null }) => Promise<WebhookAnswer>;

/** POST /api/twilio/sms-status: Twilio's delivery status callback for an SMS we sent. */
const receiveStatus: Handler = async (deps, args) => {
  const params = formParams(args.rawBody);
  if (!(await verifiedBusiness(deps, { url: args.url, params, signature: args.signature, outbound: true }).then(Boolean)))
    return { status: 403, contentType: "text/plain", body: "Twilio signature refused." };
  if (params.MessageSid && params.MessageStatus) await recordDeliveryStatus(deps.db, { MessageSid: params.MessageSid, MessageStatus: params.MessageStatus, ErrorCode: params.ErrorCode ?? null });
  return { status: 204, contentType: "text/plain", body: "" };
};

export const TWILIO_WEBHOOKS = { sms: receiveSms, "sms-status": receiveStatus, voice: receiveCall, "voice-status": receiveDialStatus } satisfies Record<string, Handler>;

export async function twilioWebhookResponse(name: keyof typeof TWILIO_WEBHOOKS, request: Request, context: AppLoadContext): Promise<Response> {
  if (request.method !== "POST") return new Response("Method not allowed", { status: 405, headers: { "Content-Type": "text/plain" } });
  const { db, env, jobs, logger, webhooks } = context.services;
  const deps: WebhookDeps = { db, env, jobs, logger, box: webhooks.box, appUrl: env.PUBLIC_APP_URL };
  const answer = await TWILIO_WEBHOOKS[name](deps, {
    url: signedUrl(env.PUBLIC_APP_URL, request.url),
    rawBody: await request.text(),
    signature: request.headers.get("X-Twilio-Signature"),
  });
  return new Response(answer.status === 204 ? null : answer.body, { status: answer.status, headers: { "Content-Type": answer.contentType } });
}
