// The owner's questions (issue 29 item 5, decision 0062): the standard flow with the owner's wording,
// relabelled quick replies, custom questions answered by tap, in the visitor's words or in free text,
// the company question off, the contact questions reordered and the phone question off. The stored
// facts must be the same as with the product's own questions, and the replies must ask in the owner's words.
import { defaultQuestions, type QualificationQuestions } from "../../../server/shared/conversation/questions.ts";
import { CLOCKS } from "../profile.ts";
import type { Case, Turn } from "../types.ts";
import { CLOCK_NAMES, flowCase, monthOf, pick, randomFlow, rng } from "./build.ts";

const SIZE_Q = "How big is the place, roughly?";
const SUPPLIES = "Do you need supplies included?";
const NOTES = "Anything special we should know about the site?";

function owned(change: (q: QualificationQuestions) => void): QualificationQuestions {
  const q = defaultQuestions();
  change(q);
  return q;
}

const REWORDED = owned((q) => {
  q.questions.building_size = SIZE_Q;
  q.questions.frequency = "How many visits a week would suit you?";
  q.quickReplies.building_size = ["Small", "Medium", "Large", "Campus"];
  q.custom = [
    { id: "q1", text: SUPPLIES, kind: "choice", choices: ["Yes", "No", "Not sure yet"] },
    { id: "q2", text: NOTES, kind: "text", choices: [] },
  ];
});

/** What visitors say to the custom choice question, and the choice it is. */
const SUPPLY_ANSWERS: [string, string][] = [
  ["Yes", "Yes"],
  ["yeah we'd need that", "Yes"],
  ["no thanks, we have our own", "No"],
  ["nope", "No"],
  ["not sure yet", "Not sure yet"],
  ["yes please", "Yes"],
];
const NOTE_ANSWERS = ["alarm code at the front desk", "no", "the loading dock is around back, ring twice", "Skip"];

export function ownerQuestionCases(): Case[] {
  const random = rng(2962);
  const out: Case[] = [];
  for (let i = 0; i < 24; i++) {
    const clock = pick(random, CLOCK_NAMES);
    const base = flowCase(`owner-questions-${i + 1}`, "owner's questions", clock, randomFlow(random, monthOf(clock)));
    const [said, chosen] = SUPPLY_ANSWERS[i % SUPPLY_ANSWERS.length] as [string, string];
    const note = NOTE_ANSWERS[i % NOTE_ANSWERS.length] as string;
    const turns: Turn[] = [...base.turns];
    // The size question in the owner's words, right after the service type.
    turns[0] = { ...turns[0]!, expect: { has: [SIZE_Q] } };
    turns[1] = { ...turns[1]!, expect: { has: [/visits a week would suit you/i], lacks: [/didn't catch/i] } };
    turns[4] = { ...turns[4]!, expect: { has: [SUPPLIES] } };
    turns.splice(5, 0, { say: said, expect: { has: [NOTES], lacks: [/didn't catch/i] } }, { say: note, expect: { has: [/your name/i] } });
    out.push({
      ...base,
      turns,
      profile: { timeZone: CLOCKS[clock].timeZone, questions: REWORDED },
      want: { ...base.want, custom: { custom_1: { id: "q1", question: SUPPLIES, answer: chosen } } },
    });
  }
  // The company question off, the email first, an email only.
  const contact = owned((q) => {
    q.company = "off";
    q.contactOrder = ["contact_reach", "contact_name", "contact_company"];
    q.phone = "off";
  });
  for (let i = 0; i < 6; i++) {
    const clock = pick(random, CLOCK_NAMES);
    const base = flowCase(`owner-contact-${i + 1}`, "owner's questions", clock, randomFlow(random, monthOf(clock)));
    const [service, size, frequency, budget, timeline, name, , reach] = base.turns as Turn[];
    const { company: _company, ...want } = base.want;
    out.push({
      ...base,
      turns: [service!, size!, frequency!, budget!, { ...timeline!, expect: { has: ["What's the best email address to reach you?"] } }, { ...reach!, expect: { has: [/your name/i] } }, { say: name!.say }],
      profile: { timeZone: CLOCKS[clock].timeZone, questions: contact },
      want,
    });
  }
  return out;
}
