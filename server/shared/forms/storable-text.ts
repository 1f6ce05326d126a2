// Text a PostgreSQL text column can store (issue 27 item 10): no NUL character. PostgreSQL refuses one
// (SQLSTATE 22021) as a 500 after the work began; the input is refused at its boundary instead, as any
// other invalid field is. Pure; shared by the widget and workspace socket payloads, the REST API's JSON
// bodies and the forms' field schemas.
import { z } from "zod";

export const NUL_MESSAGE = "The text contains a NUL character, which cannot be stored.";

export function hasNul(text: string): boolean {
  return text.includes("\u0000");
}

/** A string with no NUL (then `.min()`, `.max()`, `.regex()` as usual). */
export function storableString(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine((value) => !hasNul(value), NUL_MESSAGE);
}

/** Whether any string inside a decoded JSON value (keys included) holds a NUL. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return hasNul(value);
  if (depth > 64 || value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => hasNul(key) || containsNul(item, depth + 1));
}
