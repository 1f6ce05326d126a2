// Business settings (spec §2.14 Settings): profile, notification preferences and e-mail settings.
// Each update validates with the form's own schema and writes nothing unless all of it is valid.
import type { Db } from "../db/client.server.ts";
import { parseForm, type FieldErrors } from "./form-errors.ts";
import {
  emailSettingsSchema,
  notificationPreferencesSchema,
  type EmailSettings,
  type NotificationPreferences,
} from "./preferences.ts";
import { businessProfileSchema, type BusinessProfileInput, type BusinessProfileValues } from "./profile.ts";
import { logoUrl } from "./logo-files.server.ts";

export type SettingsUpdate<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

export type BusinessSettingsView = {
  profile: BusinessProfileValues;
  notifications: NotificationPreferences;
  email: { emailSenderName: string; emailReplyTo: string };
};

export async function getBusinessSettings(db: Db, businessId: string): Promise<BusinessSettingsView | null> {
  const b = await db.business.findUnique({
    where: { id: businessId },
    select: {
      name: true,
      businessType: true,
      email: true,
      phone: true,
      street: true,
      city: true,
      state: true,
      zip: true,
      serviceAreas: true,
      description: true,
      bookingUrl: true,
      logoPath: true,
      notifyHighPriorityEmail: true,
      notifyDailySummary: true,
      notifyReminderEmail: true,
      emailSenderName: true,
      emailReplyTo: true,
    },
  });
  if (!b) return null;
  return {
    profile: {
      name: b.name,
      businessType: b.businessType,
      email: b.email ?? "",
      phone: b.phone ?? "",
      street: b.street ?? "",
      city: b.city ?? "",
      state: b.state ?? "",
      zip: b.zip ?? "",
      serviceAreas: b.serviceAreas.join(", "),
      description: b.description ?? "",
      bookingUrl: b.bookingUrl ?? "",
      logoUrl: b.logoPath ? logoUrl(b.logoPath) : null,
    },
    notifications: {
      notifyHighPriorityEmail: b.notifyHighPriorityEmail,
      notifyDailySummary: b.notifyDailySummary,
      notifyReminderEmail: b.notifyReminderEmail,
    },
    email: { emailSenderName: b.emailSenderName ?? "", emailReplyTo: b.emailReplyTo ?? "" },
  };
}

export async function updateBusinessProfile(
  db: Db,
  businessId: string,
  input: unknown,
): Promise<SettingsUpdate<BusinessProfileInput>> {
  const parsed = parseForm(businessProfileSchema, input);
  if (!parsed.ok) return parsed;
  const value = parsed.value;
  await db.business.update({ where: { id: businessId }, data: value });
  return { ok: true, value };
}

export async function updateNotificationPreferences(
  db: Db,
  businessId: string,
  input: unknown,
): Promise<SettingsUpdate<NotificationPreferences>> {
  const parsed = parseForm(notificationPreferencesSchema, input);
  if (!parsed.ok) return parsed;
  await db.business.update({ where: { id: businessId }, data: parsed.value });
  return parsed;
}

export async function updateEmailSettings(
  db: Db,
  businessId: string,
  input: unknown,
): Promise<SettingsUpdate<EmailSettings>> {
  const parsed = parseForm(emailSettingsSchema, input);
  if (!parsed.ok) return parsed;
  await db.business.update({ where: { id: businessId }, data: parsed.value });
  return parsed;
}
