// The Automation page's view (spec §2.14): summary cards, the list (toggle, edit, delete, recent
// runs), the template picker and the edit modal. Every action posts to the route's action through a
// fetcher and shows its loading, success and error state.
import { plural } from "#shared/format/plural.ts";
import { useFetcher, useRevalidator } from "@remix-run/react";
import { useEffect, useId, useMemo, useState } from "react";
import { Activity, CheckCircle2, Pause, Pencil, Play, Plus, Send, Trash2, Zap } from "lucide-react";
import { Button } from "~/components/ui/Button";
import { inputClass, labelClass, SaveButton, SelectField, TextField } from "~/components/forms";
import { Dialog } from "~/components/ui/Dialog";
import { Icon } from "~/components/ui/Icon";
import { ResultMessage } from "~/components/settings/ui";
import { useWorkspaceEvents } from "~/components/live/use-workspace-events";
import type { AutomationActionData } from "~/routes/app.automation";
import type { FieldErrors } from "#shared/forms/action-result.ts";
import type { AutomationSummary, AutomationView, RunView } from "#server/automations/automations.server.ts";
import {
  ACTION_LABELS,
  ACTION_TYPES,
  AUTOMATION_TEMPLATES,
  CONDITION_FIELD_LABELS,
  CONDITION_FIELDS,
  LEAD_STATUSES,
  OPERATOR_LABELS,
  OPERATORS,
  parseAutomationInput,
  RUN_STATUS_TEXT,
  STATUSES,
  TEMPLATE_KEYS,
  TRIGGER_LABELS,
  TRIGGERS,
  type Action,
  type Condition,
  type TriggerConfig,
} from "#shared/automations/definition.ts";
import { smsUsageText } from "#shared/automations/sms-allowance.ts";

/** Spec §5: the delete confirmation. */
const DELETE_CONFIRMATION = "Are you sure you want to delete this automation?";

type Props = {
  summary: AutomationSummary;
  automations: AutomationView[];
  runs: Record<string, RunView[]>;
  timeZone: string;
  /** This month's SMS against the plan's allowance (decision 0033). */
  sms: { used: number; allowance: number };
  canEdit: boolean;
};

const STATUS_BADGE: Record<AutomationView["status"], string> = {
  active: "bg-green-100 text-green-800",
  paused: "bg-amber-100 text-amber-900",
  draft: "bg-slate-100 text-slate-700",
};
const STATUS_TEXT: Record<AutomationView["status"], string> = { active: "Active", paused: "Paused", draft: "Draft" };
const RUN_BADGE: Record<RunView["status"], string> = {
  scheduled: "bg-blue-100 text-blue-800",
  sent: "bg-green-100 text-green-800",
  failed: "bg-red-100 text-red-800",
  skipped: "bg-slate-100 text-slate-700",
  cancelled: "bg-slate-100 text-slate-700",
};

function useFormatter(timeZone: string) {
  return useMemo(() => new Intl.DateTimeFormat("en-US", { timeZone, dateStyle: "medium", timeStyle: "short" }), [timeZone]);
}

function ResultLine({ result }: { result: AutomationActionData | undefined }) {
  return <ResultMessage result={result} />;
}

