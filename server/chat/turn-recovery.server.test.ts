// When a chat-recovery run may take a conversation (decision 0044): never one a live instance could be
// answering, except with the embedded database at start-up, where no other process exists.
import { describe, expect, it } from "vitest";
import { staleBefore, startupRecoveryJob } from "./turn-recovery.server.ts";
import { CHAT_RECOVERY_QUEUE } from "../jobs/queue/queues.ts";

const STALE_MS = 30_000;
const startedAt = new Date("2026-11-27T04:00:00.000Z");

describe("the start-up run", () => {
  it("is due at once on PGlite and takes what was written before the process started", () => {
    const job = startupRecoveryJob(startedAt, true, STALE_MS);
    expect(job).toMatchObject({ name: CHAT_RECOVERY_QUEUE, data: { scope: "startup", startedAt: startedAt.toISOString() } });
    expect(job.runAt).toBeUndefined();
    const now = new Date(startedAt.getTime() + 1_000);
    expect(staleBefore(job.data, now, true, STALE_MS)).toEqual(startedAt);
  });

  it("waits on PostgreSQL until a live instance's turns would be stale, and takes only stale ones", () => {
    const job = startupRecoveryJob(startedAt, false, STALE_MS);
    expect(job.runAt).toEqual(new Date(startedAt.getTime() + STALE_MS));
    const now = new Date(startedAt.getTime() + STALE_MS + 500);
    expect(staleBefore(job.data, now, false, STALE_MS)).toEqual(new Date(now.getTime() - STALE_MS));
  });

  it("gives each process's run its own key", () => {
    expect(startupRecoveryJob(startedAt, true, STALE_MS).key).not.toBe(startupRecoveryJob(startedAt, true, STALE_MS).key);
  });
});

describe("the minute's tick", () => {
  it("takes only conversations unchanged for the whole bound, on either database", () => {
    const now = new Date(startedAt.getTime() + 600_000);
    expect(staleBefore({ scope: "tick" }, now, true, STALE_MS)).toEqual(new Date(now.getTime() - STALE_MS));
    expect(staleBefore({ scope: "tick" }, now, false, STALE_MS)).toEqual(new Date(now.getTime() - STALE_MS));
  });
});
