// Settings → API Keys (spec §2.14, §6: API access is an Enterprise feature). Owners create named keys
// for the REST API (docs/api.md): the secret is shown once with a copy button, then only its prefix.
// Below Enterprise the section is locked with an Unlock button (the upgrade modal); the server refuses
// key creation and every API call there. Revoking is always possible.
import { SandboxFieldset, SandboxNotice } from "./SandboxNotice";
import { Link, useFetcher } from "@remix-run/react";
import { useId, useState } from "react";
import { useResetOnSuccess } from "~/lib/forms";
import { API_KEY_NAME_MAX, createApiKeySchema } from "#shared/api/api-key-input.ts";
import type { ApiKeyView } from "#server/api/api-keys.server.ts";
import { LockedFeature } from "~/components/billing/LockedFeature";
import type { ApiKeyActionData, ApiKeysSectionData } from "#server/api/api-keys-section.server.ts";
import { ConfirmButtonForm, ErrorList, fieldProps, focusRing, inputClass, labelClass, OneTimeSecret, ResultMessage, SectionCard, useSectionForm, type SettingsActionResult } from "./ui";
import { formatDate, formatDateTime } from "~/components/leads/format";
import { Button } from "~/components/ui/Button";
import { TableHead } from "~/components/ui/TableHead";

const ACTION = "/app/settings/api-keys";

/** What the section's fetchers get back from the API Keys action. */
export type ApiKeyActionResult = SettingsActionResult<ApiKeyActionData>;

function formatWhen(iso: string | null, timeZone: string): string {
  return iso ? formatDateTime(iso, timeZone) : "Never";
}

export function ApiKeysSection(props: ApiKeysSectionData) {
  const active = props.keys.filter((key) => !key.revokedAt);
  return (
    <div className="space-y-6" data-testid="api-keys-section">
      {props.locked ? (
        <LockedFeature
          feature="api_access"
          title="API Keys"
          description="Connect LeadBroom to your CRM and tools: read your leads and add new ones through the REST API with a secret key. Included in the Enterprise plan."
          publishableKey={props.publishableKey}
          canUpgrade
        />
      ) : (
        <CreateKeyForm activeCount={active.length} maxActive={props.maxActive} sandbox={props.sandbox} />
      )}
      {props.locked && props.keys.length === 0 ? null : (
        <KeyList keys={props.keys} timeZone={props.timeZone} locked={props.locked} maxActive={props.maxActive} activeCount={active.length} />
      )}
      <p className="text-sm text-slate-700">
        How to call the API, with examples:{" "}
        <Link to={props.docsPath} reloadDocument target="_blank" rel="noopener" className={`font-semibold text-brand-700 underline ${focusRing}`}>
          API documentation
        </Link>
        .
      </p>
    </div>
  );
}

