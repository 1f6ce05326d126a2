// Outgoing webhook deliveries (DESIGN §10, §15): a domain event becomes one `webhook.deliver` job per
// subscribed, enabled endpoint of its business (the body is built once, when the event is handled);
// the job signs the body, posts it through the SSRF guard (safe-request.server.ts) and records the
// answer in WebhookDelivery (one row per job key). A non-2xx answer, a timeout or a network error is
// retried with exponential backoff (queues.ts); after the last attempt the delivery is kept as failed,
// and an endpoint whose deliveries have failed for 3 days is disabled and the owner told. Redeliver
// and Send test event enqueue a new job with a new key.
import { createHash, randomUUID } from "node:crypto";
import type { DomainEvent } from "../events/domain-events.ts";
import { eventKey } from "../events/domain-events.ts";
import { Prisma } from "../db/generated/client.ts";
import { queryPrepared } from "../db/prepared.ts";
import type { JobHandler, JobInfo, JobRequest } from "../jobs/queue/job-queue.server.ts";
import { queueSpec, WEBHOOK_QUEUE } from "../jobs/queue/queues.ts";
import type { Logger } from "../shared/logger.ts";
import type { WebhookDeps, WebhookResult } from "./endpoints.server.ts";
import { webhookEventData } from "./payloads.server.ts";
import { safePost } from "./safe-request.server.ts";
import { SIGNATURE_HEADER, signatureHeader, standardWebhookHeaders } from "./signature.ts";
import { TEST_EVENT, WEBHOOK_EVENTS, WEBHOOK_MESSAGES, type WebhookEventName } from "../shared/webhooks/webhook-input.ts";

export type WebhookJob = {
  businessId: string;
  endpointId: string;
  event: string;
  /** The exact JSON text to send (and sign). */
  body: string;
  redeliveryOfId?: string;
  /** Attempts made before the job was put off (a busy endpoint): they count towards the retry limit. */
  earlierAttempts?: number;
};

/** An endpoint failing for this long (every delivery failed for good) is disabled. */
export const FAILING_DISABLE_MS = 3 * 24 * 60 * 60 * 1000;
const RETRY_LIMIT = queueSpec(WEBHOOK_QUEUE).retryLimit;
export const USER_AGENT = "LeadBroom-Webhooks/1.0";

/**
 * The version of the webhook payload's shape (docs/api.md): raised when a field changes meaning or goes
 * away, so a receiver can tell which shape it parses. Adding a field keeps the version.
 */
export const WEBHOOK_PAYLOAD_VERSION = 1;

/**
 * Deliveries in flight in this process, per endpoint and per business (issue 27): a slow receiver holds
 * at most this many of the queue's workers (queues.ts), so other endpoints' deliveries go on at once.
 */
export const DELIVERY_SLOTS = { perEndpoint: 2, perBusiness: 3 };
/** A delivery whose endpoint or business is at its limit is put off this long (not an attempt). */
export const BUSY_DEFER_MS = 2_000;

export type DeliverySlots = {
  /** A release function, or null when the endpoint or its business has as many in flight as allowed. */
  enter(businessId: string, endpointId: string): (() => void) | null;
};

export function createDeliverySlots(limits = DELIVERY_SLOTS): DeliverySlots {
  const inFlight = new Map<string, number>();
  const count = (key: string) => inFlight.get(key) ?? 0;
  const add = (key: string, n: number) => {
    const next = count(key) + n;
    if (next > 0) inFlight.set(key, next);
    else inFlight.delete(key);
  };
  return {
    enter(businessId, endpointId) {
      const endpoint = `e:${endpointId}`;
      const business = `b:${businessId}`;
      if (count(endpoint) >= limits.perEndpoint || count(business) >= limits.perBusiness) return null;
      add(endpoint, 1);
      add(business, 1);
      let left = false;
      return () => {
        if (left) return;
        left = true;
        add(endpoint, -1);
        add(business, -1);
      };
    },
  };
}

export function webhookBody(id: string, type: string, createdAt: Date, data: unknown): string {
  return JSON.stringify({ id, type, version: WEBHOOK_PAYLOAD_VERSION, createdAt: createdAt.toISOString(), data });
}

const isWebhookEvent = (type: string): type is WebhookEventName => (WEBHOOK_EVENTS as readonly string[]).includes(type);

/** The jobs a domain event causes: one per enabled endpoint of the business that subscribes to it. */
export async function webhookJobsForEvent(deps: Pick<WebhookDeps, "db">, event: DomainEvent, now = new Date()): Promise<JobRequest<WebhookJob>[]> {
  if (!isWebhookEvent(event.type)) return [];
  // Raw and prepared: this runs for every lead and every finished chat (issue 28).
  const endpoints = await queryPrepared<{ id: string }>(deps.db, Prisma.sql`
    SELECT "id" FROM "WebhookEndpoint"
     WHERE "businessId" = ${event.businessId} AND "enabled" AND ${event.type}::text = ANY ("events")`);
  if (endpoints.length === 0) return [];
  const data = await webhookEventData(deps.db, event, now);
  if (data === null) return []; // nothing to tell (a test conversation, a lead whose details are hidden, a deleted row)
  const key = eventKey(event);
  // The same happening always has the same event id, so receivers can deduplicate redeliveries.
  const body = webhookBody(`evt_${createHash("sha256").update(key).digest("hex").slice(0, 24)}`, event.type, now, data);
  return endpoints.map((endpoint) => ({
    name: WEBHOOK_QUEUE,
    key: `webhook:${key}:${endpoint.id}`,
    data: { businessId: event.businessId, endpointId: endpoint.id, event: event.type, body },
  }));
}

