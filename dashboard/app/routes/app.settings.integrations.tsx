// Settings → Integrations: the webhook endpoints and their deliveries, and the section's actions (add,
// enable/disable, rotate the secret, delete, send a test event, redeliver) posted by its fetchers.
// Owners only (requireOwner).
import { useActionData, useLoaderData } from "@remix-run/react";
import { handleIntegrationsAction, loadIntegrationsSection, type IntegrationsActionResult } from "#server/webhooks/integrations-section.server.ts";
import { IntegrationsSection } from "~/components/settings/IntegrationsSection";
import { PlainPostResult } from "~/components/settings/ui";
import { ownerAction, ownerLoader } from "~/lib/owner-route.server";

export const loader = ownerLoader(loadIntegrationsSection);

export const action = ownerAction(handleIntegrationsAction);

export default function IntegrationsSettings() {
  const section = useLoaderData<typeof loader>();
  // A plain form post (no JavaScript) answers here: its result, and a new secret once.
  const result = useActionData<IntegrationsActionResult>();
  return (
    <div className="space-y-6">
      <PlainPostResult result={result} secret={result?.ok ? result.data?.secret : undefined} copyLabel="Copy secret" />
      <IntegrationsSection {...section} />
    </div>
  );
}