export function AutomationPage({ summary, automations, runs, timeZone, sms, canEdit }: Props) {
  const [picking, setPicking] = useState(false);
  const [editing, setEditing] = useState<AutomationView | null>(null);
  const format = useFormatter(timeZone);
  // Runs appear live: a job that starts a run or finishes a step tells the business's open pages.
  const revalidator = useRevalidator();
  useWorkspaceEvents({ "automation:runs": () => revalidator.revalidate(), reconnect: () => revalidator.revalidate() });
  const cards = [
    { label: "Active Automations", value: String(summary.active), icon: Zap },
    { label: "Total Runs Today", value: String(summary.runsToday), icon: Play },
    { label: "Success Rate", value: summary.successRate === null ? "–" : `${summary.successRate}%`, icon: CheckCircle2 },
    { label: "Total Executions", value: String(summary.executions), icon: Activity },
  ];
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Automation</h1>
          <p className="mt-1 text-slate-600">Follow up with every lead automatically, based on its score.</p>
        </div>
        {canEdit ? (
          <Button type="button" onClick={() => setPicking(true)}>
            <Icon icon={Plus} className="h-4 w-4" />
            Create from template
          </Button>
        ) : null}
      </header>

      <section aria-label="Summary" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {cards.map((card) => (
          <div key={card.label} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <div className="flex items-center justify-between">
              <p className="text-sm font-medium text-slate-600">{card.label}</p>
              <Icon icon={card.icon} className="h-5 w-5 text-brand-600" />
            </div>
            <p className="mt-2 text-2xl font-bold text-slate-900" data-testid={`card-${card.label}`}>
              {card.value}
            </p>
          </div>
        ))}
      </section>
      <p className="text-sm text-slate-600" data-testid="sms-usage">
        {smsUsageText(sms)}
        {sms.used >= sms.allowance ? " (used up: SMS steps are not sent until the 1st)" : ""}
      </p>

      <section aria-labelledby="automations-heading" className="space-y-4">
        <h2 id="automations-heading" className="text-lg font-semibold text-slate-900">
          Your automations
        </h2>
        {automations.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-slate-600">
            No automations yet. Create one from a template: it starts as a draft until you activate it.
          </p>
        ) : (
          <ul className="space-y-4">
            {automations.map((automation) => (
              <AutomationItem
                key={automation.id}
                automation={automation}
                runs={runs[automation.id] ?? []}
                format={format}
                canEdit={canEdit}
                onEdit={() => setEditing(automation)}
              />
            ))}
          </ul>
        )}
      </section>

      {picking ? <TemplatePicker onClose={() => setPicking(false)} /> : null}
      {editing ? <EditAutomation automation={editing} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}

function describeTrigger(a: Pick<AutomationView, "trigger" | "triggerConfig">): string {
  switch (a.trigger) {
    case "lead_keyword":
      return `A visitor's message contains '${a.triggerConfig.keyword ?? ""}'`;
    case "lead_status_changed":
      return a.triggerConfig.status ? `Lead status changes to ${a.triggerConfig.status}` : "Lead status changes";
    case "no_response":
      return `No status change for ${plural(a.triggerConfig.days ?? 1, "day")}`;
    default:
      return TRIGGER_LABELS[a.trigger];
  }
}

function describeCondition(c: Condition): string {
  return `${CONDITION_FIELD_LABELS[c.field]} ${OPERATOR_LABELS[c.operator]} ${c.value}`;
}

