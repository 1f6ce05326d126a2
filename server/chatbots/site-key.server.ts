import { randomBytes } from "node:crypto";

/** A public, unguessable site key for the embed snippet, e.g. "lb_pk_3fz9…". */
export function newSiteKey(): string {
  return `lb_pk_${randomBytes(12).toString("base64url")}`;
}
