// A person's name and avatar initials (issue 32 item 1): asked at registration and when an invitation is
// accepted, edited on the member's own profile page, shown to visitors when a member joins a chat.
// Pure: the browser (forms) and the server (the authority) share these rules.
import { z } from "zod";
import type { Parsed } from "../forms/action-result.ts";

export const PERSON_NAME_MAX = 80;
export const INITIALS_MAX = 3;

export const personNameMessages = {
  enterName: "Please enter your name",
  nameTooLong: `Your name can be at most ${PERSON_NAME_MAX} characters`,
  nameNeedsLetter: "Your name must contain at least one letter",
  nameIsEmail: "Please enter your name, not an email address",
  initialsInvalid: `Initials are 1 to ${INITIALS_MAX} letters or digits`,
} as const;

/**
 * A person's name: trimmed, inner whitespace collapsed, at most 80 characters, at least one letter, no
 * control characters and not an e-mail address. Apostrophes, hyphens, accents and any script are fine
 * ("Zoë O'Neil-Ávila", "李小龙").
 */
export function validatePersonName(raw: unknown): Parsed<string> {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const name = typeof raw === "string" ? raw.replace(/[\u0000-\u001f\u007f]/g, " ").replace(/\s+/g, " ").trim() : "";
  if (!name) return { ok: false, error: personNameMessages.enterName };
  if ([...name].length > PERSON_NAME_MAX) return { ok: false, error: personNameMessages.nameTooLong };
  if (!/\p{L}/u.test(name)) return { ok: false, error: personNameMessages.nameNeedsLetter };
  if (/\S+@\S+\.\S+/.test(name)) return { ok: false, error: personNameMessages.nameIsEmail };
  return { ok: true, value: name };
}

/** Optional custom initials for the avatar: empty means "derive from the name"; else 1–3 letters/digits, upper-cased. */
export function validateInitials(raw: unknown): Parsed<string | null> {
  const value = typeof raw === "string" ? raw.replace(/\s+/g, "") : "";
  if (!value) return { ok: true, value: null };
  if ([...value].length > INITIALS_MAX || !/^[\p{L}\p{N}]+$/u.test(value)) return { ok: false, error: personNameMessages.initialsInvalid };
  return { ok: true, value: value.toUpperCase() };
}

/** "Demo Owner" → "DO"; a single word → its first two letters, upper-cased; nothing → "?". */
export function initialsFromName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  const last = words[words.length - 1];
  if (!first || !last) return "?";
  if (words.length === 1) return Array.from(first).slice(0, 2).join("").toUpperCase();
  return `${Array.from(first)[0] ?? ""}${Array.from(last)[0] ?? ""}`.toUpperCase();
}

export type PersonFields = { displayName: string; email: string; initials?: string | null };

/** True when the member has not given a name yet (accounts made before names were asked for). */
export function hasPersonName(person: { displayName: string }): boolean {
  return person.displayName.trim() !== "";
}

/**
 * The name shown to the team: the member's name, or, before they give one, their e-mail's local part
 * ("maria.lopez@…" → "maria.lopez"), never the business name.
 */
export function memberLabel(person: PersonFields): string {
  return person.displayName.trim() || person.email.split("@")[0] || person.email;
}

/** The avatar's letters: the member's own initials, else the initials of memberLabel. */
export function memberInitials(person: PersonFields): string {
  return person.initials?.trim() || initialsFromName(memberLabel(person));
}

/** The name visitors see in the chat ("Maria from Spotless Pro Janitorial joined the chat"); never an e-mail. */
export function visitorFacingName(person: { displayName: string }): string {
  return person.displayName.trim() || "A team member";
}

/** The member's own profile form (/app/settings/account): the name and optional initials, each with its own message. */
export const profileSchema = z
  .object({ displayName: z.unknown().optional(), initials: z.unknown().optional() })
  .transform((input, ctx) => {
    const name = validatePersonName(input.displayName);
    const initials = validateInitials(input.initials);
    if (!name.ok) ctx.addIssue({ code: "custom", message: name.error, path: ["displayName"] });
    if (!initials.ok) ctx.addIssue({ code: "custom", message: initials.error, path: ["initials"] });
    if (!name.ok || !initials.ok) return z.NEVER;
    return { displayName: name.value, initials: initials.value };
  });

export type ProfileInput = z.output<typeof profileSchema>;