function AutomationItem({
  automation,
  runs,
  format,
  canEdit,
  onEdit,
}: {
  automation: AutomationView;
  runs: RunView[];
  format: Intl.DateTimeFormat;
  canEdit: boolean;
  onEdit: () => void;
}) {
  const toggle = useFetcher<AutomationActionData>({ key: `automation-toggle-${automation.id}` });
  const sendTest = useFetcher<AutomationActionData>({ key: `automation-test-${automation.id}` });
  const [confirming, setConfirming] = useState(false);
  const toggleLabel = automation.status === "active" ? "Pause" : automation.status === "paused" ? "Resume" : "Activate";
  const headingId = useId();
  return (
    <li aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5" data-testid="automation">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={headingId} className="text-base font-semibold text-slate-900">
              {automation.name}
            </h3>
            <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_BADGE[automation.status]}`} data-testid="automation-status">
              {STATUS_TEXT[automation.status]}
            </span>
          </div>
          {automation.description ? <p className="mt-1 text-sm text-slate-600">{automation.description}</p> : null}
          <p className="mt-2 text-sm text-slate-700">
            <span className="font-medium">When:</span> {describeTrigger(automation)}
            {automation.conditions.length ? ` and ${automation.conditions.map(describeCondition).join(" and ")}` : ""}
          </p>
          <p className="text-sm text-slate-700">
            <span className="font-medium">Then:</span>{" "}
            {automation.actions.map((a) => `${ACTION_LABELS[a.type]}${a.delay ? ` after ${plural(a.delay, "day")}` : ""}`).join(", ")}
          </p>
          <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-600">
            <div className="flex gap-1">
              <dt>Runs:</dt>
              <dd className="font-medium text-slate-900">{automation.totalRuns}</dd>
            </div>
            <div className="flex gap-1">
              <dt>Success rate:</dt>
              <dd className="font-medium text-slate-900">{automation.successRate === null ? "–" : `${automation.successRate}%`}</dd>
            </div>
            <div className="flex gap-1">
              <dt>Last run:</dt>
              <dd className="font-medium text-slate-900">{automation.lastRun ? format.format(new Date(automation.lastRun)) : "Never"}</dd>
            </div>
          </dl>
        </div>
        {canEdit ? (
          <div className="flex flex-wrap gap-2">
            <toggle.Form method="post" action="/app/automation">
              <input type="hidden" name="intent" value="toggle" />
              <input type="hidden" name="id" value={automation.id} />
              <Button type="submit" variant="secondary" size="sm" loading={toggle.state !== "idle"}>
                <Icon icon={automation.status === "active" ? Pause : Play} className="h-4 w-4" />
                {toggle.state !== "idle" ? "Saving..." : toggleLabel}
              </Button>
            </toggle.Form>
            <sendTest.Form method="post" action="/app/automation">
              <input type="hidden" name="intent" value="test" />
              <input type="hidden" name="id" value={automation.id} />
              <Button type="submit" variant="secondary" size="sm" loading={sendTest.state !== "idle"} aria-label={`Send test of ${automation.name} to your email`}>
                <Icon icon={Send} className="h-4 w-4" />
                {sendTest.state !== "idle" ? "Sending..." : "Send test"}
              </Button>
            </sendTest.Form>
            <Button type="button" variant="secondary" size="sm" onClick={onEdit}>
              <Icon icon={Pencil} className="h-4 w-4" />
              Edit
            </Button>
            <Button type="button" variant="danger" size="sm" onClick={() => setConfirming(true)}>
              <Icon icon={Trash2} className="h-4 w-4" />
              Delete
            </Button>
          </div>
        ) : null}
      </div>
      <div className="mt-2">
        <ResultLine result={toggle.state === "idle" ? toggle.data : undefined} />
        <ResultLine result={sendTest.state === "idle" ? sendTest.data : undefined} />
      </div>
      <details className="mt-3">
        <summary className="cursor-pointer text-sm font-semibold text-brand-700">Recent runs ({runs.length})</summary>
        {runs.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No runs yet.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100 text-sm" data-testid="runs">
            {runs.map((run) => (
              <li key={run.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
                <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${RUN_BADGE[run.status]}`}>
                  {run.held ? "Held" : RUN_STATUS_TEXT[run.status]}
                </span>
                <a href={`/app/leads/${run.leadId}`} className="font-medium text-slate-900 underline">
                  {run.leadName}
                </a>
                <span className="text-slate-600">
                  Step {run.step + 1}: {ACTION_LABELS[run.actionType]}
                </span>
                <span className="text-slate-600">{format.format(new Date(run.finishedAt ?? run.scheduledFor))}</span>
                {run.error ? <span className="w-full text-slate-700">{run.error}</span> : null}
              </li>
            ))}
          </ul>
        )}
      </details>
      {confirming ? <DeleteDialog automation={automation} onClose={() => setConfirming(false)} /> : null}
    </li>
  );
}

function DeleteDialog({ automation, onClose }: { automation: AutomationView; onClose: () => void }) {
  const fetcher = useFetcher<AutomationActionData>({ key: `automation-delete-${automation.id}` });
  const busy = fetcher.state !== "idle";
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  return (
    <Dialog title="Delete automation" onClose={onClose} dismissible={!busy}>
      <fetcher.Form method="post" action="/app/automation" className="space-y-4">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={automation.id} />
        <p className="text-slate-700">{DELETE_CONFIRMATION}</p>
        <p className="text-sm text-slate-600">Its pending steps are cancelled; the runs it made stay in each lead's history.</p>
        <ResultLine result={result && !result.ok ? result : undefined} />
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" loading={busy}>
            {busy ? "Deleting..." : "Delete"}
          </Button>
        </div>
      </fetcher.Form>
    </Dialog>
  );
}