/**
 * The Standard Webhooks `webhook-id`: the event id inside a body built by webhookBody (the same on
 * retries and redeliveries), or the delivery's own id for a body without one.
 */
function messageIdOf(body: string, deliveryId: string): string {
  try {
    const parsed: unknown = JSON.parse(body);
    const id = typeof parsed === "object" && parsed !== null && "id" in parsed ? parsed.id : null;
    return typeof id === "string" && id !== "" ? id : deliveryId;
  } catch {
    return deliveryId;
  }
}

/** Metrics (decision 0075): what each delivery attempt came to (`deferred`: its endpoint was busy). */
export type DeliveryOutcomeSink = { onDeliveryOutcome?: (outcome: "succeeded" | "retry" | "failed" | "deferred") => void };

type Outcome = { status: "succeeded" | "failed" | "retry"; responseStatus: number | null; durationMs: number | null; error: string | null };

/**
 * Sends one delivery once per job key (a succeeded or failed row is not sent again). With `slots`, a
 * delivery to an endpoint (or business) that has its share of deliveries in flight is put off: the same
 * job key again in BUSY_DEFER_MS, its attempts so far carried over.
 */
export async function deliverWebhook(
  deps: WebhookDeps & DeliveryOutcomeSink & { logger: Logger; slots?: DeliverySlots },
  data: WebhookJob,
  job: JobInfo,
  now = () => new Date(),
): Promise<void> {
  if (!deps.slots) return deliverNow(deps, data, job, now);
  const leave = deps.slots.enter(data.businessId, data.endpointId);
  if (!leave) {
    const later: WebhookJob = { ...data, earlierAttempts: (data.earlierAttempts ?? 0) + job.attempt - 1 };
    await deps.jobs.enqueue(deps.db, [{ name: WEBHOOK_QUEUE, key: job.key, data: later, runAt: new Date(now().getTime() + BUSY_DEFER_MS) }]);
    deps.onDeliveryOutcome?.("deferred");
    return;
  }
  try {
    await deliverNow(deps, data, job, now);
  } finally {
    leave();
  }
}

async function deliverNow(deps: WebhookDeps & DeliveryOutcomeSink & { logger: Logger }, data: WebhookJob, job: JobInfo, now: () => Date): Promise<void> {
  const { db } = deps;
  const endpoint = await db.webhookEndpoint.findFirst({
    where: { id: data.endpointId, businessId: data.businessId },
    select: { id: true, url: true, enabled: true, secretEncrypted: true },
  });
  if (!endpoint) return; // deleted since: its deliveries went with it
  const delivery = await db.webhookDelivery.upsert({
    where: { key: job.key },
    create: {
      key: job.key,
      businessId: data.businessId,
      endpointId: endpoint.id,
      event: data.event,
      body: data.body,
      redeliveryOfId: data.redeliveryOfId ?? null,
    },
    update: {},
    select: { id: true, status: true },
  });
  if (delivery.status !== "pending") return;

  let outcome: Outcome;
  if (!endpoint.enabled) {
    outcome = { status: "failed", responseStatus: null, durationMs: null, error: "Not sent: the endpoint is disabled." };
  } else {
    const timestamp = Math.floor(now().getTime() / 1000);
    const secret = deps.webhooks.box.open(endpoint.secretEncrypted);
    const result = await safePost(
      {
        url: endpoint.url,
        body: data.body,
        timeoutMs: deps.webhooks.timeoutMs,
        headers: {
          "Content-Type": "application/json",
          "User-Agent": USER_AGENT,
          [SIGNATURE_HEADER]: signatureHeader(secret, timestamp, data.body),
          "LeadBroom-Event": data.event,
          "LeadBroom-Delivery": delivery.id,
          ...standardWebhookHeaders(secret, messageIdOf(data.body, delivery.id), timestamp, data.body),
        },
      },
      { policy: deps.webhooks.policy, resolver: deps.webhooks.resolver },
    );
    const last = job.attempt + (data.earlierAttempts ?? 0) > RETRY_LIMIT;
    if (result.kind === "refused") {
      // The address is not allowed (now): no retry will change that.
      outcome = { status: "failed", responseStatus: null, durationMs: null, error: `Not sent: ${result.message}` };
    } else if (result.kind === "answered" && result.status >= 200 && result.status < 300) {
      outcome = { status: "succeeded", responseStatus: result.status, durationMs: result.durationMs, error: null };
    } else {
      const error = result.kind === "answered" ? `The endpoint answered ${result.status}.` : `No answer: ${result.message}`;
      outcome = {
        status: last ? "failed" : "retry",
        responseStatus: result.kind === "answered" ? result.status : null,
        durationMs: result.durationMs,
        error,
      };
    }
  }

  const at = now();
  await db.webhookDelivery.update({
    where: { id: delivery.id },
    data: {
      status: outcome.status === "retry" ? "pending" : outcome.status,
      attempts: { increment: 1 },
      responseStatus: outcome.responseStatus,
      durationMs: outcome.durationMs,
      error: outcome.error,
      lastAttemptAt: at,
      ...(outcome.status === "succeeded" ? { deliveredAt: at } : {}),
    },
  });
  deps.onDeliveryOutcome?.(outcome.status);
  if (outcome.status === "succeeded") {
    await db.webhookEndpoint.updateMany({ where: { id: endpoint.id, failingSince: { not: null } }, data: { failingSince: null } });
    return;
  }
  if (outcome.status === "failed") {
    if (endpoint.enabled) await noteFailure(deps, { businessId: data.businessId, endpointId: endpoint.id, url: endpoint.url, at });
    return;
  }
  // pg-boss retries the job with its backoff.
  throw new Error(`webhook ${delivery.id} to ${new URL(endpoint.url).host}: ${outcome.error}`);
}

