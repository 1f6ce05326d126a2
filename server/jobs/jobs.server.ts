// The process's periodic jobs, started by server/main.ts and stopped at shutdown.
import type { AppServices } from "../services.server.ts";
import { sendDailySummaries } from "./daily-summary.server.ts";
import { startScheduler, type Scheduler } from "./scheduler.server.ts";
import { sendTrialEndingReminders } from "./trial-ending.server.ts";

/** How often due daily summaries are looked for (each goes out once per local day). */
const DAILY_SUMMARY_CHECK_MS = 10 * 60 * 1000;
/** How often cardless trials ending within three days are looked for (each business is told once). */
const TRIAL_ENDING_CHECK_MS = 60 * 60 * 1000;

export function startJobs(services: AppServices): Scheduler {
  return startScheduler(
    [
      {
        name: "daily-summary",
        intervalMs: DAILY_SUMMARY_CHECK_MS,
        firstRunMs: 30 * 1000,
        run: async (now) => {
          const sent = await sendDailySummaries(services, now);
          if (sent.length) services.logger.info(`[jobs] daily summaries sent for ${sent.length} business(es)`);
        },
      },
      {
        name: "trial-ending",
        intervalMs: TRIAL_ENDING_CHECK_MS,
        firstRunMs: 60 * 1000,
        run: async (now) => {
          const sent = await sendTrialEndingReminders(services, now);
          if (sent.length) services.logger.info(`[jobs] trial-ending reminders sent for ${sent.length} business(es)`);
        },
      },
    ],
    services.logger,
  );
}
