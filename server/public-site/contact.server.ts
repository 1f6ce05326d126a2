// Stores a contact-form message and e-mails it to the team address (CONTACT_EMAIL): the message and
// its e-mail job are written in one transaction (DESIGN §10), so the e-mail is never lost or sent twice.
import type { AppServices } from "../services.server.ts";
import { enqueueMail } from "../mail/mail-jobs.server.ts";
import { renderEmail } from "../mail/templates/render-email.tsx";
import { contactMessageEmail } from "../mail/templates/templates.ts";
import type { ContactInput } from "../shared/public-site/contact.ts";
import { hashIp, storeWithinLimit, windowStart } from "./submission-limit.server.ts";

export type ContactSubmission = { ok: true; id: string } | { ok: false; reason: "rate_limited" };

export async function submitContactMessage(
  services: Pick<AppServices, "db" | "jobs" | "env">,
  input: ContactInput,
  clientIp: string,
  now = new Date(),
): Promise<ContactSubmission> {
  const ipHash = hashIp(clientIp);
  const stored = await storeWithinLimit(
    services.db,
    ipHash,
    (tx) => tx.contactMessage.count({ where: { ipHash, createdAt: { gte: windowStart(now) } } }),
    async (tx) => {
      const row = await tx.contactMessage.create({
        data: { name: input.name, email: input.email, phone: input.phone ?? null, company: input.company, message: input.message, ipHash },
      });
      const rendered = await renderEmail(contactMessageEmail({ id: row.id, ...input, phone: input.phone ?? null }));
      await enqueueMail(services.jobs, tx, [
        { key: `contact:${row.id}`, mail: { kind: "contact", message: { to: services.env.CONTACT_EMAIL, replyTo: input.email, ...rendered } } },
      ]);
      return row;
    },
  );
  if (!stored) return { ok: false, reason: "rate_limited" };
  return { ok: true, id: stored.id };
}
