import { describe, expect, it } from "vitest";
import { backoff } from "./backoff.ts";

describe("backoff", () => {
  it("waits between half and all of an exponentially growing ceiling", () => {
    expect(backoff(0, () => 0)).toBe(500);
    expect(backoff(0, () => 1)).toBe(1000);
    expect(backoff(1, () => 0)).toBe(1000);
    expect(backoff(3, () => 1)).toBe(8000);
  });

  it("is capped at 30 seconds however many attempts", () => {
    expect(backoff(5, () => 1)).toBe(30_000);
    expect(backoff(1000, () => 1)).toBe(30_000);
    expect(backoff(1000, () => 0)).toBe(15_000);
  });

  it("never goes below the first step", () => {
    expect(backoff(-3, () => 0)).toBe(500);
  });
});
