// What a member may turn on for a device (DESIGN §20, issue 34) and the shape of what the browser sends
// when it subscribes: shared by the Settings → Notifications page and the server, which checks the same
// schemas again. Pure: no server imports, safe in the browser.
import { z } from "zod";

export const PUSH_EVENTS = [
  { id: "high-lead", label: "A new High lead", hint: "Scored High by the chatbot or added with a High score." },
  { id: "person-requested", label: "A visitor asks for a person", hint: "In a live chat on your website." },
  { id: "reminder-due", label: "A follow-up reminder is due", hint: "The reminders you set on leads." },
  { id: "visitor-waiting", label: "A visitor is waiting in a chat you joined", hint: "No reply from you a minute after their message." },
  { id: "appointment-booked", label: "A walkthrough is booked", hint: "Booked by a visitor in the chat or by your team." },
] as const;
export type PushEventId = (typeof PUSH_EVENTS)[number]["id"];
export const PUSH_EVENT_IDS = PUSH_EVENTS.map((e) => e.id) as [PushEventId, ...PushEventId[]];
/** A new device rings for everything until its member says otherwise. */
export const DEFAULT_PUSH_EVENTS: PushEventId[] = [...PUSH_EVENT_IDS];

export const PUSH_MESSAGES = {
  endpoint: "The browser's push address is not valid. Turn notifications off and on again.",
  keys: "The browser's push keys are not valid. Turn notifications off and on again.",
  quietHours: "Enter both times of the quiet hours (or neither), as HH:MM.",
  notFound: "That device is not one of yours.",
  unsupported: "This browser cannot show notifications from websites.",
  denied: "Notifications are blocked for this site. Allow them in the browser's site settings, then try again.",
} as const;

/** base64url text of exactly `bytes` bytes (what PushSubscription.toJSON() gives for its keys). */
const base64urlBytes = (bytes: number, message: string) =>
  z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, message)
    .refine((text) => decodedLength(text) === bytes, message);

function decodedLength(text: string): number {
  const body = text.replace(/=+$/, "");
  return Math.floor((body.length * 3) / 4);
}

/** PushSubscription.toJSON() of the browser, as posted by the page. */
export const subscriptionSchema = z.object({
  endpoint: z.string().trim().min(1, PUSH_MESSAGES.endpoint).max(1000, PUSH_MESSAGES.endpoint).url(PUSH_MESSAGES.endpoint),
  // An uncompressed P-256 point (65 bytes) and a 16-byte auth secret (RFC 8291).
  p256dh: base64urlBytes(65, PUSH_MESSAGES.keys),
  auth: base64urlBytes(16, PUSH_MESSAGES.keys),
});
export type SubscriptionInput = z.infer<typeof subscriptionSchema>;

const time = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, PUSH_MESSAGES.quietHours)
  .transform((text) => Number(text.slice(0, 2)) * 60 + Number(text.slice(3)));

/** The preferences form of one device: the events (checkboxes) and optional quiet hours. */
export const preferencesSchema = z
  .object({
    subscriptionId: z.string().trim().min(1).max(64),
    events: z.array(z.enum(PUSH_EVENT_IDS)).max(PUSH_EVENT_IDS.length).default([]),
    quietStart: time.optional(),
    quietEnd: time.optional(),
  })
  .refine((v) => (v.quietStart === undefined) === (v.quietEnd === undefined), { message: PUSH_MESSAGES.quietHours, path: ["quietStart"] });

/** Minutes after midnight → "HH:MM". */
export function clockText(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** Whether `minute` (after local midnight) falls in quiet hours that may span midnight (21:00–08:00). */
export function inQuietHours(minute: number, quietStart: number | null, quietEnd: number | null): boolean {
  if (quietStart === null || quietEnd === null || quietStart === quietEnd) return false;
  return quietStart < quietEnd ? minute >= quietStart && minute < quietEnd : minute >= quietStart || minute < quietEnd;
}

/** What a push carries to the lock screen: no e-mail or phone, a page of the workspace to open. */
export type PushPayload = { kind: PushEventId | "test"; title: string; body: string; url: string; tag: string };
