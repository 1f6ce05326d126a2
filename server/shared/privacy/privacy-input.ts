// Settings → Data & privacy (issue 35 item 2, decision 0074): the forms' schemas, shared by the page
// (Conform, in the browser) and the route's action (parseFormData). Pure.
import { z } from "zod";
import { isValidEmail, normalizeEmail } from "../auth/validation.ts";
import { normalizePhone } from "../format/phone.ts";

/** Months of transcripts a business may keep; "" = keep them. */
export const RETENTION_CHOICES = [3, 6, 12, 24, 36] as const;
/** Days between the owner's deletion request and the purge. */
export const DELETION_GRACE_DAYS = 30;
/** Hours a finished export may be downloaded. */
export const EXPORT_LINK_HOURS = 24;

export const PRIVACY_MESSAGES = {
  personRequired: "Enter the person's e-mail address or phone number",
  personInvalid: "Enter a valid e-mail address or phone number",
  noMatch: "Nothing in your business matches this e-mail address or phone number.",
  retentionInvalid: "Choose how long to keep transcripts",
  confirmName: "Type your business's name exactly to confirm",
  exportPending: "An export is already being prepared.",
} as const;

/** An e-mail address (lower-cased) or a phone number (normalised as stored): who to look for. */
export type PersonQuery = { kind: "email"; email: string } | { kind: "phone"; phone: string };

export function parsePersonQuery(raw: string): PersonQuery | null {
  const text = raw.trim();
  if (text.includes("@")) {
    return isValidEmail(text) ? { kind: "email", email: normalizeEmail(text) } : null;
  }
  const phone = normalizePhone(text);
  return phone ? { kind: "phone", phone } : null;
}

const person = z
  .string({ error: PRIVACY_MESSAGES.personRequired })
  .trim()
  .min(1, PRIVACY_MESSAGES.personRequired)
  .max(200, PRIVACY_MESSAGES.personInvalid)
  .refine((value) => parsePersonQuery(value) !== null, PRIVACY_MESSAGES.personInvalid);

export const personSearchSchema = z.object({ person });
export const personEraseSchema = z.object({ person });

/** "Keep transcripts" is the empty choice, which a form sends as a missing field. */
export const retentionSchema = z.object({
  months: z
    .string({ error: PRIVACY_MESSAGES.retentionInvalid })
    .optional()
    .refine((value) => !value || (RETENTION_CHOICES as readonly number[]).includes(Number(value)), PRIVACY_MESSAGES.retentionInvalid),
});

export const deleteBusinessSchema = z.object({
  confirmName: z.string({ error: PRIVACY_MESSAGES.confirmName }).trim().min(1, PRIVACY_MESSAGES.confirmName),
});