function TemplatePicker({ onClose }: { onClose: () => void }) {
  const fetcher = useFetcher<AutomationActionData>({ key: "automation-create" });
  // Busy while the action runs only: once it answered (the draft exists and the list reloads), the
  // picker closes instead of showing "Creating..." through the page's revalidation (issue 32 item 5).
  const busy = fetcher.state === "submitting" || (fetcher.state === "loading" && fetcher.data === undefined);
  const result = busy ? undefined : fetcher.data;
  useEffect(() => {
    if (result?.ok) onClose();
  }, [result, onClose]);
  return (
    <Dialog title="Create from template" onClose={onClose} size="lg" dismissible={!busy}>
      <p className="text-sm text-slate-600">A template starts as a draft: review it, then activate it.</p>
      <ul className="mt-4 space-y-3">
        {TEMPLATE_KEYS.map((key) => {
          const template = AUTOMATION_TEMPLATES[key];
          return (
            <li key={key} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 p-3">
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">{template.name}</p>
                <p className="text-sm text-slate-600">{template.description}</p>
              </div>
              <fetcher.Form method="post" action="/app/automation">
                <input type="hidden" name="intent" value="create" />
                <input type="hidden" name="templateKey" value={key} />
                <Button type="submit" size="sm" disabled={busy} aria-label={`Use template: ${template.name}`}>
                  Use template
                </Button>
              </fetcher.Form>
            </li>
          );
        })}
      </ul>
      <div className="mt-3">
        {busy ? (
          <p role="status" className="text-sm text-slate-600">
            Creating...
          </p>
        ) : (
          <ResultLine result={result && !result.ok ? result : undefined} />
        )}
      </div>
    </Dialog>
  );
}

type Draft = {
  name: string;
  description: string;
  trigger: AutomationView["trigger"];
  triggerConfig: TriggerConfig;
  conditions: { field: Condition["field"]; operator: Condition["operator"]; value: string }[];
  actions: { type: Action["type"]; subject: string; template: string; delay: string }[];
  status: AutomationView["status"];
};

