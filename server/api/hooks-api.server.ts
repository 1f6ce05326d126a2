// REST hooks (docs/api.md): no-code tools (Zapier, Make, n8n…) subscribe a target URL to an event with
// POST /api/v1/hooks and unsubscribe with DELETE /api/v1/hooks/{id}. A subscription is an ordinary
// webhook endpoint of the business (source "api"), listed in Settings → Integrations, signed and
// delivered the same way; the answer carries its signing secret once.
import { parseForm } from "../shared/businesses/form-errors.ts";
import type { Db } from "../db/client.server.ts";
import { createEndpoint, deleteEndpoint, listEndpoints, type EndpointView, type WebhookSettings } from "../webhooks/endpoints.server.ts";
import { createEndpointSchema } from "../shared/webhooks/webhook-input.ts";

export type ApiHook = { id: string; url: string; events: string[]; enabled: boolean; source: string; createdAt: string };

function toApiHook(endpoint: EndpointView): ApiHook {
  return { id: endpoint.id, url: endpoint.url, events: endpoint.events, enabled: endpoint.enabled, source: endpoint.source, createdAt: endpoint.createdAt };
}

/** `{ url | target_url, events: [...] | event }`: the names Zapier's REST hooks and our docs use. */
function hookInput(body: Record<string, unknown>): unknown {
  const url = body.url ?? body.target_url ?? body.targetUrl;
  const events = body.events ?? (body.event === undefined ? undefined : [body.event]);
  return { url, events };
}

export type SubscribeResult =
  | { ok: true; hook: ApiHook & { secret: string } }
  | { ok: false; status: 400 | 409; message?: string; fields?: Record<string, string> };

export async function subscribeHook(deps: { db: Db; webhooks: WebhookSettings }, args: { businessId: string; body: Record<string, unknown> }): Promise<SubscribeResult> {
  const parsed = parseForm(createEndpointSchema, hookInput(args.body));
  if (!parsed.ok) {
    return { ok: false, status: 400, fields: Object.fromEntries(Object.entries(parsed.errors).filter((e): e is [string, string] => typeof e[1] === "string")) };
  }
  const created = await createEndpoint(deps, { businessId: args.businessId, input: parsed.value, source: "api" });
  if (!created.ok) {
    return created.field
      ? { ok: false, status: 400, fields: { [created.field]: created.message } }
      : { ok: false, status: created.reason === "conflict" ? 409 : 400, message: created.message };
  }
  return { ok: true, hook: { ...toApiHook(created.value.endpoint), secret: created.value.secret } };
}

export async function unsubscribeHook(db: Db, args: { businessId: string; hookId: string }): Promise<boolean> {
  if (!args.hookId || args.hookId.length > 64) return false;
  return (await deleteEndpoint(db, { businessId: args.businessId, endpointId: args.hookId })).ok;
}

export async function listHooks(db: Db, businessId: string): Promise<ApiHook[]> {
  return (await listEndpoints(db, businessId)).map(toApiHook);
}
