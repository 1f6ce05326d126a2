// POST /api/twilio/voice-status: Twilio's webhook, verified by X-Twilio-Signature (server/sms/webhook-route.server.ts).
import type { ActionFunctionArgs } from "@remix-run/node";
import { twilioWebhookResponse } from "#server/sms/webhook-route.server.ts";

export const action = ({ request, context }: ActionFunctionArgs) => twilioWebhookResponse("voice-status", request, context);
export const loader = ({ request, context }: ActionFunctionArgs) => twilioWebhookResponse("voice-status", request, context);
