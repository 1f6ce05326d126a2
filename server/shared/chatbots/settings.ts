// The chatbot settings form (spec §2.14, §5, §9): one Zod schema, used by the /app/chatbot action and by
// updateChatbotSettings. Pure: no server imports, so the page can share the option lists.
import { z } from "zod";
import { DEFAULT_SERVICE_TYPES } from "./defaults.ts";
import { isValidTimeZone } from "../format/intl.ts";

// The option lists live apart (no zod), so the public docs page can show them without the schemas.
export { HOURS_END_OPTIONS, HOURS_START_OPTIONS, QUALIFICATION_QUESTIONS } from "./setting-options.ts";

export const DEFAULT_HOURS_START = "08:00";
export const DEFAULT_HOURS_END = "18:00";

export const WEEKDAY_OPTIONS = [
  { value: 1, label: "Monday", short: "Mon" },
  { value: 2, label: "Tuesday", short: "Tue" },
  { value: 3, label: "Wednesday", short: "Wed" },
  { value: 4, label: "Thursday", short: "Thu" },
  { value: 5, label: "Friday", short: "Fri" },
  { value: 6, label: "Saturday", short: "Sat" },
  { value: 7, label: "Sunday", short: "Sun" },
] as const;

/** US zones first; any valid IANA zone is accepted. */
export const TIME_ZONE_OPTIONS = [
  "America/New_York",
  "America/Chicago",
  "America/Denver",
  "America/Phoenix",
  "America/Los_Angeles",
  "America/Anchorage",
  "Pacific/Honolulu",
  "America/Toronto",
  "America/Vancouver",
  "Europe/London",
  "Europe/Berlin",
  "Australia/Sydney",
  "UTC",
] as const;

export const SERVICE_TYPE_OPTIONS = DEFAULT_SERVICE_TYPES;

export const SETTINGS_SAVED = "Settings saved successfully!";
export const SETTINGS_SAVE_FAILED = "Error saving settings. Please try again.";

/** A refused save's form-level message: the failure and the first field's message. */
export function settingsSaveFailed(errors: Partial<Record<string, string>>): string {
  return `${SETTINGS_SAVE_FAILED} ${Object.values(errors)[0] ?? ""}`.trim();
}

const MAX_ORIGINS = 20;

/** Spec §5: split on commas and trimmed; empty entries dropped. */
export function splitServiceAreas(value: string): string[] {
  return value
    .split(",")
    .map((area) => area.trim())
    .filter(Boolean);
}

/** Service areas typed as one comma- or line-separated text (chatbot settings and business profile). */
export const serviceAreasSchema = z
  .string()
  .default("")
  .transform(splitServiceAreas)
  .pipe(
    z
      .array(z.string().max(80, "Each service area must be at most 80 characters."))
      .max(50, "At most 50 service areas."),
  );

/**
 * A bare http(s) origin ("https://Example.com:443/" → "https://example.com"), or null: no path,
 * query, fragment or credentials.
 */
export function parseOrigin(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (url.username || url.password || url.search || url.hash) return null;
  if (url.pathname !== "/" && url.pathname !== "") return null;
  if (!url.hostname) return null;
  return url.origin.toLowerCase();
}

/** "$1,250.50" / "12.5" → cents; null unless a positive amount with at most two decimals. */
export function dollarsToCents(value: string): number | null {
  const cleaned = value.trim().replace(/^\$\s*/, "").replace(/,/g, "");
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ""] = cleaned.split(".");
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return Number.isSafeInteger(cents) && cents > 0 ? cents : null;
}

export function centsToDollars(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);

const asList = (value: unknown) => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/**
 * The websites allowed to embed the chatbot (DESIGN §3): origins separated by spaces, commas or new
 * lines; an empty text allows any website. Edited on the chatbot's Installation tab.
 */
export const allowedOriginsSchema = z.string().transform(toOrigins);

/** The Installation tab's form: an empty field (undefined through Conform) clears the list. */
export const allowedOriginsFormSchema = z.object({
  allowedOrigins: z
    .string()
    .optional()
    .transform((value, ctx) => toOrigins(value ?? "", ctx)),
});

