// A small in-process scheduler for periodic jobs (the daily summary). Each task runs every intervalMs,
// never overlapping itself; errors are logged and the next tick tries again. Jobs must be idempotent
// (several instances may run them). stop() clears the timers and waits for runs in progress.
import type { Logger } from "../mail/mailer.server.ts";

export type ScheduledTask = {
  name: string;
  intervalMs: number;
  /** Delay before the first run (default: one interval). */
  firstRunMs?: number;
  run(now: Date): Promise<unknown>;
};

export type Scheduler = { stop(): Promise<void> };

export function startScheduler(tasks: ScheduledTask[], logger: Logger): Scheduler {
  const timers: ReturnType<typeof setTimeout>[] = [];
  const running = new Set<Promise<void>>();
  let stopped = false;

  for (const task of tasks) {
    let busy = false;
    const tick = () => {
      if (stopped || busy) return;
      busy = true;
      const run = task
        .run(new Date())
        .then(
          () => undefined,
          (error: unknown) => logger.error(`[jobs] ${task.name} failed`, error),
        )
        .finally(() => {
          busy = false;
          running.delete(run);
        });
      running.add(run);
    };
    const first = setTimeout(() => {
      tick();
      const every = setInterval(tick, task.intervalMs);
      every.unref();
      timers.push(every);
    }, task.firstRunMs ?? task.intervalMs);
    first.unref();
    timers.push(first);
  }

  return {
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      await Promise.all([...running]);
    },
  };
}
