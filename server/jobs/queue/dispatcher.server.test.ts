// The dispatcher's timing (decision 0093), on fake timers and a recording database: a timer that fires
// when nothing is due yet (Node's timers can fire a millisecond before Date.now() reaches their time)
// must plan the next look again, or a delayed job and the fallback poll wait for an unrelated wake.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createDispatcher } from "./dispatcher.server.ts";

const quiet = { info() {}, warn() {}, error() {}, debug() {} } as never;

beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2026, 10, 28, 12, 0, 0) });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the job dispatcher's timer", () => {
  it("plans the next look again when it fired before anything was due", async () => {
    const t0 = Date.now();
    const looked: string[][] = [];
    const db = {
      async executeSql(_sql: string, params?: unknown[]) {
        const names = params![2] as string[];
        looked.push(names);
        // The first look (every queue) sees a job of "q" due a second from now.
        return { rows: looked.length === 1 ? [{ id: null, name: "q", data: null, singleton_key: null, retry_count: null, expire_seconds: null, next_due: new Date(t0 + 1_000) }] : [] };
      },
    };
    const dispatcher = createDispatcher({
      schema: "pgboss",
      db,
      logger: quiet,
      queues: [{ name: "q", batchSize: 1, workers: 1, run: async () => ({ completed: [] }) }],
      fallbackPollMs: 60_000,
    });
    dispatcher.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(looked).toEqual([["q"]]);

    // The due-time timer (at t0 + 1,005 ms) fires while Date.now() is still 10 ms short of it.
    await vi.advanceTimersByTimeAsync(1_000);
    vi.setSystemTime(Date.now() - 10);
    await vi.advanceTimersByTimeAsync(5);
    expect(looked).toHaveLength(1);

    // It looks at "q" once the time has really come.
    await vi.advanceTimersByTimeAsync(50);
    expect(looked).toEqual([["q"], ["q"]]);
    await dispatcher.stop();
  });
});
