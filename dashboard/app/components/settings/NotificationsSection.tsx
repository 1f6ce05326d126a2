// Notifications (spec §2.14 Settings): e-mail alerts for new high-priority leads, due follow-ups and a daily summary.
import { useFetcher } from "@remix-run/react";
import { useId } from "react";
import { notificationPreferencesSchema, type NotificationPreferences } from "#shared/businesses/preferences.ts";
import { ResultMessage, SectionCard, useSectionForm, type SettingsActionResult } from "./ui";
import { SaveButton } from "~/components/forms";

export function NotificationsSection({ preferences }: { preferences: NotificationPreferences }) {
  const fetcher = useFetcher<SettingsActionResult>({ key: "settings-notifications" });
  const prefix = useId().replace(/:/g, "");
  const { result, formProps } = useSectionForm({ id: "settings-notifications", schema: notificationPreferencesSchema, fetcher, intents: ["notifications"] });
  const busy = fetcher.state !== "idle";
  const options = [
    {
      name: "notifyHighPriorityEmail",
      label: "Email me on new high-priority leads",
      hint: "Every owner gets an email as soon as the chatbot captures a lead scoring 8 or more.",
      checked: preferences.notifyHighPriorityEmail,
    },
    {
      name: "notifyDailySummary",
      label: "Daily summary",
      hint: "Every morning (7 AM in your time zone) the owners get yesterday's new leads by priority.",
      checked: preferences.notifyDailySummary,
    },
    {
      name: "notifyReminderEmail",
      label: "Email me when a follow-up is due",
      hint: "When a lead's follow-up reminder falls due, the owners get an email as well as the in-app notification.",
      checked: preferences.notifyReminderEmail,
    },
  ] as const;
  return (
    <SectionCard id="notifications-heading" title="Notifications" description="Emails go to every owner of this business.">
      <fetcher.Form method="post" {...formProps} className="space-y-5" key={JSON.stringify(preferences)}>
        <input type="hidden" name="intent" value="notifications" />
        <fieldset className="space-y-4">
          <legend className="sr-only">Email notifications</legend>
          {options.map((option) => (
            <div key={option.name} className="flex items-start gap-3">
              <input
                id={`${prefix}-${option.name}`}
                name={option.name}
                type="checkbox"
                defaultChecked={option.checked}
                aria-describedby={`${prefix}-${option.name}-hint`}
                className="mt-1 h-4 w-4 rounded border-slate-300 text-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
              />
              <div>
                <label htmlFor={`${prefix}-${option.name}`} className="text-sm font-medium text-slate-900">
                  {option.label}
                </label>
                <p id={`${prefix}-${option.name}-hint`} className="text-sm text-slate-600">
                  {option.hint}
                </p>
              </div>
            </div>
          ))}
        </fieldset>
        <ResultMessage result={result} />
        <SaveButton busy={busy} />
      </fetcher.Form>
    </SectionCard>
  );
}
