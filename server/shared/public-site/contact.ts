// The public contact form (spec §3 Contact message, §4, §5, §8): one Zod schema shared by the page
// and the /api/contact route. Pure: no server imports.
import { z } from "zod";
import { parseWith, requiredFirst, type ActionResult, type Parsed } from "../forms/action-result.ts";

export const CONTACT_REQUIRED = "Please fill in all required fields";
export const CONTACT_FAILED = "There was an error submitting your message. Please try again.";
export const CONTACT_SENT = "Thank you for your message! We'll get back to you within 24 hours.";
export const CONTACT_RATE_LIMITED = "You have sent several messages in a short time. Please try again later.";
/** Spec §9: the success message shows for 3 seconds, then the fields clear. */
export const CONTACT_SUCCESS_MS = 3000;

const required = (max: number) => z.string({ error: CONTACT_REQUIRED }).trim().min(1, CONTACT_REQUIRED).max(max, `Please keep this field under ${max} characters.`);

export const contactSchema = z.object({
  name: required(120),
  email: required(254).pipe(z.email("Please enter a valid email address.")),
  phone: z
    .string()
    .trim()
    .max(40, "Please keep the phone number under 40 characters.")
    .optional()
    .transform((v) => (v ? v : undefined)),
  company: required(160),
  message: required(5000),
});

export type ContactInput = z.output<typeof contactSchema>;
export type ContactField = keyof z.input<typeof contactSchema>;
/** What /api/contact answers: the one action result shape (decision 0032). */
export type ContactResult = ActionResult<undefined, ContactField>;

/** Validates the posted fields; the first message per field, and the summary the spec asks for. */
export const contactSummary = requiredFirst(CONTACT_REQUIRED);

export function parseContact(input: unknown): Parsed<ContactInput, ContactField> {
  return parseWith<typeof contactSchema, ContactField>(contactSchema, input, contactSummary);
}
