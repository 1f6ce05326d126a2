// The SMS channel's pure rules (DESIGN §19, decision 0068): phone numbers in E.164, the carrier
// keywords (STOP family, START, HELP), quiet hours in the business's zone, segment counting, and the
// engine's quick replies as numbered choices (an SMS has no buttons). Shared by the server and the
// workspace pages.
import { localDateTime, zonedInstant } from "../time/calendar.ts";
import { normalizePhone as normalizeStoredPhone } from "../format/phone.ts";

/** A number SMS can reach: E.164 (server/shared/format/phone.ts's normalising), else null. */
export function normalizePhone(input: string | null | undefined): string | null {
  const phone = normalizeStoredPhone(input);
  return phone?.startsWith("+") ? phone : null;
}

export const STOP_KEYWORDS = ["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT"] as const;
export const START_KEYWORDS = ["START", "UNSTOP"] as const;
export const HELP_KEYWORDS = ["HELP", "INFO"] as const;

export type SmsKeyword = { kind: "stop" | "start" | "help"; word: string };

/** A carrier keyword: the whole message is the word (any case, surrounding spaces and a full stop allowed). */
export function keywordOf(text: string): SmsKeyword | null {
  const word = text.trim().replace(/[.!]+$/, "").toUpperCase();
  if ((STOP_KEYWORDS as readonly string[]).includes(word)) return { kind: "stop", word };
  if ((START_KEYWORDS as readonly string[]).includes(word)) return { kind: "start", word };
  if ((HELP_KEYWORDS as readonly string[]).includes(word)) return { kind: "help", word };
  return null;
}

export function stopConfirmationText(businessName: string): string {
  return `${businessName}: You have been unsubscribed and will receive no more texts from us. Reply START to resubscribe.`;
}

export function startConfirmationText(businessName: string): string {
  return `${businessName}: You are subscribed again. Reply STOP to unsubscribe, HELP for help.`;
}

export function helpText(business: { name: string; phone?: string | null; email?: string | null }): string {
  const contact = [business.phone, business.email].filter(Boolean).join(" or ");
  return `${business.name}: ${contact ? `Reach us at ${contact}. ` : ""}Reply STOP to unsubscribe. Msg & data rates may apply.`;
}

export function missedCallText(businessName: string): string {
  return `Sorry we missed your call! This is ${businessName}. Reply here and we'll get you a quote by text. Reply STOP to opt out.`;
}

export const DEFAULT_CONSENT_TEXT = "Can we text you at this number? We'll only text about your quote. Msg & data rates may apply. Reply STOP to opt out.";

/** The question the widget asks before anyone texts the visitor, with the owner's wording. */
export const CONSENT_QUESTION = "Can we text you at this number?";

export type QuietHours = { start: number; end: number } | null;
export const DEFAULT_QUIET_HOURS = { start: 21 * 60, end: 8 * 60 };

/** "21:00-08:00" → minutes since midnight; "off" → null. */
export function parseQuietHours(text: string): QuietHours {
  const match = /^(\d\d):(\d\d)-(\d\d):(\d\d)$/.exec(text.trim());
  if (!match) return null;
  const [h1, m1, h2, m2] = match.slice(1).map(Number) as [number, number, number, number];
  return { start: h1 * 60 + m1, end: h2 * 60 + m2 };
}

/** Within quiet hours (default 21:00–08:00 in the zone): the instant they end; otherwise null. */
export function quietHoursEnd(now: Date, timeZone: string, quiet: QuietHours = DEFAULT_QUIET_HOURS): Date | null {
  if (!quiet || quiet.start === quiet.end) return null;
  const local = localDateTime(now, timeZone);
  const overnight = quiet.start > quiet.end;
  if (overnight) {
    if (local.minutes >= quiet.start) return zonedInstant(local.dayNumber + 1, quiet.end, timeZone);
    if (local.minutes < quiet.end) return zonedInstant(local.dayNumber, quiet.end, timeZone);
    return null;
  }
  return local.minutes >= quiet.start && local.minutes < quiet.end ? zonedInstant(local.dayNumber, quiet.end, timeZone) : null;
}

// The GSM 03.38 alphabet (basic set and the extension table, whose characters take two septets).
const GSM_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM_EXTENDED = "^{}\\[~]|€\f";

function gsmLength(text: string): number | null {
  let length = 0;
  for (const ch of text) {
    if (GSM_BASIC.includes(ch)) length += 1;
    else if (GSM_EXTENDED.includes(ch)) length += 2;
    else return null;
  }
  return length;
}

/** How many SMS segments a body takes: GSM-7 160 (153 per part), otherwise UCS-2 70 (67 per part). */
export function segmentCount(body: string): number {
  const gsm = gsmLength(body);
  if (gsm !== null) return gsm <= 160 ? 1 : Math.ceil(gsm / 153);
  const units = body.length; // UTF-16 code units
  return units <= 70 ? 1 : Math.ceil(units / 67);
}

/** Typography outside GSM-7 (dashes, curly quotes, ellipsis) as its plain equivalent: one UCS-2 character would make every segment 67 characters instead of 153. */
export function gsmText(text: string): string {
  return text.replace(/[\u2013\u2014]/g, "-").replace(/[\u2018\u2019]/g, "'").replace(/[\u201C\u201D]/g, '"').replace(/\u2026/g, "...").replace(/\u00A0/g, " ");
}

/** The body cut (with "...", which stays GSM-7) so it takes at most `max` segments. */
export function fitSegments(body: string, max = 3): string {
  if (segmentCount(body) <= max) return body;
  let cut = body;
  while (cut.length > 0 && segmentCount(`${cut}...`) > max) cut = cut.slice(0, -Math.max(1, Math.floor((cut.length - 1) / 50)));
  return `${cut.trimEnd()}...`;
}

/** A bot reply as an SMS: its quick replies become numbered choices. */
export function withNumberedChoices(text: string, quickReplies: readonly string[] | undefined): string {
  if (!quickReplies || quickReplies.length === 0) return gsmText(text);
  return gsmText(`${text}\n${quickReplies.map((choice, i) => `${i + 1}) ${choice}`).join("\n")}\nReply with a number or in your own words.`);
}

/** "2" (or "2)", "#2") after a question with choices is the second choice; anything else is kept as written. */
export function choiceFromReply(text: string, quickReplies: readonly string[] | undefined): string {
  const match = /^\s*#?(\d{1,2})[).]?\s*$/.exec(text);
  if (!match || !quickReplies?.length) return text;
  const index = Number(match[1]) - 1;
  return quickReplies[index] ?? text;
}
