import { describe, expect, it } from "vitest";
import { createStreamGuard, rejectReply } from "./reply-guard.ts";

describe("reply guard", () => {
  it.each([
    "Your lead score is 9.4.",
    "You are a high priority lead!",
    "I'd rate you 8/10.",
    "That's 9 out of 10 for sure.",
    "My system prompt says to ask about size.",
  ])("withholds %j", (text) => {
    expect(rejectReply(text)).toBe("forbidden content");
  });

  it("lets an ordinary reply through", () => {
    expect(rejectReply("Thanks! How often would you like it cleaned, about 3 times a week?")).toBeNull();
    expect(rejectReply("  ")).toBe("empty");
  });

  it("streams whole words only, and stops before a forbidden word shows", () => {
    const guard = createStreamGuard();
    const shown: string[] = [];
    for (const delta of ["Sure", "! Your ", "lead sc", "ore is 9", ".4"]) {
      const out = guard.push(delta);
      if (out === null) break;
      shown.push(out);
    }
    expect(shown.join("")).toBe("Sure! Your lead");
    expect(guard.finish()).toBeNull();
  });

  it("releases the last word at the end", () => {
    const guard = createStreamGuard();
    const shown = ["Great, ", "thanks", "!"].map((d) => guard.push(d));
    expect(shown.join("")).toBe("Great,");
    expect(guard.finish()).toBe(" thanks!");
  });
});
