// console.error fails the test that caused it: an error logged is an error not handled.
import { afterEach, beforeEach, vi } from "vitest";

const logged: unknown[][] = [];

beforeEach(() => {
  logged.length = 0;
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    logged.push(args);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (logged.length > 0) {
    const first = logged.map((args) => args.map(String).join(" ")).join("\n");
    throw new Error(`console.error was called during the test:\n${first}`);
  }
});
