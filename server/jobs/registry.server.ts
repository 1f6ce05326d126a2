// The job registry (DESIGN §10; issue 30, decision 0049): every kind of durable job is one entry here —
// its id (the queue's name, whose retry policy is in queue/queues.ts), the Zod schema of its payload and
// its handler. Payloads are checked against the schema when a job runs: a job whose payload does not
// match fails with a clear error (kept as failed after its retries) instead of a handler crashing on a
// missing field. Each schema `satisfies` the payload type its handler takes, so the two cannot drift.
import { z } from "zod";
import type { AppServices } from "../services.server.ts";
import type { WorkspaceEvents } from "../realtime/realtime.server.ts";
import type { DomainEvent } from "../events/domain-events.ts";
import { jobsForEvent } from "./subscribers.server.ts";
import { mailJobHandler, type MailJob } from "../mail/mail-jobs.server.ts";
import { overageJobHandler, type OverageJob } from "../billing/overage-reporter.server.ts";
import { leadQuotaJobHandler, type LeadQuotaJob } from "../billing/lead-quota.server.ts";
import { billingJobHandlers } from "../billing/jobs/billing-jobs.server.ts";
import type { BillingOperationJob } from "../billing/operations.server.ts";
import type { BillingRefreshJob } from "../billing/mirror.server.ts";
import { passwordResetJobHandler, type PasswordResetJob } from "../auth/password-reset.server.ts";
import { inviteEmailJobHandler, type InviteEmailJob } from "../team/invites.server.ts";
import { sandboxJobHandlers, type SandboxJob } from "../demo/sandbox.server.ts";
import { webhookJobHandler, type WebhookJob } from "../webhooks/deliveries.server.ts";
import { outreachJobHandler, type OutreachSendJob } from "../outreach/campaigns.server.ts";
import type { TakeoverJob } from "../chat/takeover-store.server.ts";
import { automationJobHandler, type AutomationJob } from "../automations/runs.server.ts";
import { unsubscribeSigner } from "../mail/unsubscribe.server.ts";
import { chatRecoveryJobHandler, type ChatRecoveryJob } from "../chat/turn-recovery.server.ts";
import { appointmentMailHandler, appointmentReminderHandler, type AppointmentMailJob, type AppointmentReminderJob } from "../appointments/appointment-mail.server.ts";
import { sendPush } from "../push/send-push.server.ts";
import { visitorWaitingPushes, type PushJob, type WaitingJob } from "../push/push-notifications.server.ts";
import { PUSH_EVENT_IDS } from "../shared/push/push-input.ts";
import type { JobHandler, JobInfo } from "./queue/job-queue.server.ts";
import { smsSendJobHandler, type SmsSendJob } from "../sms/outbound.server.ts";
import { createSmsLead, smsInboundJobHandler, type SmsInboundJob } from "../sms/inbound.server.ts";
import { missedCallJobHandler, type MissedCallJob } from "../sms/voice.server.ts";
import { automationSmsSender } from "../sms/automation-sms.server.ts";
import { commandContext } from "../events/command-context.server.ts";
import { privacyJobHandlers } from "../privacy/privacy-jobs.server.ts";
import type { ExportJob } from "../privacy/export.server.ts";
import {
  ANALYTICS_FOLD_TICK,
  BACKUP_NIGHTLY_TICK,
  APPOINTMENT_MAIL_QUEUE,
  APPOINTMENT_REMINDER_QUEUE,
  AUTOMATION_QUEUE,
  BILLING_OPERATION_QUEUE,
  BILLING_REFRESH_QUEUE,
  CHAT_RECOVERY_QUEUE,
  DAILY_SUMMARY_TICK,
  DB_MAINTENANCE_TICK,
  EVENT_QUEUE,
  INVITE_EMAIL_QUEUE,
  MAIL_QUEUE,
  MISSED_CALL_QUEUE,
  OUTREACH_SEND_QUEUE,
  OVERAGE_QUEUE,
  LEAD_QUOTA_QUEUE,
  PASSWORD_RESET_QUEUE,
  PRIVACY_EXPORT_QUEUE,
  PRIVACY_TICK,
  PUSH_QUEUE,
  PUSH_WAITING_QUEUE,
  QUEUES,
  REMINDER_DUE_TICK,
  RESPONSE_ROLLUP_TICK,
  SANDBOX_DELETE_QUEUE,
  SANDBOX_HISTORY_QUEUE,
  SANDBOX_PREPARE_QUEUE,
  SANDBOX_SWEEP_TICK,
  SMS_INBOUND_QUEUE,
  SMS_SEND_QUEUE,
  TAKEOVER_IDLE_QUEUE,
  TRIAL_ENDING_TICK,
  WEBHOOK_QUEUE,
} from "./queue/queues.ts";
import { scheduleHandlers } from "./schedules.server.ts";

