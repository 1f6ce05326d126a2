// A member's devices for Web Push (DESIGN §20, issue 34): subscribe, change what rings, remove. Each
// write is scoped to the caller (user, business, session): the member id never comes from the browser.
// A subscription's endpoint is an outgoing request like a webhook, so it gets the same address checks
// (https, public address; loopback only with the development switch).
import type { Db } from "../db/client.server.ts";
import { isUniqueViolation } from "../db/errors.ts";
import type { JobQueue } from "../jobs/queue/job-queue.server.ts";
import { PUSH_QUEUE } from "../jobs/queue/queues.ts";
import { DEFAULT_PUSH_EVENTS, PUSH_MESSAGES, type PushEventId, type SubscriptionInput } from "../shared/push/push-input.ts";
import type { AddressPolicy } from "../webhooks/address-policy.ts";
import { checkEndpointUrl } from "../webhooks/address-policy.ts";
import { resolveAllowed, type Resolver } from "../webhooks/safe-request.server.ts";

export type Caller = { businessId: string; userId: string; sessionId: string };
export type DeviceDeps = { db: Db; policy: AddressPolicy; resolver: Resolver };

export type Device = {
  id: string;
  deviceName: string;
  events: PushEventId[];
  quietStart: number | null;
  quietEnd: number | null;
  createdAt: Date;
  lastPushAt: Date | null;
  thisDevice: boolean;
};

export type DeviceResult = { ok: true; id: string } | { ok: false; field: "endpoint" | "keys" | "form"; message: string };

/** "Chrome on Android" from a user agent; "This browser" when nothing is recognised. */
export function deviceNameOf(userAgent: string | null | undefined): string {
  const ua = userAgent ?? "";
  const browser = /Edg\//.test(ua) ? "Edge" : /Firefox\//.test(ua) ? "Firefox" : /Chrome\/|Chromium\//.test(ua) ? "Chrome" : /Safari\//.test(ua) ? "Safari" : null;
  const system = /Android/.test(ua) ? "Android" : /iPhone|iPad/.test(ua) ? "iOS" : /Mac OS X/.test(ua) ? "macOS" : /Windows/.test(ua) ? "Windows" : /Linux/.test(ua) ? "Linux" : null;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? "This browser";
}

/** Stores (or takes over) the browser's subscription for the signed-in member on this session. */
export async function subscribeDevice(deps: DeviceDeps, caller: Caller, input: SubscriptionInput, userAgent: string | null): Promise<DeviceResult> {
  const shape = checkEndpointUrl(input.endpoint, deps.policy);
  if (!shape.ok) return { ok: false, field: "endpoint", message: PUSH_MESSAGES.endpoint };
  const address = await resolveAllowed(shape.url.hostname, deps.policy, deps.resolver);
  if (!address.ok) return { ok: false, field: "endpoint", message: `${PUSH_MESSAGES.endpoint} (${address.message})` };
  const data = { p256dh: input.p256dh, auth: input.auth, deviceName: deviceNameOf(userAgent).slice(0, 60) };
  // One endpoint is one browser profile: subscribing again (a new session, another member signing in on
  // the same browser) moves the row to the caller, so a device never rings for someone who signed out.
  const existing = await deps.db.pushSubscription.findUnique({ where: { endpoint: shape.url.href }, select: { id: true, events: true, quietStart: true, quietEnd: true, userId: true } });
  if (existing) {
    const same = existing.userId === caller.userId;
    const row = await deps.db.pushSubscription.update({
      where: { id: existing.id },
      data: { ...data, ...caller, ...(same ? {} : { events: DEFAULT_PUSH_EVENTS, quietStart: null, quietEnd: null }) },
      select: { id: true },
    });
    return { ok: true, id: row.id };
  }
  try {
    const row = await deps.db.pushSubscription.create({
      data: { ...data, ...caller, endpoint: shape.url.href, events: DEFAULT_PUSH_EVENTS },
      select: { id: true },
    });
    return { ok: true, id: row.id };
  } catch (error) {
    // The same browser posting twice at once: the other request stored it.
    if (isUniqueViolation(error)) return subscribeDevice(deps, caller, input, userAgent);
    throw error;
  }
}

/** The caller's devices in this business, this session's first. */
export async function listDevices(db: Db, caller: Caller): Promise<Device[]> {
  const rows = await db.pushSubscription.findMany({
    where: { businessId: caller.businessId, userId: caller.userId },
    select: { id: true, deviceName: true, events: true, quietStart: true, quietEnd: true, createdAt: true, lastPushAt: true, sessionId: true },
    orderBy: { createdAt: "asc" },
  });
  return rows
    .map(({ sessionId, events, ...row }) => ({ ...row, events: events as PushEventId[], thisDevice: sessionId === caller.sessionId }))
    .sort((a, b) => Number(b.thisDevice) - Number(a.thisDevice));
}

export async function updateDevicePreferences(
  db: Db,
  caller: Caller,
  input: { subscriptionId: string; events: PushEventId[]; quietStart?: number; quietEnd?: number },
): Promise<DeviceResult> {
  const updated = await db.pushSubscription.updateMany({
    where: { id: input.subscriptionId, businessId: caller.businessId, userId: caller.userId },
    data: { events: [...new Set(input.events)], quietStart: input.quietStart ?? null, quietEnd: input.quietEnd ?? null },
  });
  return updated.count === 1 ? { ok: true, id: input.subscriptionId } : { ok: false, field: "form", message: PUSH_MESSAGES.notFound };
}

export async function removeDevice(db: Db, caller: Caller, subscriptionId: string): Promise<DeviceResult> {
  const removed = await db.pushSubscription.deleteMany({ where: { id: subscriptionId, businessId: caller.businessId, userId: caller.userId } });
  return removed.count === 1 ? { ok: true, id: subscriptionId } : { ok: false, field: "form", message: PUSH_MESSAGES.notFound };
}

/** A test notification to one of the caller's own devices, as a `push.send` job. */
export async function sendTestPush(deps: { db: Db; jobs: JobQueue }, caller: Caller, subscriptionId: string): Promise<DeviceResult> {
  const device = await deps.db.pushSubscription.findFirst({ where: { id: subscriptionId, businessId: caller.businessId, userId: caller.userId }, select: { id: true } });
  if (!device) return { ok: false, field: "form", message: "That device is not one of yours." };
  await deps.jobs.enqueue(deps.db, [
    {
      name: PUSH_QUEUE,
      key: `push:test:${device.id}:${Date.now()}`,
      data: { businessId: caller.businessId, subscriptionId: device.id, payload: { kind: "test", title: "LeadBroom", body: "Notifications work on this device.", url: "/app/dashboard", tag: "test" } },
    },
  ]);
  return { ok: true, id: device.id };
}
