// Settings → Integrations (DESIGN §15): outgoing webhooks. An owner adds HTTPS endpoints and picks the
// events each receives; the signing secret is shown once (rotatable); each endpoint lists its recent
// deliveries (time, event, response code, duration) with Redeliver, and a Send test event button.
import { Link, useFetcher, useRevalidator } from "@remix-run/react";
import { useId, useState } from "react";
import { useResetOnSuccess } from "~/lib/forms";
import type { DeliveryView, EndpointView } from "#server/webhooks/endpoints.server.ts";
import { createEndpointSchema, WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS, WEBHOOK_URL_MAX } from "#shared/webhooks/webhook-input.ts";
import { SandboxFieldset, SandboxNotice } from "./SandboxNotice";
import { formatDateTime } from "~/components/leads/format";
import type { IntegrationsActionResult, IntegrationsSectionData } from "#server/webhooks/integrations-section.server.ts";
import { ErrorList, fieldProps, focusRing, labelClass, OneTimeSecret, ResultMessage, SectionCard, useSectionForm } from "./ui";
import { TextField } from "~/components/forms";
import { Button, type ButtonVariant } from "~/components/ui/Button";
import { TableHead } from "~/components/ui/TableHead";

const ACTION = "/app/settings/integrations";

export function IntegrationsSection(props: IntegrationsSectionData) {
  return (
    <div className="space-y-6" data-testid="integrations-section">
      <p className="text-sm text-slate-700">
        Two-way SMS and missed-call text-back:{" "}
        <Link to="/app/settings/sms" className={`font-semibold text-brand-700 underline ${focusRing}`}>
          SMS &amp; calls (Twilio)
        </Link>
      </p>
      <AddEndpointForm full={props.endpoints.length >= props.maxEndpoints} maxEndpoints={props.maxEndpoints} sandbox={props.sandbox} />
      <EndpointList endpoints={props.endpoints} timeZone={props.timeZone} />
      <p className="text-sm text-slate-700">
        How deliveries are signed and how to check them:{" "}
        <Link to={props.docsPath} reloadDocument target="_blank" rel="noopener" className={`font-semibold text-brand-700 underline ${focusRing}`}>
          Webhook documentation
        </Link>
        .
      </p>
    </div>
  );
}

/** The secret of a new or rotated endpoint, shown until dismissed. */
function SecretNotice({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <OneTimeSecret
      testId="webhook-secret"
      text="Your signing secret. Copy it now: for your security it will not be shown again."
      secret={secret}
      copyLabel="Copy secret"
      onDone={onDone}
    />
  );
}

function AddEndpointForm({ full, maxEndpoints, sandbox }: { full: boolean; maxEndpoints: number; sandbox: boolean }) {
  const fetcher = useFetcher<IntegrationsActionResult>();
  const prefix = useId().replace(/:/g, "");
  const { result, errors, clientFailed, formProps } = useSectionForm({ id: "webhook-create", schema: createEndpointSchema, fetcher, intents: [], fetcherOnly: true });
  const [dismissed, setDismissed] = useState<string | null>(null);
  const url = fieldProps(prefix, "url", errors);
  const eventsErrorId = `${prefix}-events-error`;
  const busy = fetcher.state !== "idle";
  const created = result?.ok ? result.data : undefined;
  const secret = created?.secret && created.endpointId !== dismissed ? created.secret : null;

  const formRef = useResetOnSuccess(result);

  return (
    <SectionCard
      id="webhook-create-heading"
      title="Webhooks"
      description="Send new and updated leads, finished conversations and failed automations to your own systems as they happen. Each delivery is signed so your endpoint can check it came from LeadBroom."
    >
      {secret ? <SecretNotice secret={secret} onDone={() => setDismissed(created?.endpointId ?? null)} /> : null}
      {sandbox ? <SandboxNotice action="webhook" /> : null}
      <fetcher.Form
        ref={formRef}
        method="post"
        action={ACTION}
        {...formProps}
      >
        <SandboxFieldset action="webhook" sandbox={sandbox} className="space-y-4">
          <input type="hidden" name="intent" value="webhook-create" />
          <TextField field={url} label="Endpoint URL" type="url" inputMode="url" maxLength={WEBHOOK_URL_MAX} autoComplete="off" placeholder="https://example.com/webhooks/leadbroom" />
          <fieldset aria-describedby={errors?.events ? eventsErrorId : undefined}>
            <legend className={labelClass}>Events</legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              {WEBHOOK_EVENTS.map((event) => (
                <label key={event} className="flex items-start gap-2 rounded-lg border border-slate-200 p-3 text-sm">
                  <input type="checkbox" name="events" value={event} defaultChecked={event === "lead.created"} className="mt-0.5 h-4 w-4" />
                  <span>
                    <span className="block font-medium text-slate-900">{WEBHOOK_EVENT_LABELS[event].label}</span>
                    <code className="text-xs text-slate-600">{event}</code>
                    <span className="block text-slate-600">{WEBHOOK_EVENT_LABELS[event].description}</span>
                  </span>
                </label>
              ))}
            </div>
            <ErrorList id={eventsErrorId} errors={errors?.events} />
          </fieldset>
          <Button type="submit" disabled={full} loading={busy}>
            {busy ? "Adding..." : "Add Endpoint"}
          </Button>
          {full ? <p className="text-sm text-slate-700">You have {maxEndpoints} endpoints, the most allowed. Delete one you no longer use to add another.</p> : null}
          {clientFailed || secret ? null : <ResultMessage result={result && (result.ok || !result.fieldErrors) ? result : null} />}
        </SandboxFieldset>
      </fetcher.Form>
    </SectionCard>
  );
}

