// The signatures of an outgoing webhook (DESIGN §15, docs/api.md), two of them on every delivery:
// - `LeadBroom-Signature: t=<unix>,v1=<hex>` where v1 is the HMAC-SHA256, keyed with the endpoint's
//   secret (the whole `whsec_…` text, UTF-8), of `<t>.<body>`;
// - the Standard Webhooks 1.0 headers (`webhook-id`, `webhook-timestamp`, `webhook-signature:
//   v1,<base64>`), the HMAC-SHA256 keyed with the base64-decoded part of the secret after `whsec_`, of
//   `<id>.<timestamp>.<body>`, so that receivers can verify with the `standardwebhooks` libraries.
// Receivers recompute either over the raw body and reject stale timestamps. Pure (node:crypto).
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export const SIGNATURE_HEADER = "LeadBroom-Signature";
export const WEBHOOK_SECRET_PREFIX = "whsec_";
/** Characters of the secret kept to recognise it in the list ("whsec_" and four more). */
export const SECRET_DISPLAY_LENGTH = WEBHOOK_SECRET_PREFIX.length + 4;
/** How old a signed timestamp a receiver should accept (our verifier's default). */
export const DEFAULT_TOLERANCE_SECONDS = 300;

/**
 * `whsec_` and 32 random bytes in standard base64, the form the Standard Webhooks libraries decode.
 * (Secrets made before the Standard Webhooks headers were base64url; they still sign both ways, see
 * standardWebhookKey.)
 */
export function generateWebhookSecret(random: (size: number) => Buffer = randomBytes): string {
  return WEBHOOK_SECRET_PREFIX + random(32).toString("base64");
}

export function computeSignature(secret: string, timestamp: number, body: string): string {
  return createHmac("sha256", secret).update(`${timestamp}.${body}`, "utf8").digest("hex");
}

/** The header value for `body` signed at `timestamp` (seconds since the epoch). */
export function signatureHeader(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${computeSignature(secret, timestamp, body)}`;
}

export type VerifyResult = { ok: true; timestamp: number } | { ok: false; reason: "malformed" | "mismatch" | "stale" };

/**
 * Checks a received header against the raw body, as a receiver does (docs/api.md has the same steps):
 * any `v1` entry may match (several appear while a secret is rotated), compared in constant time.
 */
export function verifySignature(
  secret: string,
  header: string | null | undefined,
  body: string,
  options: { now?: number; toleranceSeconds?: number } = {},
): VerifyResult {
  if (!header) return { ok: false, reason: "malformed" };
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const [name, value] = part.trim().split("=", 2);
    if (name === "t" && value && /^\d+$/.test(value)) timestamp = Number(value);
    else if (name === "v1" && value && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  if (timestamp === null || signatures.length === 0) return { ok: false, reason: "malformed" };
  const expected = Buffer.from(computeSignature(secret, timestamp, body), "hex");
  if (!signatures.some((s) => timingSafeEqual(Buffer.from(s, "hex"), expected))) return { ok: false, reason: "mismatch" };
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - timestamp) > (options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS)) return { ok: false, reason: "stale" };
  return { ok: true, timestamp };
}

/** The Standard Webhooks header names (lower case, as receivers' libraries read them). */
export const STANDARD_HEADERS = { id: "webhook-id", timestamp: "webhook-timestamp", signature: "webhook-signature" } as const;

/** The HMAC key of the Standard Webhooks signature: the secret's bytes after `whsec_` (base64 or base64url). */
export function standardWebhookKey(secret: string): Buffer {
  const encoded = secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret;
  return Buffer.from(encoded, "base64");
}

/** `v1,<base64 HMAC-SHA256 of id.timestamp.body>` (Standard Webhooks 1.0). */
export function standardSignature(secret: string, id: string, timestamp: number, body: string): string {
  return `v1,${createHmac("sha256", standardWebhookKey(secret)).update(`${id}.${timestamp}.${body}`, "utf8").digest("base64")}`;
}

/** The three Standard Webhooks headers of one delivery; `id` is the event's id (the same on retries). */
export function standardWebhookHeaders(secret: string, id: string, timestamp: number, body: string): Record<string, string> {
  return {
    [STANDARD_HEADERS.id]: id,
    [STANDARD_HEADERS.timestamp]: String(timestamp),
    [STANDARD_HEADERS.signature]: standardSignature(secret, id, timestamp, body),
  };
}
