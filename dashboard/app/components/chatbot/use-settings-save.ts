// The chatbot settings form (the Settings tab and the Customize modal) on Conform: the shared schema runs
// in the browser before saving, with the server's form-level message ("Error saving settings. Please try
// again." and the first field's message); the action's answer comes back as Conform's lastResult.
import type { useFetcher } from "@remix-run/react";
import { chatbotSettingsSchema, settingsSaveFailed } from "#shared/chatbots/settings.ts";
import { useSectionForm, type SettingsActionResult } from "~/components/settings/ui";

export function useSettingsSave<R extends SettingsActionResult<unknown>>(options: {
  id: string;
  fetcher: ReturnType<typeof useFetcher<R>>;
  /** The modal posts to the page's route: only its own fetcher's answer counts. */
  fetcherOnly?: boolean;
}) {
  return useSectionForm({ ...options, schema: chatbotSettingsSchema, intents: ["save"], summary: settingsSaveFailed });
}
