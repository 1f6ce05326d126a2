// The spec's lead actions (Call Now, Send Quote, Schedule Visit, Send Info, View Details) per priority,
// and the default wording of the e-mails. Pure.
import { plural } from "../format/plural.ts";
import { firstNameOf } from "../conversation/names.ts";
import type { LeadPriorityValue } from "./lead-filters.ts";
import type { EmailKind } from "./lead-input.ts";
import { VISITS_PER_MONTH, expectedMonthlyCostCents, type FrequencyBand } from "../scoring/score.ts";
import { formatWholeDollars } from "../format/intl.ts";

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

/** The lead's answers a quote or an information e-mail is drafted from (the lead detail's fields). */
export type DraftLead = {
  name: string | null;
  company: string | null;
  serviceType: string | null;
  buildingSizeSqFt: number | null;
  frequency: string | null;
  /** The market price the lead was scored with (cents per 1,000 sq ft per visit). */
  marketPriceCents: number;
  /** Visits a month the lead was scored with: the visitor's own count ("3x a week" → 12.99) or the band's figure. */
  visitsPerMonth?: number | null;
};

/** "cleaning 3 times a week (about 13 visits a month)": the visitor's own count, when it is not the band's figure. */
function ownFrequencyWords(frequency: FrequencyBand, visitsPerMonth: number | null | undefined): string | null {
  if (visitsPerMonth == null || !(visitsPerMonth > 0) || Math.abs(visitsPerMonth - VISITS_PER_MONTH[frequency]) < 0.05) return null;
  const perWeek = Math.round((visitsPerMonth / 4.33) * 100) / 100;
  const visits = `about ${plural(Math.round(visitsPerMonth), "visit")} a month`;
  if (Number.isInteger(perWeek) && perWeek >= 1) return `cleaning ${perWeek === 1 ? "once" : perWeek === 2 ? "twice" : plural(perWeek, "time")} a week (${visits})`;
  return `cleaning ${visits}`;
}

const FREQUENCY_WORDS: Record<FrequencyBand, string> = {
  daily: "daily cleaning (about 22 visits a month)",
  two_three_weekly: "cleaning 2–3 times a week (about 11 visits a month)",
  weekly: "weekly cleaning (about 4 visits a month)",
  biweekly_or_less: "cleaning every other week (about 2 visits a month)",
};

const isFrequency = (value: string | null): value is FrequencyBand => value !== null && value in FREQUENCY_WORDS;

const dollars = formatWholeDollars;

/**
 * The editor's starting text for Send Quote and Send Info, from the lead's answers (service, size,
 * frequency) and the market price estimate (DESIGN §4: size × the price the lead was scored with ×
 * visits a month, decision 0020's rounding to $10). What the lead did not say stays a bracketed
 * placeholder for the owner to replace: the server refuses to send one (findPlaceholder).
 */
export function defaultEmail(kind: EmailKind, lead: DraftLead, businessName: string): { subject: string; body: string } {
  const greeting = `Hi ${firstNameOf(lead.name ?? undefined) ?? "there"},`;
  const place = lead.company ? ` for ${lead.company}` : "";
  const service = lead.serviceType ? lead.serviceType.toLowerCase() : null;
  if (kind === "quote") {
    const size = lead.buildingSizeSqFt !== null ? `${lead.buildingSizeSqFt.toLocaleString("en-US")} sq ft` : "[building size]";
    const frequency = isFrequency(lead.frequency) ? (ownFrequencyWords(lead.frequency, lead.visitsPerMonth) ?? FREQUENCY_WORDS[lead.frequency]) : "[how often]";
    const estimate =
      lead.buildingSizeSqFt !== null && isFrequency(lead.frequency)
        ? dollars(Math.round(expectedMonthlyCostCents(lead.buildingSizeSqFt, lead.frequency, lead.marketPriceCents, lead.visitsPerMonth) / 1000) * 1000)
        : "[monthly price]";
    return {
      subject: `Your cleaning quote from ${businessName}`,
      body: [
        greeting,
        "",
        `Thank you for your interest in ${businessName}. Here is our quote${place}:`,
        "",
        `Service: ${lead.serviceType ?? "[service]"}`,
        `Building size: ${size}`,
        `Frequency: ${frequency}`,
        `Price: ${estimate} a month`,
        "",
        "Reply to this e-mail or call us to get started.",
        "",
        "Best regards,",
        businessName,
      ].join("\n"),
    };
  }
  return {
    subject: `More about ${businessName}`,
    body: `${greeting}\n\nThank you for getting in touch with ${businessName}. Here is some information about our ${
      service ?? "commercial cleaning"
    } services${place}.\n\nReply to this e-mail with any question; we are happy to help.\n\nBest regards,\n${businessName}`,
  };
}

/** The first bracketed placeholder left in a draft ("[monthly price]"), or null. */
export function findPlaceholder(text: string): string | null {
  return /\[[^[\]\n]{1,60}\]/.exec(text)?.[0] ?? null;
}
