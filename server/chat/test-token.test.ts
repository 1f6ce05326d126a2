import { describe, expect, it } from "vitest";
import { signTestToken, TEST_TOKEN_TTL_MS, verifyTestToken } from "./test-token.ts";

const now = Date.UTC(2026, 10, 24, 12);

describe("test tokens", () => {
  it("accepts its own token for its chatbot until it expires", () => {
    const token = signTestToken("secret", "bot-1", now);
    expect(verifyTestToken("secret", "bot-1", token, now + 1000)).toBe(true);
    expect(verifyTestToken("secret", "bot-1", token, now + TEST_TOKEN_TTL_MS)).toBe(false);
  });
  it("refuses another chatbot's token, another secret's, a tampered one and a forged flag", () => {
    const token = signTestToken("secret", "bot-1", now);
    expect(verifyTestToken("secret", "bot-2", token, now)).toBe(false);
    expect(verifyTestToken("other", "bot-1", token, now)).toBe(false);
    const [exp, sig] = token.split(".");
    expect(verifyTestToken("secret", "bot-1", `${Number(exp) + 1000}.${sig}`, now)).toBe(false);
    expect(verifyTestToken("secret", "bot-1", true, now)).toBe(false);
    expect(verifyTestToken("secret", "bot-1", "true", now)).toBe(false);
  });
});
