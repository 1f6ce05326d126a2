// Settings → Data & privacy (issue 35 item 2, decision 0074): the export of the whole business, the
// erasure of one person (search, what was found, a confirmation), transcript retention, deleting the
// business after a grace period, and the privacy log. Each form shows its busy, success and error states.
import { Link, useFetcher, useRevalidator } from "@remix-run/react";
import { useEffect, useId, useState } from "react";
import type { AuditEntryView } from "#server/privacy/audit.server.ts";
import type { PersonMatches } from "#server/privacy/erasure.server.ts";
import type { ExportView } from "#server/privacy/export.server.ts";
import type { PrivacySettings } from "#server/privacy/privacy-settings.server.ts";
import { DELETION_GRACE_DAYS, deleteBusinessSchema, EXPORT_LINK_HOURS, personSearchSchema, RETENTION_CHOICES, retentionSchema } from "#shared/privacy/privacy-input.ts";
import { FormError, SelectField, TextField, SaveButton } from "~/components/forms";
import { Button } from "~/components/ui/Button";
import { Dialog } from "~/components/ui/Dialog";
import { formatDateTime } from "../leads/format";
import { focusRing, ResultMessage, SectionCard, useSectionForm, type SettingsActionResult } from "./ui";

const ACTION = "/app/settings/privacy";

type Props = PrivacySettings & { exports: ExportView[]; audit: AuditEntryView[]; timeZone: string; businessName: string };

export function PrivacySection(props: Props) {
  return (
    <div className="space-y-6" data-testid="privacy-section">
      <ExportCard exports={props.exports} timeZone={props.timeZone} />
      <ErasureCard />
      <RetentionCard months={props.retentionMonths} />
      <DeletionCard scheduledFor={props.deletionScheduledFor} deletable={props.deletable} timeZone={props.timeZone} businessName={props.businessName} />
      <AuditCard entries={props.audit} timeZone={props.timeZone} />
    </div>
  );
}

