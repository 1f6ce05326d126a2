import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { actionsFor, defaultEmail } from "#shared/leads/lead-actions.ts";
import { getLeadDetail } from "#server/leads/lead-detail.server.ts";
import { sendLeadEmail } from "#server/leads/lead-email.server.ts";
import { formFields } from "#shared/leads/lead-input.ts";
import { completeReminder, createReminder, scheduleVisit, snoozeReminder } from "#server/leads/lead-reminders.server.ts";
import { addLeadNote, changeLeadStatus } from "#server/leads/commands.server.ts";
import { commandContext } from "#server/events/command-context.server.ts";
import { publishLead } from "#server/leads/publish-lead.server.ts";
import { LEAD_NOT_FOUND, type LeadResult } from "#server/leads/result.ts";
import { failure, failureStatus, success, type ActionResult } from "#shared/forms/action-result.ts";
import { PriorityBadge, ScoreBadge, StatusBadge, TestBadge } from "~/components/leads/LeadBadges";
import { linkClass } from "~/components/leads/classes";
import { todayIn } from "~/components/leads/format";
import { useLiveLead } from "~/components/live/use-live-lead";
import { workspaceMeta } from "~/components/workspace/WorkspaceShell";
import { requireWorkspace } from "~/lib/session.server";
import { unsubscribedAt, unsubscribeSigner } from "#server/mail/unsubscribe.server.ts";
import { ActionBar, PhoneActionBar } from "~/components/leads/LeadActionBar";
import { ContactCard, CustomAnswersCard, ScoreCard } from "~/components/leads/LeadSummaryCards";
import { StatusCard, NoteCard } from "~/components/leads/LeadStatusCards";
import { RemindersCard, VisitCard } from "~/components/leads/LeadScheduleCards";
import { EmailCard } from "~/components/leads/LeadEmailCard";
import { HistoryCard, TranscriptCard } from "~/components/leads/LeadHistoryCards";
import { LeadAutomationsCard } from "~/components/automation/LeadAutomationsCard";
import { leadAutomationSteps } from "#server/automations/automations.server.ts";
import { textLead } from "#server/sms/lead-text.server.ts";
import { TextCard } from "~/components/leads/LeadTextCard";
import { leadAppointmentPanel } from "#server/appointments/views.server.ts";
import { handleAppointmentAction } from "#server/appointments/member-actions.server.ts";
import { AppointmentsCard } from "~/components/leads/LeadAppointmentsCard";

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
  const automationSteps = await leadAutomationSteps(context.services.db, workspace.business.id, detail.lead.id);
  // The lead's walkthrough visits with the free times and members to move or reassign them to (issue 31).
  const appointments = await leadAppointmentPanel(context.services.db, { businessId: workspace.business.id, leadId: detail.lead.id, timeZone: detail.timeZone, now: new Date() });
  return { ...detail, drafts, automationSteps, appointments, unsubscribedAt: unsubscribed?.toISOString() ?? null, today: todayIn(detail.timeZone), loadedAt: Date.now() };
}

const INTENTS = ["status", "note", "reminder-create", "reminder-snooze", "reminder-complete", "email", "visit", "text"] as const;
/** The lead page's forms; "appointment" answers the walkthrough card's (appointment-book, -move, …). */
export type Intent = (typeof INTENTS)[number] | "appointment";
/** Which form answered, with the one action result shape (the notice is its message). */
export type LeadActionData = { intent: Intent } & ActionResult;
type ActionData = LeadActionData;

const NOTICES: Record<(typeof INTENTS)[number], string> = {
  status: "Status updated.",
  note: "Note added.",
  "reminder-create": "Reminder created.",
  "reminder-snooze": "Reminder snoozed.",
  "reminder-complete": "Reminder completed.",
  email: "Email sent.",
  visit: "Visit scheduled.",
  text: "Text message queued. Its delivery shows in Settings > SMS & calls.",
};

export async function action({ request, context, params }: ActionFunctionArgs) {
  const workspace = await requireWorkspace(request, context, { requireSubscription: true });
  const form = await request.formData();
  const fields = formFields(form);
  if (fields.intent?.startsWith("appointment-")) {
    // Book (for this lead), move, reassign, cancel, completed, no-show: the appointment commands, scoped to the business.
    if (fields.intent === "appointment-book") form.set("leadId", params.leadId ?? "");
    const result = await handleAppointmentAction(commandContext(context.services, context.realtime), { businessId: workspace.business.id, userId: workspace.userId, form });
    return data<ActionData>({ intent: "appointment", ...(result.ok ? success(undefined, result.message) : failure(result.error)) }, { status: result.ok ? 200 : failureStatus("conflict") });
  }
  const intent = INTENTS.find((i) => i === fields.intent);
  if (!intent) return data<ActionData>({ intent: "note", ...failure("Unknown action") }, { status: 400 });
  const { db, jobs, logger } = context.services;
  const args = { businessId: workspace.business.id, leadId: params.leadId ?? "", actorUserId: workspace.userId, input: fields };
  // Status and note are commands (server/leads/commands.server.ts): they push the lead live themselves.
  const command = intent === "status" || intent === "note";
  const run: Record<typeof intent, () => Promise<LeadResult<unknown>>> = {
    status: () => changeLeadStatus(commandContext(context.services, context.realtime), args),
    note: () => addLeadNote(commandContext(context.services, context.realtime), args),
    "reminder-create": () => createReminder(db, args),
    "reminder-snooze": () => snoozeReminder(db, args),
    "reminder-complete": () => completeReminder(db, args),
    visit: () => scheduleVisit(db, args),
    email: () => sendLeadEmail({ db, jobs, unsubscribe: unsubscribeSigner(context.services) }, args),
    text: () => textLead({ db, jobs }, args),
  };
  const result = await run[intent]();
  if (!result.ok) {
    if (result.reason === "not_found" && result.error === LEAD_NOT_FOUND) throw new Response(LEAD_NOT_FOUND, { status: 404 });
    return data<ActionData>({ intent, ...failure(result.error) }, { status: failureStatus(result.reason) });
  }
  // Every open page of this business (lists, this lead elsewhere, the dashboard) catches up live.
  if (!command) await publishLead({ db, sink: context.realtime, logger }, { businessId: args.businessId, leadId: args.leadId, kind: "updated" });
  return data<ActionData>({ intent, ...success(undefined, NOTICES[intent]) });
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

      <PhoneActionBar phone={lead.phone} email={lead.email} />

      {/* The actions come first in the page (on a phone, right under the header; from 1024 px in the
          right-hand column), the transcript last (issue 32: they were 4,000 px down on a phone). */}
      <div className="grid gap-6 lg:grid-cols-3">
        {/* min-w-0: grid items no wider than the page (the score table and transcript pushed it sideways). */}
        <div className="min-w-0 space-y-6 lg:col-start-3 lg:row-start-1">
          <StatusCard detail={detail} />
          <NoteCard />
          <AppointmentsCard detail={detail} />
          <VisitCard detail={detail} />
          <EmailCard detail={detail} />
          {lead.phone ? <TextCard /> : null}
          <LeadAutomationsCard steps={detail.automationSteps} timeZone={detail.timeZone} />
        </div>
        <div className="min-w-0 space-y-6 lg:col-span-2 lg:col-start-1 lg:row-start-1">
          <ContactCard detail={detail} />
          <CustomAnswersCard detail={detail} />
          <ScoreCard detail={detail} />
          <RemindersCard detail={detail} />
          <HistoryCard detail={detail} />
          <TranscriptCard detail={detail} />
        </div>
      </div>
    </div>
  );
}

