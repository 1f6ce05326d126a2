// "Email me on new high-priority leads" (Settings > Notifications): when a high-priority lead is
// captured and the business has the preference on, each owner gets an e-mail with a link to the lead.
import type { Db } from "../db/client.server.ts";
import { Prisma } from "../db/generated/client.ts";
import { queryPrepared } from "../db/prepared.ts";
import type { Mailer } from "../mail/mailer.server.ts";
import type { LeadSummary } from "../realtime/protocol.ts";
import { newLeadNotificationText } from "./notifications.server.ts";

export type AlertDeps = { db: Db; mailer: Mailer; appUrl: string };

export async function ownerEmails(db: Db, businessId: string): Promise<string[]> {
  const owners = await db.membership.findMany({
    where: { businessId, role: "owner" },
    orderBy: { createdAt: "asc" },
    select: { user: { select: { email: true } } },
  });
  return owners.map((o) => o.user.email);
}

/** Sends the alert to every owner when it applies; returns how many e-mails were sent. */
export async function emailOwnersAboutLead(deps: AlertDeps, businessId: string, lead: LeadSummary): Promise<number> {
  if (lead.priority !== "high") return 0;
  // The preference and the owners' addresses in one statement (it runs for every high-priority lead).
  const rows = await queryPrepared<{ name: string; email: string }>(deps.db, Prisma.sql`
    SELECT b."name", u."email"
      FROM "Business" b
      JOIN "Membership" m ON m."businessId" = b."id" AND m."role" = 'owner'
      JOIN "User" u ON u."id" = m."userId"
     WHERE b."id" = ${businessId} AND b."notifyHighPriorityEmail"
     ORDER BY m."createdAt" ASC`);
  if (rows.length === 0) return 0;
  const business = { name: rows[0]!.name };
  const recipients = rows.map((r) => r.email);
  const headline = newLeadNotificationText(lead);
  const contact = [lead.email, lead.phone].filter(Boolean).join(" · ") || "no contact details yet";
  for (const to of recipients) {
    await deps.mailer.send({
      to,
      subject: `${headline} (score ${lead.score.toFixed(1)})`,
      text:
        `${headline} scored ${lead.score.toFixed(1)} out of 10 for ${business.name}.\n` +
        `Contact: ${contact}\n\n` +
        `High-priority leads are best answered within the hour. Open the lead:\n` +
        `${deps.appUrl}/app/leads/${lead.id}\n\n` +
        `You get this e-mail because "Email me on new high-priority leads" is on in Settings > Notifications.`,
    });
  }
  return recipients.length;
}
