// Starts the durable jobs of the process (DESIGN §10), from server/main.ts and the test servers once
// the services exist. A new kind of job is one entry of registry.server.ts (id, payload schema,
// handler) and its queue's policy in queue/queues.ts.
import type { AppServices } from "../services.server.ts";
import { checkRegistry, jobRegistry, type JobRealtime, type RegisteredJob } from "./registry.server.ts";
import { schedules } from "./schedules.server.ts";

export type { JobRealtime };

export function jobHandlers(services: AppServices, realtime: JobRealtime): RegisteredJob[] {
  const jobs = jobRegistry(services, realtime);
  checkRegistry(jobs);
  return jobs;
}

/** Starts the job workers of a process. */
export function startJobWorkers(services: AppServices, realtime: JobRealtime): Promise<void> {
  return services.jobs.start(jobHandlers(services, realtime), schedules);
}
