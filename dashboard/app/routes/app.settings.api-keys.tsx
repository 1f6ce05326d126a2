// Settings → API Keys: the keys, and the section's actions (create, revoke) posted by its fetchers.
// Owners only: support staff get 403 (requireOwner).
import { data, type ActionFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { API_KEY_MESSAGES, createApiKeySchema, revokeApiKeySchema } from "#shared/api/api-key-input.ts";
import { loadApiKeysSection, PLAN_REQUIRED_MESSAGE, type ApiKeyActionData } from "#server/api/api-keys-section.server.ts";
import { createApiKey, revokeApiKey } from "#server/api/api-keys.server.ts";
import { hasFeature } from "#shared/billing/entitlements.ts";
import { failure, failureStatus, parseFormData, success, type ActionResult } from "#shared/forms/action-result.ts";
import { ApiKeysSection, type ApiKeyActionResult } from "~/components/settings/ApiKeysSection";
import { PlainPostResult } from "~/components/settings/ui";
import { requireOwner } from "~/lib/session.server";
import { ownerLoader } from "~/lib/owner-route.server";

const answer = (intent: string, result: ActionResult<ApiKeyActionData>, status = 200) => data<ApiKeyActionResult>({ intent, ...result }, { status });

export const loader = ownerLoader(loadApiKeysSection);

export async function action({ request, context }: ActionFunctionArgs) {
  const workspace = await requireOwner(request, context);
  const { db } = context.services;
  const businessId = workspace.business.id;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  switch (intent) {
    case "api-key-create": {
      // The plan is read from the database at this request (workspace), never from the page.
      if (!hasFeature(workspace.business, "api_access")) return answer(intent, failure(PLAN_REQUIRED_MESSAGE), 403);
      const parsed = parseFormData(form, createApiKeySchema);
      if (!parsed.ok) return answer(intent, parsed, 400);
      const result = await createApiKey(db, { businessId, createdById: workspace.userId, name: parsed.value.name });
      if (!result.ok) return answer(intent, failure(result.error), failureStatus(result.reason));
      return answer(intent, success(result.value, API_KEY_MESSAGES.created));
    }
    case "api-key-revoke": {
      const parsed = parseFormData(form, revokeApiKeySchema);
      if (!parsed.ok) return answer(intent, failure(API_KEY_MESSAGES.notFound), 404);
      const result = await revokeApiKey(db, { businessId, keyId: parsed.value.keyId });
      if (!result.ok) return answer(intent, failure(result.error), failureStatus(result.reason));
      return answer(intent, success({ key: result.value }, API_KEY_MESSAGES.revoked));
    }
    default:
      return answer(intent, failure("Unknown action."), 400);
  }
}

export default function ApiKeysSettings() {
  const section = useLoaderData<typeof loader>();
  // A plain form post (no JavaScript) answers here: its result, and the new key's secret once.
  const result = useActionData<ApiKeyActionResult>();
  return (
    <div className="space-y-6">
      <PlainPostResult result={result} secret={result?.ok ? result.data?.secret : undefined} copyLabel="Copy key" />
      <ApiKeysSection {...section} />
    </div>
  );
}
