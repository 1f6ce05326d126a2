// Settings → API Keys: what the section shows (loaded by the settings route for ?tab=api) and its
// actions (posted to /app/settings/api-keys). Owners only: the routes call requireOwner first. Creating
// a key needs the Enterprise plan (api_access), checked here on the server; revoking is always allowed.
import { data, type AppLoadContext } from "@remix-run/node";
import { FEATURES, hasFeature } from "../../../../server/billing/entitlements.ts";
import { billingConfigured } from "../../../../server/billing/stripe-client.server.ts";
import { parseForm, formFields } from "../../../../server/businesses/form-errors.ts";
import type { Workspace } from "../../../../server/businesses/workspace.server.ts";
import { getBusinessTimeZone } from "../../../../server/leads/list-leads.server.ts";
import { API_KEY_MESSAGES, createApiKeySchema, MAX_ACTIVE_API_KEYS, revokeApiKeySchema } from "../../../../server/api/api-key-input.ts";
import { createApiKey, listApiKeys, revokeApiKey, type ApiKeyView } from "../../../../server/api/api-keys.server.ts";
import type { SettingsActionResult } from "./ui";

export const API_DOCS_PATH = "/app/settings/api-docs";

export type ApiKeysSectionData = {
  locked: boolean;
  /** A demo sandbox: creating keys is switched off, with the reason (decision 0026). */
  sandbox: boolean;
  keys: ApiKeyView[];
  maxActive: number;
  publishableKey: string | null;
  timeZone: string;
  docsPath: string;
};

/** The result of a create or revoke: the new key's secret travels in this one answer only. */
export type ApiKeyActionResult = SettingsActionResult & { secret?: string; key?: ApiKeyView };

export async function loadApiKeysSection(context: AppLoadContext, workspace: Workspace): Promise<ApiKeysSectionData> {
  const { db, env, stripe } = context.services;
  const businessId = workspace.business.id;
  return {
    locked: !hasFeature(workspace.business, "api_access"),
    sandbox: workspace.business.sandboxExpiresAt !== null,
    keys: await listApiKeys(db, businessId),
    maxActive: MAX_ACTIVE_API_KEYS,
    publishableKey: billingConfigured(env, stripe) ? (env.STRIPE_PUBLISHABLE_KEY ?? null) : null,
    timeZone: await getBusinessTimeZone(db, businessId),
    docsPath: API_DOCS_PATH,
  };
}

const reply = (result: ApiKeyActionResult, status = 200) => data(result, { status });

export const PLAN_REQUIRED_MESSAGE = `${FEATURES.api_access.label} needs the ${FEATURES.api_access.plan} plan. Upgrade in Settings → Billing & Subscription.`;

export async function handleApiKeyAction({ request, context, workspace }: { request: Request; context: AppLoadContext; workspace: Workspace }) {
  const { db } = context.services;
  const businessId = workspace.business.id;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  switch (intent) {
    case "api-key-create": {
      // The plan is read from the database at this request (workspace), never from the page.
      if (!hasFeature(workspace.business, "api_access")) return reply({ intent, ok: false, message: PLAN_REQUIRED_MESSAGE }, 403);
      const parsed = parseForm(createApiKeySchema, formFields(form, ["name"]));
      if (!parsed.ok) return reply({ intent, ok: false, message: parsed.errors.name ?? API_KEY_MESSAGES.nameRequired, errors: parsed.errors }, 400);
      const result = await createApiKey(db, { businessId, createdById: workspace.userId, name: parsed.value.name });
      if (!result.ok) return reply({ intent, ok: false, message: result.message }, result.status);
      return reply({ intent, ok: true, message: API_KEY_MESSAGES.created, secret: result.value.secret, key: result.value.key });
    }
    case "api-key-revoke": {
      const parsed = parseForm(revokeApiKeySchema, formFields(form, ["keyId"]));
      if (!parsed.ok) return reply({ intent, ok: false, message: API_KEY_MESSAGES.notFound }, 404);
      const result = await revokeApiKey(db, { businessId, keyId: parsed.value.keyId });
      if (!result.ok) return reply({ intent, ok: false, message: result.message }, result.status);
      return reply({ intent, ok: true, message: API_KEY_MESSAGES.revoked, key: result.value });
    }
    default:
      return reply({ intent, ok: false, message: "Unknown action." }, 400);
  }
}
