// Settings → Notifications (spec §2.14): which mails the owner gets. Owners only.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { notificationPreferencesSchema } from "#shared/businesses/preferences.ts";
import { NotificationsSection } from "~/components/settings/NotificationsSection";
import { PushDevicesSection } from "~/components/settings/PushDevicesSection";
import { loadSettings, saveSettingsAction } from "~/lib/settings-section.server";
import { requireOwner } from "~/lib/session.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const workspace = await requireOwner(request, context);
  return { preferences: (await loadSettings(context, workspace)).notifications };
}

export const action = saveSettingsAction("notifications", notificationPreferencesSchema);

export default function NotificationsSettings() {
  const { preferences } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <NotificationsSection preferences={preferences} />
      <PushDevicesSection />
    </div>
  );
}