function CreateKeyForm({ activeCount, maxActive, sandbox }: { activeCount: number; maxActive: number; sandbox: boolean }) {
  // Not keyed: the answer (and the secret in it) is dropped when the section unmounts.
  const fetcher = useFetcher<ApiKeyActionResult>();
  const prefix = useId().replace(/:/g, "");
  const { result, errors, clientFailed, formProps } = useSectionForm({ id: "api-key-create", schema: createApiKeySchema, fetcher, intents: [], fetcherOnly: true });
  const name = fieldProps(prefix, "name", errors);
  const busy = fetcher.state !== "idle";
  const [dismissed, setDismissed] = useState<string | null>(null);
  const data = result?.ok ? result.data : undefined;
  const created = data?.secret && data.key && data.key.id !== dismissed ? { secret: data.secret, key: data.key } : null;
  const full = activeCount >= maxActive;

  const formRef = useResetOnSuccess(result);

  return (
    <SectionCard
      id="api-key-create-heading"
      title="Create an API key"
      description={`Keys let your own systems read and add leads. Give each one a name you will recognise; up to ${maxActive} active keys.`}
    >
      {created ? (
        <OneTimeSecret
          testId="api-key-secret"
          text={<>Your new key “{created.key.name}”. Copy it now: for your security it will not be shown again.</>}
          secret={created.secret}
          copyLabel="Copy key"
          onDone={() => setDismissed(created.key.id)}
        />
      ) : null}
      {sandbox ? <SandboxNotice action="api-key" /> : null}
      <fetcher.Form ref={formRef} method="post" action={ACTION} {...formProps}>
        <SandboxFieldset action="api-key" sandbox={sandbox} className="space-y-3">
          <input type="hidden" name="intent" value="api-key-create" />
          <div className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end">
            <div>
              <label htmlFor={name.id} className={labelClass}>
                Key name
              </label>
              <input {...name.input} type="text" maxLength={API_KEY_NAME_MAX} autoComplete="off" placeholder="e.g. CRM sync" className={inputClass} />
            </div>
            <Button type="submit" disabled={busy || full}>
              {busy ? "Creating..." : "Create Key"}
            </Button>
          </div>
          <ErrorList id={name.errorId} errors={name.error} />
          {full ? (
            <p className="text-sm text-slate-700">You have {maxActive} active keys, the most allowed. Revoke one you no longer use to create another.</p>
          ) : null}
          {clientFailed || created ? null : <ResultMessage result={result && (result.ok || !result.fieldErrors) ? result : null} />}
        </SandboxFieldset>
      </fetcher.Form>
    </SectionCard>
  );
}

function KeyList({
  keys,
  timeZone,
  locked,
  maxActive,
  activeCount,
}: {
  keys: ApiKeyView[];
  timeZone: string;
  locked: boolean;
  maxActive: number;
  activeCount: number;
}) {
  const fetcher = useFetcher<ApiKeyActionResult>({ key: "settings-api-key-rows" });
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const busy = fetcher.state !== "idle";
  return (
    <SectionCard
      id="api-keys-heading"
      title="Your API keys"
      description={
        locked
          ? "These keys do not work on your current plan. You can still revoke them."
          : `${activeCount} of ${maxActive} active keys. Revoked keys stop working immediately.`
      }
    >
      <ResultMessage result={result} />
      {keys.length === 0 ? (
        <p className="text-sm text-slate-600">No API keys yet.</p>
      ) : (
        <div className="mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label="API keys (scrollable)">
          <table className="stack-table w-full text-left text-sm">
            <TableHead
              className="border-b border-slate-200 text-slate-600"
              columns={["Name", "Key", "Created", "Last used", "Created by", <span key="actions" className="sr-only">Actions</span>]}
            />
            <tbody className="divide-y divide-slate-200">
              {keys.map((key) => (
                <tr key={key.id} data-api-key={key.id} className={key.revokedAt ? "text-slate-600" : "text-slate-900"}>
                  <td className="stack-title py-3 pr-4 font-medium">{key.name}</td>
                  <td data-label="Key" className="py-3 pr-4">
                    <code className="rounded bg-slate-100 px-1.5 py-0.5 text-xs">{`${key.prefix}…`}</code>
                  </td>
                  <td data-label="Created" className="py-3 pr-4 whitespace-nowrap">{formatWhen(key.createdAt, timeZone)}</td>
                  <td data-label="Last used" className="py-3 pr-4 whitespace-nowrap">{formatWhen(key.lastUsedAt, timeZone)}</td>
                  <td data-label="Created by" className="py-3 pr-4">{key.createdBy ?? "A former member"}</td>
                  <td className="py-3 text-right">
                    {key.revokedAt ? (
                      <span className="block text-sm">
                        <span className="font-semibold text-red-700">Revoked</span>
                        <span className="block text-xs whitespace-nowrap">{formatDate(key.revokedAt, timeZone)}</span>
                      </span>
                    ) : (
                      <ConfirmButtonForm
                        Form={fetcher.Form}
                        action={ACTION}
                        question={`Revoke the key "${key.name}"? Anything using it stops working immediately.`}
                        fields={{ intent: "api-key-revoke", keyId: key.id }}
                        busy={busy}
                        spinner
                      >
                        Revoke<span className="sr-only"> {key.name}</span>
                      </ConfirmButtonForm>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </SectionCard>
  );
}
