// Every durable job handler of the process (DESIGN §10), started by server/main.ts and by the test
// servers once the services exist. A new kind of job is added here and nowhere else.
import type { AppServices } from "../services.server.ts";
import { mailJobHandler } from "../mail/mail-jobs.server.ts";
import type { JobHandler } from "./queue/job-queue.server.ts";

export function jobHandlers(services: AppServices): JobHandler<never>[] {
  return [mailJobHandler({ db: services.db, mailer: services.mailer, mailFrom: services.env.MAIL_FROM }) as JobHandler<never>];
}

/** Starts the job workers of a process. */
export function startJobWorkers(services: AppServices): Promise<void> {
  return services.jobs.start(jobHandlers(services));
}
