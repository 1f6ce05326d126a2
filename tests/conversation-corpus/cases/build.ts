// Helpers the case generators share: a seeded random picker and the standard conversation.
import { seededRandom } from "../../../server/demo/demo-history.ts";
import { CLOCKS, type ClockName } from "../profile.ts";
import { localDay } from "../dates.ts";
import type { Case, Expected, Turn } from "../types.ts";
import { BUDGET, COMPANIES, CONTACTS, FREQUENCY, NAMES, SERVICE, SIZE, TIMELINE, timelineWant, type Answer, type NameAnswer, type TimelineAnswer } from "./pools.ts";

/** A seeded generator (the demo data's mulberry32), so the corpus is the same on every run. */
export const rng = seededRandom;

export function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

export const CLOCK_NAMES = Object.keys(CLOCKS) as ClockName[];

/** Never a title or honorific as if it were the first name ("Thanks, Dr.!", "Hi Mr.,"). */
export const NO_TITLE_AS_NAME = /(?:Nice to meet you|Thanks|No problem|Hi),? (?:Dr|Mr|Mrs|Ms|Miss|Prof|Professor|Pastor|Principal|Rev|Father|Coach|Sister)\b/;

export function nameTurn(answer: NameAnswer): Turn {
  const greeting = answer.first ? `Nice to meet you, ${answer.first}!` : /(?:^|\s)(?:Nice to meet you!|Thanks!|Thank you!)?\s*What's the name of your company\?/;
  return { say: answer.say, expect: { has: [greeting] } };
}

export type Flow = {
  service: Answer;
  size: Answer;
  frequency: Answer;
  budget: Answer;
  timeline: TimelineAnswer;
  name: NameAnswer;
  company: Answer;
  contact: Answer;
};

export function randomFlow(random: () => number, month: number): Flow {
  const timelines = TIMELINE.filter((t) => !t.onlyIn || t.onlyIn.includes(month));
  return {
    service: pick(random, SERVICE),
    size: pick(random, SIZE),
    frequency: pick(random, FREQUENCY),
    budget: pick(random, BUDGET),
    timeline: pick(random, timelines),
    name: pick(random, NAMES),
    company: pick(random, COMPANIES),
    contact: pick(random, CONTACTS),
  };
}

/** The whole qualification, one answer per question, and what it stores. */
export function flowCase(id: string, group: string, clock: ClockName, flow: Flow, extra: Partial<Case> = {}): Case {
  const { now, timeZone } = CLOCKS[clock];
  const today = localDay(now, timeZone);
  const want: Expected = {
    ...flow.service.want,
    ...flow.size.want,
    ...flow.frequency.want,
    ...flow.budget.want,
    ...timelineWant(flow.timeline, today),
    name: flow.name.name,
    ...flow.company.want,
    ...flow.contact.want,
  };
  const closingThanks = flow.name.first ? `Thanks, ${flow.name.first}!` : "Thanks!";
  const turns: Turn[] = [
    { say: flow.service.say },
    { say: flow.size.say, expect: { has: [/how often/i], lacks: [/didn't catch/i] } },
    { say: flow.frequency.say },
    { say: flow.budget.say },
    { say: flow.timeline.say },
    nameTurn(flow.name),
    { say: flow.company.say, expect: { has: [/email or phone/i] } },
    { say: flow.contact.say, expect: { has: [closingThanks] } },
  ];
  return { id, group, now, profile: { timeZone }, turns, want, never: [NO_TITLE_AS_NAME, /didn't catch/i], ...extra };
}

export function monthOf(clock: ClockName): number {
  const { now, timeZone } = CLOCKS[clock];
  return localDay(now, timeZone).month;
}
