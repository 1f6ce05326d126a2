// Every durable job handler of the process (DESIGN §10), started by server/main.ts and by the test
// servers once the services exist. A new kind of job is added here (and its queue in queue/queues.ts).
import type { AppServices } from "../services.server.ts";
import type { WorkspaceEvents } from "../realtime/realtime.server.ts";
import type { DomainEvent } from "../events/domain-events.ts";
import { jobsForEvent } from "../events/subscribers.server.ts";
import { mailJobHandler } from "../mail/mail-jobs.server.ts";
import { overageJobHandler } from "../billing/overage-reporter.server.ts";
import { billingJobHandlers } from "../billing/jobs/billing-jobs.server.ts";
import { passwordResetJobHandler } from "../auth/password-reset.server.ts";
import { inviteEmailJobHandler } from "../team/invites.server.ts";
import { sandboxJobHandlers } from "../demo/sandbox.server.ts";
import { webhookJobHandler } from "../webhooks/deliveries.server.ts";
import { outreachJobHandler } from "../outreach/campaigns.server.ts";
import type { JobHandler } from "./queue/job-queue.server.ts";
import { EVENT_QUEUE, TAKEOVER_IDLE_QUEUE } from "./queue/queues.ts";
import type { TakeoverJob } from "../chat/takeover-store.server.ts";
import { scheduleHandlers, schedules } from "./schedules.server.ts";
import { automationJobHandler } from "../automations/runs.server.ts";
import { unsubscribeSigner } from "../mail/unsubscribe.server.ts";
import { chatRecoveryJobHandler, recoverySettings, startupRecoveryJob } from "../chat/turn-recovery.server.ts";

/** What the handlers push to open workspaces (socket.io), from the application. */
export type JobRealtime = Pick<WorkspaceEvents, "notification" | "userSessionsEnded" | "billingUpdated"> & Partial<Pick<WorkspaceEvents, "takeoverIdle" | "automationRuns" | "recoverTurns">>;

export function jobHandlers(services: AppServices, realtime: JobRealtime): JobHandler<never>[] {
  const mail = { db: services.db, mailer: services.mailer, mailFrom: services.env.MAIL_FROM };
  const handlers: JobHandler<never>[] = [
    mailJobHandler(mail) as JobHandler<never>,
    passwordResetJobHandler({ ...mail, appUrl: services.env.PUBLIC_APP_URL }) as JobHandler<never>,
    inviteEmailJobHandler({ ...mail, appUrl: services.env.PUBLIC_APP_URL }) as JobHandler<never>,
    {
      name: EVENT_QUEUE,
      async run(event: DomainEvent) {
        await services.jobs.enqueue(services.db, await jobsForEvent(services, event));
      },
    } as JobHandler<never>,
    overageJobHandler(services) as JobHandler<never>,
    ...scheduleHandlers(services, realtime),
    automationJobHandler({
      db: services.db,
      jobs: services.jobs,
      mail,
      unsubscribe: unsubscribeSigner(services),
      ...(services.sms ? { sms: services.sms } : {}),
      notify: (businessId, notification) => realtime.notification(businessId, notification),
      runsChanged: (businessId, automationId) => realtime.automationRuns?.(businessId, automationId),
    }) as JobHandler<never>,
    {
      name: TAKEOVER_IDLE_QUEUE,
      async run(job: TakeoverJob) {
        await realtime.takeoverIdle?.(job);
      },
    } as JobHandler<never>,
    ...sandboxJobHandlers({ db: services.db, sessionsEnded: (userId) => realtime.userSessionsEnded(userId), logger: services.logger }),
    ...billingJobHandlers(services, (businessId, update) => realtime.billingUpdated(businessId, update)),
    webhookJobHandler(services) as JobHandler<never>,
    outreachJobHandler({ db: services.db, jobs: services.jobs, unsubscribe: unsubscribeSigner(services) }) as JobHandler<never>,
    chatRecoveryJobHandler(services, (ids) => realtime.recoverTurns?.(ids) ?? Promise.resolve()) as JobHandler<never>,
  ];
  return handlers;
}

/**
 * Starts the job workers of a process, and queues its start-up look for chat turns a crash left
 * unfinished (server/chat/turn-recovery.server.ts).
 */
export async function startJobWorkers(services: AppServices, realtime: JobRealtime): Promise<void> {
  const startedAt = new Date();
  await services.jobs.start(jobHandlers(services, realtime), schedules);
  await services.jobs.enqueue(services.db, [startupRecoveryJob(startedAt, recoverySettings(services).soleProcess, recoverySettings(services).staleAfterMs)]);
}
