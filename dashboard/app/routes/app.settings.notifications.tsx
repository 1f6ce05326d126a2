// Settings → Notifications (spec §2.14): which mails the owner gets. Owners only.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { notificationPreferencesSchema } from "#shared/businesses/preferences.ts";
import { NotificationsSection } from "~/components/settings/NotificationsSection";
import { PushDevicesSection } from "~/components/settings/PushDevicesSection";
import { unknownIntent } from "~/lib/settings-action.server";
import { loadSettings, saveSettings } from "~/lib/settings-section.server";
import { requireOwner } from "~/lib/session.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const workspace = await requireOwner(request, context);
  return { preferences: (await loadSettings(context, workspace)).notifications };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const workspace = await requireOwner(request, context);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (intent !== "notifications") return unknownIntent(intent);
  return saveSettings(context, workspace, intent, form, notificationPreferencesSchema);
}

export default function NotificationsSettings() {
  const { preferences } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <NotificationsSection preferences={preferences} />
      <PushDevicesSection />
    </div>
  );
}
