// Invitations to join a business (spec §2.14 User Access). The e-mailed token is single-use, expires
// after INVITE_TTL_DAYS and is stored only as its SHA-256. An account belongs to one business
// (docs/decisions/0012-team-settings-one-business-per-account.md): someone who already belongs to
// another business cannot accept, and is told so. The e-mail is a job (DESIGN §10) that mints the
// link's token when it sends.
import { sandboxRefusal } from "../demo/sandbox-policy.server.ts";
import { refuse, type DomainFailure } from "../shared/forms/action-result.ts";
import type { Db } from "../db/client.server.ts";
import type { MemberRole } from "../db/generated/enums.ts";
import { isUniqueViolation } from "../db/errors.ts";
import { hashPassword } from "../auth/password.server.ts";
import { hashToken, newToken } from "../auth/tokens.server.ts";
import { randomUUID } from "node:crypto";
import type { JobHandler, JobQueue } from "../jobs/queue/job-queue.server.ts";
import { INVITE_EMAIL_QUEUE } from "../jobs/queue/queues.ts";
import type { TxClient } from "../jobs/queue/sql-executors.server.ts";
import { deliverOnce, type DeliverDeps } from "../mail/mail-jobs.server.ts";
import { renderEmail } from "../mail/templates/render-email.tsx";
import { businessBrand, inviteEmail } from "../mail/templates/templates.ts";
import { INVITE_TTL_DAYS, TEAM_MESSAGES, type InviteInput } from "../shared/team/team-input.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

export type InviteDeps = { db: Db; jobs: JobQueue };

export type PendingInvite = { id: string; email: string; role: MemberRole; expiresAt: string; createdAt: string };

export function inviteLink(appUrl: string, token: string): string {
  return `${appUrl}/invite/${encodeURIComponent(token)}`;
}

export type InviteEmailJob = { inviteId: string; inviterName: string };

function roleText(role: MemberRole): string {
  return role === "owner" ? "an owner" : "a support team member";
}

/** Queues the invitation e-mail (DESIGN §10) in the transaction that created or renewed the invite. */
function queueInviteEmail(jobs: JobQueue, tx: TxClient, inviteId: string, inviterName: string) {
  const data: InviteEmailJob = { inviteId, inviterName };
  return jobs.enqueue(tx, [{ name: INVITE_EMAIL_QUEUE, key: `invite:${inviteId}:${randomUUID()}`, data }]);
}

/**
 * Sends an invitation once per request. The link's token is minted here, at send time, and replaces
 * the invite's token hash (the link sent before stops working, as on a resend), so no link is stored
 * in the job; an invite revoked or accepted meanwhile is not sent.
 */
export function inviteEmailJobHandler(deps: DeliverDeps & { appUrl: string }): JobHandler<InviteEmailJob> {
  return {
    name: INVITE_EMAIL_QUEUE,
    async run(data, job) {
      const invite = await deps.db.invite.findFirst({
        where: { id: data.inviteId, acceptedAt: null, revokedAt: null },
        select: {
          id: true,
          email: true,
          role: true,
          businessId: true,
          business: { select: { name: true, logoPath: true, street: true, city: true, state: true, zip: true } },
        },
      });
      if (!invite) return;
      const subject = `You're invited to join ${invite.business.name} on LeadBroom`;
      await deliverOnce(deps, job, { businessId: invite.businessId, kind: "invite", to: invite.email, subject }, async () => {
        const token = newToken();
        await deps.db.invite.updateMany({
          where: { id: invite.id, acceptedAt: null, revokedAt: null },
          data: { tokenHash: hashToken(token) },
        });
        const content = inviteEmail({
          brand: businessBrand(invite.business, deps.appUrl),
          email: invite.email,
          roleText: roleText(invite.role),
          link: inviteLink(deps.appUrl, token),
          inviterName: data.inviterName,
          ttlDays: INVITE_TTL_DAYS,
        });
        return { to: invite.email, ...(await renderEmail(content)) };
      });
    },
  };
}

export type InviteResult = { ok: true; invite: PendingInvite } | DomainFailure;

