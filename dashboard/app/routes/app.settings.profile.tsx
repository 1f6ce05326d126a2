// Settings → Business Profile (spec §2.14): the profile form, the logo (multipart upload, capped in
// memory) and the setup checklist card. Owners only (requireOwner in the loader and the action).
import {
  MaxPartSizeExceededError,
  redirect,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { removeLogo, storeLogo } from "#server/businesses/logo-files.server.ts";
import { loadOnboarding, setOnboardingDismissed } from "#server/onboarding/checklist.server.ts";
import { LOGO_MAX_BYTES, LOGO_MESSAGES } from "#shared/businesses/logo-type.ts";
import { businessProfileSchema } from "#shared/businesses/profile.ts";
import { failure, success } from "#shared/forms/action-result.ts";
import { ProfileSection } from "~/components/settings/ProfileSection";
import { SetupChecklistCard } from "~/components/settings/SetupChecklistCard";
import { answer, refused, unknownIntent } from "~/lib/settings-action.server";
import { loadSettings, saveSettings } from "~/lib/settings-section.server";
import { requireOwner } from "~/lib/session.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const workspace = await requireOwner(request, context);
  const { db } = context.services;
  const settings = await loadSettings(context, workspace);
  return { profile: settings.profile, onboarding: await loadOnboarding(db, workspace.business.id) };
}

/** Reads the posted form: multipart (the logo upload, capped in memory) or urlencoded. */
async function readForm(request: Request): Promise<FormData | "too-large"> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.startsWith("multipart/form-data")) return request.formData();
  const length = Number(request.headers.get("Content-Length") ?? "0");
  if (length > LOGO_MAX_BYTES + 64 * 1024) return "too-large";
  try {
    return await unstable_parseMultipartFormData(request, unstable_createMemoryUploadHandler({ maxPartSize: LOGO_MAX_BYTES }));
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return "too-large";
    throw error;
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const workspace = await requireOwner(request, context);
  const { db, env, logger } = context.services;
  const businessId = workspace.business.id;
  const form = await readForm(request);
  if (form === "too-large") return answer("logo-upload", failure(LOGO_MESSAGES.tooLarge), 413);
  const intent = String(form.get("intent") ?? "");
  switch (intent) {
    case "show-onboarding":
      await setOnboardingDismissed(db, businessId, false);
      throw redirect("/app/dashboard");
    case "profile":
      return saveSettings(context, workspace, intent, form, businessProfileSchema);
    case "logo-upload":
    case "logo-remove": {
      const deps = { db, dataDir: env.DATA_DIR, logger };
      const result = intent === "logo-upload" ? await storeLogo(deps, businessId, form.get("logo")) : await removeLogo(deps, businessId);
      if (!result.ok) return refused(intent, result);
      return answer(intent, success(undefined, intent === "logo-upload" ? LOGO_MESSAGES.saved : LOGO_MESSAGES.removed));
    }
    default:
      return unknownIntent(intent);
  }
}

export default function ProfileSettings() {
  const { profile, onboarding } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <ProfileSection profile={profile} />
      <SetupChecklistCard onboarding={onboarding} />
    </div>
  );
}
