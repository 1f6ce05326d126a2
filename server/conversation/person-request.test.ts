import { describe, expect, it } from "vitest";
import { asksForPerson, TALK_TO_PERSON } from "./person-request.ts";

describe("asksForPerson", () => {
  it.each([
    TALK_TO_PERSON,
    "Can I talk to a human?",
    "I'd like to speak with someone please",
    "is there a real person there",
    "can someone call me now?",
    "agent",
    "Chat with your team",
  ])("takes %j as a request for a person", (text) => expect(asksForPerson(text)).toBe(true));

  it.each(["20 people work here", "about 12k sq ft", "twice a week", "our office manager decides", "ASAP"])(
    "does not take %j for one",
    (text) => expect(asksForPerson(text)).toBe(false),
  );
});
