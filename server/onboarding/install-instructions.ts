// The "send the instructions to your web person" e-mail of the installation step: the form's rules and
// the e-mail's words. Pure (the Installation tab validates with the same rules).
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

export function installInstructionsEmail(args: {
  businessName: string;
  senderName: string;
  snippet: string;
  allowedOrigins: string[];
  note: string | null;
}): { subject: string; text: string } {
  const where = args.allowedOrigins.length ? ` on ${args.allowedOrigins.join(", ")}` : "";
  const lines = [
    "Hello,",
    "",
    `${args.senderName} of ${args.businessName} asked us to send you the code that adds their LeadBroom chat assistant to their website${where}.`,
    ...(args.note ? ["", `Their note: ${args.note}`] : []),
    "",
    "1. Paste this line just before the closing </body> tag of every page (most site builders have a \"custom code\" or \"footer scripts\" setting for it):",
    "",
    args.snippet,
    "",
    "2. Publish the site and open any page: a chat button appears in the bottom corner. The script is small and loads the chat only when a visitor reaches for it.",
    "",
    `3. That's all: ${args.businessName}'s LeadBroom workspace ticks "Verify the installation" by itself the first time the chat loads on the site.`,
    ...(args.allowedOrigins.length
      ? ["", `The chat runs only on ${args.allowedOrigins.join(", ")}. If the site lives at another address, ask ${args.senderName} to add it in LeadBroom (AI Chatbot → Installation).`]
      : []),
    "",
    `Questions about the code? Reply to this e-mail to reach ${args.businessName}.`,
  ];
  return { subject: `Please add ${args.businessName}'s chat assistant to the website`, text: lines.join("\n") };
}
