// The visitor's manage link (issue 31): reschedule or cancel without an account. The token names the
// appointment, the nonce it had when the e-mail was written and an expiry, signed with the app's secret.
// A forged or altered token fails the signature; an expired one its expiry; a used one (the visitor
// already rescheduled or cancelled with it, which rotates the nonce) no longer matches the stored nonce.
import { createHmac, timingSafeEqual } from "node:crypto";

export type ManageTokenProblem = "invalid" | "expired";
export type ManageTarget = { appointmentId: string; nonce: string };

const mac = (secret: string, body: string) => createHmac("sha256", secret).update(`appointment-manage:${body}`).digest("base64url");

export function signManageToken(secret: string, target: ManageTarget, expiresAt: Date): string {
  const body = Buffer.from(JSON.stringify({ a: target.appointmentId, n: target.nonce, x: expiresAt.getTime() })).toString("base64url");
  return `${body}.${mac(secret, body)}`;
}

export function verifyManageToken(secret: string, token: unknown, now: Date): { ok: true; target: ManageTarget } | { ok: false; problem: ManageTokenProblem } {
  if (typeof token !== "string" || token.length > 600) return { ok: false, problem: "invalid" };
  const match = /^([\w-]+)\.([\w-]{43})$/.exec(token);
  if (!match) return { ok: false, problem: "invalid" };
  const expected = Buffer.from(mac(secret, match[1]!));
  const given = Buffer.from(match[2]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, problem: "invalid" };
  let payload: { a?: unknown; n?: unknown; x?: unknown };
  try {
    payload = JSON.parse(Buffer.from(match[1]!, "base64url").toString("utf8"));
  } catch {
    return { ok: false, problem: "invalid" };
  }
  if (typeof payload.a !== "string" || typeof payload.n !== "string" || typeof payload.x !== "number") return { ok: false, problem: "invalid" };
  if (payload.x < now.getTime()) return { ok: false, problem: "expired" };
  return { ok: true, target: { appointmentId: payload.a, nonce: payload.n } };
}

/** A link works until the visit's start (after that there is nothing to reschedule or cancel). */
export const manageLinkExpiry = (startsAt: Date) => startsAt;

export const MANAGE_PROBLEM_MESSAGES: Record<ManageTokenProblem | "used", string> = {
  invalid: "This link is not valid. Please use the link in your latest confirmation e-mail.",
  expired: "This link has expired: the visit has already started or passed.",
  used: "This link was already used. Please use the link in your latest confirmation e-mail.",
};
