import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { ACTION_LABELS, actionsFor, defaultEmail, telHref, type LeadAction } from "../../../server/leads/lead-actions.ts";
import { getLeadDetail } from "../../../server/leads/lead-detail.server.ts";
import { formatPhone } from "../../../server/format/phone.ts";
import { sendLeadEmail } from "../../../server/leads/lead-email.server.ts";
import { LEAD_STATUSES, SOURCE_LABELS, STATUS_LABELS } from "../../../server/leads/lead-filters.ts";
import { FREQUENCY_OPTIONS, formFields, SNOOZE_OPTIONS, TIMELINE_OPTIONS, type EmailKind } from "../../../server/leads/lead-input.ts";
import { addLeadNote } from "../../../server/leads/lead-notes.server.ts";
import { completeReminder, createReminder, scheduleVisit, snoozeReminder } from "../../../server/leads/lead-reminders.server.ts";
import { changeLeadStatus } from "../../../server/leads/lead-status.server.ts";
import { publishLead } from "../../../server/leads/publish-lead.server.ts";
import { LEAD_NOT_FOUND, type LeadResult } from "../../../server/leads/result.ts";
import { FormError, FormNotice } from "~/components/auth/AuthCard";
import { CloseDetailsFields, lostReasonText } from "~/components/leads/CloseDetailsFields";
import { PriorityBadge, ScoreBadge, StatusBadge, TestBadge } from "~/components/leads/LeadBadges";
import { buttonClass, cardClass, cardTitleClass, linkClass, secondaryButtonClass, smallInputClass } from "~/components/leads/classes";
import { formatCents, formatDateTime, todayIn } from "~/components/leads/format";
import { useLiveLead } from "~/components/live/use-live-lead";
import { EmailComposer } from "~/components/leads/EmailComposer";
import { workspaceMeta } from "~/components/workspace/WorkspaceShell";
import { requireWorkspace } from "~/lib/session.server";
import { unsubscribedAt, unsubscribeSigner } from "../../../server/mail/unsubscribe.server.ts";

export const meta = workspaceMeta("Lead");

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  // Without a subscription (an expired trial) a lead's details wait behind /pricing; nothing is lost.
  const workspace = await requireWorkspace(request, context, { requireSubscription: true });
  const detail = await getLeadDetail(context.services.db, workspace.business.id, params.leadId ?? "");
  if (!detail) throw new Response(LEAD_NOT_FOUND, { status: 404 });
  // The Send Quote / Send Info editors start from the lead's answers and the price it was scored with.
  const draftLead = { ...detail.lead, marketPriceCents: detail.breakdown.marketPriceCents };
  const drafts = { quote: defaultEmail("quote", draftLead, detail.businessName), info: defaultEmail("info", draftLead, detail.businessName) };
  // loadedAt: the page keeps whichever of its own and its live reload's data is newer (useLiveLead).
  // An address that unsubscribed from the business's e-mails (the link in every e-mail to a lead).
  const unsubscribed = await unsubscribedAt(context.services.db, workspace.business.id, detail.lead.email);
  return { ...detail, drafts, unsubscribedAt: unsubscribed?.toISOString() ?? null, today: todayIn(detail.timeZone), loadedAt: Date.now() };
}

const INTENTS = ["status", "note", "reminder-create", "reminder-snooze", "reminder-complete", "email", "visit"] as const;
type Intent = (typeof INTENTS)[number];
type ActionData = { intent: Intent; error: string } | { intent: Intent; notice: string };

const NOTICES: Record<Intent, string> = {
  status: "Status updated.",
  note: "Note added.",
  "reminder-create": "Reminder created.",
  "reminder-snooze": "Reminder snoozed.",
  "reminder-complete": "Reminder completed.",
  email: "Email sent.",
  visit: "Visit scheduled.",
};

