// POST /app/settings/api-keys: the API Keys section's actions (create, revoke), posted by its fetchers.
// Owners only: support staff get 403 (requireOwner).
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { CopySnippet } from "~/components/chatbot/CopySnippet";
import type { ApiKeyActionResult } from "~/components/settings/api-keys.server";
import { focusRing, ResultMessage, SectionCard } from "~/components/settings/ui";
import { handleApiKeyAction } from "~/components/settings/api-keys.server";
import { requireOwner } from "~/lib/session.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireOwner(request, context);
  // Rendered after a plain form post too, so no redirect here: the page shows the result and links back.
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const workspace = await requireOwner(request, context);
  return handleApiKeyAction({ request, context, workspace });
}

// A UI route (not a resource route), so the fetchers' answers travel as Remix data (single fetch). It is
// only rendered after a plain form post (no JavaScript): the result, and the new key's secret once.
export default function ApiKeysActionResult() {
  const result = useActionData<ApiKeyActionResult>();
  return (
    <div className="mx-auto max-w-3xl">
      <SectionCard id="api-key-result-heading" title="API Keys">
        <div className="space-y-4">
          <ResultMessage result={result} />
          {result?.ok && result.secret ? <CopySnippet snippet={result.secret} confirmation="Copied!" buttonLabel="Copy key" /> : null}
          <Link to="/app/settings?tab=api" className={`font-semibold text-brand-700 underline ${focusRing}`}>
            Back to API Keys
          </Link>
        </div>
      </SectionCard>
    </div>
  );
}
