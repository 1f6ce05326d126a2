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

/** The alert e-mails a new lead causes (none unless it is high priority and the preference is on). */
export async function leadAlertMails(
  deps: { db: Db; appUrl: string },
  event: { businessId: string; leadId: string },
  now = new Date(),
): Promise<{ key: string; mail: MailJob }[]> {
  const lead = await deps.db.lead.findFirst({
    where: { id: event.leadId, businessId: event.businessId },
    select: {
      id: true, name: true, email: true, phone: true, company: true, score: true, priority: true, isTest: true, source: true,
      business: {
        select: {
          name: true, logoPath: true, street: true, city: true, state: true, zip: true, notifyHighPriorityEmail: true, subscriptionStatus: true, trialEnd: true, isDemo: true,
          memberships: { where: { role: "owner" }, orderBy: { createdAt: "asc" }, select: { userId: true, user: { select: { email: true } } } },
        },
      },
    },
  });
  // Leads the team adds itself (by hand or through the API; their event is for webhooks) raise no alert.
  if (!lead || lead.source === "manual" || lead.source === "api" || lead.priority !== "high" || !lead.business.notifyHighPriorityEmail) return [];
  const { business } = lead;
  // An expired trial keeps capturing leads but shows their details only once it subscribes.
  const shown = leadDetailsHidden(business, now) ? hideLeadDetails(lead) : lead;
  const headline = newLeadNotificationText(shown);
  const contact = [shown.email, shown.phone].filter(Boolean).join(" · ") || "no contact details yet";
  // Rendered once for all owners: the same e-mail, each owner's copy with its own key.
  const rendered = await renderEmail(
    leadAlertEmail({ brand: businessBrand(business, deps.appUrl), headline, score: lead.score, contact, leadUrl: `${deps.appUrl}/app/leads/${lead.id}` }),
  );
  return business.memberships.map((owner) => ({
    key: `lead-alert:${lead.id}:${owner.userId}`,
    mail: { businessId: event.businessId, kind: "lead-alert", message: { to: owner.user.email, ...rendered } },
  }));
}
