// The AI path with the owner's questions (decision 0062): the extraction prompt quotes the owner's
// wording, the reply prompt lists the custom questions, and a custom question is left to the rules.
import { describe, expect, it } from "vitest";
import { defaultQuestions } from "../shared/conversation/questions.ts";
import { handleVisitorMessage, initialState } from "../conversation/engine.ts";
import { extractionMessages, replyMessages } from "./prompts.ts";
import { rulesNeedHelp } from "./turn-plan.ts";
import { testProfile } from "./test-profile.ts";

const questions = defaultQuestions();
questions.questions.building_size = "How big is your building?";
questions.custom = [{ id: "q1", text: "Do you need supplies included?", kind: "choice", choices: ["Yes", "No"] }];

const profile = testProfile({ serviceTypes: ["Office"], questions });
const now = new Date("2026-11-27T12:00:00Z");
const text = (messages: ReturnType<typeof replyMessages>) => messages.map((m) => String(m.content)).join("\n");

describe("the owner's questions on the AI path", () => {
  it("quotes the owner's wording in the extraction prompt", () => {
    expect(text(extractionMessages({ step: "building_size", text: "big", profile, now }))).toContain("The question asked: How big is your building?");
  });

  it("lists the custom questions and their choices in the reply prompt", () => {
    const prompt = text(replyMessages({ profile, now, text: "hi", draft: [{ text: "Do you need supplies included?" }], history: [] }));
    expect(prompt).toContain('"Do you need supplies included?" (choices: Yes | No)');
    expect(text(replyMessages({ profile: { ...profile, questions: defaultQuestions() }, now, text: "hi", draft: [{ text: "Hi" }], history: [] }))).not.toContain("its own questions");
  });

  it("leaves a custom question's answer to the rules", () => {
    const before = { ...initialState(), step: "custom_1" as const };
    const rules = handleVisitorMessage(before, "purple", profile, now);
    expect(rules.state.step).toBe("custom_1"); // asked again with a hint
    expect(rulesNeedHelp(before, rules, "purple", profile)).toBe(false);
    const atSize = { ...initialState(), step: "building_size" as const };
    expect(rulesNeedHelp(atSize, handleVisitorMessage(atSize, "purple", profile, now), "purple", profile)).toBe(true);
  });
});
