// The "send the instructions to your web person" e-mail of the installation step: the form's rules.
// Pure (the Installation tab validates with the same rules).
import { isValidEmail, LIMITS, normalizeEmail } from "../auth/validation.ts";

export const INSTRUCTIONS_NOTE_MAX = 1000;

export type InstallInstructionsInput = { to: string; note: string | null };

export function validateInstallInstructions(
  input: unknown,
): { ok: true; value: InstallInstructionsInput } | { ok: false; error: string; fields: { to?: string; note?: string } } {
  const fields = (input && typeof input === "object" ? input : {}) as Record<string, unknown>;
  const to = typeof fields.to === "string" ? fields.to.trim() : "";
  const note = typeof fields.note === "string" ? fields.note.trim() : "";
  if (!to) return { ok: false, error: "Please enter your web person's email address", fields: { to: "Please enter your web person's email address" } };
  if (to.length > LIMITS.email || !isValidEmail(to)) return { ok: false, error: "Invalid email address", fields: { to: "Invalid email address" } };
  if (note.length > INSTRUCTIONS_NOTE_MAX) {
    const error = `Notes are limited to ${INSTRUCTIONS_NOTE_MAX.toLocaleString("en-US")} characters`;
    return { ok: false, error, fields: { note: error } };
  }
  return { ok: true, value: { to: normalizeEmail(to), note: note || null } };
}

// The e-mail itself is a template of server/mail/templates/templates.ts (installInstructionsEmail).