function EndpointList({ endpoints, timeZone }: { endpoints: EndpointView[]; timeZone: string }) {
  const revalidator = useRevalidator();
  return (
    <SectionCard id="webhook-endpoints-heading" title="Your endpoints" description="Deliveries that fail are retried with growing pauses for about 4 hours. An endpoint whose deliveries fail for 3 days is disabled and you are told.">
      <div className="mb-3">
        <Button type="button" variant="secondary" size="sm" loading={revalidator.state !== "idle"} onClick={() => revalidator.revalidate()}>
          {revalidator.state !== "idle" ? "Refreshing..." : "Refresh delivery logs"}
        </Button>
      </div>
      {endpoints.length === 0 ? (
        <p className="text-sm text-slate-600">No endpoints yet.</p>
      ) : (
        <ul className="space-y-4">
          {endpoints.map((endpoint) => (
            <EndpointItem key={endpoint.id} endpoint={endpoint} timeZone={timeZone} />
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

function EndpointItem({ endpoint, timeZone }: { endpoint: EndpointView; timeZone: string }) {
  const fetcher = useFetcher<IntegrationsActionResult>({ key: `webhook-endpoint-${endpoint.id}` });
  const [dismissed, setDismissed] = useState<string | null>(null);
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const busy = fetcher.state !== "idle";
  const rotated = result?.ok ? result.data?.secret : undefined;
  const secret = rotated && rotated !== dismissed ? rotated : null;
  const host = (() => {
    try {
      return new URL(endpoint.url).host;
    } catch {
      return endpoint.url;
    }
  })();
  const action = (intent: string, label: string, options: { variant?: ButtonVariant; confirm?: string } = {}) => (
    <fetcher.Form
      method="post"
      action={ACTION}
      onSubmit={(event) => {
        if (options.confirm && !window.confirm(options.confirm)) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="endpointId" value={endpoint.id} />
      <Button type="submit" variant={options.variant ?? "secondary"} size="sm" loading={busy}>
        {label}
        <span className="sr-only"> for {host}</span>
      </Button>
    </fetcher.Form>
  );
  return (
    <li className="rounded-xl border border-slate-200 p-4" data-webhook-endpoint={endpoint.id}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium break-all text-slate-900">{endpoint.url}</p>
          <p className="mt-1 text-sm text-slate-600">
            {endpoint.events.join(", ")} · secret <code className="rounded bg-slate-100 px-1 text-xs">{`${endpoint.secretPrefix}…`}</code>
            {endpoint.source === "api" ? " · added through the API" : ""}
          </p>
        </div>
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${endpoint.enabled ? "bg-green-100 text-green-800" : "bg-slate-200 text-slate-800"}`}>
          {endpoint.enabled ? "Enabled" : "Disabled"}
        </span>
      </div>
      {endpoint.disabledReason ? <p className="mt-2 text-sm text-red-800">{endpoint.disabledReason}</p> : null}
      {secret ? (
        <div className="mt-3">
          <SecretNotice secret={secret} onDone={() => setDismissed(secret)} />
        </div>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        {endpoint.enabled ? action("webhook-test", busy ? "Working..." : "Send test event") : null}
        {endpoint.enabled ? action("webhook-disable", "Disable") : action("webhook-enable", "Enable")}
        {action("webhook-rotate", "Rotate secret", { confirm: "Create a new signing secret? The current one stops working at once." })}
        {action("webhook-delete", "Delete", { variant: "danger", confirm: `Delete the endpoint ${endpoint.url}? Nothing more is sent to it.` })}
      </div>
      <div className="mt-3">
        <ResultMessage result={result && !(result.ok && result.data?.secret) ? result : null} />
      </div>
      <DeliveryLog endpointId={endpoint.id} host={host} deliveries={endpoint.deliveries} timeZone={timeZone} />
    </li>
  );
}

const STATUS_LABEL: Record<DeliveryView["status"], string> = { pending: "Retrying", succeeded: "Delivered", failed: "Failed" };
const STATUS_CLASS: Record<DeliveryView["status"], string> = { pending: "text-amber-800", succeeded: "text-green-800", failed: "text-red-800" };

function DeliveryLog({ endpointId, host, deliveries, timeZone }: { endpointId: string; host: string; deliveries: DeliveryView[]; timeZone: string }) {
  const fetcher = useFetcher<IntegrationsActionResult>({ key: `webhook-redeliver-${endpointId}` });
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const busy = fetcher.state !== "idle";
  return (
    <div className="mt-4">
      <h3 className="text-sm font-semibold text-slate-900">Recent deliveries</h3>
      <ResultMessage result={result} />
      {deliveries.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">No deliveries yet. Send a test event to try the endpoint.</p>
      ) : (
        <div className="mt-2 overflow-x-auto" tabIndex={0} role="region" aria-label={`Deliveries to ${host} (scrollable)`}>
          <table className="stack-table w-full text-left text-sm">
            <TableHead
              className="border-b border-slate-200 text-slate-600"
              gap="pr-3"
              columns={["Time", "Event", "Result", "Response", "Duration", "Attempts", <span key="actions" className="sr-only">Actions</span>]}
            />
            <tbody className="divide-y divide-slate-200">
              {deliveries.map((delivery) => (
                <tr key={delivery.id} data-webhook-delivery={delivery.id} data-status={delivery.status}>
                  <td className="stack-title py-2 pr-3 whitespace-nowrap">{formatDateTime(delivery.createdAt, timeZone)}</td>
                  <td data-label="Event" className="py-2 pr-3">
                    <code className="text-xs">{delivery.event}</code>
                    {delivery.redelivery ? <span className="block text-xs text-slate-600">Redelivery</span> : null}
                  </td>
                  <td data-label="Result" className={`py-2 pr-3 font-semibold ${STATUS_CLASS[delivery.status]}`}>
                    {STATUS_LABEL[delivery.status]}
                    {delivery.error ? <span className="block text-xs font-normal text-slate-700">{delivery.error}</span> : null}
                  </td>
                  <td data-label="Response" className="py-2 pr-3">{delivery.responseStatus ?? "—"}</td>
                  <td data-label="Duration" className="py-2 pr-3 whitespace-nowrap">{delivery.durationMs === null ? "—" : `${delivery.durationMs} ms`}</td>
                  <td data-label="Attempts" className="py-2 pr-3">{delivery.attempts}</td>
                  <td className="py-2 text-right">
                    <fetcher.Form method="post" action={ACTION}>
                      <input type="hidden" name="intent" value="webhook-redeliver" />
                      <input type="hidden" name="deliveryId" value={delivery.id} />
                      <Button type="submit" variant="secondary" size="sm" loading={busy}>
                        {busy ? "Queuing..." : "Redeliver"}
                        <span className="sr-only"> {delivery.event} of {formatDateTime(delivery.createdAt, timeZone)}</span>
                      </Button>
                    </fetcher.Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
