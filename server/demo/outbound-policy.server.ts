// The one outbound policy of a demo sandbox (decision 0026, issue 27 item 1): every sender of a
// message that leaves LeadBroom for someone outside the workspace (e-mail in `deliverOnce`, an
// automation's SMS step, and any channel added later) asks `holdForSandbox` before it sends. A
// sandbox sends on no outbound channel: the message is recorded as held, shown to the owner with the
// channel's held text, and no request goes to the provider. Adding a channel means adding it to
// `OutboundChannel` (the compiler then asks for its held text) and calling `holdForSandbox` first.
import type { Db } from "../db/client.server.ts";
import { Prisma } from "../db/generated/client.ts";

export type OutboundChannel = "email" | "sms";

/** Shown on an automation step a sandbox held instead of sending, one per channel. */
export const SANDBOX_HELD_TEXT: Record<OutboundChannel, string> = {
  email: "Held: a demo sandbox sends no e-mails",
  sms: "Held: a demo sandbox sends no SMS",
};

/**
 * For a message on `channel` sent for `businessId` to `to`: the demo sandbox that holds it (its id),
 * "gone" when the business it was for no longer exists (an expired sandbox deleted meanwhile), or
 * null when it may be sent. An e-mail is also held when it goes to a sandbox member's own address (a
 * password reset has no business).
 */
export async function holdForSandbox(db: Db, channel: OutboundChannel, target: { businessId?: string | null; to: string }): Promise<string | "gone" | null> {
  const [row] = await db.$queryRaw<{ known: boolean; sandboxId: string | null }[]>(sandboxHoldSql(channel, target));
  if (!row?.known) return "gone";
  return row.sandboxId;
}

/**
 * The same question as one SELECT of `known` (the business still exists, or there is none) and
 * `sandboxId`, for a statement that records the message in the same step (mail/delivery-record.server.ts).
 */
export function sandboxHoldSql(channel: OutboundChannel, target: { businessId?: string | null; to: string }): Prisma.Sql {
  const businessId = target.businessId ?? null;
  // Only an e-mail address can be a sandbox member's account.
  const memberEmail = channel === "email" ? target.to.trim().toLowerCase() : null;
  return Prisma.sql`
    SELECT (${businessId}::text IS NULL OR EXISTS (SELECT 1 FROM "Business" WHERE "id" = ${businessId}::text)) AS "known",
           (SELECT b."id" FROM "Business" b
             WHERE b."sandboxExpiresAt" IS NOT NULL
               AND (b."id" = ${businessId}::text
                    OR b."id" IN (SELECT m."businessId" FROM "Membership" m JOIN "User" u ON u."id" = m."userId"
                                   WHERE u."email" = ${memberEmail}::text))
             LIMIT 1) AS "sandboxId"`;
}
