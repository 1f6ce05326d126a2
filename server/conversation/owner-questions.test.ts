// The owner's questions (decision 0062) in the rules engine: reworded questions and quick replies,
// the contact order, company and phone off, and custom questions answered by tap, in the visitor's
// own words or in free text; the scored factors keep their bands.
import { describe, expect, it } from "vitest";
import { defaultQuestions, validateQuestions, type QualificationQuestions } from "../shared/conversation/questions.ts";
import { checkQuestions } from "../chatbots/questions.server.ts";
import { customAnswerList } from "../leads/lead-fields.ts";
import { scoreLead } from "../shared/scoring/score.ts";
import { handleVisitorMessage, restoreState, startConversation, toScoreInput, type BusinessProfile, type EngineState, type TurnResult } from "./engine.ts";

const NOW = new Date("2025-06-10T15:00:00Z"); // Tuesday 11:00 in Boston: open

function questions(change: (q: QualificationQuestions) => void): QualificationQuestions {
  const q = defaultQuestions();
  change(q);
  const checked = validateQuestions(q);
  if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
  return checked.value;
}

function profileWith(q: QualificationQuestions): BusinessProfile {
  return {
    businessName: "Sparkle Commercial Cleaning",
    welcomeMessage: "Hi! What type of cleaning are you looking for?",
    serviceTypes: ["Regular Commercial Cleaning", "Medical Facility"],
    serviceAreas: ["Boston"],
    description: null,
    hours: { start: "08:00", end: "18:00", days: [1, 2, 3, 4, 5] },
    timeZone: "America/New_York",
    afterHoursMessage: "We're closed.",
    marketPriceCents: 1000,
    phone: null,
    email: null,
    questions: q,
  };
}

function play(profile: BusinessProfile, messages: string[]): { state: EngineState; turns: TurnResult[] } {
  let state = startConversation(profile).state;
  const turns: TurnResult[] = [];
  for (const text of messages) {
    const turn = handleVisitorMessage(JSON.parse(JSON.stringify(state)) as EngineState, text, profile, NOW);
    turns.push(turn);
    state = turn.state;
  }
  return { state, turns };
}

const lastReply = (turn: TurnResult | undefined) => turn?.replies.at(-1);

const REWORDED = questions((q) => {
  q.questions.building_size = "How big is your building?";
  q.questions.frequency = "How many cleanings would suit you?";
  q.quickReplies.building_size = ["Small office", "Mid-size", "Large", "Huge campus"];
  q.quickReplies.frequency = ["Every weekday", "A few times a week", "Once a week", "Now and then"];
  q.questions.contact_name = "Who should we ask for?";
});

const SUPPLIES = questions((q) => {
  q.custom = [
    { id: "q1", text: "Do you need supplies included?", kind: "choice", choices: ["Yes", "No", "Some of them"] },
    { id: "q2", text: "Anything else we should know?", kind: "text", choices: [] },
  ];
});

describe("reworded questions and quick replies", () => {
  it("asks in the owner's words and offers the owner's labels, each standing for its scoring band", () => {
    const profile = profileWith(REWORDED);
    const { state, turns } = play(profile, ["office cleaning", "Huge campus", "A few times a week"]);
    expect(lastReply(turns[0])).toEqual({ text: expect.stringContaining("How big is your building?"), quickReplies: ["Small office", "Mid-size", "Large", "Huge campus", "Skip"] });
    expect(lastReply(turns[1])?.text).toContain("How many cleanings would suit you?");
    expect(state.answers).toMatchObject({ buildingSizeSqFt: 60_000, frequency: "two_three_weekly" });
    // The weights stay the spec's: a huge building counts 10 for size, as "Over 50,000 sq ft" does.
    expect(scoreLead(toScoreInput(state.answers, profile)).sizePoints).toBe(10);
  });

  it("still understands the product's own labels and free text", () => {
    const { state } = play(profileWith(REWORDED), ["office cleaning", "Over 50,000 sq ft", "twice a week"]);
    expect(state.answers).toMatchObject({ buildingSizeSqFt: 60_000, visitsPerWeek: 2 });
  });

  it("uses the owner's wording for the name question", () => {
    const { turns } = play(profileWith(REWORDED), ["office cleaning", "10k sq ft", "weekly", "$1,000 a month", "next month"]);
    expect(lastReply(turns[4])?.text).toContain("Who should we ask for?");
  });
});