function formatBytes(bytes: number | null): string {
  if (bytes === null) return "";
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function ExportCard({ exports, timeZone }: { exports: ExportView[]; timeZone: string }) {
  const fetcher = useFetcher<SettingsActionResult<{ exportId: string }>>({ key: "privacy-export" });
  const busy = fetcher.state !== "idle";
  const pending = exports.some((e) => e.status === "pending");
  const revalidator = useRevalidator();
  // While an export is being prepared the list is read again every few seconds until it is ready.
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, 3000);
    return () => clearInterval(timer);
  }, [pending, revalidator]);
  return (
    <SectionCard
      id="privacy-export-heading"
      title="Export your data"
      description={`Everything in your business (leads, conversations with their messages, prospects, automations, appointments and settings) as a zip of CSV and JSON files. The download link works for ${EXPORT_LINK_HOURS} hours, for owners only.`}
    >
      <fetcher.Form method="post" action={ACTION} className="space-y-3">
        <input type="hidden" name="intent" value="export" />
        <ResultMessage result={fetcher.state === "idle" ? fetcher.data : undefined} />
        <Button type="submit" loading={busy} disabled={pending}>
          {busy ? "Requesting..." : pending ? "Preparing your export..." : "Export all data"}
        </Button>
      </fetcher.Form>
      {exports.length ? (
        <ul className="mt-4 divide-y divide-slate-200" aria-label="Exports">
          {exports.map((e) => (
            <li key={e.id} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm" data-testid="privacy-export-row">
              <span className="text-slate-700">Requested {formatDateTime(e.createdAt, timeZone)}</span>
              {e.status === "pending" ? (
                <span role="status" className="text-slate-700">
                  Preparing…
                </span>
              ) : e.status === "ready" ? (
                <span className="flex flex-wrap items-center gap-3">
                  <a href={`/app/settings/data-export/${e.id}`} download className={`font-semibold text-brand-700 underline ${focusRing}`}>
                    Download ({formatBytes(e.bytes)})
                  </a>
                  <span className="text-slate-600">until {formatDateTime(e.expiresAt, timeZone)}</span>
                </span>
              ) : e.status === "failed" ? (
                <span role="alert" className="text-red-800">
                  {e.error ?? "The export failed."}
                </span>
              ) : (
                <span className="text-slate-600">Link expired</span>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </SectionCard>
  );
}

function ErasureCard() {
  const search = useFetcher<SettingsActionResult<{ person: string; matches: PersonMatches }>>({ key: "privacy-search" });
  const prefix = useId().replace(/:/g, "");
  const { result, errors, formProps } = useSectionForm({ id: "privacy-search", schema: personSearchSchema, fetcher: search, intents: ["person-search"], fetcherOnly: true });
  const [confirming, setConfirming] = useState(false);
  const found = result?.ok ? result.data : undefined;
  // One erasure per search: a new search starts with no erasure result.
  const erase = useFetcher<SettingsActionResult<{ counts: Record<string, number> }>>({ key: `privacy-erase-${found?.person ?? ""}` });
  const erased = erase.state === "idle" ? erase.data : undefined;
  const erasing = erase.state !== "idle";
  useEffect(() => {
    if (erased) setConfirming(false);
  }, [erased]);
  const field = { id: `${prefix}-person`, name: "person", error: errors?.person };
  return (
    <SectionCard
      id="privacy-erase-heading"
      title="Erase a person"
      description="When someone asks you to delete their data, find them by e-mail address or phone number. Erasing removes their contact details, answers, messages, e-mails, texts and outreach records; your counts and analytics stay the same."
    >
      <search.Form method="post" action={ACTION} {...formProps} className="space-y-3">
        <input type="hidden" name="intent" value="person-search" />
        <TextField field={field} label="E-mail address or phone number" autoComplete="off" maxLength={200} />
        <Button type="submit" variant="secondary" loading={search.state !== "idle"}>
          {search.state !== "idle" ? "Searching..." : "Find"}
        </Button>
      </search.Form>
      {found && !erased?.ok ? (
        <div className="mt-4 space-y-3 rounded-lg border border-slate-200 p-4 text-sm" data-testid="privacy-matches">
          <p className="font-medium text-slate-900">Found for {found.person}:</p>
          <ul className="list-disc space-y-1 pl-5 text-slate-700">
            {found.matches.leads.map((lead) => (
              <li key={lead.id}>
                Lead{" "}
                <Link to={`/app/leads/${lead.id}`} className={`font-semibold text-brand-700 underline ${focusRing}`}>
                  {lead.name || "without a name"}
                </Link>
              </li>
            ))}
            <li>{found.matches.conversations} conversation(s) with {found.matches.messages} message(s)</li>
            <li>{found.matches.prospects} prospect(s)</li>
            <li>{found.matches.smsMessages} text message(s)</li>
            <li>{found.matches.emails} e-mail(s) sent to them</li>
          </ul>
          <Button type="button" variant="danger" onClick={() => setConfirming(true)}>
            Erase this person's data
          </Button>
        </div>
      ) : null}
      {erased ? (
        <div className="mt-4">
          <ResultMessage result={erased} />
        </div>
      ) : null}
      {confirming && found ? (
        <Dialog title="Erase this person's data?" onClose={() => setConfirming(false)} dismissible={!erasing} testId="privacy-erase-dialog">
          <p className="text-sm text-slate-700">
            Everything that identifies {found.person} in your business is removed for good. This cannot be undone. The privacy log keeps a note
            that an erasure took place, without their details.
          </p>
          <erase.Form method="post" action={ACTION} className="mt-5 flex flex-wrap justify-end gap-3">
            <input type="hidden" name="intent" value="person-erase" />
            <input type="hidden" name="person" value={found.person} />
            {erased && !erased.ok ? <FormError message={erased.error} /> : null}
            <Button type="button" variant="secondary" onClick={() => setConfirming(false)} disabled={erasing}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" loading={erasing}>
              {erasing ? "Erasing..." : "Erase"}
            </Button>
          </erase.Form>
        </Dialog>
      ) : null}
    </SectionCard>
  );
}

function RetentionCard({ months }: { months: number | null }) {
  const fetcher = useFetcher<SettingsActionResult>({ key: "privacy-retention" });
  const prefix = useId().replace(/:/g, "");
  const { result, errors, formProps } = useSectionForm({ id: "privacy-retention", schema: retentionSchema, fetcher, intents: ["retention"] });
  const busy = fetcher.state !== "idle";
  const options: [string, string][] = [["", "Keep transcripts"], ...RETENTION_CHOICES.map((m): [string, string] => [String(m), `Delete after ${m} months`])];
  return (
    <SectionCard
      id="privacy-retention-heading"
      title="Transcript retention"
      description="Delete the messages of conversations whose last message is older than this, every hour. Leads, their answers and your analytics are kept."
    >
      <fetcher.Form method="post" action={ACTION} {...formProps} className="space-y-3" key={String(months)}>
        <input type="hidden" name="intent" value="retention" />
        <SelectField field={{ id: `${prefix}-months`, name: "months", error: errors?.months }} label="Conversation transcripts" options={options} defaultValue={months === null ? "" : String(months)} />
        <ResultMessage result={result} />
        <SaveButton busy={busy} />
      </fetcher.Form>
    </SectionCard>
  );
}

function DeletionCard({ scheduledFor, deletable, timeZone, businessName }: { scheduledFor: string | null; deletable: boolean; timeZone: string; businessName: string }) {
  const fetcher = useFetcher<SettingsActionResult<{ scheduledFor: string }>>({ key: "privacy-delete" });
  const prefix = useId().replace(/:/g, "");
  const { result, errors, formProps } = useSectionForm({ id: "privacy-delete", schema: deleteBusinessSchema, fetcher, intents: ["delete-business", "cancel-deletion"] });
  const busy = fetcher.state !== "idle";
  return (
    <SectionCard
      id="privacy-delete-heading"
      title="Delete this business"
      description={`Deletes the business, its leads, conversations, settings and the accounts of members who belong to no other business, ${DELETION_GRACE_DAYS} days after you ask. Until then everything keeps working and you can cancel.`}
    >
      {scheduledFor ? (
        <fetcher.Form method="post" action={ACTION} className="space-y-3">
          <input type="hidden" name="intent" value="cancel-deletion" />
          <p role="status" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            This business will be deleted on {formatDateTime(scheduledFor, timeZone)}.
          </p>
          <ResultMessage result={result} />
          <Button type="submit" loading={busy}>
            {busy ? "Cancelling..." : "Cancel deletion"}
          </Button>
        </fetcher.Form>
      ) : !deletable ? (
        <p className="text-sm text-slate-700">The demo business cannot be deleted.</p>
      ) : (
        <fetcher.Form method="post" action={ACTION} {...formProps} className="space-y-3">
          <input type="hidden" name="intent" value="delete-business" />
          <TextField
            field={{ id: `${prefix}-confirm`, name: "confirmName", error: errors?.confirmName }}
            label={`Type “${businessName}” to confirm`}
            autoComplete="off"
          />
          <ResultMessage result={result} />
          <Button type="submit" variant="danger" loading={busy}>
            {busy ? "Scheduling..." : "Delete business"}
          </Button>
        </fetcher.Form>
      )}
    </SectionCard>
  );
}

const ACTION_LABELS: Record<string, string> = {
  erasure: "Erased a person's data",
  export: "Exported all data",
  retention_changed: "Changed transcript retention",
  retention_applied: "Deleted old transcripts",
  deletion_scheduled: "Scheduled the business's deletion",
  deletion_cancelled: "Cancelled the business's deletion",
};

function describe(entry: AuditEntryView): string {
  const parts = Object.entries(entry.details)
    .filter(([key, value]) => key !== "by" && value !== null && value !== 0)
    .map(([key, value]) => `${key}: ${value}`);
  return parts.join(", ");
}

function AuditCard({ entries, timeZone }: { entries: AuditEntryView[]; timeZone: string }) {
  return (
    <SectionCard id="privacy-log-heading" title="Privacy log" description="Who exported or erased data and when. The log never holds the details of the people concerned.">
      {entries.length === 0 ? (
        <p className="text-sm text-slate-600">Nothing yet.</p>
      ) : (
        <ul className="divide-y divide-slate-200" data-testid="privacy-log">
          {entries.map((entry) => (
            <li key={entry.id} className="py-3 text-sm">
              <p className="font-medium text-slate-900">{ACTION_LABELS[entry.action] ?? entry.action}</p>
              <p className="text-slate-600">
                {entry.actor} · {formatDateTime(entry.createdAt, timeZone)}
                {describe(entry) ? ` · ${describe(entry)}` : ""}
              </p>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
