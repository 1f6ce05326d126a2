import { createHash, randomBytes } from "node:crypto";

/** A random URL-safe token (256 bits). */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Tokens are stored only as their SHA-256, so a database leak reveals no usable token. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
