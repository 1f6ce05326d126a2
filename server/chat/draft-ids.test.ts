import { describe, expect, it } from "vitest";
import { draftMessageId, isDraftConversationId, newDraftConversationId } from "./draft-ids.ts";

describe("draft conversation ids", () => {
  const secret = "s".repeat(32);

  it("are accepted only for the chatbot and visitor they were made for, with the server's secret", () => {
    const id = newDraftConversationId(secret, "chatbot-1", "visitor-1");
    expect(id).toMatch(/^[\w-]{44}$/);
    expect(isDraftConversationId(secret, id, "chatbot-1", "visitor-1")).toBe(true);
    expect(isDraftConversationId(secret, id, "chatbot-2", "visitor-1")).toBe(false);
    expect(isDraftConversationId(secret, id, "chatbot-1", "visitor-2")).toBe(false);
    expect(isDraftConversationId("t".repeat(32), id, "chatbot-1", "visitor-1")).toBe(false);
  });

  it("refuse a made-up or altered id", () => {
    const id = newDraftConversationId(secret, "chatbot-1", "visitor-1");
    const altered = `${id.slice(0, 30)}${id[30] === "A" ? "B" : "A"}${id.slice(31)}`;
    expect(isDraftConversationId(secret, altered, "chatbot-1", "visitor-1")).toBe(false);
    for (const made of ["", "x", "A".repeat(44), crypto.randomUUID(), `${id}x`]) {
      expect(isDraftConversationId(secret, made, "chatbot-1", "visitor-1")).toBe(false);
    }
  });

  it("are new each time, and a draft's welcome message ids follow from its id", () => {
    const a = newDraftConversationId(secret, "chatbot-1", "visitor-1");
    const b = newDraftConversationId(secret, "chatbot-1", "visitor-1");
    expect(a).not.toBe(b);
    expect(draftMessageId(a, 1)).toBe(draftMessageId(a, 1));
    expect(draftMessageId(a, 1)).not.toBe(draftMessageId(a, 2));
    expect(draftMessageId(a, 1)).not.toBe(draftMessageId(b, 1));
    expect(draftMessageId(a, 1)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });
});
