import { describe, expect, it } from "vitest";
import { formatOffset, replayDelays } from "./replay.ts";

const times = ["2026-01-01T10:00:00.000Z", "2026-01-01T10:00:02.000Z", "2026-01-01T10:00:06.000Z", "2026-01-01T10:30:00.000Z"];

describe("replayDelays", () => {
  it("keeps the original gaps at 1× and divides them at 2× and 4×", () => {
    expect(replayDelays(times, 1)).toEqual([0, 2000, 4000, 10_000]);
    expect(replayDelays(times, 2)).toEqual([0, 1000, 2000, 5000]);
    expect(replayDelays(times, 4)).toEqual([0, 500, 1000, 2500]);
  });

  it("never waits a negative or unknown time", () => {
    expect(replayDelays(["2026-01-01T10:00:05Z", "2026-01-01T10:00:00Z", "nonsense"], 1)).toEqual([0, 0, 0]);
  });
});

describe("formatOffset", () => {
  it("formats minutes and hours", () => {
    expect(formatOffset(times[0]!, times[0]!)).toBe("+0:00");
    expect(formatOffset(times[0]!, "2026-01-01T10:01:05.000Z")).toBe("+1:05");
    expect(formatOffset(times[0]!, "2026-01-01T11:02:03.000Z")).toBe("+1:02:03");
  });
});
