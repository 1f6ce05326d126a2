// /app/push-devices (JSON, for the "Notifications on your devices" section): the signed-in member's
// devices and the VAPID public key (loader); subscribe this browser, change a device's events and
// quiet hours, remove a device, send a test push (action). Any member, owner or support staff: each
// one's own devices only, the member and the session taken from the session cookie, never the form.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { z } from "zod";
import { failure, parseFormData, success, type ActionResult } from "#shared/forms/action-result.ts";
import { PUSH_EVENTS, preferencesSchema, subscriptionSchema } from "#shared/push/push-input.ts";
import { listDevices, removeDevice, sendTestPush, subscribeDevice, updateDevicePreferences, type Caller, type Device } from "#server/push/devices.server.ts";
import { getOptionalUser, requireWorkspace } from "~/lib/session.server";

export type PushDevicesData = { publicKey: string; devices: (Omit<Device, "createdAt" | "lastPushAt"> & { createdAt: string; lastPushAt: string | null })[]; events: typeof PUSH_EVENTS };
export type PushDevicesResult = { intent: string } & ActionResult<{ id: string }>;

async function callerOf(request: Request, context: LoaderFunctionArgs["context"]): Promise<Caller> {
  const workspace = await requireWorkspace(request, context);
  const user = await getOptionalUser(request, context);
  if (!user) throw new Response("Sign in again.", { status: 401 });
  return { businessId: workspace.business.id, userId: workspace.userId, sessionId: user.sessionId };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const caller = await callerOf(request, context);
  const devices = await listDevices(context.services.db, caller);
  // json(): a resource route that a plain fetch() reads (useResourceFetcher) answers a Response, as Remix's
  // single fetch asks of routes read from outside the router.
  return json<PushDevicesData>({
    publicKey: context.services.vapid.publicKey,
    devices: devices.map((d) => ({ ...d, createdAt: d.createdAt.toISOString(), lastPushAt: d.lastPushAt?.toISOString() ?? null })),
    events: PUSH_EVENTS,
  });
}

const idSchema = z.object({ subscriptionId: z.string().trim().min(1).max(64) });

export async function action({ request, context }: ActionFunctionArgs) {
  const caller = await callerOf(request, context);
  const { db, jobs, webhooks } = context.services;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const answer = (result: ActionResult<{ id: string }>, status = 200) => json<PushDevicesResult>({ intent, ...result }, { status });

  switch (intent) {
    case "subscribe": {
      const parsed = parseFormData(form, subscriptionSchema);
      if (!parsed.ok) return answer(parsed, 400);
      const result = await subscribeDevice({ db, policy: webhooks.policy, resolver: webhooks.resolver }, caller, parsed.value, request.headers.get("User-Agent"));
      if (!result.ok) return answer(failure(result.message), 400);
      return answer(success({ id: result.id }, "Notifications are on for this device."));
    }
    case "preferences": {
      const parsed = parseFormData(form, preferencesSchema);
      if (!parsed.ok) return answer(parsed, 400);
      const result = await updateDevicePreferences(db, caller, parsed.value);
      if (!result.ok) return answer(failure(result.message), 404);
      return answer(success({ id: result.id }, "Saved."));
    }
    case "remove": {
      const parsed = parseFormData(form, idSchema);
      if (!parsed.ok) return answer(parsed, 400);
      const result = await removeDevice(db, caller, parsed.value.subscriptionId);
      if (!result.ok) return answer(failure(result.message), 404);
      return answer(success({ id: result.id }, "Device removed: it gets no more notifications."));
    }
    case "test": {
      const parsed = parseFormData(form, idSchema);
      if (!parsed.ok) return answer(parsed, 400);
      const result = await sendTestPush({ db, jobs }, caller, parsed.value.subscriptionId);
      if (!result.ok) return answer(failure(result.message), 404);
      return answer(success({ id: result.id }, "Test notification sent. It should appear within a few seconds."));
    }
    default:
      return answer(failure("Unknown action."), 400);
  }
}
