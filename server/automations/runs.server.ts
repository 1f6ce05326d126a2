// Automations running on the job layer (DESIGN §10, §11). Domain events say what happened to a lead;
// the subscribers here answer with `automation.step` jobs: start a run (one per automation and lead,
// the unique step-0 row), run one step (its delay is the job's start time), check for no response,
// or cancel a lead's pending steps (Won, Lost, unsubscribed). A step's effect happens once: e-mails
// through the mail layer's key, notifications and tasks in the transaction that marks the step sent.
// A paused automation holds the steps that fall due (resuming enqueues them again); a step that fails
// after its last attempt is kept as failed and emits `automation.run.failed`. Starting a run, recording
// a step's result and cancelling a lead's steps are commands of commands.server.ts, which own their
// consequences; the job handler here only reads what is due, performs a step's outside effect and calls them.
import type { Db } from "../db/client.server.ts";
import { Prisma } from "../db/generated/client.ts";
import { queryPrepared } from "../db/prepared.ts";
import type { DomainEvent } from "../events/domain-events.ts";
import type { JobHandler, JobInfo, JobQueue, JobRequest } from "../jobs/queue/job-queue.server.ts";
import { AUTOMATION_QUEUE, queueSpec } from "../jobs/queue/queues.ts";
import { deliverOnce, type DeliverDeps } from "../mail/mail-jobs.server.ts";
import { renderEmail } from "../mail/templates/render-email.tsx";
import { businessBrand, leadMessageEmail } from "../mail/templates/templates.ts";
import { unsubscribeUrl, type UnsubscribeSigner } from "../mail/unsubscribe.server.ts";
import { bookingLinkUrl } from "../appointments/manage-token.ts";
import { containsKeyword, firstNameOf, renderPlaceholders, type Action, type Trigger, type TriggerConfig } from "../shared/automations/definition.ts";
import { smsAllowanceReachedText } from "../shared/automations/sms-allowance.ts";
import { claimSms } from "./sms-allowance.server.ts";
import { holdForSandbox, SANDBOX_HELD_TEXT } from "../demo/outbound-policy.server.ts";
import { fitSegments } from "../shared/sms/sms-text.ts";
import {
  automationJob as job,
  cancelLeadRuns,
  CLOSED,
  DAY_MS,
  recordAutomationStep,
  runLeadSelect as leadSelect,
  startAutomationRun,
  type AutomationCommandContext,
  type AutomationJob,
  type StepRecord,
} from "./commands.server.ts";

export type { AutomationJob } from "./commands.server.ts";

/** A visitor quiet this long has left the chat: a partly qualified lead's score is final (decision 0033). */
export const QUALIFICATION_IDLE_MS = 30 * 60_000;
const RETRY_LIMIT = queueSpec(AUTOMATION_QUEUE).retryLimit;

export const SMS_NOT_CONFIGURED = "SMS is not configured";
export const CLOSED_ERROR = "Cancelled: the lead was marked Won or Lost";
export const UNSUBSCRIBED_ERROR = "Cancelled: the lead unsubscribed";
export const TEAM_REPLIED_ERROR = "Cancelled: the team replied to the lead";

/** Sends one SMS (Twilio when TWILIO_* is set); absent when SMS is not configured. */
export type SmsSender = {
  send(args: { businessId?: string; to: string; body: string; idempotencyKey: string }): Promise<void>;
  /**
   * Two-way SMS (server/sms/automation-sms.server.ts): why this SMS may not go to `to` (no account, STOP,
   * no consent: `skip`), or the end of the lead's quiet hours it must wait for (`until`); null: send now.
   */
  gate?(args: { businessId: string; to: string; now: Date }): Promise<{ skip: string } | { until: Date } | null>;
  /** Whether the business can text at all (its own Twilio account or the platform's): checked first. */
  configured?(businessId: string): Promise<boolean>;
};

