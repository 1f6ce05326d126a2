// Settings → Integrations (DESIGN §15): what the section shows (loaded by the section route
// /app/settings/integrations) and its actions (posted to the same route). Owners only: the routes
// call requireOwner first. Webhooks need no plan beyond an active subscription or trial; nothing is
// delivered while lead details are hidden (server/webhooks/payloads.server.ts).
import { data, type AppLoadContext } from "@remix-run/node";
import type { Workspace } from "../businesses/workspace.server.ts";
import { getBusinessTimeZone } from "../leads/list-leads.server.ts";
import { createEndpoint, deleteEndpoint, listEndpoints, rotateEndpointSecret, setEndpointEnabled, type EndpointView, type WebhookFailure } from "./endpoints.server.ts";
import { redeliver, sendTestEvent } from "./deliveries.server.ts";
import { createEndpointSchema, deliveryIdSchema, endpointIdSchema, MAX_WEBHOOK_ENDPOINTS, WEBHOOK_MESSAGES } from "../shared/webhooks/webhook-input.ts";
import { failure, failureStatus, parseFormData, success, type ActionResult } from "../shared/forms/action-result.ts";

export type IntegrationsSectionData = { endpoints: EndpointView[]; timeZone: string; maxEndpoints: number; docsPath: string; sandbox: boolean };

/** What an action answers about its endpoint; a create or rotate carries the secret in this one answer only. */
export type IntegrationsActionData = { endpointId: string; secret?: string };
/** Every Integrations action answers `{ intent } & ActionResult` (decision 0032). */
export type IntegrationsActionResult = { intent: string } & ActionResult<IntegrationsActionData>;

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

const reply = (intent: string, result: ActionResult<IntegrationsActionData>, status = 200) => data<IntegrationsActionResult>({ intent, ...result }, { status });

export async function handleIntegrationsAction({ request, context, workspace }: { request: Request; context: AppLoadContext; workspace: Workspace }) {
  const services = context.services;
  const businessId = workspace.business.id;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const endpointOf = () => parseFormData(form, endpointIdSchema);
  const notFound = (message: string = WEBHOOK_MESSAGES.notFound) => reply(intent, failure(message), 404);
  const failed = (refused: WebhookFailure) => reply(intent, failure(refused.message), failureStatus(refused.reason));
  const done = (message: string, value?: IntegrationsActionData) => reply(intent, success(value, message));
  switch (intent) {
    case "webhook-create": {
      const parsed = parseFormData(form, createEndpointSchema);
      if (!parsed.ok) return reply(intent, parsed, 400);
      const created = await createEndpoint(services, { businessId, input: parsed.value, source: "settings" });
      if (!created.ok) return reply(intent, failure(created.message, created.field ? { [created.field]: created.message } : undefined), failureStatus(created.reason));
      return done(WEBHOOK_MESSAGES.created, { secret: created.value.secret, endpointId: created.value.endpoint.id });
    }
    case "webhook-rotate": {
      const parsed = endpointOf();
      if (!parsed.ok) return notFound();
      const rotated = await rotateEndpointSecret(services, { businessId, endpointId: parsed.value.endpointId });
      if (!rotated.ok) return failed(rotated);
      return done(WEBHOOK_MESSAGES.rotated, { secret: rotated.value.secret, endpointId: rotated.value.id });
    }
    case "webhook-enable":
    case "webhook-disable": {
      const parsed = endpointOf();
      if (!parsed.ok) return notFound();
      const enabled = intent === "webhook-enable";
      const result = await setEndpointEnabled(services.db, { businessId, endpointId: parsed.value.endpointId, enabled });
      if (!result.ok) return failed(result);
      return done(enabled ? WEBHOOK_MESSAGES.enabled : WEBHOOK_MESSAGES.disabled, { endpointId: result.value.id });
    }
    case "webhook-delete": {
      const parsed = endpointOf();
      if (!parsed.ok) return notFound();
      const result = await deleteEndpoint(services.db, { businessId, endpointId: parsed.value.endpointId });
      if (!result.ok) return failed(result);
      return done(WEBHOOK_MESSAGES.deleted);
    }
    case "webhook-test": {
      const parsed = endpointOf();
      if (!parsed.ok) return notFound();
      const result = await sendTestEvent(services, { businessId, endpointId: parsed.value.endpointId });
      if (!result.ok) return failed(result);
      return done(WEBHOOK_MESSAGES.testQueued, { endpointId: result.value.endpointId });
    }
    case "webhook-redeliver": {
      const parsed = parseFormData(form, deliveryIdSchema);
      if (!parsed.ok) return notFound(WEBHOOK_MESSAGES.deliveryNotFound);
      const result = await redeliver(services, { businessId, deliveryId: parsed.value.deliveryId });
      if (!result.ok) return failed(result);
      return done(WEBHOOK_MESSAGES.redelivered, { endpointId: result.value.endpointId });
    }
    default:
      return reply(intent, failure("Unknown action."), 400);
  }
}