export async function action({ request, context, params }: ActionFunctionArgs) {
  const workspace = await requireWorkspace(request, context, { requireSubscription: true });
  const fields = formFields(await request.formData());
  const intent = INTENTS.find((i) => i === fields.intent);
  if (!intent) return data<ActionData>({ intent: "note", error: "Unknown action" }, { status: 400 });
  const { db, jobs, logger } = context.services;
  const args = { businessId: workspace.business.id, leadId: params.leadId ?? "", actorUserId: workspace.userId, input: fields };
  let result: LeadResult<unknown>;
  switch (intent) {
    case "status":
      result = await changeLeadStatus(db, { ...args, jobs });
      break;
    case "note":
      result = await addLeadNote(db, { ...args, jobs });
      break;
    case "reminder-create":
      result = await createReminder(db, args);
      break;
    case "reminder-snooze":
      result = await snoozeReminder(db, args);
      break;
    case "reminder-complete":
      result = await completeReminder(db, args);
      break;
    case "visit":
      result = await scheduleVisit(db, args);
      break;
    case "email":
      result = await sendLeadEmail({ db, jobs, unsubscribe: unsubscribeSigner(context.services) }, args);
      break;
  }
  if (!result.ok) {
    if (result.status === 404 && result.error === LEAD_NOT_FOUND) throw new Response(LEAD_NOT_FOUND, { status: 404 });
    return data<ActionData>({ intent, error: result.error }, { status: result.status });
  }
  // Every open page of this business (lists, this lead elsewhere, the dashboard) catches up live.
  await publishLead({ db, sink: context.realtime, logger }, { businessId: args.businessId, leadId: args.leadId, kind: "updated" });
  return data<ActionData>({ intent, notice: NOTICES[intent] });
}

type Detail = ReturnType<typeof useLoaderData<typeof loader>>;

/** Feedback and reset for one intent's form. */
function useIntentResult(intent: Intent) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const mine = actionData?.intent === intent ? actionData : undefined;
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  useEffect(() => {
    if (mine && "notice" in mine) formRef.current?.reset();
  }, [mine]);
  return {
    formRef,
    busy,
    error: mine && "error" in mine ? mine.error : null,
    notice: mine && "notice" in mine ? mine.notice : null,
  };
}

export default function LeadDetailPage() {
  const detail = useLiveLead(useLoaderData<typeof loader>());
  const { lead } = detail;
  const actions = actionsFor(lead.priority);
  const title = lead.name ?? "Unnamed lead";
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <Link to="/app/leads" className={linkClass}>
        ← All leads
      </Link>
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
          {lead.company ? <p className="mt-1 text-slate-700">{lead.company}</p> : null}
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <ScoreBadge score={lead.score} />
            <PriorityBadge priority={lead.priority} />
            <StatusBadge status={lead.status} />
            {lead.isTest ? <TestBadge /> : null}
            {lead.incomplete ? <span className="text-xs font-medium text-slate-700">Incomplete answers</span> : null}
          </div>
        </div>
        <ActionBar actions={actions} phone={lead.phone} email={lead.email} />
      </header>

      <div className="grid gap-6 lg:grid-cols-3">
        {/* min-w-0: grid items no wider than the page (the score table and transcript pushed it sideways). */}
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <ContactCard detail={detail} />
          <ScoreCard detail={detail} />
          <RemindersCard detail={detail} />
          <HistoryCard detail={detail} />
          <TranscriptCard detail={detail} />
        </div>
        <div className="min-w-0 space-y-6">
          <StatusCard detail={detail} />
          <NoteCard />
          <VisitCard detail={detail} />
          <EmailCard detail={detail} />
        </div>
      </div>
    </div>
  );
}