/** What a step's actions reach besides the command context: the mail layer, unsubscribe links, SMS. */
export type StepServices = {
  mail: DeliverDeps;
  unsubscribe: UnsubscribeSigner;
  sms?: SmsSender;
};

type AutomationDeps = StepServices & { ctx: AutomationCommandContext; db: Db; jobs: JobQueue };

async function activeAutomations(db: Db, businessId: string, triggers: Trigger[]) {
  // Raw and prepared: every lead event of a chat asks this (issue 28).
  const rows = await queryPrepared<{ id: string; trigger: string; triggerConfig: unknown }>(db, Prisma.sql`
    SELECT "id", "trigger", "triggerConfig" FROM "Automation"
     WHERE "businessId" = ${businessId} AND "deletedAt" IS NULL AND "status" = 'active' AND "trigger" = ANY (${triggers}::text[])
     ORDER BY "createdAt", "id"`);
  return rows.map((r) => ({
    id: r.id,
    trigger: r.trigger as Trigger,
    config: (typeof r.triggerConfig === "string" ? JSON.parse(r.triggerConfig) : (r.triggerConfig ?? {})) as TriggerConfig,
  }));
}

const startJob = (businessId: string, automationId: string, leadId: string, cause: string) =>
  job({ kind: "start", businessId, automationId, leadId }, `automation-start:${automationId}:${leadId}:${cause}`);

const settleJob = (businessId: string, leadId: string, lastMessageAt: Date) =>
  job(
    { kind: "settle", businessId, leadId, lastMessageAt: lastMessageAt.toISOString() },
    `automation-settle:${leadId}:${lastMessageAt.getTime()}`,
    new Date(lastMessageAt.getTime() + QUALIFICATION_IDLE_MS),
  );

function noResponseChecks(automations: Awaited<ReturnType<typeof activeAutomations>>, businessId: string, leadId: string, since: Date, cause: string) {
  return automations
    .filter((a) => a.trigger === "no_response" && a.config.days)
    .map((a) =>
      job(
        { kind: "check", businessId, automationId: a.id, leadId, since: since.toISOString() },
        `automation-check:${a.id}:${leadId}:${cause}`,
        new Date(since.getTime() + (a.config.days ?? 1) * DAY_MS),
      ),
    );
}

