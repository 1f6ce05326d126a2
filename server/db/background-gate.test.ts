import { describe, expect, it } from "vitest";
import { createBackgroundGate } from "./background-gate.ts";

/** A statement that finishes when the test says so. */
function pending() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { done, finish };
}

describe("the background gate", () => {
  it("lets `slots` statements in at once; the next waits for one to end, first come first served", async () => {
    const gate = createBackgroundGate({ slots: 2 });
    const statements = [pending(), pending(), pending(), pending()];
    const started: number[] = [];
    const runs = statements.map((s, i) =>
      gate.run(() => {
        started.push(i);
        return s.done;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(gate.stats().waiting).toBe(2);
    statements[1]!.finish();
    await runs[1];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2]);
    statements[0]!.finish();
    statements[2]!.finish();
    statements[3]!.finish();
    await Promise.all(runs);
    expect(started).toEqual([0, 1, 2, 3]);
    expect(gate.stats()).toMatchObject({ passed: 4, waited: 2, waiting: 0, overflowed: 0 });
  });

  it("keeps a transaction's slot until the transaction ends, and frees it once", async () => {
    const gate = createBackgroundGate({ slots: 1 });
    const transaction = pending();
    const whole = gate.run(() => transaction.done);
    let ran = false;
    const next = gate.run(async () => void (ran = true));
    await Promise.resolve();
    expect(ran).toBe(false);
    expect(gate.stats().waiting).toBe(1);
    transaction.finish();
    await whole;
    await next;
    expect(ran).toBe(true);
    // One slot, free again: one more statement passes without waiting, and a second one waits for it.
    const held = pending();
    const first = gate.run(() => held.done);
    const second = gate.run(async () => "second");
    await Promise.resolve();
    expect(gate.stats().waiting).toBe(1);
    held.finish();
    await expect(Promise.all([first, second])).resolves.toEqual([undefined, "second"]);
  });

  it("lets a request that waited maxWaitMs go ahead without a slot (a pace, not a lock)", async () => {
    const gate = createBackgroundGate({ slots: 1, maxWaitMs: 20 });
    const held = pending();
    const holder = gate.run(() => held.done);
    await expect(gate.run(async () => "went ahead")).resolves.toBe("went ahead");
    expect(gate.stats()).toMatchObject({ overflowed: 1, waiting: 0 });
    held.finish();
    await holder;
    // The overflow took no slot: the holder's release frees the only one.
    await expect(gate.run(async () => "after")).resolves.toBe("after");
    expect(gate.stats().waited).toBe(1);
  });
});
