// Settings → Integrations (DESIGN §15): what the section shows (loaded by the settings route for
// ?tab=integrations) and its actions (posted to /app/settings/integrations). Owners only: the routes
// call requireOwner first. Webhooks need no plan beyond an active subscription or trial; nothing is
// delivered while lead details are hidden (server/webhooks/payloads.server.ts).
import { data, type AppLoadContext } from "@remix-run/node";
import { parseForm } from "../shared/businesses/form-errors.ts";
import type { Workspace } from "../businesses/workspace.server.ts";
import { getBusinessTimeZone } from "../leads/list-leads.server.ts";
import { createEndpoint, deleteEndpoint, listEndpoints, rotateEndpointSecret, setEndpointEnabled, type EndpointView } from "./endpoints.server.ts";
import { redeliver, sendTestEvent } from "./deliveries.server.ts";
import { createEndpointSchema, deliveryIdSchema, endpointIdSchema, MAX_WEBHOOK_ENDPOINTS, WEBHOOK_MESSAGES } from "../shared/webhooks/webhook-input.ts";
import type { ActionResult } from "../shared/forms/action-result.ts";

export type IntegrationsSectionData = { endpoints: EndpointView[]; timeZone: string; maxEndpoints: number; docsPath: string; sandbox: boolean };

/** A create or rotate answers the secret in this one answer only. */
export type IntegrationsActionResult = { intent: string } & ActionResult & { secret?: string; endpointId?: string };

export async function loadIntegrationsSection(context: AppLoadContext, workspace: Workspace): Promise<IntegrationsSectionData> {
  const { db } = context.services;
  const businessId = workspace.business.id;
  return {
    endpoints: await listEndpoints(db, businessId),
    timeZone: await getBusinessTimeZone(db, businessId),
    maxEndpoints: MAX_WEBHOOK_ENDPOINTS,
    docsPath: "/app/settings/api-docs#webhooks",
    sandbox: workspace.business.sandboxExpiresAt !== null,
  };
}

const reply = (result: IntegrationsActionResult, status = 200) => data(result, { status });

export async function handleIntegrationsAction({ request, context, workspace }: { request: Request; context: AppLoadContext; workspace: Workspace }) {
  const services = context.services;
  const businessId = workspace.business.id;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const field = (name: string) => ({ [name]: String(form.get(name) ?? "") });
  const endpointOf = () => parseForm(endpointIdSchema, field("endpointId"));
  const failed = (r: { status: number; message: string }) => reply({ intent, ok: false, error: r.message }, r.status);
  switch (intent) {
    case "webhook-create": {
      const input = { url: String(form.get("url") ?? ""), events: form.getAll("events").map(String) };
      const parsed = parseForm(createEndpointSchema, input);
      if (!parsed.ok) return reply({ intent, ok: false, error: Object.values(parsed.errors)[0] ?? WEBHOOK_MESSAGES.urlRequired, fieldErrors: parsed.errors }, 400);
      const created = await createEndpoint(services, { businessId, input: parsed.value, source: "settings" });
      if (!created.ok) {
        return reply({ intent, ok: false, error: created.message, ...(created.field ? { fieldErrors: { [created.field]: created.message } } : {}) }, created.status);
      }
      return reply({ intent, ok: true, message: WEBHOOK_MESSAGES.created, secret: created.value.secret, endpointId: created.value.endpoint.id });
    }
    case "webhook-rotate": {
      const parsed = endpointOf();
      if (!parsed.ok) return failed({ status: 404, message: WEBHOOK_MESSAGES.notFound });
      const rotated = await rotateEndpointSecret(services, { businessId, endpointId: parsed.value.endpointId });
      if (!rotated.ok) return failed(rotated);
      return reply({ intent, ok: true, message: WEBHOOK_MESSAGES.rotated, secret: rotated.value.secret, endpointId: rotated.value.id });
    }
    case "webhook-enable":
    case "webhook-disable": {
      const parsed = endpointOf();
      if (!parsed.ok) return failed({ status: 404, message: WEBHOOK_MESSAGES.notFound });
      const enabled = intent === "webhook-enable";
      const result = await setEndpointEnabled(services.db, { businessId, endpointId: parsed.value.endpointId, enabled });
      if (!result.ok) return failed(result);
      return reply({ intent, ok: true, message: enabled ? WEBHOOK_MESSAGES.enabled : WEBHOOK_MESSAGES.disabled, endpointId: result.value.id });
    }
    case "webhook-delete": {
      const parsed = endpointOf();
      if (!parsed.ok) return failed({ status: 404, message: WEBHOOK_MESSAGES.notFound });
      const result = await deleteEndpoint(services.db, { businessId, endpointId: parsed.value.endpointId });
      if (!result.ok) return failed(result);
      return reply({ intent, ok: true, message: WEBHOOK_MESSAGES.deleted });
    }
    case "webhook-test": {
      const parsed = endpointOf();
      if (!parsed.ok) return failed({ status: 404, message: WEBHOOK_MESSAGES.notFound });
      const result = await sendTestEvent(services, { businessId, endpointId: parsed.value.endpointId });
      if (!result.ok) return failed(result);
      return reply({ intent, ok: true, message: WEBHOOK_MESSAGES.testQueued, endpointId: result.value.endpointId });
    }
    case "webhook-redeliver": {
      const parsed = parseForm(deliveryIdSchema, field("deliveryId"));
      if (!parsed.ok) return failed({ status: 404, message: WEBHOOK_MESSAGES.deliveryNotFound });
      const result = await redeliver(services, { businessId, deliveryId: parsed.value.deliveryId });
      if (!result.ok) return failed(result);
      return reply({ intent, ok: true, message: WEBHOOK_MESSAGES.redelivered, endpointId: result.value.endpointId });
    }
    default:
      return reply({ intent, ok: false, error: "Unknown action." }, 400);
  }
}
