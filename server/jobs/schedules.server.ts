// The process's schedules (DESIGN §10): pg-boss cron entries, each tick a job of its own queue, taken
// by one instance however many run. The ticks look for what is due (in each business's time zone)
// and queue it: follow-up reminders falling due, the daily summary from 07:00 local time, the
// trial-ending e-mails; the dashboard's hourly response-time roll-up; and the sweep of expired demo
// sandboxes (its handler is in server/demo/sandbox.server.ts); on PGlite, the hourly VACUUM of the
// busiest tables and a checkpoint (db-maintenance.server.ts); every minute, the analytics deltas folded (decision 0046).
import type { AppServices } from "../services.server.ts";
import type { JobHandler, JobSchedule } from "./queue/job-queue.server.ts";
import { ANALYTICS_FOLD_TICK, BACKUP_NIGHTLY_TICK, CHAT_RECOVERY_QUEUE, DAILY_SUMMARY_TICK, DB_MAINTENANCE_TICK, REMINDER_DUE_TICK, RESPONSE_ROLLUP_TICK, SANDBOX_SWEEP_TICK, TRIAL_ENDING_TICK, PRIVACY_TICK } from "./queue/queues.ts";
import { rollUpResponseTimes } from "../dashboard/response-times.server.ts";
import { notifyDueReminders } from "../leads/reminder-due.server.ts";
import type { WorkspaceEvents } from "../realtime/realtime.server.ts";
import { queueDailySummaries } from "./daily-summary.server.ts";
import { queueTrialEndingReminders } from "./trial-ending.server.ts";
import { checkpointWithoutCheckpointer, vacuumWithoutAutovacuum } from "./db-maintenance.server.ts";
import { foldAnalytics } from "../analytics/analytics-fold.server.ts";
import { nightlyBackup } from "../backup/backups.server.ts";

export const schedules: JobSchedule[] = [
  // Every 10 minutes: a business's summary goes out within 10 minutes of 07:00 in its time zone.
  { name: DAILY_SUMMARY_TICK, cron: "*/10 * * * *" },
  { name: TRIAL_ENDING_TICK, cron: "7 * * * *" },
  // Every minute (cron's finest): a reminder is told within a minute of its time.
  { name: REMINDER_DUE_TICK, cron: "* * * * *" },
  // At :15, once the last hour has settled (response-times.server.ts SETTLE_MS).
  { name: RESPONSE_ROLLUP_TICK, cron: "15 * * * *" },
  // Hourly: demo sandboxes past their 24 hours whose own deletion job did not run (decision 0026).
  { name: SANDBOX_SWEEP_TICK, cron: "40 * * * *" },
  // Hourly, away from the other ticks: VACUUM (ANALYZE) on PGlite, which has no autovacuum (decision 0040).
  { name: DB_MAINTENANCE_TICK, cron: "50 * * * *" },
  // Every minute: chat turns a crash left unfinished (server/chat/turn-recovery.server.ts, decision 0044).
  { name: CHAT_RECOVERY_QUEUE, cron: "* * * * *", data: { scope: "tick" } },
  // Every minute: the deltas the chat's statements append to the analytics roll-ups, folded (decision 0046).
  { name: ANALYTICS_FOLD_TICK, cron: "* * * * *" },
  // 03:30 UTC: the nightly backup on PGlite, into DATA_DIR/backups with its retention (decision 0073).
  { name: BACKUP_NIGHTLY_TICK, cron: "30 3 * * *" },
  // Hourly: transcript retention, businesses past their deletion grace, expired exports (server/privacy/, decision 0074).
  { name: PRIVACY_TICK, cron: "25 * * * *" },
];

/** The ticks' handlers (no payload: a tick looks for what is due). */
export function scheduleHandlers(services: AppServices, realtime: Pick<WorkspaceEvents, "notification">): JobHandler<unknown>[] {
  return [
    {
      name: REMINDER_DUE_TICK,
      async run() {
        // Stored (and their e-mails queued) first; the live push to open workspaces follows.
        for (const { businessId, notification } of await notifyDueReminders(services)) realtime.notification(businessId, notification);
      },
    },
    {
      name: RESPONSE_ROLLUP_TICK,
      async run() {
        await rollUpResponseTimes(services.db, new Date());
      },
    },
    {
      name: DAILY_SUMMARY_TICK,
      async run() {
        const queued = await queueDailySummaries(services);
        if (queued.length) services.logger.info(`[jobs] daily summaries queued for ${queued.length} business(es)`);
      },
    },
    {
      name: DB_MAINTENANCE_TICK,
      async run() {
        const started = Date.now();
        const tables = await vacuumWithoutAutovacuum(services.db);
        // After the vacuum, so the pages it wrote are in the checkpoint and its log recycled with the rest.
        const checkpointed = await checkpointWithoutCheckpointer(services.db);
        if (tables.length || checkpointed) {
          services.logger.info(
            `[jobs] vacuumed ${tables.length} table(s)${checkpointed ? " and checkpointed" : ""} in ${Date.now() - started} ms (no autovacuum, no checkpointer)`,
          );
        }
      },
    },
    {
      name: ANALYTICS_FOLD_TICK,
      async run() {
        await foldAnalytics(services.db);
      },
    },
    {
      name: TRIAL_ENDING_TICK,
      async run() {
        const queued = await queueTrialEndingReminders(services);
        if (queued.length) services.logger.info(`[jobs] trial-ending e-mails queued for ${queued.length} business(es)`);
      },
    },
    {
      name: BACKUP_NIGHTLY_TICK,
      async run() {
        // PostgreSQL's backups are its operator's (pg_dump or `npm run backup`, docs/operations.md).
        const { env } = services;
        if (env.DATABASE_URL || !env.BACKUP_NIGHTLY) return;
        await nightlyBackup({
          db: services.db,
          database: "pglite",
          dataDir: env.DATA_DIR,
          policy: { daily: env.BACKUP_KEEP_DAILY, weekly: env.BACKUP_KEEP_WEEKLY },
          logger: services.logger,
        });
      },
    },
  ];
}
