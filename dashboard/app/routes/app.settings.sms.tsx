// Settings → SMS & calls (DESIGN §19, decision 0068): the business's own Twilio account and number
// (the secret is stored sealed and never shown again), the consent wording visitors agree to, the
// phone calls are forwarded to, a "Send test SMS" button, this month's SMS against the plan's
// allowance, and the latest SMS with their delivery status. Owners only.
import { useFetcher, useLoaderData } from "@remix-run/react";
import { useId } from "react";
import { handleSmsSettingsAction, loadSmsSettings, type SmsSettingsActionResult, type SmsSettingsData } from "#server/sms/sms-settings.server.ts";
import { testSmsSchema, twilioConnectionSchema } from "#shared/sms/twilio-input.ts";
import { smsUsageText } from "#shared/automations/sms-allowance.ts";
import { fieldProps, ResultMessage, SectionCard, useSectionForm } from "~/components/settings/ui";
import { TextareaField, TextField, SaveButton } from "~/components/forms";
import { Button } from "~/components/ui/Button";
import { ownerAction, ownerLoader } from "~/lib/owner-route.server";


export const loader = ownerLoader(loadSmsSettings);

export const action = ownerAction(handleSmsSettingsAction);

export default function SmsSettingsPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <ConnectionForm data={data} />
      <TestSmsForm connected={data.connection !== null || data.platformFallback} sandbox={data.sandbox} />
      <RecentSms data={data} />
    </div>
  );
}

function ConnectionForm({ data }: { data: SmsSettingsData }) {
  const fetcher = useFetcher<SmsSettingsActionResult>({ key: "sms-connection" });
  const remover = useFetcher<SmsSettingsActionResult>({ key: "sms-remove" });
  const prefix = useId().replace(/:/g, "");
  const { result, errors, clientFailed, formProps } = useSectionForm({ id: "sms-connection", schema: twilioConnectionSchema, fetcher, intents: ["twilio-save"] });
  const busy = fetcher.state !== "idle";
  const c = data.connection;
  const f = (name: string) => fieldProps(prefix, name, errors);
  return (
    <SectionCard
      id="sms-connection-heading"
      title="Twilio connection"
      description={
        c
          ? `Connected: texts and calls to ${c.phoneNumber} reach LeadBroom. Enter the auth token again to change anything.`
          : data.platformFallback
            ? "Not connected: SMS go out from LeadBroom's shared number. Connect your own Twilio number to receive texts and calls."
            : "Not connected: without Twilio, nothing is texted. Connect your Twilio account and number."
      }
    >
      <fetcher.Form method="post" {...formProps} className="space-y-5" key={c?.updatedAt ?? "new"}>
        <input type="hidden" name="intent" value="twilio-save" />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="Account SID" field={f("accountSid")} defaultValue={c?.accountSid ?? ""} />
          <TextField label="Auth token" field={f("authToken")} type="password" autoComplete="new-password" hint="Stored encrypted; never shown again." />
          <TextField label="API key SID (optional)" field={f("apiKeySid")} defaultValue={c?.apiKeySid ?? ""} hint="Send with an API key instead of the auth token." />
          <TextField label="API key secret (optional)" field={f("apiKeySecret")} type="password" autoComplete="new-password" />
          <TextField label="Twilio phone number" field={f("phoneNumber")} type="tel" defaultValue={c?.phoneNumber ?? ""} hint="E.164, e.g. +15551234567" />
          <TextField label="Forward calls to (optional)" field={f("forwardTo")} type="tel" defaultValue={c?.forwardTo ?? ""} hint="Your phone. Unanswered calls get a text back." />
        </div>
        <TextareaField
          label="Consent wording"
          field={f("consentText")}
          rows={3}
          defaultValue={c?.consentText ?? data.defaultConsentText}
          hint='Shown under "Can we text you at this number?" in the chat. Stored with every consent.'
        />
        <ResultMessage result={clientFailed ? null : result} />
        <div className="flex flex-wrap gap-3">
          <SaveButton busy={busy} label={c ? "Save changes" : "Connect Twilio"} />
        </div>
      </fetcher.Form>
      {c ? (
        <remover.Form
          method="post"
          className="mt-4"
          onSubmit={(event) => {
            if (!window.confirm("Disconnect Twilio? Texts and calls to your number will no longer reach LeadBroom.")) event.preventDefault();
          }}
        >
          <input type="hidden" name="intent" value="twilio-remove" />
          <Button type="submit" variant="danger" size="sm" loading={remover.state !== "idle"}>
            Disconnect
          </Button>
          <div className="mt-2">
            <ResultMessage result={remover.state === "idle" ? remover.data : null} />
          </div>
        </remover.Form>
      ) : null}
      <div className="mt-5 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
        <p className="font-semibold">Webhooks for your Twilio number</p>
        <ul className="mt-1 list-disc space-y-1 pl-5 break-all">
          <li>A message comes in: {data.webhookBase}/sms</li>
          <li>A call comes in: {data.webhookBase}/voice</li>
        </ul>
      </div>
    </SectionCard>
  );
}

function TestSmsForm({ connected, sandbox }: { connected: boolean; sandbox: boolean }) {
  const fetcher = useFetcher<SmsSettingsActionResult>({ key: "sms-test" });
  const prefix = useId().replace(/:/g, "");
  const { result, errors, clientFailed, formProps } = useSectionForm({ id: "sms-test", schema: testSmsSchema, fetcher, intents: ["twilio-test"] });
  const busy = fetcher.state !== "idle";
  return (
    <SectionCard
      id="sms-test-heading"
      title="Send test SMS"
      description={sandbox ? "A demo sandbox never sends: the test SMS is held and listed below." : "Sends a short message to a phone of yours through your connection."}
    >
      <fetcher.Form method="post" {...formProps} className="space-y-4">
        <input type="hidden" name="intent" value="twilio-test" />
        <TextField label="Send to" field={fieldProps(prefix, "to", errors)} type="tel" autoComplete="tel" hint="Your mobile number, e.g. +15551234567" />
        <ResultMessage result={clientFailed ? null : result} />
        <Button type="submit" loading={busy} disabled={!connected}>
          {busy ? "Sending..." : "Send test SMS"}
        </Button>
      </fetcher.Form>
    </SectionCard>
  );
}

function RecentSms({ data }: { data: SmsSettingsData }) {
  return (
    <SectionCard id="sms-recent-heading" title="Recent SMS" description={smsUsageText(data.usage)}>
      {data.recent.length === 0 ? (
        <p className="text-sm text-slate-600">No SMS yet.</p>
      ) : (
        <ul className="divide-y divide-slate-200" data-testid="sms-log">
          {data.recent.map((sms) => (
            <li key={sms.id} className="py-2 text-sm">
              <p className="font-medium text-slate-900">
                {sms.direction === "inbound" ? "From" : "To"} {sms.phone} · <span data-testid="sms-status">{sms.status}</span>
              </p>
              <p className="break-words text-slate-700">{sms.body}</p>
              {sms.error ? <p className="text-red-700">{sms.error}</p> : null}
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
