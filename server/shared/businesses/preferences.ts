// Notifications and Email Settings forms (spec §2.14 Settings): one Zod schema each, shared by the
// browser and the server. Pure.
import { z } from "zod";
import { optionalEmailField } from "../auth/validation.ts";

/** An HTML checkbox: present ("on") means true, absent means false. */
const checkbox = z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean());

export const notificationPreferencesSchema = z.object({
  notifyHighPriorityEmail: checkbox,
  notifyDailySummary: checkbox,
  notifyReminderEmail: checkbox,
});
export type NotificationPreferences = z.output<typeof notificationPreferencesSchema>;
export const NOTIFICATION_FIELDS = ["notifyHighPriorityEmail", "notifyDailySummary", "notifyReminderEmail"] as const;

export const emailSettingsSchema = z.object({
  emailSenderName: z
    .string()
    .trim()
    .max(80, "Sender name must be at most 80 characters.")
    .default("")
    // It becomes the display name of a From header: no quotes, angle brackets or line breaks.
    .refine((value) => !/["<>\\\r\n]/.test(value), 'Sender name cannot contain quotes, "<", ">" or line breaks.')
    .transform((value) => (value === "" ? null : value)),
  emailReplyTo: optionalEmailField,
});
export type EmailSettings = z.output<typeof emailSettingsSchema>;
export const EMAIL_SETTINGS_FIELDS = ["emailSenderName", "emailReplyTo"] as const;
