// The visitor's manage link (issue 31): reschedule or cancel without an account. The token names the
// appointment, the nonce it had when the e-mail was written and an expiry, signed with the app's secret.
// A forged or altered token fails the signature; an expired one its expiry; a used one (the visitor
// already rescheduled or cancelled with it, which rotates the nonce) no longer matches the stored nonce.
import { createHmac, timingSafeEqual } from "node:crypto";

export type ManageTokenProblem = "invalid" | "expired";
export type ManageTarget = { appointmentId: string; nonce: string };

/** Which link a token is for: a manage token does not open the booking page, nor the other way round. */
type Purpose = "appointment-manage" | "appointment-book";
const mac = (purpose: Purpose, secret: string, body: string) => createHmac("sha256", secret).update(`${purpose}:${body}`).digest("base64url");

function sign(purpose: Purpose, secret: string, pair: { a: string; n: string }, expiresAt: Date): string {
  const body = Buffer.from(JSON.stringify({ ...pair, x: expiresAt.getTime() })).toString("base64url");
  return `${body}.${mac(purpose, secret, body)}`;
}

function verify(purpose: Purpose, secret: string, token: unknown, now: Date): { ok: true; pair: { a: string; n: string } } | { ok: false; problem: ManageTokenProblem } {
  if (typeof token !== "string" || token.length > 600) return { ok: false, problem: "invalid" };
  const match = /^([\w-]+)\.([\w-]{43})$/.exec(token);
  if (!match) return { ok: false, problem: "invalid" };
  const expected = Buffer.from(mac(purpose, secret, match[1]!));
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
  return { ok: true, pair: { a: payload.a, n: payload.n } };
}

export function signManageToken(secret: string, target: ManageTarget, expiresAt: Date): string {
  return sign("appointment-manage", secret, { a: target.appointmentId, n: target.nonce }, expiresAt);
}

export function verifyManageToken(secret: string, token: unknown, now: Date): { ok: true; target: ManageTarget } | { ok: false; problem: ManageTokenProblem } {
  const verified = verify("appointment-manage", secret, token, now);
  return verified.ok ? { ok: true, target: { appointmentId: verified.pair.a, nonce: verified.pair.n } } : verified;
}

// ---- The booking link ({bookingLink} of the Appointment scheduler automation) ----------------------

export type BookTarget = { businessId: string; leadId: string };
/** A booking link works for 30 days after its e-mail. */
export const BOOK_LINK_DAYS = 30;

export function signBookToken(secret: string, target: BookTarget, expiresAt: Date): string {
  return sign("appointment-book", secret, { a: target.leadId, n: target.businessId }, expiresAt);
}

export function verifyBookToken(secret: string, token: unknown, now: Date): { ok: true; target: BookTarget } | { ok: false; problem: ManageTokenProblem } {
  const verified = verify("appointment-book", secret, token, now);
  return verified.ok ? { ok: true, target: { leadId: verified.pair.a, businessId: verified.pair.n } } : verified;
}

/** The lead's own booking page: pick one of the business's free times. */
export function bookingLinkUrl(signer: { appUrl: string; secret: string }, target: BookTarget, now: Date): string {
  return `${signer.appUrl}/appointments/book/${signBookToken(signer.secret, target, new Date(now.getTime() + BOOK_LINK_DAYS * 86_400_000))}`;
}

/** A link works until the visit's start (after that there is nothing to reschedule or cancel). */
export const manageLinkExpiry = (startsAt: Date) => startsAt;

export const MANAGE_PROBLEM_MESSAGES: Record<ManageTokenProblem | "used", string> = {
  invalid: "This link is not valid. Please use the link in your latest confirmation e-mail.",
  expired: "This link has expired: the visit has already started or passed.",
  used: "This link was already used. Please use the link in your latest confirmation e-mail.",
};