/** What the handlers push to open workspaces (socket.io), from the application. */
export type JobRealtime = Pick<WorkspaceEvents, "notification" | "userSessionsEnded" | "billingUpdated"> &
  Partial<Pick<WorkspaceEvents, "takeoverIdle" | "automationRuns" | "recoverTurns" | "smsTurn" | "leadCreated" | "leadUpdated">>;

/** A job's payload did not match its schema: the job fails with this (never retried into success). */
export class InvalidJobPayload extends Error {
  constructor(name: string, issues: string) {
    super(`job ${name}: invalid payload (${issues})`);
    this.name = "InvalidJobPayload";
  }
}

/** One entry of the registry: a handler whose payload is validated with `schema` first. */
export type RegisteredJob = JobHandler<unknown> & { schema: z.ZodType };

export function defineJob<T>(id: string, schema: z.ZodType<T>, handler: (data: T, job: JobInfo) => Promise<void>): RegisteredJob {
  return {
    name: id,
    schema,
    async run(data, job) {
      const parsed = schema.safeParse(data);
      if (!parsed.success) {
        throw new InvalidJobPayload(id, parsed.error.issues.map((i) => `${i.path.join(".") || "payload"}: ${i.message}`).join("; "));
      }
      await handler(parsed.data, job);
    },
  };
}

const id = z.string().min(1);
const isoDate = z.string().min(1);

export const mailJobSchema = z.object({
  businessId: id.optional(),
  kind: z.string(),
  message: z.object({
    to: z.string().min(1),
    subject: z.string(),
    text: z.string(),
    html: z.string(),
    fromName: z.string().optional(),
    replyTo: z.string().optional(),
    messageId: z.string().optional(),
    headers: z.record(z.string(), z.string()).optional(),
    icalEvent: z.object({ method: z.enum(["REQUEST", "CANCEL"]), filename: z.string(), content: z.string() }).optional(),
  }),
  unsubscribeUrl: z.string().optional(),
}) satisfies z.ZodType<MailJob>;

export const domainEventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("lead.created"), businessId: id, leadId: id }),
  z.object({ type: z.literal("reminder.due"), businessId: id, reminderId: id, leadId: id, dueAt: isoDate }),
  z.object({ type: z.literal("lead.unsubscribed"), businessId: id, email: z.string(), leadIds: z.array(id) }),
  z.object({ type: z.literal("lead.scored"), businessId: id, leadId: id, score: z.number() }),
  z.object({ type: z.literal("lead.status_changed"), businessId: id, leadId: id, from: z.string(), to: z.string(), eventId: id }),
  z.object({ type: z.literal("message.received"), businessId: id, leadId: id, messageId: id, text: z.string() }),
  z.object({ type: z.literal("lead.updated"), businessId: id, leadId: id, changeId: id, changes: z.array(z.string()) }),
  z.object({ type: z.literal("conversation.ended"), businessId: id, conversationId: id }),
  z.object({ type: z.literal("automation.run.failed"), businessId: id, automationId: id, runId: id, leadId: id.nullable(), error: z.string() }),
  z.object({ type: z.literal("conversation.person_requested"), businessId: id, conversationId: id, messageId: id }),
  z.object({ type: z.literal("lead.team_replied"), businessId: id, leadId: id, replyId: id }),
  z.object({ type: z.literal("appointment.booked"), businessId: id, leadId: id, appointmentId: id, sequence: z.number().int() }),
  z.object({ type: z.literal("appointment.rescheduled"), businessId: id, leadId: id, appointmentId: id, sequence: z.number().int() }),
  z.object({ type: z.literal("appointment.cancelled"), businessId: id, leadId: id, appointmentId: id, sequence: z.number().int() }),
]) satisfies z.ZodType<DomainEvent>;

