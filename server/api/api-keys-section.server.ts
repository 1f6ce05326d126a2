// Settings → API Keys: what the section shows (loaded by the section route /app/settings/api-keys).
// Creating a key needs the Enterprise plan (api_access), checked on the server by that route's action
// (app.settings.api-keys.tsx); revoking is always allowed.
import type { AppLoadContext } from "@remix-run/node";
import { FEATURES, hasFeature } from "../shared/billing/entitlements.ts";
import { billingConfigured } from "../billing/stripe-client.server.ts";
import type { Workspace } from "../businesses/workspace.server.ts";
import { getBusinessTimeZone } from "../leads/list-leads.server.ts";
import { MAX_ACTIVE_API_KEYS } from "../shared/api/api-key-input.ts";
import { listApiKeys, type ApiKeyView } from "./api-keys.server.ts";

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

/** The data of a create or revoke answer: the new key's secret travels in this one answer only. */
export type ApiKeyActionData = { secret?: string; key?: ApiKeyView };

export const PLAN_REQUIRED_MESSAGE = `${FEATURES.api_access.label} needs the ${FEATURES.api_access.plan} plan. Upgrade in Settings → Billing & Subscription.`;

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
