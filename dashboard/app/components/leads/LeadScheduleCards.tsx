// The lead page's reminders (create, snooze, complete) and the site-visit form.
import { Form } from "@remix-run/react";
import { reminderSchema, SNOOZE_OPTIONS, visitSchema } from "#shared/leads/lead-input.ts";
import { FormError, FormNotice } from "~/components/auth/AuthCard";
import { smallInputClass } from "./classes";
import { formatDateTime } from "./format";
import { Button } from "~/components/ui/Button";
import { useIntentResult, Card } from "./LeadDetailParts";
import type { LeadDetailData } from "./LeadDetailParts";
import { SaveButton, TextField } from "~/components/forms";

export function RemindersCard({ detail }: { detail: LeadDetailData }) {
  const { formRef, busy, error, notice, formProps } = useIntentResult("reminder-create", reminderSchema);
  const snooze = useIntentResult("reminder-snooze");
  const complete = useIntentResult("reminder-complete");
  const open = detail.reminders.filter((r) => !r.completedAt);
  const done = detail.reminders.filter((r) => r.completedAt);
  return (
    <Card id="reminders" title="Follow-up reminders">
      <FormError message={snooze.error ?? complete.error} />
      <FormNotice message={snooze.notice ?? complete.notice} />
      {open.length === 0 ? <p className="text-sm text-slate-700">No open reminders.</p> : null}
      <ul className="space-y-3">
        {open.map((r) => (
          <li key={r.id} className={`rounded-xl border p-3 ${r.overdue ? "border-red-300 bg-red-50" : "border-slate-200"}`}>
            <p className="text-sm font-medium text-slate-900">{r.note}</p>
            <p className={`text-sm ${r.overdue ? "font-semibold text-red-800" : "text-slate-700"}`}>
              {r.overdue ? "Overdue: was due " : "Due "}
              {formatDateTime(r.dueAt, detail.timeZone)}
            </p>
            <div className="mt-2 flex flex-wrap items-end gap-2">
              <Form method="post" className="flex items-end gap-2">
                <input type="hidden" name="intent" value="reminder-snooze" />
                <input type="hidden" name="reminderId" value={r.id} />
                <label className="text-xs font-medium text-slate-800">
                  Snooze for
                  <select name="snooze" defaultValue="1d" className="mt-1 block rounded-lg border border-slate-300 px-2 py-1.5 text-sm text-slate-900">
                    {Object.entries(SNOOZE_OPTIONS).map(([key, o]) => (
                      <option key={key} value={key}>{o.label}</option>
                    ))}
                  </select>
                </label>
                <Button type="submit" variant="secondary" disabled={snooze.busy}>Snooze</Button>
              </Form>
              <Form method="post">
                <input type="hidden" name="intent" value="reminder-complete" />
                <input type="hidden" name="reminderId" value={r.id} />
                <Button type="submit" variant="secondary" disabled={complete.busy}>Mark complete</Button>
              </Form>
            </div>
          </li>
        ))}
      </ul>
      {done.length ? (
        <details className="mt-4">
          <summary className="cursor-pointer text-sm font-medium text-slate-800">Completed ({done.length})</summary>
          <ul className="mt-2 space-y-1 text-sm text-slate-700">
            {done.map((r) => (
              <li key={r.id}>
                {r.note} — completed {formatDateTime(r.completedAt!, detail.timeZone)}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      <Form method="post" ref={formRef} className="mt-5 grid gap-3 border-t border-slate-100 pt-4 sm:grid-cols-3" {...formProps}>
        <input type="hidden" name="intent" value="reminder-create" />
        <h3 className="text-sm font-semibold text-slate-900 sm:col-span-3">New reminder</h3>
        <div className="sm:col-span-3">
          <FormError message={error} />
          <FormNotice message={notice} />
        </div>
        <TextField field={{ id: "reminder-date", name: "dueDate" }} label="Due date" type="date" defaultValue={detail.today} inputClassName={smallInputClass} />
        <TextField field={{ id: "reminder-time", name: "dueTime" }} label="Time" type="time" defaultValue="09:00" inputClassName={smallInputClass} />
        <TextField field={{ id: "reminder-note", name: "note" }} label="What to do" className="sm:col-span-3" maxLength={500} inputClassName={smallInputClass} />
        <div>
          <SaveButton busy={busy} label="Add reminder" />
        </div>
      </Form>
    </Card>
  );
}

export function VisitCard({ detail }: { detail: LeadDetailData }) {
  const { formRef, busy, error, notice, formProps } = useIntentResult("visit", visitSchema);
  return (
    <Card id="schedule-visit" title="Schedule Visit">
      <Form method="post" ref={formRef} className="space-y-3" {...formProps}>
        <input type="hidden" name="intent" value="visit" />
        <FormError message={error} />
        <FormNotice message={notice} />
        <div className="grid grid-cols-2 gap-3">
          <TextField field={{ id: "visit-date", name: "visitDate" }} label="Visit date" type="date" min={detail.today} inputClassName={smallInputClass} />
          <TextField field={{ id: "visit-time", name: "visitTime" }} label="Time" type="time" defaultValue="10:00" inputClassName={smallInputClass} />
        </div>
        <TextField field={{ id: "visit-note", name: "note" }} label="Notes (optional)" maxLength={500} inputClassName={smallInputClass} />
        <SaveButton busy={busy} label="Schedule Visit" />
      </Form>
    </Card>
  );
}