/** Creates (or renews) the pending invite for this e-mail and sends the link. */
export async function createInvite(
  deps: InviteDeps,
  args: { businessId: string; inviterUserId: string; input: InviteInput; now?: Date },
): Promise<InviteResult> {
  const { db } = deps;
  const now = args.now ?? new Date();
  const refused = await sandboxRefusal(db, args.businessId, "invite");
  if (refused) return refuse("forbidden", refused.message);
  const business = await db.business.findUnique({ where: { id: args.businessId }, select: { name: true } });
  if (!business) return refuse("not_found", "Not found");
  const member = await db.membership.findFirst({
    where: { businessId: args.businessId, user: { email: args.input.email } },
    select: { id: true },
  });
  if (member) return refuse("invalid", TEAM_MESSAGES.alreadyMember);
  const inviter = await db.user.findUnique({ where: { id: args.inviterUserId }, select: { displayName: true } });

  // One pending invite per address: an earlier one is revoked, so only the newest link works. The
  // e-mail's job mints the link's token when it sends; until then no token matches this invite.
  const row = await db.$transaction(async (tx) => {
    await tx.invite.updateMany({
      where: { businessId: args.businessId, email: args.input.email, acceptedAt: null, revokedAt: null },
      data: { revokedAt: now },
    });
    const created = await tx.invite.create({
      data: {
        businessId: args.businessId,
        email: args.input.email,
        role: args.input.role,
        tokenHash: hashToken(newToken()),
        invitedById: args.inviterUserId,
        expiresAt: new Date(now.getTime() + INVITE_TTL_DAYS * DAY_MS),
        createdAt: now,
      },
    });
    await queueInviteEmail(deps.jobs, tx, created.id, inviter?.displayName ?? business.name);
    return created;
  });
  return { ok: true, invite: toPending(row) };
}

function toPending(row: { id: string; email: string; role: MemberRole; expiresAt: Date; createdAt: Date }): PendingInvite {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Invites not yet accepted or revoked (expired ones included, so the owner can resend them). */
export async function listPendingInvites(db: Db, businessId: string): Promise<PendingInvite[]> {
  const rows = await db.invite.findMany({
    where: { businessId, acceptedAt: null, revokedAt: null },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { id: true, email: true, role: true, expiresAt: true, createdAt: true },
  });
  return rows.map(toPending);
}

export async function revokeInvite(
  db: Db,
  args: { businessId: string; inviteId: string; now?: Date },
): Promise<{ ok: true } | DomainFailure> {
  const invite = await db.invite.findFirst({ where: { id: args.inviteId, businessId: args.businessId }, select: { id: true } });
  if (!invite) return refuse("not_found", "Not found");
  const updated = await db.invite.updateMany({
    where: { id: invite.id, acceptedAt: null, revokedAt: null },
    data: { revokedAt: args.now ?? new Date() },
  });
  if (updated.count !== 1) return refuse("invalid", TEAM_MESSAGES.notPending);
  return { ok: true };
}

/** A new link (the old one stops working), a fresh expiry, and the e-mail again. */
export async function resendInvite(
  deps: InviteDeps,
  args: { businessId: string; inviteId: string; inviterUserId: string; now?: Date },
): Promise<InviteResult> {
  const { db } = deps;
  const now = args.now ?? new Date();
  const refused = await sandboxRefusal(db, args.businessId, "invite");
  if (refused) return refuse("forbidden", refused.message);
  const invite = await db.invite.findFirst({
    where: { id: args.inviteId, businessId: args.businessId },
    select: { id: true, business: { select: { name: true } } },
  });
  if (!invite) return refuse("not_found", "Not found");
  const inviter = await db.user.findUnique({ where: { id: args.inviterUserId }, select: { displayName: true } });
  // The old link stops working now; the e-mail's job mints the new one when it sends.
  const row = await db.$transaction(async (tx) => {
    const updated = await tx.invite.updateMany({
      where: { id: invite.id, acceptedAt: null, revokedAt: null },
      data: {
        tokenHash: hashToken(newToken()),
        expiresAt: new Date(now.getTime() + INVITE_TTL_DAYS * DAY_MS),
        invitedById: args.inviterUserId,
      },
    });
    if (updated.count !== 1) return null;
    await queueInviteEmail(deps.jobs, tx, invite.id, inviter?.displayName ?? invite.business.name);
    return tx.invite.findUniqueOrThrow({
      where: { id: invite.id },
      select: { id: true, email: true, role: true, expiresAt: true, createdAt: true },
    });
  });
  if (!row) return refuse("invalid", TEAM_MESSAGES.notPending);
  return { ok: true, invite: toPending(row) };
}

// ---- The invite page ----------------------------------------------------------------------------

export type InviteProblem = "invalid" | "expired" | "used" | "revoked";

export const INVITE_PROBLEM_MESSAGES: Record<InviteProblem, string> = {
  invalid: "This invitation link is not valid. Please ask the business owner for a new invitation.",
  expired: "This invitation has expired. Please ask the business owner to send it again.",
  used: "This invitation has already been used. Sign in to reach your workspace.",
  revoked: "This invitation has been withdrawn. Please ask the business owner for a new invitation.",
};

export const OTHER_BUSINESS_MESSAGE =
  "Your account already belongs to another business. A LeadBroom account works for one business: ask the owner to invite a different email address.";

export type InviteView = {
  id: string;
  email: string;
  role: MemberRole;
  businessId: string;
  businessName: string;
  /** Whether an account with the invited e-mail exists (it signs in to accept; otherwise it is created here). */
  accountExists: boolean;
};

export async function findInvite(
  db: Db,
  token: string,
  now = new Date(),
): Promise<{ ok: true; invite: InviteView } | { ok: false; problem: InviteProblem }> {
  if (!token || token.length > 200) return { ok: false, problem: "invalid" };
  const row = await db.invite.findUnique({
    where: { tokenHash: hashToken(token) },
    select: {
      id: true,
      email: true,
      role: true,
      businessId: true,
      acceptedAt: true,
      revokedAt: true,
      expiresAt: true,
      business: { select: { name: true } },
    },
  });
  if (!row) return { ok: false, problem: "invalid" };
  if (row.acceptedAt) return { ok: false, problem: "used" };
  if (row.revokedAt) return { ok: false, problem: "revoked" };
  if (row.expiresAt.getTime() <= now.getTime()) return { ok: false, problem: "expired" };
  const account = await db.user.findUnique({ where: { email: row.email }, select: { id: true } });
  return {
    ok: true,
    invite: {
      id: row.id,
      email: row.email,
      role: row.role,
      businessId: row.businessId,
      businessName: row.business.name,
      accountExists: account !== null,
    },
  };
}

export type AcceptResult =
  | { ok: true; userId: string; businessId: string }
  | { ok: false; problem: InviteProblem }
  | { ok: false; message: string };

class InviteClaimFailed extends Error {}

type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

/** Flips acceptedAt once: only one acceptance of a token can ever succeed. */
async function claim(tx: Tx, inviteId: string, now: Date): Promise<void> {
  const claimed = await tx.invite.updateMany({
    where: { id: inviteId, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } },
    data: { acceptedAt: now },
  });
  if (claimed.count !== 1) throw new InviteClaimFailed();
}

