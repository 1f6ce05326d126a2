// Validation of everything a widget sends (handshake auth and event payloads). Pure.
import { z } from "zod";
import { storableString } from "../shared/forms/storable-text.ts";
import { MAX_MESSAGE_LENGTH } from "./protocol.ts";

const id = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);

export const widgetAuthSchema = z.object({
  // No NUL in any string a widget sends: it would reach the database as a 500 (issue 27 item 10).
  siteKey: storableString().min(1).max(100),
  visitorId: id,
});

export const conversationOpenSchema = z
  .object({
    conversationId: storableString().min(1).max(64).optional(),
    lastSeq: z.number().int().min(0).max(1_000_000_000).optional(),
    pageUrl: storableString().max(2000).optional(),
    referrer: storableString().max(2000).optional(),
    test: z.union([storableString().max(200), z.boolean()]).optional(),
  })
  .strict();

export const messageSendSchema = z
  .object({
    conversationId: storableString().min(1).max(64),
    clientMessageId: id,
    // Length is checked separately so an oversize message gets its own error code.
    text: z.string(),
  })
  .strict();

export const typingSchema = z.object({ conversationId: storableString().min(1).max(64), typing: z.boolean() }).strict();

export type MessageCheck = { ok: true; text: string } | { ok: false; error: "invalid_payload" | "message_too_long" };

/** C0 control characters and DEL, but not tab, line feed or carriage return (a NUL cannot be stored). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export function checkMessageText(text: string): MessageCheck {
  const trimmed = text.trim();
  if (trimmed.length === 0 || CONTROL_CHARACTERS.test(trimmed)) return { ok: false, error: "invalid_payload" };
  if ([...trimmed].length > MAX_MESSAGE_LENGTH) return { ok: false, error: "message_too_long" };
  return { ok: true, text: trimmed };
}

/**
 * The page a conversation started on, as stored: origin and path only, whatever the client sent (an
 * older widget sent the whole address, query and fragment included); null when it is not a web URL.
 */
export function pageOriginAndPath(pageUrl: string | undefined): string | undefined {
  if (!pageUrl) return undefined;
  try {
    const url = new URL(pageUrl);
    if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
    return `${url.origin}${url.pathname}`;
  } catch {
    return undefined;
  }
}
