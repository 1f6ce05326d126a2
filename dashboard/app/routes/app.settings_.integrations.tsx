// POST /app/settings/integrations: the Integrations section's actions (add, enable/disable, rotate the
// secret, delete, send a test event, redeliver), posted by its fetchers. Owners only (requireOwner).
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { CopySnippet } from "~/components/chatbot/CopySnippet";
import { handleIntegrationsAction, type IntegrationsActionResult } from "#server/webhooks/integrations-section.server.ts";
import { focusRing, ResultMessage, SectionCard } from "~/components/settings/ui";
import { requireOwner } from "~/lib/session.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireOwner(request, context);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const workspace = await requireOwner(request, context);
  return handleIntegrationsAction({ request, context, workspace });
}

// Rendered only after a plain form post (no JavaScript): the result, and a new secret once.
export default function IntegrationsActionResult() {
  const result = useActionData<IntegrationsActionResult>();
  return (
    <div className="mx-auto max-w-3xl">
      <SectionCard id="integrations-result-heading" title="Integrations">
        <div className="space-y-4">
          <ResultMessage result={result} />
          {result?.ok && result.data?.secret ? <CopySnippet snippet={result.data.secret} confirmation="Copied!" buttonLabel="Copy secret" /> : null}
          <Link to="/app/settings?tab=integrations" className={`font-semibold text-brand-700 underline ${focusRing}`}>
            Back to Integrations
          </Link>
        </div>
      </SectionCard>
    </div>
  );
}