/** The jobs a domain event causes for automations (subscribers.server.ts). Reads only. */
export async function automationJobsFor(db: Db, event: DomainEvent, now = new Date()): Promise<JobRequest[]> {
  switch (event.type) {
    case "lead.created": {
      const automations = await activeAutomations(db, event.businessId, ["lead_scored", "lead_keyword", "no_response"]);
      if (automations.length === 0) return [];
      const lead = await db.lead.findFirst({
        where: { id: event.leadId, businessId: event.businessId },
        select: { conversationId: true, createdAt: true, incomplete: true, conversation: { select: { lastMessageAt: true } } },
      });
      if (!lead) return [];
      // A chat lead still qualifying (contact given, factors to go): if the visitor leaves half way,
      // the score-based automations still answer it once the chat has been quiet a while.
      const settle =
        lead.incomplete && lead.conversation && automations.some((a) => a.trigger === "lead_scored")
          ? [settleJob(event.businessId, event.leadId, lead.conversation.lastMessageAt)]
          : [];
      const keywords = automations.filter((a) => a.trigger === "lead_keyword" && a.config.keyword);
      // Words written before the lead existed (its first messages) count too.
      const texts = keywords.length && lead.conversationId
        ? (await db.message.findMany({ where: { conversationId: lead.conversationId, role: "visitor" }, select: { text: true }, take: 200 })).map((m) => m.text)
        : [];
      return [
        ...automations.filter((a) => a.trigger === "lead_scored").map((a) => startJob(event.businessId, a.id, event.leadId, "created")),
        ...keywords
          .filter((a) => texts.some((t) => containsKeyword(t, a.config.keyword!)))
          .map((a) => startJob(event.businessId, a.id, event.leadId, "created")),
        ...noResponseChecks(automations, event.businessId, event.leadId, lead.createdAt, "created"),
        ...settle,
      ];
    }
    case "lead.scored": {
      const automations = await activeAutomations(db, event.businessId, ["lead_scored"]);
      return automations.map((a) => startJob(event.businessId, a.id, event.leadId, `scored-${event.score}`));
    }
    case "message.received": {
      const automations = await activeAutomations(db, event.businessId, ["lead_keyword"]);
      return automations
        .filter((a) => a.config.keyword && containsKeyword(event.text, a.config.keyword))
        .map((a) => startJob(event.businessId, a.id, event.leadId, `message-${event.messageId}`));
    }
    case "lead.status_changed": {
      const jobs: JobRequest[] = [];
      if (CLOSED.includes(event.to)) {
        jobs.push(job({ kind: "cancel", businessId: event.businessId, leadIds: [event.leadId], reason: CLOSED_ERROR }, `automation-cancel:${event.eventId}`));
      }
      const automations = await activeAutomations(db, event.businessId, ["lead_status_changed", "no_response"]);
      jobs.push(
        ...automations
          .filter((a) => a.trigger === "lead_status_changed" && (!a.config.status || a.config.status === event.to))
          .map((a) => startJob(event.businessId, a.id, event.leadId, `status-${event.eventId}`)),
      );
      if (!CLOSED.includes(event.to)) jobs.push(...noResponseChecks(automations, event.businessId, event.leadId, now, `status-${event.eventId}`));
      return jobs;
    }
    case "lead.unsubscribed":
      if (event.leadIds.length === 0) return [];
      return [job({ kind: "cancel", businessId: event.businessId, leadIds: event.leadIds, reason: UNSUBSCRIBED_ERROR }, `automation-cancel:${event.businessId}:${event.email}`)];
    case "lead.team_replied":
      return [job({ kind: "cancel", businessId: event.businessId, leadIds: [event.leadId], reason: TEAM_REPLIED_ERROR }, `automation-cancel:reply:${event.replyId}`)];
    case "appointment.booked": {
      // Trigger appointment_booked (issue 31): once per booking (a reschedule is not a new booking).
      const automations = await activeAutomations(db, event.businessId, ["appointment_booked"]);
      return automations.map((a) => startJob(event.businessId, a.id, event.leadId, `appointment-${event.appointmentId}`));
    }
    default:
      return [];
  }
}

/**
 * A partly qualified chat lead: if its conversation has had nothing new since the job was planned (the
 * visitor left), the business's active score-based automations start on the score it has now; if
 * the chat went on, it is looked at again once quiet. A lead completed meanwhile was handled by its
 * `lead.scored` event (one run per automation and lead either way).
 */
async function settleLead(deps: AutomationDeps, data: Extract<AutomationJob, { kind: "settle" }>): Promise<void> {
  const { db } = deps;
  const lead = await db.lead.findFirst({
    where: { id: data.leadId, businessId: data.businessId },
    select: { incomplete: true, conversation: { select: { lastMessageAt: true, status: true } } },
  });
  if (!lead?.incomplete) return;
  const last = lead.conversation?.lastMessageAt;
  if (last && lead.conversation?.status === "open" && last.getTime() !== new Date(data.lastMessageAt).getTime()) {
    await deps.jobs.enqueue(db, [settleJob(data.businessId, data.leadId, last)]);
    return;
  }
  for (const automation of await activeAutomations(db, data.businessId, ["lead_scored"])) {
    await startAutomationRun(deps.ctx, { businessId: data.businessId, automationId: automation.id, leadId: data.leadId, settled: true });
  }
}

type StepOutcome = StepRecord | { status: "deferred" };

/** Runs one step: its action's effect, then its result recorded (recordAutomationStep). */
async function runStep(deps: AutomationDeps, data: Extract<AutomationJob, { kind: "step" }>, info: JobInfo): Promise<void> {
  const { db } = deps;
  const now = deps.ctx.clock();
  const run = await loadRun(db, data);
  if (!run || run.status !== "scheduled") return;
  if (run.automation.deletedAt) return;
  const record = await stepRecord(deps, run, info, now);
  if (record) await recordAutomationStep(deps.ctx, run, record);
}

