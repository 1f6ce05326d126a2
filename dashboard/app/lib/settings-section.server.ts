// The business settings read and saved by the Profile, Email Settings and Notifications sections:
// one loader read (404 when the business is gone) and one save of a section's form with its shared
// schema (the spec's "Error saving…" summary, then "Settings saved.").
import type { ActionFunctionArgs, AppLoadContext } from "@remix-run/node";
import type { z } from "zod";
import type { Workspace } from "#server/businesses/workspace.server.ts";
import { getBusinessSettings, updateBusinessSettings } from "#server/businesses/settings.server.ts";
import { SETTINGS_SAVE_FAILED, SETTINGS_SAVED } from "#shared/businesses/profile.ts";
import { failure, parseFormData, success } from "#shared/forms/action-result.ts";
import { answer, notFound, unknownIntent } from "./settings-action.server";
import { requireOwner } from "./session.server";

export async function loadSettings(context: AppLoadContext, workspace: Workspace) {
  const settings = await getBusinessSettings(context.services.db, workspace.business.id);
  return settings ?? notFound();
}

type SettingsValue = Parameters<typeof updateBusinessSettings>[2];

/** Parses a section's form with its schema and saves it: `{ intent } & ActionResult`. */
export async function saveSettings<S extends z.ZodType<SettingsValue>>(
  context: AppLoadContext,
  workspace: Workspace,
  intent: string,
  form: FormData,
  schema: S,
) {
  const parsed = parseFormData(form, schema);
  if (!parsed.ok) return answer(intent, failure(`${SETTINGS_SAVE_FAILED} ${parsed.error}`.trim(), parsed.fieldErrors), 400);
  await updateBusinessSettings(context.services.db, workspace.business.id, parsed.value);
  return answer(intent, success(undefined, SETTINGS_SAVED));
}

/** The action of an owners-only section whose one form (`intent`) saves the business settings with `schema`. */
export function saveSettingsAction<S extends z.ZodType<SettingsValue>>(intent: string, schema: S) {
  return async ({ request, context }: ActionFunctionArgs) => {
    const workspace = await requireOwner(request, context);
    const form = await request.formData();
    const posted = String(form.get("intent") ?? "");
    if (posted !== intent) return unknownIntent(posted);
    return saveSettings(context, workspace, intent, form, schema);
  };
}
