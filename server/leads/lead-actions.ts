// The spec's lead actions (Call Now, Send Quote, Schedule Visit, Send Info, View Details) per priority,
// and the default wording of the e-mails. Pure.
import type { LeadPriorityValue } from "./lead-filters.ts";
import type { EmailKind } from "./lead-input.ts";

export type LeadAction = "call" | "quote" | "visit" | "info";

export const ACTION_LABELS: Record<LeadAction, string> = {
  call: "Call Now",
  quote: "Send Quote",
  visit: "Schedule Visit",
  info: "Send Info",
};

/** High leads are called now, medium ones get a quote, low ones information (response-time advice). */
export function actionsFor(priority: LeadPriorityValue): { primary: LeadAction; secondary: LeadAction[] } {
  switch (priority) {
    case "high":
      return { primary: "call", secondary: ["quote", "visit"] };
    case "medium":
      return { primary: "quote", secondary: ["call", "visit"] };
    case "low":
      return { primary: "info", secondary: ["call", "quote"] };
  }
}

/** A tel: href from a free-form phone number (digits and a leading +), or null. */
export function telHref(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const trimmed = phone.trim();
  const digits = trimmed.replace(/[^\d]/g, "");
  if (digits.length < 3) return null;
  return `tel:${trimmed.startsWith("+") ? "+" : ""}${digits}`;
}

export function defaultEmail(
  kind: EmailKind,
  lead: { name: string | null; company: string | null; serviceType: string | null },
  businessName: string,
): { subject: string; body: string } {
  const greeting = `Hi ${lead.name?.split(/\s+/)[0] ?? "there"},`;
  const place = lead.company ? ` for ${lead.company}` : "";
  if (kind === "quote") {
    return {
      subject: `Your cleaning quote from ${businessName}`,
      body: `${greeting}\n\nThank you for your interest in ${businessName}. Here is our quote${place}:\n\n[Service, frequency and monthly price]\n\nReply to this e-mail or call us to get started.\n\nBest regards,\n${businessName}`,
    };
  }
  return {
    subject: `More about ${businessName}`,
    body: `${greeting}\n\nThank you for getting in touch with ${businessName}. Here is some information about our ${
      lead.serviceType ? lead.serviceType.toLowerCase() : "commercial cleaning"
    } services${place}.\n\nReply to this e-mail with any question; we are happy to help.\n\nBest regards,\n${businessName}`,
  };
}