type LoadedRun = NonNullable<Awaited<ReturnType<typeof loadRun>>>;

function loadRun(db: Db, data: Extract<AutomationJob, { kind: "step" }>) {
  return db.automationRun.findFirst({
    where: { id: data.runId, businessId: data.businessId },
    include: { automation: true, lead: { select: leadSelect } },
  });
}

/** The step's result to record, after its action's outside effect; null when it runs again later (quiet hours). */
async function stepRecord(deps: AutomationDeps, run: LoadedRun, info: JobInfo, now: Date): Promise<StepRecord | null> {
  if (CLOSED.includes(run.lead.status)) return { status: "skipped", error: CLOSED_ERROR };
  // Held: resuming (automations.server.ts) enqueues it again. When the automation is active again by
  // the time the hold is written, the step runs now.
  if (run.automation.status !== "active" && (await recordAutomationStep(deps.ctx, run, { status: "held" }))) return null;
  const action = ((run.automation.actions ?? []) as Action[])[run.step];
  if (!action) return { status: "skipped", error: "This step was removed from the automation" };
  try {
    const outcome = await perform(deps, run, action, info, now);
    return outcome.status === "deferred" ? null : outcome;
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, " ").slice(0, 300);
    if (info.attempt <= RETRY_LIMIT) throw error; // retried with backoff
    return { status: "failed", error: message };
  }
}

type StepRun = {
  id: string;
  businessId: string;
  automationId: string;
  leadId: string;
  step: number;
  automation: { name: string };
  lead: { id: string; name: string | null; email: string | null; phone: string | null; company: string | null };
};

