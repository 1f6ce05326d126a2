// Starts the durable jobs of the process (DESIGN §10), from server/main.ts and the test servers once
// the services exist. A new kind of job is one entry of registry.server.ts (id, payload schema,
// handler) and its queue's policy in queue/queues.ts.
import type { AppServices } from "../services.server.ts";
import { checkRegistry, jobRegistry, type JobRealtime, type RegisteredJob } from "./registry.server.ts";
import { schedules } from "./schedules.server.ts";
import { recoverySettings, startupRecoveryJob } from "../chat/turn-recovery.server.ts";
import { CHAT_RECOVERY_QUEUE } from "./queue/queues.ts";

export type { JobRealtime };

export function jobHandlers(services: AppServices, realtime: JobRealtime): RegisteredJob[] {
  const jobs = jobRegistry(services, realtime);
  checkRegistry(jobs);
  return jobs;
}

/**
 * Starts the job workers of a process, and queues its start-up look for chat turns a crash left
 * unfinished (server/chat/turn-recovery.server.ts).
 */
export async function startJobWorkers(services: AppServices, realtime: JobRealtime): Promise<void> {
  const startedAt = new Date();
  // The handlers reach the database through its background client (decision 0097).
  await services.jobs.start(jobHandlers({ ...services, db: services.backgroundDb }, realtime), schedules);
  const { soleProcess, staleAfterMs } = recoverySettings(services);
  await services.jobs.enqueue(services.db, [startupRecoveryJob(startedAt, soleProcess, staleAfterMs)]);
  // Visitors waiting on a turn the last process left unanswered: looked for now, not at the next
  // coalesced notification.
  services.jobs.wake(CHAT_RECOVERY_QUEUE);
}
