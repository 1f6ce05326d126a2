// Unsubscribing from a business's e-mails (DESIGN §10, RFC 8058). Every e-mail to a lead or prospect
// carries a signed link naming the business and the address; the link's page (GET) asks to confirm,
// and a POST to it (the page's button, or a mail client's one-click `List-Unsubscribe-Post`) puts the
// address on that business's suppression list. The delivery path (mail-jobs.server.ts) skips every
// later e-mail from that business to that address; other businesses still reach it. A tampered or
// expired link changes nothing and says so.
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Db } from "../db/client.server.ts";
import { emitEvents } from "../events/emit-events.server.ts";
import type { JobQueue } from "../jobs/queue/job-queue.server.ts";
import { prospectsUnsubscribed } from "../outreach/prospects.server.ts";
import type { TokenProblem, UnsubscribeView } from "./unsubscribe-view.ts";

export { UNSUBSCRIBE_PROBLEM_MESSAGES, type TokenProblem, type UnsubscribeView } from "./unsubscribe-view.ts";

/** How long an unsubscribe link works after the e-mail that carries it was written. */
export const UNSUBSCRIBE_LINK_TTL_DAYS = 365;
const DAY_MS = 86_400_000;

export type UnsubscribeSigner = { appUrl: string; secret: string };

/** The app's signer of unsubscribe links (its public URL, the secret derived from the session secret). */
export function unsubscribeSigner(services: { env: { PUBLIC_APP_URL: string }; signingSecret: string }): UnsubscribeSigner {
  return { appUrl: services.env.PUBLIC_APP_URL, secret: services.signingSecret };
}

type Payload = { b: string; e: string; x: number };

function mac(secret: string, body: string): string {
  return createHmac("sha256", secret).update(`unsubscribe:${body}`).digest("base64url");
}

export function normalizeAddress(email: string): string {
  return email.trim().toLowerCase();
}

/** `<payload>.<signature>`: the business, the address and an expiry, signed with the app's secret. */
export function signUnsubscribeToken(secret: string, args: { businessId: string; email: string }, now = Date.now()): string {
  const payload: Payload = { b: args.businessId, e: normalizeAddress(args.email), x: now + UNSUBSCRIBE_LINK_TTL_DAYS * DAY_MS };
  const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
  return `${body}.${mac(secret, body)}`;
}

export function unsubscribeUrl(signer: UnsubscribeSigner, args: { businessId: string; email: string }, now = Date.now()): string {
  return `${signer.appUrl}/unsubscribe/${signUnsubscribeToken(signer.secret, args, now)}`;
}

export type UnsubscribeTarget = { businessId: string; email: string };

export function verifyUnsubscribeToken(
  secret: string,
  token: unknown,
  now = Date.now(),
): { ok: true; target: UnsubscribeTarget } | { ok: false; problem: TokenProblem } {
  if (typeof token !== "string" || token.length > 1000) return { ok: false, problem: "invalid" };
  const match = /^([\w-]+)\.([\w-]{43})$/.exec(token);
  if (!match) return { ok: false, problem: "invalid" };
  const expected = Buffer.from(mac(secret, match[1]!));
  const given = Buffer.from(match[2]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, problem: "invalid" };
  let payload: Partial<Payload>;
  try {
    payload = JSON.parse(Buffer.from(match[1]!, "base64url").toString("utf8")) as Partial<Payload>;
  } catch {
    return { ok: false, problem: "invalid" };
  }
  if (typeof payload.b !== "string" || typeof payload.e !== "string" || typeof payload.x !== "number") return { ok: false, problem: "invalid" };
  if (payload.x <= now) return { ok: false, problem: "expired" };
  return { ok: true, target: { businessId: payload.b, email: payload.e } };
}


/** What the link's page shows: whose e-mails, which address, and whether it already unsubscribed. */
export async function findUnsubscribe(
  deps: { db: Db; secret: string },
  token: string,
  now = Date.now(),
): Promise<{ ok: true; view: UnsubscribeView; target: UnsubscribeTarget } | { ok: false; problem: TokenProblem }> {
  const checked = verifyUnsubscribeToken(deps.secret, token, now);
  if (!checked.ok) return checked;
  const { businessId, email } = checked.target;
  const business = await deps.db.business.findUnique({
    where: { id: businessId },
    select: { name: true, emailSuppressions: { where: { email }, select: { createdAt: true } } },
  });
  if (!business) return { ok: false, problem: "invalid" };
  const unsubscribedAt = business.emailSuppressions[0]?.createdAt.toISOString() ?? null;
  return { ok: true, view: { businessName: business.name, email, unsubscribedAt }, target: checked.target };
}

/**
 * Puts the link's address on the business's suppression list, once: the first time, in the same
 * transaction, each of the business's leads with that address gets an "unsubscribed" history entry and
 * the `lead.unsubscribed` event is written (automations and sequences stop on it).
 */
export async function unsubscribe(
  deps: { db: Db; jobs: JobQueue; secret: string },
  args: { token: string; source: "link" | "one-click"; now?: Date },
): Promise<{ ok: true; view: UnsubscribeView } | { ok: false; problem: TokenProblem }> {
  const now = args.now ?? new Date();
  const found = await findUnsubscribe(deps, args.token, now.getTime());
  if (!found.ok) return found;
  if (found.view.unsubscribedAt) return { ok: true, view: found.view };
  const { businessId, email } = found.target;
  await deps.db.$transaction(async (tx) => {
    const added = await tx.emailSuppression.createMany({ data: [{ businessId, email, source: args.source, createdAt: now }], skipDuplicates: true });
    if (added.count !== 1) return; // a concurrent request got there first
    const leads = await tx.lead.findMany({ where: { businessId, email: { equals: email, mode: "insensitive" } }, select: { id: true } });
    if (leads.length) {
      await tx.leadEvent.createMany({
        data: leads.map((lead) => ({ leadId: lead.id, businessId, type: "unsubscribed", data: { email, source: args.source }, createdAt: now })),
      });
    }
    // Cold outreach: the address's prospects are marked unsubscribed and their sequences stop.
    await prospectsUnsubscribed(tx, { businessId, email, now });
    await emitEvents(deps.jobs, tx, [{ type: "lead.unsubscribed", businessId, email, leadIds: leads.map((l) => l.id) }]);
  });
  return { ok: true, view: { ...found.view, unsubscribedAt: now.toISOString() } };
}

/** When the address unsubscribed from the business's e-mails, if it did (the lead page shows it). */
export async function unsubscribedAt(db: Db, businessId: string, email: string | null): Promise<Date | null> {
  if (!email) return null;
  const row = await db.emailSuppression.findUnique({
    where: { businessId_email: { businessId, email: normalizeAddress(email) } },
    select: { createdAt: true },
  });
  return row?.createdAt ?? null;
}
