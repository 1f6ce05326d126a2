import { afterEach, describe, expect, it, vi } from "vitest";
import { startScheduler } from "./scheduler.server.ts";

const logger = { info: () => {}, warn: () => {}, error: vi.fn() };

afterEach(() => {
  vi.useRealTimers();
});

describe("scheduler", () => {
  it("runs a task every interval, logs a failure and keeps going, and stops", async () => {
    vi.useFakeTimers();
    let runs = 0;
    const scheduler = startScheduler(
      [
        {
          name: "count",
          intervalMs: 1000,
          firstRunMs: 10,
          run: async () => {
            runs += 1;
            if (runs === 2) throw new Error("boom");
          },
        },
      ],
      logger,
    );
    await vi.advanceTimersByTimeAsync(10);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(runs).toBe(3);
    expect(logger.error).toHaveBeenCalledTimes(1);
    await scheduler.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(3);
  });

  it("never overlaps a slow run with itself, and stop waits for it", async () => {
    vi.useFakeTimers();
    let active = 0;
    let maxActive = 0;
    let finished = 0;
    const scheduler = startScheduler(
      [
        {
          name: "slow",
          intervalMs: 100,
          firstRunMs: 0,
          run: async () => {
            active += 1;
            maxActive = Math.max(maxActive, active);
            await new Promise((r) => setTimeout(r, 350));
            active -= 1;
            finished += 1;
          },
        },
      ],
      logger,
    );
    await vi.advanceTimersByTimeAsync(500);
    expect(maxActive).toBe(1);
    const stopping = scheduler.stop();
    await vi.advanceTimersByTimeAsync(400);
    await stopping;
    expect(active).toBe(0);
    expect(finished).toBeGreaterThanOrEqual(2);
  });
});