async function perform(deps: AutomationDeps, run: StepRun, action: Action, info: JobInfo, now: Date): Promise<StepOutcome> {
  const { db } = deps;
  const business = await db.business.findUnique({
    where: { id: run.businessId },
    select: { name: true, logoPath: true, street: true, city: true, state: true, zip: true, emailSenderName: true, emailReplyTo: true, bookingUrl: true },
  });
  if (!business) return { status: "skipped", error: "The business no longer exists" };
  // {bookingLink}: the business's own scheduling page, else (issue 31) the lead's booking page when the
  // business books walkthroughs online (Settings → Scheduling).
  const bookingLink =
    business.bookingUrl ??
    (action.template.includes("{bookingLink}") && (await db.schedulingSettings.findUnique({ where: { businessId: run.businessId }, select: { enabled: true } }))?.enabled
      ? bookingLinkUrl(deps.unsubscribe, { businessId: run.businessId, leadId: run.leadId }, now)
      : null);
  const values = {
    firstName: firstNameOf(run.lead.name),
    name: run.lead.name,
    company: run.lead.company,
    businessName: business.name,
    bookingLink,
  };
  const body = renderPlaceholders(action.template, values);
  const who = run.lead.name?.trim() || run.lead.email || run.lead.company || "a lead";
  switch (action.type) {
    case "email": {
      if (!run.lead.email) return { status: "skipped", error: "This lead has no email address" };
      if (action.template.includes("{bookingLink}") && !bookingLink)
        return { status: "skipped", error: "Add your booking link in Settings > Business Profile" };
      const to = run.lead.email;
      const unsubscribe = unsubscribeUrl(deps.unsubscribe, { businessId: run.businessId, email: to });
      const key = `automation-run:${run.id}`;
      const subject = renderPlaceholders(action.subject ?? "", values) || business.name;
      await deliverOnce(deps.mail, { ...info, key }, { businessId: run.businessId, kind: "automation", to, subject, unsubscribeUrl: unsubscribe }, async () => ({
        to,
        ...(await renderEmail(leadMessageEmail({ brand: businessBrand(business, deps.unsubscribe.appUrl), subject, body, unsubscribeUrl: unsubscribe }))),
        fromName: business.emailSenderName ?? business.name,
        ...(business.emailReplyTo ? { replyTo: business.emailReplyTo } : {}),
      }));
      const delivery = await db.emailDelivery.findUnique({ where: { key }, select: { status: true, error: true } });
      switch (delivery?.status) {
        case "sent":
          return { status: "sent" };
        case "held":
          return { status: "skipped", error: SANDBOX_HELD_TEXT.email };
        case "skipped":
          return { status: "skipped", error: delivery.error ?? "Not sent" };
        case "failed":
          return { status: "failed", error: delivery.error ?? "The email could not be sent" };
        default:
          throw new Error("The email was not sent yet");
      }
    }
    case "sms": {
      if (!deps.sms || (deps.sms.configured && !(await deps.sms.configured(run.businessId)))) return { status: "skipped", error: SMS_NOT_CONFIGURED };
      if (!run.lead.phone) return { status: "skipped", error: "This lead has no phone number" };
      // The sandbox outbound policy, before the allowance and Twilio: a sandbox's SMS is held.
      const sandbox = await holdForSandbox(db, "sms", { businessId: run.businessId, to: run.lead.phone });
      if (sandbox === "gone") return { status: "skipped", error: "The business no longer exists" };
      if (sandbox) return { status: "skipped", error: SANDBOX_HELD_TEXT.sms };
      // Two-way SMS: the business's account, STOP, consent and quiet hours (a delayed step job).
      const gate = await deps.sms.gate?.({ businessId: run.businessId, to: run.lead.phone, now });
      if (gate && "skip" in gate) return { status: "skipped", error: gate.skip };
      if (gate && "until" in gate) {
        await deps.jobs.enqueue(db, [job({ kind: "step", businessId: run.businessId, runId: run.id }, `automation-step:${run.id}:quiet-${gate.until.getTime()}`, gate.until)]);
        return { status: "deferred" };
      }
      // The plan's monthly allowance, claimed before Twilio is called (a retry keeps its claim).
      const claim = await claimSms(db, { businessId: run.businessId, runId: run.id, now });
      if (!claim.ok) return { status: "skipped", error: smsAllowanceReachedText(claim.allowance) };
      await deps.sms.send({ businessId: run.businessId, to: run.lead.phone, body: fitSegments(body, 3), idempotencyKey: `automation-run:${run.id}` });
      return { status: "sent" };
    }
    case "notification":
      return { status: "sent", leaves: { notification: { text: `${run.automation.name}: ${body}`.slice(0, 500) } } };
    case "task":
      return { status: "sent", leaves: { task: { note: body.slice(0, 500), automation: run.automation.name, for: who } } };
  }
}

/** No status change since `since`: the no-response automation starts. */
async function checkNoResponse(deps: AutomationDeps, data: Extract<AutomationJob, { kind: "check" }>): Promise<void> {
  const changed = await deps.db.leadEvent.findFirst({
    where: { leadId: data.leadId, businessId: data.businessId, type: "status_changed", createdAt: { gt: new Date(data.since) } },
    select: { id: true },
  });
  if (changed) return;
  await startAutomationRun(deps.ctx, { businessId: data.businessId, automationId: data.automationId, leadId: data.leadId });
}

/** The automation job: an adapter that reads what is due and calls the run commands (commands.server.ts). */
export function automationJobHandler(ctx: AutomationCommandContext, services: StepServices): JobHandler<AutomationJob> {
  const deps: AutomationDeps = { ...services, ctx, db: ctx.db, jobs: ctx.jobs };
  return {
    name: AUTOMATION_QUEUE,
    async run(data, info) {
      switch (data.kind) {
        case "start":
          await startAutomationRun(ctx, data);
          return;
        case "step":
          return runStep(deps, data, info);
        case "check":
          return checkNoResponse(deps, data);
        case "settle":
          return settleLead(deps, data);
        case "cancel":
          await cancelLeadRuns(ctx, data);
          return;
      }
    },
  };
}
