// What an owner (or a REST-hook subscriber) may ask for: the events an endpoint can receive and the
// form's schema. Pure: shared by the Settings form (in the browser), its action and the REST API.
import { z } from "zod";

export const WEBHOOK_EVENTS = ["lead.created", "lead.updated", "conversation.ended", "automation.run.failed", "appointment.booked", "appointment.rescheduled", "appointment.cancelled"] as const;
export type WebhookEventName = (typeof WEBHOOK_EVENTS)[number];
/** The Send test event button's event: delivered to one endpoint only, whatever it subscribes to. */
export const TEST_EVENT = "webhook.test";

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventName, { label: string; description: string }> = {
  "lead.created": { label: "Lead created", description: "A new lead from the chatbot, the workspace or the API." },
  "lead.updated": { label: "Lead updated", description: "A lead's status changed or a note was added." },
  "conversation.ended": { label: "Conversation ended", description: "The chatbot finished qualifying a visitor, with the transcript." },
  "automation.run.failed": { label: "Automation failed", description: "An automation step could not be sent." },
  "appointment.booked": { label: "Walkthrough booked", description: "A visitor or a member booked a walkthrough visit." },
  "appointment.rescheduled": { label: "Walkthrough moved", description: "A walkthrough moved to another time or member." },
  "appointment.cancelled": { label: "Walkthrough cancelled", description: "A walkthrough was cancelled." },
};

export const WEBHOOK_URL_MAX = 500;

/** Endpoints per business (Settings and REST hooks together). */
export const MAX_WEBHOOK_ENDPOINTS = 20;

export const WEBHOOK_MESSAGES = {
  urlRequired: "Enter the endpoint's URL.",
  invalidUrl: "Enter a valid URL, such as https://example.com/webhooks/leadbroom.",
  eventsRequired: "Choose at least one event.",
  unknownEvent: "Unknown event. Choose from lead.created, lead.updated, conversation.ended, automation.run.failed, appointment.booked, appointment.rescheduled and appointment.cancelled.",
  created: "Endpoint added. Copy its signing secret now: it will not be shown again.",
  deleted: "Endpoint deleted.",
  enabled: "Endpoint enabled.",
  disabled: "Endpoint disabled. Nothing is sent to it until you enable it again.",
  rotated: "New signing secret created. Copy it now: it will not be shown again. The old one stops working at once.",
  testQueued: "Test event queued. It appears in the delivery log in a few seconds.",
  redelivered: "Redelivery queued. It appears in the delivery log in a few seconds.",
  notFound: "Endpoint not found.",
  deliveryNotFound: "Delivery not found.",
  tooMany: `You have ${MAX_WEBHOOK_ENDPOINTS} endpoints, the most allowed. Delete one you no longer use to add another.`,
  endpointDisabled: "This endpoint is disabled. Enable it first.",
  failingDisabled: "Disabled by LeadBroom: every delivery failed for 3 days. Check the receiver, then enable it again.",
} as const;

function isHttpUrl(value: string): boolean {
  try {
    return /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
}

export const webhookEventSchema = z.enum(WEBHOOK_EVENTS, { message: WEBHOOK_MESSAGES.unknownEvent });

export const createEndpointSchema = z.object({
  url: z
    .string({ error: WEBHOOK_MESSAGES.urlRequired })
    .trim()
    .min(1, WEBHOOK_MESSAGES.urlRequired)
    .max(WEBHOOK_URL_MAX, "The URL must be at most 500 characters.")
    // The shape only (also checked in the browser); https and the address are checked on the server.
    .refine(isHttpUrl, WEBHOOK_MESSAGES.invalidUrl),
  events: z.array(webhookEventSchema, { error: WEBHOOK_MESSAGES.eventsRequired }).min(1, WEBHOOK_MESSAGES.eventsRequired).transform((events) => [...new Set(events)]),
});
export type CreateEndpointInput = z.infer<typeof createEndpointSchema>;

export const endpointIdSchema = z.object({ endpointId: z.string().trim().min(1).max(64) });
export const deliveryIdSchema = z.object({ deliveryId: z.string().trim().min(1).max(64) });