function toOrigins(value: string, ctx: z.RefinementCtx): string[] {
  const entries = value
    .split(/[\s,]+/)
    .map((entry) => entry.trim())
    .filter(Boolean);
  const origins: string[] = [];
  for (const entry of entries) {
    const origin = parseOrigin(entry);
    if (!origin) {
      ctx.addIssue({
        code: "custom",
        message: `"${entry.slice(0, 100)}" is not a valid website origin. Use the form https://www.example.com (no path).`,
      });
      return z.NEVER;
    }
    if (!origins.includes(origin)) origins.push(origin);
  }
  if (origins.length > MAX_ORIGINS) {
    ctx.addIssue({ code: "custom", message: `At most ${MAX_ORIGINS} allowed origins.` });
    return z.NEVER;
  }
  return origins;
}

/** The form as posted: strings, with repeated fields (days, service types) as arrays. */
export const chatbotSettingsSchema = z.object({
  businessName: text("Business name", 100),
  welcomeMessage: text("Welcome message", 500),
  serviceAreas: serviceAreasSchema,
  hoursStart: z.enum(["06:00", "07:00", "08:00", "09:00"], {
    error: "Choose a start time between 6:00 AM and 9:00 AM.",
  }),
  hoursEnd: z.enum(["17:00", "18:00", "19:00", "20:00"], {
    error: "Choose an end time between 5:00 PM and 8:00 PM.",
  }),
  hoursDays: z.preprocess(
    asList,
    z
      .array(z.coerce.number().int().min(1, "Choose valid days.").max(7, "Choose valid days."))
      .max(7)
      .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
  ),
  timeZone: z
    .string({ error: "Choose a valid time zone." })
    .trim()
    .refine((zone) => zone.length > 0 && isValidTimeZone(zone), "Choose a valid time zone."),
  afterHoursMessage: text("After-hours response", 500),
  serviceTypes: z.preprocess(
    asList,
    z
      .array(z.string().trim().min(1).max(60, "Each service type must be at most 60 characters."))
      .min(1, "Choose at least one service type.")
      .max(20, "At most 20 service types.")
      .transform((types) => [...new Set(types)]),
  ),
  marketPrice: z
    .string({ error: "Enter the market price as a positive dollar amount, e.g. 10 or 12.50." })
    .transform((value, ctx) => {
      const cents = dollarsToCents(value);
      if (cents === null || cents > 1_000_000) {
        ctx.addIssue({ code: "custom", message: "Enter the market price as a positive dollar amount, e.g. 10 or 12.50." });
        return z.NEVER;
      }
      return cents;
    }),
  /** Absent: the origins stay as they are (they are edited on the Installation tab, allowedOriginsSchema). */
  allowedOrigins: allowedOriginsSchema.optional(),
  accentColor: z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, "Choose a colour like #1d64d8.")
    .transform((value) => value.toLowerCase())
    .optional(),
});

export type ChatbotSettingsForm = z.input<typeof chatbotSettingsSchema>;
export type ChatbotSettingsInput = z.output<typeof chatbotSettingsSchema>;
export type ChatbotSettingsField = keyof ChatbotSettingsForm;
export type FieldErrors = Partial<Record<ChatbotSettingsField, string>>;

export type SettingsParse = { ok: true; value: ChatbotSettingsInput } | { ok: false; errors: FieldErrors };

export function parseChatbotSettings(input: unknown): SettingsParse {
  const parsed = chatbotSettingsSchema.safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as ChatbotSettingsField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}

/** FormData → the schema's input (repeated fields as arrays; absent optional fields left out). */
export function settingsFormToInput(form: FormData): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const key of [
    "businessName",
    "welcomeMessage",
    "serviceAreas",
    "hoursStart",
    "hoursEnd",
    "timeZone",
    "afterHoursMessage",
    "marketPrice",
    "allowedOrigins",
    "accentColor",
  ]) {
    const value = form.get(key);
    if (typeof value === "string") input[key] = value;
  }
  input.hoursDays = form.getAll("hoursDays").filter((v): v is string => typeof v === "string");
  input.serviceTypes = form.getAll("serviceTypes").filter((v): v is string => typeof v === "string");
  return input;
}


/** The chatbot settings as the settings form shows them (shared by the server and the browser). */
export type ChatbotSettingsValues = {
  businessName: string;
  welcomeMessage: string;
  serviceAreas: string[];
  hoursStart: string;
  hoursEnd: string;
  hoursDays: number[];
  timeZone: string;
  afterHoursMessage: string;
  serviceTypes: string[];
  marketPriceCents: number;
  allowedOrigins: string[];
  accentColor: string;
};