function ActionBar({ actions, phone, email }: { actions: ReturnType<typeof actionsFor>; phone: string | null; email: string | null }) {
  const render = (action: LeadAction, primary: boolean) => {
    const cls = primary ? buttonClass : secondaryButtonClass;
    if (action === "call") {
      const href = telHref(phone);
      return href ? (
        <a key={action} href={href} className={cls}>
          {ACTION_LABELS.call}
        </a>
      ) : null;
    }
    if (action === "visit") {
      return (
        <a key={action} href="#schedule-visit" className={cls}>
          {ACTION_LABELS.visit}
        </a>
      );
    }
    if (!email) return null;
    return (
      <Link key={action} to={`?compose=${action}`} preventScrollReset className={cls}>
        {ACTION_LABELS[action]}
      </Link>
    );
  };
  return (
    <div className="flex flex-wrap gap-2" aria-label="Lead actions" role="group">
      {render(actions.primary, true)}
      {actions.secondary.map((a) => render(a, false))}
    </div>
  );
}

function Card({ id, title, children, aside }: { id: string; title: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={cardClass}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-title`} className={cardTitleClass}>
          {title}
        </h2>
        {aside}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-3 gap-2 py-2">
      <dt className="text-sm font-medium text-slate-700">{label}</dt>
      <dd className="col-span-2 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

function ContactCard({ detail }: { detail: Detail }) {
  const { lead } = detail;
  const tel = telHref(lead.phone);
  return (
    <Card id="contact" title="Contact details">
      <dl className="divide-y divide-slate-100">
        <Row label="Name">{lead.name ?? "Not given"}</Row>
        <Row label="Email">
          {lead.email ? <a className={linkClass} href={`mailto:${lead.email}`}>{lead.email}</a> : "Not given"}
          {detail.unsubscribedAt ? (
            <span className="ml-2 inline-block rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-800 ring-1 ring-slate-300">Unsubscribed</span>
          ) : null}
        </Row>
        <Row label="Phone">{lead.phone ? tel ? <a className={linkClass} href={tel}>{formatPhone(lead.phone)}</a> : formatPhone(lead.phone) : "Not given"}</Row>
        <Row label="Company">{lead.company ?? "Not given"}</Row>
        <Row label="Service">{lead.serviceType ?? "Not given"}</Row>
        <Row label="Source">{SOURCE_LABELS[lead.source]}</Row>
        <Row label="Created">{formatDateTime(lead.createdAt, detail.timeZone)}</Row>
        {lead.valueCents !== null ? <Row label="Deal value">{formatCents(lead.valueCents)}</Row> : null}
        {lead.status === "won" && lead.wonAgainst ? <Row label="Won against">{lead.wonAgainst}</Row> : null}
        {lead.status === "lost" ? <Row label="Lost reason">{lostReasonText(lead.lostReason, lead.lostTo) ?? "Not given"}</Row> : null}
      </dl>
    </Card>
  );
}

const frequencyLabel = (value: string | null) => FREQUENCY_OPTIONS.find(([v]) => v === value)?.[1] ?? null;
const timelineLabel = (value: string | null) => TIMELINE_OPTIONS.find(([v]) => v === value)?.[1] ?? null;

function ScoreCard({ detail }: { detail: Detail }) {
  const { lead, breakdown } = detail;
  const rows: { factor: string; answer: string; part: (typeof breakdown)["size"] }[] = [
    { factor: "Building size", answer: lead.buildingSizeSqFt !== null ? `${lead.buildingSizeSqFt.toLocaleString("en-US")} sq ft` : "Not answered", part: breakdown.size },
    { factor: "Cleaning frequency", answer: frequencyLabel(lead.frequency) ?? "Not answered", part: breakdown.frequency },
    {
      factor: "Budget",
      answer:
        lead.budgetMonthlyCents !== null
          ? `${formatCents(lead.budgetMonthlyCents)} a month${breakdown.expectedMonthlyCents !== null ? ` (market: ${formatCents(breakdown.expectedMonthlyCents)})` : ""}`
          : "Not answered",
      part: breakdown.budget,
    },
    {
      factor: "Timeline",
      answer: timelineLabel(lead.timeline) ?? (lead.timeline ? lead.timeline : "Not answered"),
      part: breakdown.timeline,
    },
  ];
  return (
    <Card id="score" title="Qualification and score" aside={<ScoreBadge score={lead.score} />}>
      <div className="overflow-x-auto">
        <table className="stack-table min-w-full text-sm">
          <thead>
            <tr className="text-left text-slate-700">
              <th scope="col" className="py-2 pr-4 font-semibold">Factor</th>
              <th scope="col" className="py-2 pr-4 font-semibold">Answer</th>
              <th scope="col" className="py-2 pr-4 font-semibold">Points</th>
              <th scope="col" className="py-2 pr-4 font-semibold">Weight</th>
              <th scope="col" className="py-2 font-semibold">Adds</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={row.factor}>
                <th scope="row" className="py-2 pr-4 text-left font-medium text-slate-900">{row.factor}</th>
                <td data-label="Answer" className="py-2 pr-4 text-slate-800">{row.answer}</td>
                <td data-label="Points" className="py-2 pr-4 tabular-nums text-slate-900">{row.part.points}/10</td>
                <td data-label="Weight" className="py-2 pr-4 tabular-nums text-slate-800">{row.part.weightPercent}%</td>
                <td data-label="Adds" className="py-2 tabular-nums text-slate-900">{(row.part.contributionHundredths / 100).toFixed(2)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-3 text-sm text-slate-700">
        Score {lead.score.toFixed(1)} out of 10 (30% size, 25% frequency, 25% budget, 20% timeline). A factor that was not
        answered counts as 4 points.
      </p>
    </Card>
  );
}

function StatusCard({ detail }: { detail: Detail }) {
  const { formRef, busy, error, notice } = useIntentResult("status");
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
      <Form method="post" ref={formRef} className="space-y-3" noValidate>
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
        <button type="submit" className={buttonClass} disabled={busy}>{busy ? "Saving..." : "Update status"}</button>
      </Form>
    </Card>
  );
}

function NoteCard() {
  const { formRef, busy, error, notice } = useIntentResult("note");
  return (
    <Card id="notes" title="Add a note">
      <Form method="post" ref={formRef} className="space-y-3" noValidate>
        <input type="hidden" name="intent" value="note" />
        <FormError message={error} />
        <FormNotice message={notice} />
        <div>
          <label htmlFor="note-text" className="block text-sm font-medium text-slate-800">Note</label>
          <textarea id="note-text" name="note" rows={3} maxLength={2000} className={smallInputClass} />
        </div>
        <button type="submit" className={buttonClass} disabled={busy}>{busy ? "Saving..." : "Add note"}</button>
      </Form>
    </Card>
  );
}

function RemindersCard({ detail }: { detail: Detail }) {
  const { formRef, busy, error, notice } = useIntentResult("reminder-create");
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
                <button type="submit" className={secondaryButtonClass} disabled={snooze.busy}>Snooze</button>
              </Form>
              <Form method="post">
                <input type="hidden" name="intent" value="reminder-complete" />
                <input type="hidden" name="reminderId" value={r.id} />
                <button type="submit" className={secondaryButtonClass} disabled={complete.busy}>Mark complete</button>
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
      <Form method="post" ref={formRef} className="mt-5 grid gap-3 border-t border-slate-100 pt-4 sm:grid-cols-3" noValidate>
        <input type="hidden" name="intent" value="reminder-create" />
        <h3 className="text-sm font-semibold text-slate-900 sm:col-span-3">New reminder</h3>
        <div className="sm:col-span-3">
          <FormError message={error} />
          <FormNotice message={notice} />
        </div>
        <div>
          <label htmlFor="reminder-date" className="block text-sm font-medium text-slate-800">Due date</label>
          <input id="reminder-date" name="dueDate" type="date" defaultValue={detail.today} className={smallInputClass} />
        </div>
        <div>
          <label htmlFor="reminder-time" className="block text-sm font-medium text-slate-800">Time</label>
          <input id="reminder-time" name="dueTime" type="time" defaultValue="09:00" className={smallInputClass} />
        </div>
        <div className="sm:col-span-3">
          <label htmlFor="reminder-note" className="block text-sm font-medium text-slate-800">What to do</label>
          <input id="reminder-note" name="note" maxLength={500} className={smallInputClass} />
        </div>
        <div>
          <button type="submit" className={buttonClass} disabled={busy}>{busy ? "Saving..." : "Add reminder"}</button>
        </div>
      </Form>
    </Card>
  );
}

function VisitCard({ detail }: { detail: Detail }) {
  const { formRef, busy, error, notice } = useIntentResult("visit");
  return (
    <Card id="schedule-visit" title="Schedule Visit">
      <Form method="post" ref={formRef} className="space-y-3" noValidate>
        <input type="hidden" name="intent" value="visit" />
        <FormError message={error} />
        <FormNotice message={notice} />
        <div className="grid grid-cols-2 gap-3">
          <div>
            <label htmlFor="visit-date" className="block text-sm font-medium text-slate-800">Visit date</label>
            <input id="visit-date" name="visitDate" type="date" min={detail.today} className={smallInputClass} />
          </div>
          <div>
            <label htmlFor="visit-time" className="block text-sm font-medium text-slate-800">Time</label>
            <input id="visit-time" name="visitTime" type="time" defaultValue="10:00" className={smallInputClass} />
          </div>
        </div>
        <div>
          <label htmlFor="visit-note" className="block text-sm font-medium text-slate-800">Notes (optional)</label>
          <input id="visit-note" name="note" maxLength={500} className={smallInputClass} />
        </div>
        <button type="submit" className={buttonClass} disabled={busy}>{busy ? "Saving..." : "Schedule Visit"}</button>
      </Form>
    </Card>
  );
}

function EmailCard({ detail }: { detail: Detail }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get("compose");
  const kind: EmailKind | null = requested === "quote" || requested === "info" ? requested : null;
  const [notice, setNotice] = useState<string | null>(null);
  const close = useCallback(() => {
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete("compose");
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [setSearchParams]);
  const sent = useCallback(
    (message: string) => {
      setNotice(message);
      close();
    },
    [close],
  );
  if (!detail.lead.email) {
    return (
      <Card id="send-email" title="Send an email">
        <p className="text-sm text-slate-700">This lead has no email address.</p>
      </Card>
    );
  }
  return (
    <Card id="send-email" title="Send an email">
      <div role="status" aria-live="polite">
        {notice ? <FormNotice message={notice} /> : null}
      </div>
      {detail.unsubscribedAt ? (
        <p className="mb-3 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          This lead unsubscribed from your emails on {formatDateTime(detail.unsubscribedAt, detail.timeZone)}. Emails to {detail.lead.email} are not sent.
        </p>
      ) : null}
      <p className="text-sm text-slate-700">Write to {detail.lead.email}: the editor starts from the lead&apos;s answers and your market price.</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Link to="?compose=quote" preventScrollReset className={secondaryButtonClass} onClick={() => setNotice(null)}>
          {ACTION_LABELS.quote}
        </Link>
        <Link to="?compose=info" preventScrollReset className={secondaryButtonClass} onClick={() => setNotice(null)}>
          {ACTION_LABELS.info}
        </Link>
      </div>
      {kind ? (
        <EmailComposer
          key={kind}
          leadId={detail.lead.id}
          kind={kind}
          to={detail.lead.email}
          template={detail.drafts[kind]}
          onClose={close}
          onSent={sent}
        />
      ) : null}
    </Card>
  );
}

function describeEvent(event: Detail["events"][number], timeZone: string): string {
  const d = event.data;
  const s = (v: unknown) => (typeof v === "string" ? v : "");
  const status = (v: unknown) => STATUS_LABELS[v as keyof typeof STATUS_LABELS] ?? s(v);
  switch (event.type) {
    case "created":
      return d.source === "manual" ? "Lead added by hand" : "Lead captured by the chatbot";
    case "status_changed":
      return `Status changed from ${status(d.from)} to ${status(d.to)}${typeof d.valueCents === "number" ? ` (deal value ${formatCents(d.valueCents)}${d.wonAgainst ? `, won against ${s(d.wonAgainst)}` : ""})` : ""}${
        lostReasonText(s(d.lostReason), s(d.lostTo)) ? ` (reason: ${lostReasonText(s(d.lostReason), s(d.lostTo))})` : ""
      }`;
    case "note":
      return `Note: ${s(d.text)}`;
    case "reminder_created":
      return `Reminder set for ${d.dueAt ? formatDateTime(s(d.dueAt), timeZone) : "later"}: ${s(d.note)}`;
    case "reminder_snoozed":
      return `Reminder snoozed until ${d.to ? formatDateTime(s(d.to), timeZone) : "later"}: ${s(d.note)}`;
    case "reminder_completed":
      return `Reminder completed: ${s(d.note)}`;
    case "visit_scheduled":
      return `Visit scheduled for ${d.dueAt ? formatDateTime(s(d.dueAt), timeZone) : "later"}`;
    case "email_sent":
      return `${d.kind === "quote" ? "Quote" : "Information"} emailed to ${s(d.to)}: “${s(d.subject)}”`;
    case "unsubscribed":
      return `Unsubscribed ${s(d.email)} from your emails${d.source === "one-click" ? " (from their mail app)" : ""}`;
    default:
      return event.type.replace(/_/g, " ");
  }
}

function HistoryCard({ detail }: { detail: Detail }) {
  return (
    <Card id="history" title="History">
      {detail.events.length === 0 ? <p className="text-sm text-slate-700">No history yet.</p> : null}
      <ol className="space-y-3 border-l border-slate-200 pl-4">
        {detail.events.map((event) => (
          <li key={event.id} className="text-sm">
            <p className="whitespace-pre-line text-slate-900">{describeEvent(event, detail.timeZone)}</p>
            <p className="text-xs text-slate-600">
              {formatDateTime(event.createdAt, detail.timeZone)}
              {event.actorName ? ` · ${event.actorName}` : ""}
            </p>
          </li>
        ))}
      </ol>
    </Card>
  );
}

const ROLE_LABELS = { visitor: "Visitor", bot: "Chatbot", agent: "Team", system: "System" } as const;

function TranscriptCard({ detail }: { detail: Detail }) {
  if (!detail.lead.conversationId) {
    return (
      <Card id="transcript" title="Conversation">
        <p className="text-sm text-slate-700">This lead did not come from a chatbot conversation.</p>
      </Card>
    );
  }
  return (
    <Card id="transcript" title="Conversation">
      {detail.messages.length === 0 ? <p className="text-sm text-slate-700">No messages.</p> : null}
      <ol className="space-y-2">
        {detail.messages.map((m) => (
          <li key={m.id} className={`max-w-[85%] rounded-xl px-3 py-2 text-sm ${m.role === "visitor" ? "ml-auto bg-brand-50 text-slate-900" : "bg-slate-100 text-slate-900"}`}>
            <p className="text-xs font-semibold text-slate-700">
              {ROLE_LABELS[m.role]} · {formatDateTime(m.createdAt, detail.timeZone)}
            </p>
            <p className="whitespace-pre-line">{m.text}</p>
            {m.quickReplies.length ? (
              <p className="mt-1 text-xs text-slate-700">Quick replies: {m.quickReplies.join(" · ")}</p>
            ) : null}
          </li>
        ))}
      </ol>
      {detail.transcriptTruncated ? (
        <p className="mt-3 text-sm text-slate-700">
          Only the first {detail.messages.length.toLocaleString("en-US")} messages are shown.
        </p>
      ) : null}
      <p className="mt-3 text-sm">
        <Link to={`/app/conversations/${detail.lead.conversationId}`} className={linkClass}>
          Replay this conversation
        </Link>
      </p>
    </Card>
  );
}
