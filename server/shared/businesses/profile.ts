// The Business Profile form (spec §2.14 Settings): one Zod schema for the browser and the server.
// Pure: no server imports. The spec shows no validation, so the rules and messages here are ours.
import { z } from "zod";
import { optionalEmailField } from "../auth/validation.ts";
import { serviceAreasSchema } from "../chatbots/settings.ts";

/** Spec §2.14: the three business types. */
export const BUSINESS_TYPES = ["Commercial Cleaning", "Janitorial Service", "Facility Management"] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];

/** Spec §8: the settings save messages (the same texts as the chatbot settings). */
export { SETTINGS_SAVED, SETTINGS_SAVE_FAILED } from "../chatbots/settings.ts";

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .default("")
    .transform((value) => (value === "" ? null : value));

export const businessProfileSchema = z.object({
  name: z
    .string({ error: "Business name is required." })
    .trim()
    .min(1, "Business name is required.")
    .max(120, "Business name must be at most 120 characters."),
  businessType: z.enum(BUSINESS_TYPES, { error: "Choose a business type." }),
  email: optionalEmailField,
  phone: z
    .string()
    .trim()
    .max(30, "Phone must be at most 30 characters.")
    .default("")
    .refine(
      (value) => value === "" || (/^[+()\d\s.-]+$/.test(value) && (value.match(/\d/g)?.length ?? 0) >= 7),
      "Enter a phone number with at least 7 digits, e.g. (555) 123-4567.",
    )
    .transform((value) => (value === "" ? null : value)),
  street: optionalText("Street", 200),
  city: optionalText("City", 100),
  state: optionalText("State", 50),
  zip: z
    .string()
    .trim()
    .max(12, "ZIP must be at most 12 characters.")
    .default("")
    .refine((value) => value === "" || /^[A-Za-z0-9][A-Za-z0-9 -]*$/.test(value), "Enter a valid ZIP code, e.g. 62701.")
    .transform((value) => (value === "" ? null : value)),
  serviceAreas: serviceAreasSchema,
  description: optionalText("Business description", 2000),
  /** The business's own scheduling page, sent by the Appointment scheduler automation as {bookingLink}. */
  bookingUrl: z
    .string()
    .trim()
    .max(500, "Booking link must be at most 500 characters.")
    .default("")
    .refine((value) => value === "" || isHttpsUrl(value), "Enter your booking page's https:// address, e.g. https://calendly.com/your-business.")
    .transform((value) => (value === "" ? null : value)),
});

function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname.includes(".");
  } catch {
    return false;
  }
}

export type BusinessProfileForm = z.input<typeof businessProfileSchema>;
export type BusinessProfileInput = z.output<typeof businessProfileSchema>;
export const BUSINESS_PROFILE_FIELDS = [
  "name",
  "businessType",
  "email",
  "phone",
  "street",
  "city",
  "state",
  "zip",
  "serviceAreas",
  "description",
  "bookingUrl",
] as const;
export type BusinessProfileField = (typeof BUSINESS_PROFILE_FIELDS)[number];

/** The profile as the form shows it (shared by the loader and the page). */
export type BusinessProfileValues = {
  name: string;
  businessType: string;
  email: string;
  phone: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  serviceAreas: string;
  description: string;
  bookingUrl: string;
  logoUrl: string | null;
};
