// console.error fails the test that caused it: an error logged is an error not handled.
// Tests run at once (`it.concurrent`) share one spy, set by the first to start and removed by the last to
// end; an error logged while they overlap fails the first of them to end.
import { afterEach, beforeEach, vi, type MockInstance } from "vitest";

const logged: unknown[][] = [];
let running = 0;
let spy: MockInstance<typeof console.error> | undefined;

beforeEach(() => {
  if (running++ > 0) return;
  logged.length = 0;
  spy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    logged.push(args);
  });
});

afterEach(() => {
  if (--running === 0) {
    spy?.mockRestore();
    spy = undefined;
  }
  if (logged.length > 0) {
    const first = logged.map((args) => args.map(String).join(" ")).join("\n");
    logged.length = 0;
    throw new Error(`console.error was called during the test:\n${first}`);
  }
});