/** A delivery failed for good: start (or check) the 3-day window, then disable and tell the owner. */
async function noteFailure(deps: Pick<WebhookDeps, "db">, args: { businessId: string; endpointId: string; url: string; at: Date }) {
  const { db } = deps;
  await db.webhookEndpoint.updateMany({ where: { id: args.endpointId, failingSince: null }, data: { failingSince: args.at } });
  const disabled = await db.webhookEndpoint.updateMany({
    where: { id: args.endpointId, enabled: true, failingSince: { lte: new Date(args.at.getTime() - FAILING_DISABLE_MS) } },
    data: { enabled: false, disabledReason: WEBHOOK_MESSAGES.failingDisabled },
  });
  if (disabled.count === 1) {
    await db.notification.create({
      data: {
        businessId: args.businessId,
        type: "webhook-disabled",
        text: `Webhook endpoint ${new URL(args.url).host} was disabled: its deliveries failed for 3 days. Check it in Settings → Integrations.`,
      },
    });
  }
}

export function webhookJobHandler(deps: WebhookDeps & DeliveryOutcomeSink & { logger: Logger }): JobHandler<WebhookJob> {
  const slots = createDeliverySlots();
  return { name: WEBHOOK_QUEUE, run: (data, job) => deliverWebhook({ ...deps, slots }, data, job) };
}

/** Sends the stored body of a delivery again, as a new delivery (the log keeps both). */
export async function redeliver(
  deps: Pick<WebhookDeps, "db" | "jobs">,
  args: { businessId: string; deliveryId: string },
): Promise<WebhookResult<{ endpointId: string }>> {
  const original = await deps.db.webhookDelivery.findFirst({
    where: { id: args.deliveryId, businessId: args.businessId },
    select: { id: true, endpointId: true, event: true, body: true, endpoint: { select: { enabled: true } } },
  });
  if (!original) return { ok: false, reason: "not_found", message: WEBHOOK_MESSAGES.deliveryNotFound };
  if (!original.endpoint.enabled) return { ok: false, reason: "conflict", message: WEBHOOK_MESSAGES.endpointDisabled };
  await deps.jobs.enqueue(deps.db, [
    {
      name: WEBHOOK_QUEUE,
      key: `webhook:redelivery:${original.id}:${randomUUID()}`,
      data: { businessId: args.businessId, endpointId: original.endpointId, event: original.event, body: original.body, redeliveryOfId: original.id } satisfies WebhookJob,
    },
  ]);
  return { ok: true, value: { endpointId: original.endpointId } };
}

/** The Send test event button: a `webhook.test` event to this endpoint only. */
export async function sendTestEvent(
  deps: Pick<WebhookDeps, "db" | "jobs">,
  args: { businessId: string; endpointId: string; now?: Date },
): Promise<WebhookResult<{ endpointId: string }>> {
  const endpoint = await deps.db.webhookEndpoint.findFirst({
    where: { id: args.endpointId, businessId: args.businessId },
    select: { id: true, enabled: true },
  });
  if (!endpoint) return { ok: false, reason: "not_found", message: WEBHOOK_MESSAGES.notFound };
  if (!endpoint.enabled) return { ok: false, reason: "conflict", message: WEBHOOK_MESSAGES.endpointDisabled };
  const id = randomUUID();
  const body = webhookBody(`evt_test_${id.replace(/-/g, "").slice(0, 20)}`, TEST_EVENT, args.now ?? new Date(), {
    message: "This is a test event from LeadBroom. Your endpoint received it and can check its signature.",
  });
  await deps.jobs.enqueue(deps.db, [
    { name: WEBHOOK_QUEUE, key: `webhook:test:${endpoint.id}:${id}`, data: { businessId: args.businessId, endpointId: endpoint.id, event: TEST_EVENT, body } satisfies WebhookJob },
  ]);
  return { ok: true, value: { endpointId: endpoint.id } };
}
