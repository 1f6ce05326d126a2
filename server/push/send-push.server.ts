// Sends one push (a `push.send` job, DESIGN §20): the payload encrypted for the device (RFC 8291,
// aes128gcm) and signed with our VAPID key (RFC 8292) by `web-push`, then posted through the same SSRF
// guard as webhooks (the push service's address checked, the connection pinned to it). A 404 or 410
// means the browser dropped the subscription: the device is removed. 429 and 5xx are retried (the
// queue's backoff); any other answer is a failure kept in the log.
import webpush from "web-push";
import type { Db } from "../db/client.server.ts";
import type { Logger } from "../shared/logger.ts";
import type { AddressPolicy } from "../webhooks/address-policy.ts";
import { safePost, type Resolver } from "../webhooks/safe-request.server.ts";
import type { PushJob } from "./push-notifications.server.ts";
import type { VapidKeys } from "./vapid.server.ts";

export type PushDeps = { db: Db; logger: Logger; vapid: VapidKeys; policy: AddressPolicy; resolver: Resolver; timeoutMs: number };

/** A push service's answer to retry (the queue's backoff). */
export class PushRetry extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PushRetry";
  }
}

/** Minutes a push service keeps an undelivered push (a phone offline): after that it is stale. */
const TTL_SECONDS = 15 * 60;

export async function sendPush(deps: PushDeps, job: PushJob, now = () => new Date()): Promise<"sent" | "gone" | "skipped" | "failed"> {
  const device = await deps.db.pushSubscription.findFirst({
    where: { id: job.subscriptionId, businessId: job.businessId },
    select: { id: true, endpoint: true, p256dh: true, auth: true },
  });
  if (!device) return "skipped"; // signed out or removed since
  const request = webpush.generateRequestDetails(
    { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
    JSON.stringify(job.payload),
    {
      vapidDetails: { subject: deps.vapid.subject, publicKey: deps.vapid.publicKey, privateKey: deps.vapid.privateKey },
      TTL: TTL_SECONDS,
      urgency: "high",
      topic: job.payload.tag.replace(/[^A-Za-z0-9_-]/g, "").slice(0, 32),
      contentEncoding: "aes128gcm",
    },
  );
  const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
  const result = await safePost(
    { url: request.endpoint, body: request.body ?? Buffer.alloc(0), headers, timeoutMs: deps.timeoutMs },
    { policy: deps.policy, resolver: deps.resolver },
  );
  if (result.kind === "refused") {
    // The push service's address is not allowed (now): no retry can change that, and the device is useless.
    deps.logger.warn(`[push] device ${device.id} removed: ${result.message}`);
    await deps.db.pushSubscription.deleteMany({ where: { id: device.id } });
    return "gone";
  }
  if (result.kind === "error") throw new PushRetry(`push to device ${device.id}: ${result.message}`);
  if (result.status === 404 || result.status === 410) {
    await deps.db.pushSubscription.deleteMany({ where: { id: device.id } });
    return "gone";
  }
  if (result.status === 429 || result.status >= 500) throw new PushRetry(`push to device ${device.id}: the push service answered ${result.status}`);
  if (result.status < 200 || result.status >= 300) {
    deps.logger.warn(`[push] device ${device.id}: the push service refused the push (${result.status})`);
    return "failed";
  }
  await deps.db.pushSubscription.updateMany({ where: { id: device.id }, data: { lastPushAt: now() } });
  return "sent";
}
