// "Email me on new high-priority leads" (Settings > Notifications): when a high-priority lead is
// captured and the business has the preference on, each owner gets an e-mail with a link to the lead.
// A subscriber of `lead.created` (server/jobs/subscribers.server.ts): it returns the e-mail jobs, one
// per owner, keyed by lead and owner so that however often the event is handled each owner gets one.
import type { Db } from "../db/client.server.ts";
import { leadDetailsHidden } from "../shared/billing/entitlements.ts";
import { hideLeadDetails } from "../billing/lead-visibility.ts";
import type { MailJob } from "../mail/mail-jobs.server.ts";
import { renderEmail } from "../mail/templates/render-email.tsx";
import { businessBrand, leadAlertEmail } from "../mail/templates/templates.ts";
import { newLeadNotificationText } from "./notifications.server.ts";
import { Prisma } from "../db/generated/client.ts";
import { queryPrepared } from "../db/prepared.ts";
import { asUtcDate, utcText } from "../db/timestamps.ts";
import type { LeadSummary } from "../realtime/protocol.ts";

type AlertRow = {
  id: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  company: string | null;
  score: number | string;
  priority: string;
  isTest: boolean;
  businessName: string;
  logoPath: string | null;
  street: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  subscriptionStatus: string;
  trialEnd: string | null;
  isDemo: boolean;
  owners: { userId: string; email: string }[] | string;
};

/** The business's owners (oldest first), whom business e-mails go to; `db` may be a transaction. */
export async function owners(db: Pick<Db, "membership">, businessId: string): Promise<{ userId: string; email: string }[]> {
  const rows = await db.membership.findMany({
    where: { businessId, role: "owner" },
    orderBy: { createdAt: "asc" },
    select: { userId: true, user: { select: { email: true } } },
  });
  return rows.map((o) => ({ userId: o.userId, email: o.user.email }));
}

export async function ownerEmails(db: Pick<Db, "membership">, businessId: string): Promise<string[]> {
  return (await owners(db, businessId)).map((o) => o.email);
}

/** A device of the business that rings for a new High lead (its quiet hours are checked by the caller). */
export type HighLeadDevice = { id: string; quietStart: number | null; quietEnd: number | null };

/** A new High lead of the chat (or SMS, a call…) with what its alert e-mails and its pushes need. */
export type HighLeadRow = AlertRow & { source: string; timeZone: string; alertOn: boolean; pushDevices: HighLeadDevice[] | string };

/**
 * One statement (issue 28: it runs for every captured lead) for both consequences of a new High lead:
 * the lead, its business, the owners when the e-mail alert is on, and the devices whose members want a
 * push for it (Web Push, server/push/). No row unless the lead is high priority and came from outside
 * the team (leads added by hand or through the API raise no alert and ring nobody).
 */
export async function readHighLead(db: Db, event: { businessId: string; leadId: string }): Promise<HighLeadRow | null> {
  const [row] = await queryPrepared<HighLeadRow>(db, Prisma.sql`
    -- The lead by its primary key alone: with its business and priority beside the id, the planner
    -- took the (businessId, priority, createdAt) index and read every High lead of the business
    -- (decision 0093: 0.84 ms a lead in the bench, growing with the business's leads).
    WITH l AS MATERIALIZED (SELECT * FROM "Lead" WHERE "id" = ${event.leadId})
    SELECT l."id", l."name", l."email", l."phone", l."company", l."score", l."priority"::text AS "priority", l."isTest",
           l."source"::text AS "source", b."timeZone", b."notifyHighPriorityEmail" AS "alertOn",
           b."name" AS "businessName", b."logoPath", b."street", b."city", b."state", b."zip",
           b."subscriptionStatus"::text AS "subscriptionStatus", ${utcText('b."trialEnd"')} AS "trialEnd", b."isDemo",
           CASE WHEN b."notifyHighPriorityEmail" THEN
             COALESCE((SELECT json_agg(json_build_object('userId', m."userId", 'email', u."email") ORDER BY m."createdAt")
                         FROM "Membership" m JOIN "User" u ON u."id" = m."userId"
                        WHERE m."businessId" = b."id" AND m."role" = 'owner'), '[]'::json)
           ELSE '[]'::json END AS "owners",
           COALESCE((SELECT json_agg(json_build_object('id', p."id", 'quietStart', p."quietStart", 'quietEnd', p."quietEnd") ORDER BY p."createdAt")
                       FROM "PushSubscription" p
                      WHERE p."businessId" = b."id" AND 'high-lead' = ANY(p."events")), '[]'::json) AS "pushDevices"
      FROM l JOIN "Business" b ON b."id" = l."businessId"
     WHERE l."businessId" = ${event.businessId}
       AND l."priority" = 'high'
       -- Leads the team adds itself (by hand or through the API; their event is for webhooks) raise no alert.
       AND l."source" NOT IN ('manual', 'api')`);
  return row ?? null;
}

/** The alert e-mails a new lead causes (none unless it is high priority and the preference is on); `read` is readHighLead's answer when the caller has it. */
export async function leadAlertMails(
  deps: { db: Db; appUrl: string },
  event: { businessId: string; leadId: string },
  now = new Date(),
  read?: HighLeadRow | null,
): Promise<{ key: string; mail: MailJob }[]> {
  const row = read === undefined ? await readHighLead(deps.db, event) : read;
  if (!row?.alertOn) return [];
  const owners = (typeof row.owners === "string" ? JSON.parse(row.owners) : row.owners) as { userId: string; email: string }[];
  const lead = { ...row, score: Number(row.score), priority: row.priority as LeadSummary["priority"] };
  const business = {
    name: row.businessName,
    logoPath: row.logoPath,
    street: row.street,
    city: row.city,
    state: row.state,
    zip: row.zip,
    subscriptionStatus: row.subscriptionStatus,
    trialEnd: row.trialEnd === null ? null : asUtcDate(row.trialEnd),
    isDemo: row.isDemo,
  };
  // An expired trial keeps capturing leads but shows their details only once it subscribes.
  const shown = leadDetailsHidden(business, now) ? hideLeadDetails(lead) : lead;
  const headline = newLeadNotificationText(shown);
  const contact = [shown.email, shown.phone].filter(Boolean).join(" · ") || "no contact details yet";
  // Rendered once for all owners: the same e-mail, each owner's copy with its own key.
  const rendered = await renderEmail(
    leadAlertEmail({ brand: businessBrand(business, deps.appUrl), headline, score: lead.score, contact, leadUrl: `${deps.appUrl}/app/leads/${lead.id}` }),
  );
  return owners.map((owner) => ({
    key: `lead-alert:${lead.id}:${owner.userId}`,
    mail: { businessId: event.businessId, kind: "lead-alert", message: { to: owner.email, ...rendered } },
  }));
}
