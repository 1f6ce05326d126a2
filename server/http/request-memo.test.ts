import { describe, expect, it, vi } from "vitest";
import { createRequestMemo } from "./request-memo.ts";

describe("request memo", () => {
  it("loads a key once, sharing the pending load between concurrent callers", async () => {
    const memo = createRequestMemo();
    const load = vi.fn(async () => ({ id: "u1" }));
    const [a, b] = await Promise.all([memo.get("user", load), memo.get("user", load)]);
    expect(a).toBe(b);
    expect(await memo.get("user", load)).toBe(a);
    expect(load).toHaveBeenCalledTimes(1);
    await memo.get("other", load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("keeps a failure for the rest of the request, and a new memo starts empty", async () => {
    const memo = createRequestMemo();
    const load = vi.fn().mockRejectedValueOnce(new Error("db down")).mockResolvedValue("ok");
    await expect(memo.get("k", load)).rejects.toThrow("db down");
    await expect(memo.get("k", load)).rejects.toThrow("db down");
    expect(await createRequestMemo().get("k", load)).toBe("ok");
  });
});
