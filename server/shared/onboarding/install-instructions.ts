// The "send the instructions to your web person" e-mail of the installation step: the form's rules.
// Pure (the Installation tab validates with the same rules).
import { z } from "zod";
import { isValidEmail, LIMITS, normalizeEmail } from "../auth/validation.ts";
import { parseWith } from "../forms/action-result.ts";

export const INSTRUCTIONS_NOTE_MAX = 1000;

export type InstallInstructionsInput = { to: string; note: string | null };

const TO_REQUIRED = "Please enter your web person's email address";

/** The form's schema (Conform in the browser; the same rules on the server). */
export const installInstructionsSchema = z.object({
  to: z
    .string({ error: TO_REQUIRED })
    .trim()
    .min(1, TO_REQUIRED)
    .refine((to) => to.length <= LIMITS.email && isValidEmail(to), "Invalid email address")
    .transform(normalizeEmail),
  note: z
    .string()
    .trim()
    .max(INSTRUCTIONS_NOTE_MAX, `Notes are limited to ${INSTRUCTIONS_NOTE_MAX.toLocaleString("en-US")} characters`)
    .optional()
    .transform((note): string | null => note || null),
});

export function validateInstallInstructions(
  input: unknown,
): { ok: true; value: InstallInstructionsInput } | { ok: false; error: string; fields: { to?: string; note?: string } } {
  const parsed = parseWith(installInstructionsSchema, input);
  if (parsed.ok) return parsed;
  const fields = parsed.fieldErrors ?? {};
  return { ok: false, error: parsed.error, fields: { to: fields.to, note: fields.note } };
}

// The e-mail itself is a template of server/mail/templates/templates.ts (installInstructionsEmail).
