// Webhook endpoints of a business (Settings → Integrations, REST hooks): add (the URL checked for
// shape and, after resolving it, for SSRF; a signing secret returned once), list with the recent
// deliveries, enable/disable, rotate the secret, delete. Every query is scoped by the caller's
// businessId; the routes check the owner role (or the API key) first.
import type { Db } from "../db/client.server.ts";
import { sandboxRefusal } from "../demo/sandbox-policy.server.ts";
import type { JobQueue } from "../jobs/queue/job-queue.server.ts";
import { checkEndpointUrl, type AddressPolicy } from "./address-policy.ts";
import { resolveAllowed, type Resolver } from "./safe-request.server.ts";
import type { SecretBox } from "./secret-box.server.ts";
import { generateWebhookSecret, SECRET_DISPLAY_LENGTH } from "./signature.ts";
import { MAX_WEBHOOK_ENDPOINTS, WEBHOOK_MESSAGES, type CreateEndpointInput } from "../shared/webhooks/webhook-input.ts";
import type { FailureReason } from "../shared/forms/action-result.ts";

/** What the webhook domain needs besides the database (AppServices.webhooks). */
export type WebhookSettings = { box: SecretBox; policy: AddressPolicy; resolver: Resolver; timeoutMs: number };
export type WebhookDeps = { db: Db; jobs: JobQueue; webhooks: WebhookSettings };

/** A refusal says why (the route picks the HTTP status with failureStatus) and, for a bad URL, which field. */
export type WebhookFailure = { ok: false; reason: FailureReason; message: string; field?: "url" | "events" };
export type WebhookResult<T> = { ok: true; value: T } | WebhookFailure;

export type DeliveryView = {
  id: string;
  event: string;
  status: "pending" | "succeeded" | "failed";
  attempts: number;
  responseStatus: number | null;
  durationMs: number | null;
  error: string | null;
  createdAt: string;
  lastAttemptAt: string | null;
  redelivery: boolean;
};

export type EndpointView = {
  id: string;
  url: string;
  events: string[];
  source: string;
  secretPrefix: string;
  enabled: boolean;
  disabledReason: string | null;
  createdAt: string;
  deliveries: DeliveryView[];
};

/** Deliveries shown per endpoint in the log (newest first). */
export const DELIVERY_LOG_LIMIT = 20;

const endpointSelect = {
  id: true,
  url: true,
  events: true,
  source: true,
  secretPrefix: true,
  enabled: true,
  disabledReason: true,
  createdAt: true,
} as const;

type EndpointRow = { id: string; url: string; events: string[]; source: string; secretPrefix: string; enabled: boolean; disabledReason: string | null; createdAt: Date };
type DeliveryRow = Omit<DeliveryView, "createdAt" | "lastAttemptAt" | "redelivery"> & {
  createdAt: Date;
  lastAttemptAt: Date | null;
  redeliveryOfId: string | null;
};

const deliverySelect = {
  id: true,
  event: true,
  status: true,
  attempts: true,
  responseStatus: true,
  durationMs: true,
  error: true,
  createdAt: true,
  lastAttemptAt: true,
  redeliveryOfId: true,
} as const;

export function toDeliveryView(row: DeliveryRow): DeliveryView {
  return {
    id: row.id,
    event: row.event,
    status: row.status,
    attempts: row.attempts,
    responseStatus: row.responseStatus,
    durationMs: row.durationMs,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    redelivery: row.redeliveryOfId !== null,
  };
}

function toEndpointView(row: EndpointRow, deliveries: DeliveryRow[] = []): EndpointView {
  return { ...row, createdAt: row.createdAt.toISOString(), deliveries: deliveries.map(toDeliveryView) };
}

