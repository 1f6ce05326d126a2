// Stores a contact-form message and e-mails it to the team address (CONTACT_EMAIL).
import type { AppServices } from "../services.server.ts";
import type { ContactInput } from "./contact.ts";
import { hashIp, underLimit, windowStart } from "./submission-limit.server.ts";

export type ContactSubmission = { ok: true; id: string } | { ok: false; reason: "rate_limited" };

export async function submitContactMessage(
  services: Pick<AppServices, "db" | "mailer" | "env" | "logger">,
  input: ContactInput,
  clientIp: string,
  now = new Date(),
): Promise<ContactSubmission> {
  const ipHash = hashIp(clientIp);
  const recent = await services.db.contactMessage.count({ where: { ipHash, createdAt: { gte: windowStart(now) } } });
  if (!underLimit(recent)) return { ok: false, reason: "rate_limited" };

  const stored = await services.db.contactMessage.create({
    data: { name: input.name, email: input.email, phone: input.phone ?? null, company: input.company, message: input.message, ipHash },
  });
  // The message is stored: a mail failure loses nothing, so it is logged rather than shown to the sender.
  try {
    await services.mailer.send({
      to: services.env.CONTACT_EMAIL,
      subject: `Contact form: ${input.name} (${input.company})`,
      text: [
        `New message from the LeadBroom contact form (id ${stored.id}).`,
        "",
        `Name: ${input.name}`,
        `Email: ${input.email}`,
        `Phone: ${input.phone ?? "not given"}`,
        `Company: ${input.company}`,
        "",
        input.message,
      ].join("\n"),
    });
  } catch (error) {
    services.logger.warn(`[contact] message ${stored.id} stored but not e-mailed: ${(error as Error).message}`);
  }
  return { ok: true, id: stored.id };
}
