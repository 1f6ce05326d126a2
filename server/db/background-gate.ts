// Background work yields to the chat (decision 0097). The job layer reaches the database through a
// client of its own (Database.background: its handlers' Prisma client and its own statements' runner),
// which lets only a few of its statements and transactions be in flight at once. On PGlite's one
// connection, statements run first come, first served: a burst of jobs (a minute's follow-up reminders
// across 100 businesses, their events, their pushes: hundreds of statements issued together) otherwise
// stood in front of every visitor's turn. The chat, pages and the API use the other client: they never
// wait here. (Not an AsyncLocalStorage context: on Node 20 one turns on promise hooks for the whole
// process, about 140 ns more per await, measured, which the chat turn's CPU budget cannot spare.)
import { performance } from "node:perf_hooks";

export type BackgroundGateStats = {
  /** Background statements and transactions that went through the gate. */
  passed: number;
  /** Of those, how many waited for a slot, and for how long in all. */
  waited: number;
  waitedMs: number;
  /** Went ahead without a slot after `maxWaitMs` (see createBackgroundGate). */
  overflowed: number;
  /** Waiting for a slot now. */
  waiting: number;
};

export type BackgroundGate = {
  /**
   * Runs `work` once a slot is free, and frees the slot when it ends: a statement, or a whole
   * transaction (BEGIN to COMMIT or ROLLBACK; its own statements then pass freely).
   */
  run<T>(work: () => Promise<T>): Promise<T>;
  stats(): BackgroundGateStats;
};

export type BackgroundGateOptions = {
  /** Background statements or transactions in flight at once. */
  slots: number;
  /**
   * The gate paces; it is not a lock. A background transaction that, while holding a slot, waited for
   * another slot of its own (a statement outside it) could wait for ever once every slot were held so:
   * after this long, a waiting request goes ahead without a slot.
   */
  maxWaitMs?: number;
};

export function createBackgroundGate(options: BackgroundGateOptions): BackgroundGate {
  const slots = Math.max(1, Math.floor(options.slots));
  const maxWaitMs = options.maxWaitMs ?? 2_000;
  let busy = 0;
  const waiting: { grant: () => void }[] = [];
  const counts = { passed: 0, waited: 0, waitedMs: 0, overflowed: 0 };

  function release() {
    const next = waiting.shift();
    if (next) next.grant();
    else busy -= 1;
  }

  /** Resolves to the release of a slot (or of nothing, when it went ahead after maxWaitMs). */
  function acquire(): Promise<() => void> {
    counts.passed += 1;
    if (busy < slots) {
      busy += 1;
      return Promise.resolve(release);
    }
    const queuedAt = performance.now();
    return new Promise((resolve) => {
      const entry = {
        grant: () => {
          clearTimeout(timer);
          counts.waited += 1;
          counts.waitedMs += performance.now() - queuedAt;
          resolve(release); // the slot passes from the releaser to this one: busy is unchanged
        },
      };
      const timer = setTimeout(() => {
        const at = waiting.indexOf(entry);
        if (at === -1) return;
        waiting.splice(at, 1);
        counts.overflowed += 1;
        counts.waited += 1;
        counts.waitedMs += performance.now() - queuedAt;
        resolve(() => undefined);
      }, maxWaitMs);
      timer.unref?.();
      waiting.push(entry);
    });
  }

  return {
    async run(work) {
      const done = await acquire();
      try {
        return await work();
      } finally {
        done();
      }
    },
    stats: () => ({ ...counts, waiting: waiting.length }),
  };
}
