// The privacy jobs (decision 0074): `privacy.export` builds an export's zip; the hourly `privacy.tick`
// applies transcript retention, purges businesses past their deletion grace period (their members'
// open pages are signed out) and removes expired export files.
import type { Db } from "../db/client.server.ts";
import type { JobHandler } from "../jobs/queue/job-queue.server.ts";
import { PRIVACY_EXPORT_QUEUE, PRIVACY_TICK, queueSpec } from "../jobs/queue/queues.ts";
import type { Logger } from "../shared/logger.ts";
import { removeExpiredExports, runExport, type ExportJob } from "./export.server.ts";
import { applyTranscriptRetention, businessesDueForPurge, purgeBusiness } from "./lifecycle.server.ts";

export type PrivacyJobDeps = { db: Db; dataDir: string; logger: Logger; sessionsEnded(userId: string): void };

/** One tick's work, at `now` (tests pass a later clock). */
export async function runPrivacyTick(deps: PrivacyJobDeps, now = new Date()): Promise<{ messagesDeleted: number; businessesPurged: number; exportsExpired: number }> {
  let messagesDeleted = 0;
  for (const count of (await applyTranscriptRetention(deps.db, now)).values()) messagesDeleted += count;
  let businessesPurged = 0;
  for (const id of await businessesDueForPurge(deps.db, now)) {
    const { deleted, userIds } = await purgeBusiness(deps, id, now);
    if (!deleted) continue;
    businessesPurged++;
    for (const userId of userIds) deps.sessionsEnded(userId);
  }
  const exportsExpired = await removeExpiredExports(deps, now);
  if (messagesDeleted || businessesPurged || exportsExpired) {
    deps.logger.info(`[privacy] retention deleted ${messagesDeleted} message(s); ${businessesPurged} business(es) purged; ${exportsExpired} export(s) expired`);
  }
  return { messagesDeleted, businessesPurged, exportsExpired };
}

export function privacyJobHandlers(deps: PrivacyJobDeps): { exportZip: JobHandler<ExportJob>; tick: JobHandler<unknown> } {
  const retries = queueSpec(PRIVACY_EXPORT_QUEUE).retryLimit;
  return {
    exportZip: { name: PRIVACY_EXPORT_QUEUE, run: (data, job) => runExport(deps, data, job.attempt > retries) },
    tick: {
      name: PRIVACY_TICK,
      async run() {
        await runPrivacyTick(deps);
      },
    },
  };
}
