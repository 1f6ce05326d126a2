// "Notifications on your devices" (Settings → Notifications and the Notifications page; DESIGN §20): turn
// on Web Push for this browser, then per device choose what rings and quiet hours, send a test, remove.
// Every member manages their own devices; the data and actions are /app/push-devices (JSON), a route no
// page links to: requested outside the router (useResourceFetcher, decision 0108), since this section sits
// on the live Notifications page.
import { useEffect, useId, useState } from "react";
import { PUSH_MESSAGES, clockText } from "#shared/push/push-input.ts";
import type { PushDevicesData, PushDevicesResult } from "~/routes/app.push-devices";
import { workspaceServiceWorker } from "~/components/workspace/PwaSupport";
import { Button } from "~/components/ui/Button";
import { ResultMessage, SectionCard, inputClass, labelClass } from "./ui";
import { SaveButton } from "~/components/forms";
import { useResourceFetcher } from "~/components/resource-fetcher";

export const PUSH_DEVICES_URL = "/app/push-devices";

export function PushDevicesSection() {
  const list = useResourceFetcher<PushDevicesData>();
  const subscribe = useResourceFetcher<PushDevicesResult>();
  const [state, setState] = useState<"idle" | "asking" | "error">("idle");
  const [error, setError] = useState<string | null>(null);
  const [supported, setSupported] = useState(true);

  useEffect(() => {
    setSupported("serviceWorker" in navigator && "PushManager" in window && "Notification" in window);
    list.load(PUSH_DEVICES_URL);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load once on mount
  }, []);

  const data = list.data && "devices" in list.data ? list.data : undefined;
  const thisDevice = data?.devices.find((d) => d.thisDevice) ?? null;
  const busy = state === "asking" || subscribe.state !== "idle";

  async function turnOn() {
    if (!data) return;
    setState("asking");
    setError(null);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== "granted") throw new Error(PUSH_MESSAGES.denied);
      const registration = await workspaceServiceWorker();
      if (!registration) throw new Error(PUSH_MESSAGES.unsupported);
      const existing = await registration.pushManager.getSubscription();
      const subscription = existing ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: data.publicKey /* base64url, as the Push API accepts */ }));
      const json = subscription.toJSON();
      subscribe.submit(
        { intent: "subscribe", endpoint: json.endpoint ?? "", p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" },
        { action: PUSH_DEVICES_URL },
      );
      setState("idle");
    } catch (cause) {
      setState("error");
      setError(cause instanceof Error && cause.message ? cause.message : "Notifications could not be turned on. Try again.");
    }
  }

  // After any change, the list is read again.
  useEffect(() => {
    if (subscribe.state === "idle" && subscribe.data?.ok) list.load(PUSH_DEVICES_URL);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reload after each answer
  }, [subscribe.state, subscribe.data]);

  return (
    <SectionCard id="push-devices-heading" title="Notifications on your devices" description="Your phone or computer rings for what you choose, even when LeadBroom is closed. Each member sets up their own devices.">
      {!supported ? (
        <p className="text-sm text-slate-700">{PUSH_MESSAGES.unsupported}</p>
      ) : !data ? (
        <p role="status" className="text-sm text-slate-600">
          {list.state === "loading" ? "Loading your devices..." : "Your devices could not be loaded. Reload the page."}
        </p>
      ) : (
        <div className="space-y-4">
          {!thisDevice ? (
            <div className="space-y-2">
              <Button type="button" onClick={turnOn} loading={busy}>
                {busy ? "Turning on..." : "Turn on notifications on this device"}
              </Button>
              {error ? (
                <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
                  {error}
                </p>
              ) : null}
            </div>
          ) : null}
          <ResultMessage result={subscribe.data} />
          {data.devices.length === 0 ? <p className="text-sm text-slate-600">No device gets notifications yet.</p> : null}
          <ul className="space-y-4">
            {data.devices.map((device) => (
              <DeviceRow key={`${device.id}:${device.events.join(",")}:${device.quietStart}:${device.quietEnd}`} device={device} events={data.events} onChanged={() => list.load(PUSH_DEVICES_URL)} />
            ))}
          </ul>
        </div>
      )}
    </SectionCard>
  );
}

function DeviceRow({ device, events, onChanged }: { device: PushDevicesData["devices"][number]; events: PushDevicesData["events"]; onChanged: () => void }) {
  const save = useResourceFetcher<PushDevicesResult>();
  const action = useResourceFetcher<PushDevicesResult>();
  const prefix = useId().replace(/:/g, "");
  const saving = save.state !== "idle";
  const pendingIntent = action.state !== "idle" ? String(action.formData?.get("intent") ?? "") : null;

  useEffect(() => {
    if (action.state === "idle" && action.data?.ok && "intent" in action.data && action.data.intent === "remove") onChanged();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- after a removal only
  }, [action.state, action.data]);

  return (
    <li className="rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold text-slate-900">{device.deviceName}</h3>
        {device.thisDevice ? <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700">This device</span> : null}
      </div>
      <save.Form action={PUSH_DEVICES_URL} className="mt-3 space-y-3">
        <input type="hidden" name="intent" value="preferences" />
        <input type="hidden" name="subscriptionId" value={device.id} />
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-900">Ring for</legend>
          {events.map((event) => (
            <div key={event.id} className="flex items-start gap-2">
              <input id={`${prefix}-${event.id}`} type="checkbox" name="events" value={event.id} defaultChecked={device.events.includes(event.id)} aria-describedby={`${prefix}-${event.id}-hint`} className="mt-1 h-4 w-4 rounded border-slate-300 text-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600" />
              <div>
                <label htmlFor={`${prefix}-${event.id}`} className="text-sm text-slate-900">
                  {event.label}
                </label>
                <p id={`${prefix}-${event.id}-hint`} className="text-xs text-slate-600">
                  {event.hint}
                </p>
              </div>
            </div>
          ))}
        </fieldset>
        <fieldset>
          <legend className="text-sm font-medium text-slate-900">Quiet hours (your business's time zone)</legend>
          <div className="mt-1 flex flex-wrap items-end gap-3">
            <div>
              <label htmlFor={`${prefix}-quiet-start`} className={labelClass}>
                From
              </label>
              <input id={`${prefix}-quiet-start`} type="time" name="quietStart" defaultValue={device.quietStart === null ? "" : clockText(device.quietStart)} className={inputClass} />
            </div>
            <div>
              <label htmlFor={`${prefix}-quiet-end`} className={labelClass}>
                To
              </label>
              <input id={`${prefix}-quiet-end`} type="time" name="quietEnd" defaultValue={device.quietEnd === null ? "" : clockText(device.quietEnd)} className={inputClass} />
            </div>
          </div>
        </fieldset>
        <ResultMessage result={save.data} />
        <div className="flex flex-wrap gap-2">
          <SaveButton busy={saving} size="sm" />
        </div>
      </save.Form>
      <action.Form action={PUSH_DEVICES_URL} className="mt-3 flex flex-wrap gap-2">
        <input type="hidden" name="subscriptionId" value={device.id} />
        <Button type="submit" name="intent" value="test" size="sm" variant="secondary" loading={pendingIntent === "test"}>
          {pendingIntent === "test" ? "Sending..." : "Send a test"}
        </Button>
        <Button type="submit" name="intent" value="remove" size="sm" variant="danger" loading={pendingIntent === "remove"}>
          {pendingIntent === "remove" ? "Removing..." : "Remove device"}
        </Button>
      </action.Form>
      <ResultMessage result={action.data} />
    </li>
  );
}
