// Validation of the lead forms (status, note, reminder, e-mail, visit, manual lead). Pure and shared
// by the route actions and the domain functions; each failure carries one clear message.
import { isValidEmail } from "../auth/validation.ts";
import { z } from "zod";
import { LEAD_STATUSES } from "./lead-filters.ts";
import { findPlaceholder } from "./lead-actions.ts";
import { normalizePhone } from "../format/phone.ts";
import { storableString } from "../forms/storable-text.ts";
import { COMPETITOR_NAME_MAX, isLostReason, normalizeCompetitorName, type LostReason } from "./lost-reasons.ts";

export type Checked<T> = { ok: true; value: T } | { ok: false; error: string };

export const NOTE_MAX = 2000;
export const REMINDER_NOTE_MAX = 500;
export const EMAIL_SUBJECT_MAX = 200;
export const EMAIL_BODY_MAX = 5000;

const day = /^\d{4}-\d{2}-\d{2}$/;
const clock = /^([01]\d|2[0-3]):[0-5]\d$/;

/** "$4,200.50" → 420050 cents; null when it is not a positive amount. */
export function parseDollarsToCents(text: string): number | null {
  const cleaned = text.replace(/[$,\s]/g, "");
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ""] = cleaned.split(".") as [string, string?];
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return Number.isSafeInteger(cents) ? cents : null;
}

// The schemas run on plain strings (the domain functions, the REST API) and through Conform, which
// turns an empty or blank field into undefined: a required string names its message for undefined
// too, and trimming is `.trim()` rather than a `.transform().pipe()` (decision 0032's schema note).
function text(max: number, required: string, tooLong: string) {
  return storableString({ error: required }).trim().min(1, required).max(max, tooLong);
}

function run<T>(schema: z.ZodType<T>, input: unknown): Checked<T> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, error: result.error.issues[0]?.message ?? "Please check the form and try again." };
}

/** Form fields as plain strings (files and missing fields become empty strings). */
export function formFields(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of form.entries()) if (typeof value === "string") out[key] = value;
  return out;
}

// ---- status ------------------------------------------------------------------------------------
/**
 * Won needs the deal value and may name the competitor the lead also considered; Lost may give a
 * reason and, for "went with a competitor", the competitor's name (a name without a reason means that
 * reason). Other statuses carry neither.
 */
export type StatusInput = {
  status: (typeof LEAD_STATUSES)[number];
  valueCents: number | null;
  lostReason: LostReason | null;
  /** Lost: whom the lead went with; Won: whom it was won against. */
  competitor: string | null;
};

const competitorSchema = z
  .string()
  .optional()
  .transform((v) => normalizeCompetitorName(v))
  .refine((v) => v === null || v.length <= COMPETITOR_NAME_MAX, `Competitor names are limited to ${COMPETITOR_NAME_MAX} characters`);

/** The lead page's forms (Conform in the browser) and the domain functions check with the same schemas. */
export const statusSchema = z
  .object({
    status: z.enum(LEAD_STATUSES, { error: "Please choose a status" }),
    value: z.string().optional(),
    lostReason: z
      .string()
      .optional()
      .transform((v) => (v ?? "").trim())
      .refine((v) => v === "" || isLostReason(v), "Please choose a reason from the list"),
    competitor: competitorSchema,
  })
  .transform((input, ctx): StatusInput => {
    if (input.status === "lost") {
      const reason = isLostReason(input.lostReason) ? input.lostReason : input.competitor ? "competitor" : null;
      return { status: "lost", valueCents: null, lostReason: reason, competitor: reason === "competitor" ? input.competitor : null };
    }
    if (input.status !== "won") return { status: input.status, valueCents: null, lostReason: null, competitor: null };
    const raw = (input.value ?? "").trim();
    if (!raw) {
      ctx.addIssue({ code: "custom", message: "Please enter the deal value to mark this lead as Won" });
      return z.NEVER;
    }
    const cents = parseDollarsToCents(raw);
    if (cents === null || cents <= 0 || cents > 2_000_000_000) {
      ctx.addIssue({ code: "custom", message: "The deal value must be an amount in dollars above $0 (up to $20,000,000)" });
      return z.NEVER;
    }
    return { status: "won", valueCents: cents, lostReason: null, competitor: input.competitor };
  });

