// The lead page's status change (with close details) and note forms.
import { Form } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { LEAD_STATUSES, STATUS_LABELS } from "#shared/leads/lead-filters.ts";
import { noteSchema, statusSchema } from "#shared/leads/lead-input.ts";
import { FormError, FormNotice } from "~/components/auth/AuthCard";
import { CloseDetailsFields } from "./CloseDetailsFields";
import { smallInputClass } from "./classes";
import { useIntentResult, Card } from "./LeadDetailParts";
import type { LeadDetailData } from "./LeadDetailParts";
import { IntentTextareaCard } from "./IntentTextareaCard";
import { SaveButton } from "~/components/forms";

export function StatusCard({ detail }: { detail: LeadDetailData }) {
  const { formRef, busy, error, notice, formProps } = useIntentResult("status", statusSchema);
  const [status, setStatus] = useState<string>(detail.lead.status);
  // When the status changes elsewhere, the select follows unless the user has picked another one.
  const shownStatus = useRef(detail.lead.status);
  useEffect(() => {
    const previous = shownStatus.current;
    const next = detail.lead.status;
    if (previous === next) return;
    shownStatus.current = next;
    setStatus((picked) => (picked === previous ? next : picked));
  }, [detail.lead.status]);
  return (
    <Card id="status" title="Status">
      <ol className="mb-4 flex flex-wrap gap-1 text-xs" aria-label="Stages">
        {LEAD_STATUSES.map((s) => (
          <li
            key={s}
            aria-current={s === detail.lead.status ? "step" : undefined}
            className={`rounded-full px-2 py-0.5 font-semibold ${s === detail.lead.status ? "bg-brand-600 text-white" : "bg-slate-100 text-slate-700"}`}
          >
            {STATUS_LABELS[s]}
          </li>
        ))}
      </ol>
      <Form method="post" ref={formRef} className="space-y-3" {...formProps}>
        <input type="hidden" name="intent" value="status" />
        <FormError message={error} />
        <FormNotice message={notice} />
        <div>
          <label htmlFor="status-select" className="block text-sm font-medium text-slate-800">Move to</label>
          <select id="status-select" name="status" value={status} onChange={(e) => setStatus(e.target.value)} className={smallInputClass}>
            {LEAD_STATUSES.map((s) => (
              <option key={s} value={s}>{STATUS_LABELS[s]}</option>
            ))}
          </select>
        </div>
        <CloseDetailsFields status={status} lead={detail.lead} />
        <SaveButton busy={busy} label="Update status" />
      </Form>
    </Card>
  );
}

const NOTE_FIELD = { id: "note-text", name: "note", label: "Note", maxLength: 2000 };

export function NoteCard() {
  return <IntentTextareaCard id="notes" title="Add a note" intent="note" schema={noteSchema} field={NOTE_FIELD} submit={{ idle: "Add note", busy: "Saving..." }} />;
}
