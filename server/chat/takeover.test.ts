import { describe, expect, it } from "vitest";
import { initialState, resumeQualification, startConversation } from "../conversation/engine.ts";
import { initialsOf, toMessage } from "./conversations.server.ts";

describe("agent authors", () => {
  it("makes initials from the first and last names", () => {
    expect(initialsOf("Dana Reyes")).toBe("DR");
    expect(initialsOf("  dana  ")).toBe("D");
    expect(initialsOf("Anna Maria de la Cruz")).toBe("AC");
    expect(initialsOf("")).toBe("?");
  });

  it("gives an agent message its author, and no other message one", () => {
    const row = { id: "m1", conversationId: "c1", seq: 3, role: "agent" as const, text: "Hi", createdAt: new Date(0), quickReplies: [], clientMessageId: "a_12345678" };
    expect(toMessage({ ...row, authorName: "Dana Reyes" }).author).toEqual({ name: "Dana Reyes", initials: "DR" });
    expect(toMessage({ ...row, role: "bot", authorName: null })).not.toHaveProperty("author");
  });
});

describe("resumeQualification", () => {
  const profile = {
    businessName: "Sparkle Commercial Cleaning",
    welcomeMessage: "Hi!",
    serviceTypes: ["Regular Commercial Cleaning"],
    serviceAreas: [],
    description: null,
    hours: { start: "08:00", end: "18:00", days: [1, 2, 3, 4, 5] },
    timeZone: "America/New_York",
    afterHoursMessage: "",
    marketPriceCents: 1000,
    phone: null,
    email: null,
  };

  it("asks the question the qualification stopped at again, with its quick replies", () => {
    const [reply] = resumeQualification(startConversation(profile).state, profile);
    expect(reply!.text).toMatch(/^Thanks for waiting\. Let's pick up where we left off\. /);
    expect(reply!.quickReplies).toContain("Regular Commercial Cleaning");
  });

  it("says nothing once the qualification is done", () => {
    expect(resumeQualification({ ...initialState(), step: "done", completed: true }, profile)).toEqual([]);
  });
});
