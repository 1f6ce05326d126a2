// API key secrets (decision 0013): `lb_live_` + 32 random bytes in base64url. The secret is shown once;
// only its SHA-256 hash and a short prefix are stored. Pure apart from the random bytes.
import { createHash, randomBytes } from "node:crypto";

export const API_KEY_PREFIX = "lb_live_";
/** 32 bytes in base64url without padding. */
const SECRET_BODY_LENGTH = 43;
/** Characters of the secret kept to recognise a key in the list ("lb_live_" and four more). */
export const DISPLAY_PREFIX_LENGTH = API_KEY_PREFIX.length + 4;

const secretPattern = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{${SECRET_BODY_LENGTH}}$`);

export type NewApiKeySecret = { secret: string; prefix: string; hash: string };

export function hashApiKey(secret: string): string {
  return createHash("sha256").update(secret, "utf8").digest("hex");
}

export function displayPrefix(secret: string): string {
  return secret.slice(0, DISPLAY_PREFIX_LENGTH);
}

export function generateApiKey(random: (size: number) => Buffer = randomBytes): NewApiKeySecret {
  const secret = API_KEY_PREFIX + random(32).toString("base64url");
  return { secret, prefix: displayPrefix(secret), hash: hashApiKey(secret) };
}

/** True when the text has the shape of a LeadBroom API key (checked before any database look-up). */
export function isApiKeyShape(text: string): boolean {
  return secretPattern.test(text);
}

/**
 * The key from an `Authorization: Bearer <key>` header, or null when the header is missing, uses
 * another scheme or does not hold a well-formed key.
 */
export function parseBearerKey(header: string | null | undefined): string | null {
  if (!header) return null;
  const match = /^\s*Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) return null;
  const key = match[1]!;
  return isApiKeyShape(key) ? key : null;
}