function EditAutomation({ automation, onClose }: { automation: AutomationView; onClose: () => void }) {
  const fetcher = useFetcher<AutomationActionData>({ key: `automation-edit-${automation.id}` });
  const prefix = useId();
  const [draft, setDraft] = useState<Draft>(() => ({
    name: automation.name,
    description: automation.description,
    trigger: automation.trigger,
    triggerConfig: automation.triggerConfig,
    conditions: automation.conditions.map((c) => ({ ...c, value: String(c.value) })),
    actions: automation.actions.map((a) => ({ type: a.type, subject: a.subject ?? "", template: a.template, delay: String(a.delay) })),
    status: automation.status,
  }));
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const busy = fetcher.state !== "idle";
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const errors = clientErrors ?? (result && !result.ok ? (result.fieldErrors ?? {}) : {});
  useEffect(() => {
    if (result?.ok) onClose();
  }, [result, onClose]);

  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const id = (name: string) => `${prefix}-${name}`;
  const err = (path: string) =>
    errors[path] ? (
      <p id={id(`${path}-error`)} className="mt-1 text-sm text-red-700">
        {errors[path]}
      </p>
    ) : null;
  const described = (path: string) => (errors[path] ? { "aria-describedby": id(`${path}-error`), "aria-invalid": true as const } : {});

  function payload() {
    return {
      ...draft,
      triggerConfig: {
        ...(draft.trigger === "lead_keyword" ? { keyword: draft.triggerConfig.keyword ?? "" } : {}),
        ...(draft.trigger === "lead_status_changed" && draft.triggerConfig.status ? { status: draft.triggerConfig.status } : {}),
        ...(draft.trigger === "no_response" ? { days: draft.triggerConfig.days } : {}),
      },
      actions: draft.actions.map((a) => ({ ...a, delay: a.delay === "" ? Number.NaN : Number(a.delay) })),
    };
  }

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = payload();
    // The same check the server runs (parseAutomationInput), so its messages sit beside the same fields.
    const parsed = parseAutomationInput(body);
    if (!parsed.ok) {
      setClientErrors(parsed.fieldErrors ?? {});
      return;
    }
    setClientErrors(null);
    fetcher.submit({ intent: "update", id: automation.id, payload: JSON.stringify(body) }, { method: "post", action: "/app/automation" });
  }

  const updateCondition = (i: number, patch: Partial<Draft["conditions"][number]>) =>
    set({ conditions: draft.conditions.map((c, j) => (j === i ? { ...c, ...patch } : c)) });
  const updateAction = (i: number, patch: Partial<Draft["actions"][number]>) => set({ actions: draft.actions.map((a, j) => (j === i ? { ...a, ...patch } : a)) });

  return (
    <Dialog title="Edit automation" onClose={onClose} size="lg" dismissible={!busy}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField field={{ id: id("name"), error: errors.name }} label="Name" value={draft.name} onChange={(e) => set({ name: e.target.value })} />
        <TextField field={{ id: id("description") }} label="Description" value={draft.description} onChange={(e) => set({ description: e.target.value })} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            field={{ id: id("trigger") }}
            label="Trigger"
            value={draft.trigger}
            onChange={(e) => set({ trigger: e.target.value as Draft["trigger"] })}
            options={TRIGGERS.map((t) => [t, TRIGGER_LABELS[t]])}
          />
          {draft.trigger === "lead_keyword" ? (
            <div>
              <label htmlFor={id("keyword")} className={labelClass}>
                Word to look for
              </label>
              <input
                id={id("keyword")}
                value={draft.triggerConfig.keyword ?? ""}
                onChange={(e) => set({ triggerConfig: { ...draft.triggerConfig, keyword: e.target.value } })}
                className={inputClass}
                {...described("triggerConfig.keyword")}
              />
              {err("triggerConfig.keyword")}
            </div>
          ) : null}
          {draft.trigger === "lead_status_changed" ? (
            <SelectField
              field={{ id: id("to-status") }}
              label="To status"
              value={draft.triggerConfig.status ?? ""}
              onChange={(e) => set({ triggerConfig: { ...draft.triggerConfig, status: (e.target.value || undefined) as TriggerConfig["status"] } })}
              options={[["", "Any status"], ...LEAD_STATUSES.map((s) => [s, s[0]!.toUpperCase() + s.slice(1)] as const)]}
            />
          ) : null}
          {draft.trigger === "no_response" ? (
            <div>
              <label htmlFor={id("days")} className={labelClass}>
                After how many days
              </label>
              <input
                id={id("days")}
                type="number"
                min={1}
                value={draft.triggerConfig.days ?? ""}
                onChange={(e) => set({ triggerConfig: { ...draft.triggerConfig, days: e.target.value === "" ? undefined : Number(e.target.value) } })}
                className={inputClass}
                {...described("triggerConfig.days")}
              />
              {err("triggerConfig.days")}
            </div>
          ) : null}
        </div>

        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold text-slate-900">Conditions (all must hold)</legend>
          {draft.conditions.map((c, i) => (
            <div key={i} className="grid grid-cols-1 gap-2 rounded-lg border border-slate-200 p-2 sm:grid-cols-[1fr_1fr_1fr_auto]">
              <label className="sr-only" htmlFor={id(`c${i}-field`)}>
                Condition {i + 1} field
              </label>
              <select id={id(`c${i}-field`)} value={c.field} onChange={(e) => updateCondition(i, { field: e.target.value as Condition["field"] })} className={inputClass}>
                {CONDITION_FIELDS.map((f) => (
                  <option key={f} value={f}>
                    {CONDITION_FIELD_LABELS[f]}
                  </option>
                ))}
              </select>
              <label className="sr-only" htmlFor={id(`c${i}-operator`)}>
                Condition {i + 1} operator
              </label>
              <select
                id={id(`c${i}-operator`)}
                value={c.operator}
                onChange={(e) => updateCondition(i, { operator: e.target.value as Condition["operator"] })}
                className={inputClass}
                {...described(`conditions.${i}.operator`)}
              >
                {OPERATORS.map((o) => (
                  <option key={o} value={o}>
                    {OPERATOR_LABELS[o]}
                  </option>
                ))}
              </select>
              <label className="sr-only" htmlFor={id(`c${i}-value`)}>
                Condition {i + 1} value
              </label>
              <input id={id(`c${i}-value`)} value={c.value} onChange={(e) => updateCondition(i, { value: e.target.value })} className={inputClass} {...described(`conditions.${i}.value`)} />
              <Button type="button" variant="ghost" size="sm" onClick={() => set({ conditions: draft.conditions.filter((_, j) => j !== i) })}>
                Remove
              </Button>
              <div className="sm:col-span-4">
                {err(`conditions.${i}.operator`)}
                {err(`conditions.${i}.value`)}
              </div>
            </div>
          ))}
          <Button type="button" variant="secondary" size="sm" onClick={() => set({ conditions: [...draft.conditions, { field: "score", operator: "gte", value: "8" }] })}>
            Add condition
          </Button>
        </fieldset>

        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold text-slate-900">Actions</legend>
          <p className="text-sm text-slate-600">Placeholders: {"{firstName}"}, {"{company}"}, {"{businessName}"}, {"{bookingLink}"}.</p>
          {draft.actions.map((a, i) => (
            <div key={i} className="space-y-2 rounded-lg border border-slate-200 p-3">
              <div className="grid grid-cols-1 gap-2 sm:grid-cols-[1fr_10rem_auto]">
                <SelectField
                  field={{ id: id(`a${i}-type`) }}
                  label={`Step ${i + 1}`}
                  value={a.type}
                  onChange={(e) => updateAction(i, { type: e.target.value as Action["type"] })}
                  options={ACTION_TYPES.map((t) => [t, ACTION_LABELS[t]])}
                />
                <div>
                  <label className={labelClass} htmlFor={id(`a${i}-delay`)}>
                    Delay (days)
                  </label>
                  <input
                    id={id(`a${i}-delay`)}
                    type="number"
                    min={0}
                    step="any"
                    value={a.delay}
                    onChange={(e) => updateAction(i, { delay: e.target.value })}
                    className={inputClass}
                    {...described(`actions.${i}.delay`)}
                  />
                </div>
                <div className="self-end">
                  <Button type="button" variant="ghost" size="sm" onClick={() => set({ actions: draft.actions.filter((_, j) => j !== i) })}>
                    Remove
                  </Button>
                </div>
              </div>
              {err(`actions.${i}.delay`)}
              {a.type === "email" ? (
                <div>
                  <label className={labelClass} htmlFor={id(`a${i}-subject`)}>
                    Subject
                  </label>
                  <input id={id(`a${i}-subject`)} value={a.subject} onChange={(e) => updateAction(i, { subject: e.target.value })} className={inputClass} {...described(`actions.${i}.subject`)} />
                  {err(`actions.${i}.subject`)}
                </div>
              ) : null}
              <div>
                <label className={labelClass} htmlFor={id(`a${i}-template`)}>
                  {a.type === "task" ? "Task" : "Message"}
                </label>
                <textarea
                  id={id(`a${i}-template`)}
                  rows={4}
                  value={a.template}
                  onChange={(e) => updateAction(i, { template: e.target.value })}
                  className={inputClass}
                  {...described(`actions.${i}.template`)}
                />
                {err(`actions.${i}.template`)}
              </div>
            </div>
          ))}
          {err("actions")}
          <Button
            type="button"
            variant="secondary"
            size="sm"
            onClick={() => set({ actions: [...draft.actions, { type: "task", subject: "", template: "Call {firstName} at {company}", delay: "0" }] })}
          >
            Add action
          </Button>
        </fieldset>

        <SelectField
          field={{ id: id("status") }}
          label="Status"
          value={draft.status}
          onChange={(e) => set({ status: e.target.value as Draft["status"] })}
          options={STATUSES.map((s) => [s, STATUS_TEXT[s]])}
        />

        {clientErrors ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            Please check the form.
          </p>
        ) : (
          <ResultLine result={result && !result.ok ? result : undefined} />
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <SaveButton busy={busy} />
        </div>
      </form>
    </Dialog>
  );
}
