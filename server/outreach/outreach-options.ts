// Cold outreach constants and the campaign form (spec §2.14, §9; DESIGN §12). Pure: shared by the
// outreach page (browser) and the server, which validates every campaign with the same schema.
import { z } from "zod";
import { singleLine } from "../shared/format/single-line.ts";

export const DAILY_CONNECTION_OPTIONS = [10, 20, 30] as const;
export const DEFAULT_DAILY_CONNECTIONS = 20;
export const FOLLOW_UP_DAY_OPTIONS = [3, 7, 14] as const;
export const DEFAULT_FOLLOW_UP_DAYS = 7;
export const DAILY_EMAIL_OPTIONS = [25, 50, 100] as const;
export const DEFAULT_DAILY_EMAILS = 50;
export const SEND_TIME_OPTIONS = [
  { value: "09:00", label: "9:00 AM" },
  { value: "10:00", label: "10:00 AM" },
  { value: "14:00", label: "2:00 PM" },
] as const;
export const DEFAULT_SEND_TIME = "10:00";
/** A sequence is the first e-mail and at most this many follow-ups (DESIGN §12). */
export const MAX_FOLLOW_UPS = 2;

export const PLACEHOLDERS = ["firstName", "company", "location", "industry"] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];

/** What a placeholder becomes when the prospect's field is empty, so no e-mail reads "Hi ,". */
const FALLBACKS: Record<Placeholder, string> = {
  firstName: "there",
  company: "your company",
  location: "your area",
  industry: "your industry",
};

export const DEFAULT_LINKEDIN_MESSAGE =
  "Hi {firstName}, I help facilities in {location} keep their buildings spotless. I'd love to connect and share how we work with {industry} companies like {company}.";
export const DEFAULT_EMAIL_SUBJECT = "Commercial cleaning for {company}";
export const DEFAULT_EMAIL_BODY =
  "Hi {firstName},\n\nWe clean offices and facilities across {location}, and several {industry} companies trust us with their buildings.\n\nWould a short call next week to see whether we could help {company} be useful?";

export type PlaceholderValues = { firstName: string; company: string; location: string; industry: string };

/** Fills {firstName}, {company}, {location} and {industry}; an empty field reads as a neutral phrase. */
export function fillPlaceholders(template: string, values: PlaceholderValues): string {
  // A value is one line (an imported company may carry CR/LF into the subject): control characters go.
  return template.replace(/\{(firstName|company|location|industry)\}/g, (_, key: Placeholder) => singleLine(values[key]).trim() || FALLBACKS[key]);
}

/** Placeholders in the text that are not one of the four. */
export function unknownPlaceholders(text: string): string[] {
  const found = [...text.matchAll(/\{([^{}\s]{1,40})\}/g)].map((m) => m[1]!);
  return [...new Set(found.filter((name) => !(PLACEHOLDERS as readonly string[]).includes(name)))];
}

const templateText = (label: string, max: number) =>
  z
    .string({ error: `Please enter the ${label}` })
    .transform((v) => v.replace(/\r\n/g, "\n").trim())
    .refine((v) => v.length > 0, `Please enter the ${label}`)
    .refine((v) => v.length <= max, `The ${label} is limited to ${max.toLocaleString("en-US")} characters`)
    .superRefine((v, ctx) => {
      const unknown = unknownPlaceholders(v);
      if (unknown.length) {
        ctx.addIssue({
          code: "custom",
          message: `Unknown placeholder ${unknown.map((u) => `{${u}}`).join(", ")} in the ${label}: use {firstName}, {company}, {location} or {industry}`,
        });
      }
    });

const choice = <T extends number>(options: readonly T[], label: string) =>
  z.coerce
    .number({ error: `Please choose the ${label}` })
    .refine((v): v is T => (options as readonly number[]).includes(v), `Please choose the ${label}: ${options.join(", ")}`);

export const campaignSchema = z.object({
  linkedinMessage: templateText("LinkedIn message", 300),
  emailSubject: templateText("email subject", 150),
  emailBody: templateText("email body", 5000),
  dailyConnections: choice(DAILY_CONNECTION_OPTIONS, "daily LinkedIn connections"),
  followUpDays: choice(FOLLOW_UP_DAY_OPTIONS, "follow-up delay"),
  dailyEmails: choice(DAILY_EMAIL_OPTIONS, "daily emails"),
  sendTime: z
    .string({ error: "Please choose the send time" })
    .refine((v) => SEND_TIME_OPTIONS.some((o) => o.value === v), "Please choose the send time: 9:00 AM, 10:00 AM or 2:00 PM"),
  prospectIds: z
    .array(z.string().min(1).max(64), { error: "Select the prospects to contact" })
    .min(1, "Select the prospects to contact")
    .max(10_000, "A campaign can contact at most 10,000 prospects"),
});

/** The campaign modal's form: the same rules, with the prospects as the form posts them (one `prospectId` each). */
export const campaignFormSchema = campaignSchema.omit({ prospectIds: true }).extend({ prospectId: campaignSchema.shape.prospectIds });

export type CampaignInput = z.output<typeof campaignSchema>;

export function sendTimeLabel(value: string): string {
  return SEND_TIME_OPTIONS.find((o) => o.value === value)?.label ?? value;
}

export const PROSPECT_STATUS_LABELS = {
  pending: "Pending",
  contacted: "Contacted",
  responded: "Responded",
  converted: "Converted",
} as const;