/** A signed-in user whose e-mail is the invited one joins the business with the invited role. */
export async function acceptInviteAsUser(
  db: Db,
  args: { token: string; userId: string; now?: Date },
): Promise<AcceptResult> {
  const now = args.now ?? new Date();
  const found = await findInvite(db, args.token, now);
  if (!found.ok) return found;
  const invite = found.invite;
  const user = await db.user.findUnique({
    where: { id: args.userId },
    select: { email: true, memberships: { select: { businessId: true } } },
  });
  if (!user) return { ok: false, problem: "invalid" };
  if (user.email !== invite.email) {
    return { ok: false, message: `This invitation is for ${invite.email}. Sign out and sign in with that address to accept it.` };
  }
  if (user.memberships.some((m) => m.businessId === invite.businessId)) {
    return { ok: false, message: TEAM_MESSAGES.alreadyMember };
  }
  if (user.memberships.length > 0) return { ok: false, message: OTHER_BUSINESS_MESSAGE };
  try {
    await db.$transaction(async (tx) => {
      await claim(tx, invite.id, now);
      await tx.membership.create({ data: { userId: args.userId, businessId: invite.businessId, role: invite.role, createdAt: now } });
    });
  } catch (error) {
    if (error instanceof InviteClaimFailed) return { ok: false, problem: "used" };
    if (isUniqueViolation(error)) return { ok: false, message: TEAM_MESSAGES.alreadyMember };
    throw error;
  }
  return { ok: true, userId: args.userId, businessId: invite.businessId };
}

/** Someone without an account creates one with the invited e-mail and joins the business. */
export async function acceptInviteWithNewAccount(
  db: Db,
  args: { token: string; displayName: string; password: string; now?: Date },
): Promise<AcceptResult> {
  const now = args.now ?? new Date();
  const found = await findInvite(db, args.token, now);
  if (!found.ok) return found;
  const invite = found.invite;
  if (invite.accountExists) return { ok: false, message: "An account with this email already exists. Sign in to accept the invitation." };
  const passwordHash = await hashPassword(args.password);
  try {
    const userId = await db.$transaction(async (tx) => {
      await claim(tx, invite.id, now);
      const user = await tx.user.create({
        data: {
          email: invite.email,
          passwordHash,
          displayName: args.displayName,
          memberships: { create: { businessId: invite.businessId, role: invite.role, createdAt: now } },
        },
        select: { id: true },
      });
      return user.id;
    });
    return { ok: true, userId, businessId: invite.businessId };
  } catch (error) {
    if (error instanceof InviteClaimFailed) return { ok: false, problem: "used" };
    if (isUniqueViolation(error)) {
      return { ok: false, message: "An account with this email already exists. Sign in to accept the invitation." };
    }
    throw error;
  }
}