export const automationJobSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("start"), businessId: id, automationId: id, leadId: id, settled: z.boolean().optional() }),
  z.object({ kind: z.literal("step"), businessId: id, runId: id }),
  z.object({ kind: z.literal("check"), businessId: id, automationId: id, leadId: id, since: isoDate }),
  z.object({ kind: z.literal("settle"), businessId: id, leadId: id, lastMessageAt: isoDate }),
  z.object({ kind: z.literal("cancel"), businessId: id, leadIds: z.array(id), reason: z.string() }),
]) satisfies z.ZodType<AutomationJob>;

export const webhookJobSchema = z.object({
  businessId: id,
  endpointId: id,
  event: z.string().min(1),
  body: z.string(),
  redeliveryOfId: id.optional(),
}) satisfies z.ZodType<WebhookJob>;

const passwordResetJobSchema = z.object({ userId: id, email: z.string().min(1) }) satisfies z.ZodType<PasswordResetJob>;
const inviteEmailJobSchema = z.object({ inviteId: id, inviterName: z.string() }) satisfies z.ZodType<InviteEmailJob>;
const overageJobSchema = z.object({ leadId: id }) satisfies z.ZodType<OverageJob>;
const utcText = z.string().min(1).max(40);
const leadQuotaJobSchema = z.object({
  businessId: id,
  leadId: id,
  capturedAt: utcText,
  business: z.object({
    isDemo: z.boolean(),
    subscriptionStatus: z.string().max(40),
    plan: z.string().max(40).nullable(),
    trialEnd: utcText.nullable(),
    currentPeriodStart: utcText.nullable(),
    stripeCustomerId: z.string().max(255).nullable(),
    timeZone: z.string().max(80),
  }),
}) satisfies z.ZodType<LeadQuotaJob>;
const sandboxJobSchema = z.object({ businessId: id }) satisfies z.ZodType<SandboxJob>;
const takeoverJobSchema = z.object({ conversationId: id, activeAt: isoDate }) satisfies z.ZodType<TakeoverJob>;
const billingOperationJobSchema = z.object({ operationId: id }) satisfies z.ZodType<BillingOperationJob>;
const billingRefreshJobSchema = z.object({ businessId: id }) satisfies z.ZodType<BillingRefreshJob>;
const outreachSendJobSchema = z.object({ emailId: id }) satisfies z.ZodType<OutreachSendJob>;
const chatRecoveryJobSchema = z.object({ scope: z.enum(["startup", "tick"]), startedAt: isoDate.optional() }) satisfies z.ZodType<ChatRecoveryJob>;
const smsSendJobSchema = z.object({ smsId: id }) satisfies z.ZodType<SmsSendJob>;
const smsInboundJobSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("message"), smsId: id }),
  z.object({ kind: z.literal("continue"), businessId: id, conversationId: id, phone: z.string().min(1), afterSeq: z.number().int() }),
  z.object({ kind: z.literal("agent"), businessId: id, conversationId: id, messageId: id }),
]) satisfies z.ZodType<SmsInboundJob>;
const missedCallJobSchema = z.object({ callId: id }) satisfies z.ZodType<MissedCallJob>;
const appointmentMailJobSchema = z.object({
  appointmentId: id,
  sequence: z.number().int(),
  change: z.enum(["booked", "rescheduled", "reassigned", "cancelled"]),
  previousAssigneeUserId: id.nullable().optional(),
}) satisfies z.ZodType<AppointmentMailJob>;
const appointmentReminderJobSchema = z.object({ appointmentId: id, sequence: z.number().int(), before: z.enum(["24h", "1h"]) }) satisfies z.ZodType<AppointmentReminderJob>;
const pushJobSchema = z.object({
  businessId: id,
  subscriptionId: id,
  payload: z.object({ kind: z.enum([...PUSH_EVENT_IDS, "test"]), title: z.string(), body: z.string(), url: z.string().startsWith("/"), tag: z.string() }),
}) satisfies z.ZodType<PushJob>;
const waitingJobSchema = z.object({ businessId: id, conversationId: id, agentUserId: id, seq: z.number().int() }) satisfies z.ZodType<WaitingJob>;
const exportJobSchema = z.object({ exportId: id }) satisfies z.ZodType<ExportJob>;
/** A schedule's tick carries nothing the handler reads (pg-boss may store `{}` or null). */
const tickSchema = z.unknown();