export function validateStatus(input: unknown): Checked<StatusInput> {
  return run(statusSchema, input);
}

// ---- note --------------------------------------------------------------------------------------
export const noteSchema = z.object({
  note: text(NOTE_MAX, "Please write a note", `Notes are limited to ${NOTE_MAX.toLocaleString("en-US")} characters`),
});
export function validateNote(input: unknown): Checked<{ note: string }> {
  return run(noteSchema, input);
}

// ---- reminders ---------------------------------------------------------------------------------
export type ReminderInput = { dueDate: string; dueTime: string; note: string };
export const reminderSchema = z.object({
  dueDate: z.string({ error: "Please choose a due date" }).regex(day, "Please choose a due date"),
  dueTime: z
    .string()
    .optional()
    .transform((v) => v?.trim() || "09:00")
    .refine((v) => clock.test(v), "Please enter the time as HH:MM"),
  note: text(
    REMINDER_NOTE_MAX,
    "Please say what the reminder is for",
    `Reminder notes are limited to ${REMINDER_NOTE_MAX} characters`,
  ),
});
export function validateReminder(input: unknown): Checked<ReminderInput> {
  return run(reminderSchema, input);
}

export const SNOOZE_OPTIONS = { "1h": { label: "1 hour", ms: 3_600_000 }, "1d": { label: "1 day", ms: 86_400_000 }, "1w": { label: "1 week", ms: 7 * 86_400_000 } } as const;
export type SnoozeKey = keyof typeof SNOOZE_OPTIONS;
const snoozeSchema = z.object({
  reminderId: z.string({ error: "Reminder not found" }).min(1, "Reminder not found"),
  snooze: z.enum(["1h", "1d", "1w"], { error: "Please choose how long to snooze" }),
});
export function validateSnooze(input: unknown): Checked<{ reminderId: string; snooze: SnoozeKey }> {
  return run(snoozeSchema, input);
}
const reminderIdSchema = z.object({ reminderId: z.string({ error: "Reminder not found" }).min(1, "Reminder not found") });
export function validateReminderId(input: unknown): Checked<{ reminderId: string }> {
  return run(reminderIdSchema, input);
}

// ---- visit -------------------------------------------------------------------------------------
export type VisitInput = { visitDate: string; visitTime: string; note: string };
export const visitSchema = z.object({
  visitDate: z.string({ error: "Please choose the visit date" }).regex(day, "Please choose the visit date"),
  visitTime: z.string({ error: "Please choose the visit time" }).trim().regex(clock, "Please choose the visit time"),
  note: z
    .string()
    .trim()
    .max(REMINDER_NOTE_MAX, `Visit notes are limited to ${REMINDER_NOTE_MAX} characters`)
    .optional()
    .transform((v) => v ?? ""),
});
export function validateVisit(input: unknown): Checked<VisitInput> {
  return run(visitSchema, input);
}

// ---- e-mail ------------------------------------------------------------------------------------
export const EMAIL_KINDS = ["quote", "info"] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];
export type EmailInput = { kind: EmailKind; subject: string; body: string };
/** A draft's bracketed gap ("[monthly price]") must be replaced by the owner's own words before it goes out. */
const noPlaceholder = (field: string) => (value: string, ctx: z.RefinementCtx) => {
  const placeholder = findPlaceholder(value);
  if (placeholder) ctx.addIssue({ code: "custom", message: `Replace ${placeholder} in the ${field} with your own words before sending` });
};
const emailSchema = z.object({
  kind: z.enum(EMAIL_KINDS, { error: "Please choose what to send" }),
  subject: text(EMAIL_SUBJECT_MAX, "Please enter a subject", `Subjects are limited to ${EMAIL_SUBJECT_MAX} characters`).superRefine(noPlaceholder("subject")),
  body: text(EMAIL_BODY_MAX, "Please write a message", `Messages are limited to ${EMAIL_BODY_MAX.toLocaleString("en-US")} characters`).superRefine(noPlaceholder("message")),
});
export function validateEmail(input: unknown): Checked<EmailInput> {
  return run(emailSchema, input);
}

