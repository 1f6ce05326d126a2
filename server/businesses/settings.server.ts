// Business settings (spec §2.14 Settings): profile, notification preferences and e-mail settings.
// The route parses each form with its own schema (parseFormData) and saves nothing unless all of it is valid.
import type { Db } from "../db/client.server.ts";
import type { EmailSettings, NotificationPreferences } from "../shared/businesses/preferences.ts";
import type { BusinessProfileInput, BusinessProfileValues } from "../shared/businesses/profile.ts";
import { logoUrl } from "./logo-files.server.ts";

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

/** Saves one settings form's values, already parsed with its schema (profile, notifications or e-mail). */
export async function updateBusinessSettings(
  db: Db,
  businessId: string,
  value: BusinessProfileInput | NotificationPreferences | EmailSettings,
): Promise<void> {
  await db.business.update({ where: { id: businessId }, data: value });
}
