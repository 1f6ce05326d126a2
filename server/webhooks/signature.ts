// The signature of an outgoing webhook (DESIGN §15, docs/api.md): `LeadBroom-Signature: t=<unix>,v1=<hex>`
// where v1 is the HMAC-SHA256, keyed with the endpoint's secret (the whole `whsec_…` text, UTF-8), of
// `<t>.<body>`. Receivers recompute it over the raw body and reject stale timestamps. Pure (node:crypto).
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export const SIGNATURE_HEADER = "LeadBroom-Signature";
export const WEBHOOK_SECRET_PREFIX = "whsec_";
/** Characters of the secret kept to recognise it in the list ("whsec_" and four more). */
export const SECRET_DISPLAY_LENGTH = WEBHOOK_SECRET_PREFIX.length + 4;
/** How old a signed timestamp a receiver should accept (our verifier's default). */
export const DEFAULT_TOLERANCE_SECONDS = 300;

export function generateWebhookSecret(random: (size: number) => Buffer = randomBytes): string {
  return WEBHOOK_SECRET_PREFIX + random(32).toString("base64url");
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