// ---- manual lead -------------------------------------------------------------------------------
export const FREQUENCY_OPTIONS = [
  ["daily", "Daily (4 or more visits a week)"],
  ["two_three_weekly", "2–3 times a week"],
  ["weekly", "Weekly"],
  ["biweekly_or_less", "Bi-weekly or less"],
] as const;
export const TIMELINE_OPTIONS = [
  ["immediate", "Immediately"],
  ["within_30_days", "Within 30 days"],
  ["within_90_days", "Within 90 days"],
  ["beyond_90_days", "Beyond 90 days"],
] as const;

const optionalText = (max: number, tooLong: string) =>
  storableString()
    .trim()
    .max(max, tooLong)
    .optional()
    .transform((v) => v || null);


/** What a lead says about itself: its contact and its answers, as a new lead's row stores them. */
export type LeadAnswers = {
  name: string;
  email: string | null;
  phone: string | null;
  company: string | null;
  serviceType: string | null;
  buildingSizeSqFt: number | null;
  frequency: (typeof FREQUENCY_OPTIONS)[number][0] | null;
  budgetMonthlyCents: number | null;
  timeline: (typeof TIMELINE_OPTIONS)[number][0] | null;
};

export type ManualLeadInput = LeadAnswers & { note: string | null };

/** Exported for the REST API, which reports every invalid field (server/api/lead-body.ts). */
export const manualLeadSchema = z
  .object({
    name: text(120, "Please enter the contact's name", "Names are limited to 120 characters"),
    email: optionalText(254, "Email addresses are limited to 254 characters").refine(
      (v) => v === null || isValidEmail(v),
      "Invalid email address",
    ),
    // Stored normalised (E.164 where possible, server/format/phone.ts) whichever way it was typed.
    phone: optionalText(40, "Phone numbers are limited to 40 characters")
      .refine((v) => v === null || normalizePhone(v) !== null, "Enter a phone number with 7 to 15 digits, e.g. (555) 123-4567")
      .transform((v) => normalizePhone(v)),
    company: optionalText(160, "Company names are limited to 160 characters"),
    serviceType: optionalText(120, "Service types are limited to 120 characters"),
    buildingSize: z
      .string()
      .optional()
      .transform((v) => (v ?? "").replace(/[,\s]/g, ""))
      .refine((v) => v === "" || (/^\d+$/.test(v) && Number(v) > 0 && Number(v) <= 100_000_000), {
        message: "Building size must be a whole number of square feet",
      })
      .transform((v) => (v === "" ? null : Number(v))),
    frequency: z
      .string()
      .optional()
      .transform((v) => v || null)
      .pipe(z.enum(["daily", "two_three_weekly", "weekly", "biweekly_or_less"], { error: "Please choose a cleaning frequency" }).nullable()),
    budget: z
      .string()
      .optional()
      .transform((v) => (v ?? "").trim())
      .refine((v) => v === "" || (parseDollarsToCents(v) ?? 0) > 0, { message: "Monthly budget must be an amount in dollars" })
      .transform((v) => (v === "" ? null : parseDollarsToCents(v)))
      .refine((v) => v === null || v <= 2_000_000_000, { message: "Monthly budget must be an amount in dollars" }),
    timeline: z
      .string()
      .optional()
      .transform((v) => v || null)
      .pipe(z.enum(["immediate", "within_30_days", "within_90_days", "beyond_90_days"], { error: "Please choose a timeline" }).nullable()),
    note: optionalText(NOTE_MAX, `Notes are limited to ${NOTE_MAX.toLocaleString("en-US")} characters`),
  })
  .refine((v) => v.email !== null || v.phone !== null, { message: "Please enter an email address or a phone number" })
  .transform(
    (v): ManualLeadInput => ({
      name: v.name,
      email: v.email?.toLowerCase() ?? null,
      phone: v.phone,
      company: v.company,
      serviceType: v.serviceType,
      buildingSizeSqFt: v.buildingSize,
      frequency: v.frequency,
      budgetMonthlyCents: v.budget,
      timeline: v.timeline,
      note: v.note,
    }),
  );

export function validateManualLead(input: unknown): Checked<ManualLeadInput> {
  return run(manualLeadSchema, input);
}
