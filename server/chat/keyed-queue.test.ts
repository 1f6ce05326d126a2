import { describe, expect, it } from "vitest";
import { createKeyedQueue } from "./keyed-queue.ts";

describe("keyed queue", () => {
  it("runs one key's tasks in order, reports it busy meanwhile, and other keys concurrently", async () => {
    const queue = createKeyedQueue();
    const log: string[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const first = queue.run("a", async () => {
      await gate;
      log.push("a1");
    });
    const second = queue.run("a", async () => {
      log.push("a2");
    });
    await queue.run("b", async () => {
      log.push("b1");
    });
    expect(queue.busy("a")).toBe(true);
    release();
    await Promise.all([first, second]);
    await queue.idle();
    expect(log).toEqual(["b1", "a1", "a2"]);
    expect(queue.busy("a")).toBe(false);
  });

  it("keeps going after a failed task", async () => {
    const queue = createKeyedQueue();
    await expect(queue.run("a", () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    await expect(queue.run("a", () => Promise.resolve(2))).resolves.toBe(2);
  });
});