export async function listEndpoints(db: Db, businessId: string): Promise<EndpointView[]> {
  const rows = await db.webhookEndpoint.findMany({
    where: { businessId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: {
      ...endpointSelect,
      deliveries: { orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: DELIVERY_LOG_LIMIT, select: deliverySelect },
    },
  });
  return rows.map(({ deliveries, ...row }) => toEndpointView(row, deliveries));
}

/** The URL's shape and every address its host resolves to (SSRF), as at delivery. */
export async function checkEndpointDestination(settings: WebhookSettings, url: string): Promise<WebhookResult<string>> {
  const shape = checkEndpointUrl(url, settings.policy);
  if (!shape.ok) return { ok: false, reason: "invalid", message: shape.message, field: "url" };
  const resolved = await resolveAllowed(shape.url.hostname, settings.policy, settings.resolver);
  if (!resolved.ok) return { ok: false, reason: "invalid", message: resolved.message, field: "url" };
  return { ok: true, value: shape.url.toString() };
}

function newSecret(box: SecretBox) {
  const secret = generateWebhookSecret();
  return { secret, secretEncrypted: box.seal(secret), secretPrefix: secret.slice(0, SECRET_DISPLAY_LENGTH) };
}

/** Adds an endpoint; the answer carries its signing secret, the only time it leaves the server. */
export async function createEndpoint(
  deps: Pick<WebhookDeps, "db" | "webhooks">,
  args: { businessId: string; input: CreateEndpointInput; source: "settings" | "api" },
): Promise<WebhookResult<{ endpoint: EndpointView; secret: string }>> {
  // A demo sandbox (anyone, no sign-up) must not make this server call arbitrary addresses.
  const refused = await sandboxRefusal(deps.db, args.businessId, "webhook");
  if (refused) return { ok: false, reason: "conflict", message: refused.message };
  const destination = await checkEndpointDestination(deps.webhooks, args.input.url);
  if (!destination.ok) return destination;
  const generated = newSecret(deps.webhooks.box);
  return deps.db.$transaction(async (tx) => {
    // Serialised per business so two simultaneous additions cannot both pass the limit.
    await tx.$queryRaw`SELECT id FROM "Business" WHERE id = ${args.businessId} FOR UPDATE`;
    if ((await tx.webhookEndpoint.count({ where: { businessId: args.businessId } })) >= MAX_WEBHOOK_ENDPOINTS) {
      return { ok: false as const, reason: "conflict" as const, message: WEBHOOK_MESSAGES.tooMany };
    }
    const row = await tx.webhookEndpoint.create({
      data: {
        businessId: args.businessId,
        url: destination.value,
        events: args.input.events,
        source: args.source,
        secretEncrypted: generated.secretEncrypted,
        secretPrefix: generated.secretPrefix,
      },
      select: endpointSelect,
    });
    return { ok: true as const, value: { endpoint: toEndpointView(row), secret: generated.secret } };
  });
}

const notFound: WebhookFailure = { ok: false, reason: "not_found", message: WEBHOOK_MESSAGES.notFound };

export async function deleteEndpoint(db: Db, args: { businessId: string; endpointId: string }): Promise<WebhookResult<{ id: string }>> {
  const deleted = await db.webhookEndpoint.deleteMany({ where: { id: args.endpointId, businessId: args.businessId } });
  return deleted.count === 1 ? { ok: true, value: { id: args.endpointId } } : notFound;
}

export async function setEndpointEnabled(
  db: Db,
  args: { businessId: string; endpointId: string; enabled: boolean },
): Promise<WebhookResult<{ id: string; enabled: boolean }>> {
  const updated = await db.webhookEndpoint.updateMany({
    where: { id: args.endpointId, businessId: args.businessId },
    // Enabling starts afresh: the 3-day failure window and LeadBroom's reason are cleared.
    data: args.enabled ? { enabled: true, disabledReason: null, failingSince: null } : { enabled: false, disabledReason: null },
  });
  return updated.count === 1 ? { ok: true, value: { id: args.endpointId, enabled: args.enabled } } : notFound;
}

export async function rotateEndpointSecret(
  deps: Pick<WebhookDeps, "db" | "webhooks">,
  args: { businessId: string; endpointId: string },
): Promise<WebhookResult<{ id: string; secret: string; secretPrefix: string }>> {
  const generated = newSecret(deps.webhooks.box);
  const updated = await deps.db.webhookEndpoint.updateMany({
    where: { id: args.endpointId, businessId: args.businessId },
    data: { secretEncrypted: generated.secretEncrypted, secretPrefix: generated.secretPrefix },
  });
  return updated.count === 1 ? { ok: true, value: { id: args.endpointId, secret: generated.secret, secretPrefix: generated.secretPrefix } } : notFound;
}