describe("contact questions", () => {
  it("asks them in the owner's order and leaves out the company when it is off", () => {
    const q = questions((x) => {
      x.contactOrder = ["contact_reach", "contact_name", "contact_company"];
      x.company = "off";
    });
    const { state, turns } = play(profileWith(q), ["office cleaning", "10k sq ft", "weekly", "$1,000 a month", "next month", "jane@example.com", "Jane Doe"]);
    expect(lastReply(turns[4])?.text).toContain("What's the best email or phone number to reach you?");
    expect(lastReply(turns[5])?.text).toContain("What's your name?");
    expect(state.completed).toBe(true);
    expect(state.answers.company).toBeUndefined();
  });

  it("asks for an email only when the phone question is off", () => {
    const q = questions((x) => {
      x.phone = "off";
    });
    const { turns } = play(profileWith(q), ["office cleaning", "10k sq ft", "weekly", "$1,000 a month", "next month", "Jane Doe", "Skip", "no idea"]);
    expect(lastReply(turns[6])?.text).toContain("What's the best email address to reach you?");
    expect(lastReply(turns[7])?.text).toContain("email address");
    expect(lastReply(turns[7])?.text).not.toContain("phone");
  });
});

describe("custom questions", () => {
  const start = ["office cleaning", "10k sq ft", "weekly", "$1,000 a month", "next month"];

  it("asks them after the timeline, takes a tapped choice and free text as typed, and stores the wording with the answer", () => {
    const { state, turns } = play(profileWith(SUPPLIES), [...start, "Yes", "Alarm code at the front desk, please call first"]);
    expect(lastReply(turns[4])).toEqual({ text: expect.stringContaining("Do you need supplies included?"), quickReplies: ["Yes", "No", "Some of them", "Skip"] });
    expect(lastReply(turns[5])).toEqual({ text: expect.stringContaining("Anything else we should know?"), quickReplies: ["Skip"] });
    expect(lastReply(turns[6])?.text).toContain("What's your name?");
    expect(customAnswerList(state.answers)).toEqual([
      { id: "q1", question: "Do you need supplies included?", answer: "Yes" },
      { id: "q2", question: "Anything else we should know?", answer: "Alarm code at the front desk, please call first" },
    ]);
  });

  it("understands a choice typed in the visitor's own words", () => {
    for (const [said, chosen] of [
      ["yeah we'd need that", "Yes"],
      ["nope", "No"],
      ["some of them please", "Some of them"],
      ["NO.", "No"],
    ] as const) {
      const { state } = play(profileWith(SUPPLIES), [...start, said]);
      expect(state.answers.custom?.custom_1?.answer, said).toBe(chosen);
    }
  });

  it("asks a choice again once with a hint, then keeps the visitor's words as the answer", () => {
    const { state, turns } = play(profileWith(SUPPLIES), [...start, "purple", "depends on the price"]);
    expect(lastReply(turns[5])?.text).toMatch(/didn't catch that\. Do you need supplies included\?/);
    expect(state.answers.custom?.custom_1?.answer).toBe("depends on the price");
    expect(lastReply(turns[6])?.text).toContain("Anything else we should know?");
  });

  it("lets the visitor skip one, answers a question from the profile and asks again", () => {
    const { state, turns } = play(profileWith(SUPPLIES), [...start, "Skip", "do you service Boston?", "nothing else"]);
    expect(state.answers.custom?.custom_1).toBeUndefined();
    expect(turns[6]?.replies[0]?.text).toContain("Boston");
    expect(lastReply(turns[6])?.text).toContain("Anything else we should know?");
    expect(state.answers.custom?.custom_2?.answer).toBe("nothing else");
  });

  it("takes a correction of an earlier answer at a custom question", () => {
    const { state, turns } = play(profileWith(SUPPLIES), [...start, "sorry, I meant 20,000 sq ft not 10k"]);
    expect(state.answers.buildingSizeSqFt).toBe(20_000);
    expect(lastReply(turns[5])?.text).toContain("Do you need supplies included?");
  });

  it("moves on when the owner removed the question being asked", () => {
    const { state } = play(profileWith(SUPPLIES), start);
    const after = handleVisitorMessage(restoreState(JSON.parse(JSON.stringify(state))), "Yes", profileWith(defaultQuestions()), NOW);
    expect(after.state.step).toBe("contact_name");
  });

  it("keeps a conversation state with a custom step through JSON", () => {
    const { state } = play(profileWith(SUPPLIES), start);
    expect(restoreState(JSON.parse(JSON.stringify(state))).step).toBe("custom_1");
  });
});

describe("the default questions are today's", () => {
  it("plays the standard flow unchanged without the owner's questions", () => {
    const withDefaults = play(profileWith(defaultQuestions()), ["office cleaning", "10k sq ft", "weekly", "$1,000 a month", "next month", "Jane Doe", "Acme", "jane@example.com"]);
    const { questions: _q, ...plain } = profileWith(defaultQuestions());
    const without = play(plain, ["office cleaning", "10k sq ft", "weekly", "$1,000 a month", "next month", "Jane Doe", "Acme", "jane@example.com"]);
    expect(withDefaults.turns.map((t) => t.replies)).toEqual(without.turns.map((t) => t.replies));
  });
});

describe("validating the owner's questions", () => {
  const base = () => JSON.parse(JSON.stringify(defaultQuestions())) as Record<string, any>;

  it("refuses empty wording, control characters, too long text, a fourth custom question and too many choices", () => {
    const input = base();
    input.questions.budget = "   ";
    input.questions.timeline = "When?\u0007";
    input.questions.frequency = "x".repeat(201);
    input.custom = [1, 2, 3, 4].map((n) => ({ text: `Question ${n}?`, kind: "text", choices: [] }));
    const result = validateQuestions(input);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors["questions.budget"]).toBe("The monthly budget question can't be empty.");
    expect(result.errors["questions.timeline"]).toBe("The start date question can't contain control characters.");
    expect(result.errors["questions.frequency"]).toBe("The cleaning frequency question must be at most 200 characters.");
    expect(result.errors.custom).toBe("Add at most 3 custom questions.");
    const choices = base();
    choices.custom = [{ text: "Which floor?", kind: "choice", choices: ["1", "2", "3", "4", "5", "6", "7"] }];
    const tooMany = validateQuestions(choices);
    expect(!tooMany.ok && tooMany.errors["custom.0.choices"]).toBe("A custom question can offer at most 6 choices.");
    choices.custom = [{ text: "Which floor?", kind: "choice", choices: ["1"] }];
    const tooFew = validateQuestions(choices);
    expect(!tooFew.ok && tooFew.errors["custom.0.choices"]).toBe("A choice question needs at least 2 choices.");
  });

  it("keeps the scored factors: they can't be removed, and their quick replies stay one per band", () => {
    const input = base();
    delete input.questions.budget;
    input.quickReplies.frequency = ["Daily", "Weekly"];
    input.quickReplies.timeline = ["Now", "Now", "Later", "Much later"];
    input.quickReplies.budget[0] = "Skip";
    const result = validateQuestions(input);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors["questions.budget"]).toBeDefined();
    expect(result.errors["quickReplies.frequency"]).toBe("Cleaning frequency needs exactly 4 quick replies, one for each scoring band.");
    expect(result.errors["quickReplies.timeline.1"]).toBe('Start date quick reply 2: "Now" is used twice; each scoring band needs its own label.');
    expect(result.errors["quickReplies.budget.0"]).toBe('Monthly budget quick reply 1: "Skip" is reserved for the chatbot\'s own button.');
  });

  it("refuses a quick reply that reads as another scoring band", () => {
    const input = base();
    input.quickReplies.building_size[0] = "Over 60,000 sq ft";
    input.quickReplies.frequency[3] = "Every day";
    input.quickReplies.budget[1] = "About $8,000";
    input.quickReplies.timeline[0] = "In 6 months";
    const result = checkQuestions(input, NOW);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors["quickReplies.building_size.0"]).toBe('Building size quick reply 1: "Over 60,000 sq ft" reads as another scoring band. It must stay within "Under 5,000 sq ft".');
    expect(Object.keys(result.errors).sort()).toEqual(["quickReplies.budget.1", "quickReplies.building_size.0", "quickReplies.frequency.3", "quickReplies.timeline.0"]);
    expect(checkQuestions(defaultQuestions(), NOW).ok).toBe(true);
  });
});