/** Every job of the process, one entry per queue of queue/queues.ts (checked by `checkRegistry`). */
export function jobRegistry(services: AppServices, realtime: JobRealtime): RegisteredJob[] {
  const mail = { db: services.db, mailer: services.mailer, mailFrom: services.env.MAIL_FROM, onOutcome: services.metrics.mail };
  const account = { ...mail, appUrl: services.env.PUBLIC_APP_URL };
  const sandbox = sandboxJobHandlers({ db: services.db, sessionsEnded: (userId) => realtime.userSessionsEnded(userId), logger: services.logger });
  const billing = billingJobHandlers(services, (businessId, update) => realtime.billingUpdated(businessId, update));
  const ticks = new Map(scheduleHandlers(services, realtime).map((h) => [h.name, h] as const));
  const tick = (name: string) => {
    const handler = ticks.get(name);
    if (!handler) throw new Error(`no schedule handler for ${name}`);
    return defineJob(name, tickSchema, (data, job) => handler.run(data, job));
  };
  const handle = <T>(queue: string, schema: z.ZodType<T>, handler: JobHandler<T>) => defineJob(queue, schema, (data, job) => handler.run(data, job));
  const smsDeps = { db: services.db, box: services.webhooks.box, env: services.env, appUrl: services.env.PUBLIC_APP_URL, onSmsOutcome: services.metrics.sms };
  const live = {
    leadCreated: (businessId: string, lead: Parameters<NonNullable<JobRealtime["leadCreated"]>>[1]) => realtime.leadCreated?.(businessId, lead),
    leadUpdated: (businessId: string, lead: Parameters<NonNullable<JobRealtime["leadUpdated"]>>[1]) => realtime.leadUpdated?.(businessId, lead),
  };
  const automationLive = {
    ...live,
    notification: (businessId: string, notification: Parameters<JobRealtime["notification"]>[1]) => realtime.notification(businessId, notification),
    automationRuns: (businessId: string, automationId: string) => realtime.automationRuns?.(businessId, automationId),
  };
  const automation = automationJobHandler(commandContext(services, automationLive), {
    mail,
    unsubscribe: unsubscribeSigner(services),
    // Two-way SMS (decision 0068): the business's own Twilio account, else the platform's TWILIO_*.
    sms: automationSmsSender({ ...smsDeps, quietHours: services.env.SMS_QUIET_HOURS }),
  });
  const privacy = privacyJobHandlers({ db: services.db, dataDir: services.env.DATA_DIR, logger: services.logger, sessionsEnded: (userId) => realtime.userSessionsEnded(userId) });
  return [
    handle(MAIL_QUEUE, mailJobSchema, mailJobHandler(mail)),
    handle(PASSWORD_RESET_QUEUE, passwordResetJobSchema, passwordResetJobHandler(account)),
    handle(INVITE_EMAIL_QUEUE, inviteEmailJobSchema, inviteEmailJobHandler(account)),
    defineJob(EVENT_QUEUE, domainEventSchema, async (event) => {
      await services.jobs.enqueue(services.db, await jobsForEvent(services, event));
    }),
    handle(OVERAGE_QUEUE, overageJobSchema, overageJobHandler(services)),
    handle(LEAD_QUOTA_QUEUE, leadQuotaJobSchema, leadQuotaJobHandler(services)),
    tick(REMINDER_DUE_TICK),
    tick(RESPONSE_ROLLUP_TICK),
    tick(DAILY_SUMMARY_TICK),
    tick(DB_MAINTENANCE_TICK),
    tick(TRIAL_ENDING_TICK),
    handle(AUTOMATION_QUEUE, automationJobSchema, automation),
    defineJob(TAKEOVER_IDLE_QUEUE, takeoverJobSchema, async (job) => {
      await realtime.takeoverIdle?.(job);
    }),
    handle(SANDBOX_DELETE_QUEUE, sandboxJobSchema, sandbox.deleteOne),
    handle(SANDBOX_HISTORY_QUEUE, sandboxJobSchema, sandbox.history),
    defineJob(SANDBOX_SWEEP_TICK, tickSchema, (data, job) => sandbox.sweep.run(data, job)),
    defineJob(SANDBOX_PREPARE_QUEUE, tickSchema, (data, job) => sandbox.prepare.run(data, job)),
    tick(ANALYTICS_FOLD_TICK),
    handle(BILLING_OPERATION_QUEUE, billingOperationJobSchema, billing.operations),
    handle(BILLING_REFRESH_QUEUE, billingRefreshJobSchema, billing.refresh),
    handle(WEBHOOK_QUEUE, webhookJobSchema, webhookJobHandler({ ...services, onDeliveryOutcome: services.metrics.webhook })),
    handle(OUTREACH_SEND_QUEUE, outreachSendJobSchema, outreachJobHandler({ db: services.db, jobs: services.jobs, unsubscribe: unsubscribeSigner(services) })),
    defineJob(PUSH_QUEUE, pushJobSchema, async (job) => {
      const { webhooks } = services;
      await sendPush({ db: services.db, logger: services.logger, vapid: services.vapid, policy: webhooks.policy, resolver: webhooks.resolver, timeoutMs: webhooks.timeoutMs }, job);
    }),
    handle(CHAT_RECOVERY_QUEUE, chatRecoveryJobSchema, chatRecoveryJobHandler(services, (ids) => realtime.recoverTurns?.(ids) ?? Promise.resolve())),
    handle(SMS_SEND_QUEUE, smsSendJobSchema, smsSendJobHandler(smsDeps)),
    handle(
      SMS_INBOUND_QUEUE,
      smsInboundJobSchema,
      smsInboundJobHandler({
        db: services.db,
        jobs: services.jobs,
        logger: services.logger,
        ...(realtime.smsTurn ? { smsTurn: realtime.smsTurn } : {}),
        smsLead: (args) => createSmsLead(commandContext(services, live), args),
        quietHours: services.env.SMS_QUIET_HOURS,
      }),
    ),
    handle(MISSED_CALL_QUEUE, missedCallJobSchema, missedCallJobHandler(commandContext(services, live))),
    handle(APPOINTMENT_MAIL_QUEUE, appointmentMailJobSchema, appointmentMailHandler(services)),
    handle(APPOINTMENT_REMINDER_QUEUE, appointmentReminderJobSchema, appointmentReminderHandler(services)),
    tick(BACKUP_NIGHTLY_TICK),
    defineJob(PUSH_WAITING_QUEUE, waitingJobSchema, async (job) => {
      await services.jobs.enqueue(services.db, await visitorWaitingPushes(services.db, job));
      services.jobs.wake(PUSH_QUEUE);
    }),
    handle(PRIVACY_EXPORT_QUEUE, exportJobSchema, privacy.exportZip),
    defineJob(PRIVACY_TICK, tickSchema, (data, job) => privacy.tick.run(data, job)),
  ];
}

/** Each queue of queue/queues.ts has exactly one job in the registry, and nothing else is registered. */
export function checkRegistry(jobs: readonly { name: string }[]): void {
  const names = jobs.map((j) => j.name);
  const duplicated = names.filter((n, i) => names.indexOf(n) !== i);
  const missing = QUEUES.map((q) => q.name).filter((n) => !names.includes(n));
  const unknown = names.filter((n) => !QUEUES.some((q) => q.name === n));
  if (duplicated.length || missing.length || unknown.length) {
    throw new Error(`job registry: ${[duplicated.length ? `registered twice: ${duplicated.join(", ")}` : "", missing.length ? `no job for: ${missing.join(", ")}` : "", unknown.length ? `no queue for: ${unknown.join(", ")}` : ""].filter(Boolean).join("; ")}`);
  }
}
