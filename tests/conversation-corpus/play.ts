// Plays corpus cases through the real engine (the rules Assistant the chat uses, with a fixed clock),
// and measures them: per-field accuracy, conversations with every field right, re-asks, and the reply
// expectations met.
import { createRulesAssistant } from "../../server/conversation/assistant.ts";
import { startConversation, type BusinessProfile, type EngineState } from "../../server/conversation/engine.ts";
import { asksForPerson, personRequestReplies } from "../../server/conversation/person-request.ts";
import { PROFILE } from "./profile.ts";
import { FIELDS, type Case, type Expected, type Field, type ReplyExpectation } from "./types.ts";

export type CaseResult = {
  id: string;
  group: string;
  wrong: { field: Field; want: unknown; got: unknown }[];
  reasks: number;
  expectations: { total: number; met: number; failed: string[] };
  transcript: string[];
};

const REASK = /^Sorry, I (?:didn't catch|couldn't find)/;

function matches(text: string, pattern: string | RegExp): boolean {
  return typeof pattern === "string" ? text.toLowerCase().includes(pattern.toLowerCase()) : new RegExp(pattern.source, pattern.flags.includes("i") ? pattern.flags : `${pattern.flags}i`).test(text);
}

function check(expect: ReplyExpectation, replies: string[]): string[] {
  const joined = replies.join("\n");
  const failed: string[] = [];
  for (const p of expect.has ?? []) if (!matches(joined, p)) failed.push(`missing ${String(p)}`);
  for (const p of expect.lacks ?? []) if (replies.some((r) => matches(r, p))) failed.push(`has ${String(p)}`);
  return failed;
}

const assistant = createRulesAssistant();

export async function playCase(c: Case): Promise<CaseResult> {
  const profile: BusinessProfile = { ...PROFILE, ...c.profile };
  const now = new Date(c.now);
  let state: EngineState = startConversation(profile).state;
  const transcript: string[] = [];
  const allReplies: string[] = [];
  let reasks = 0;
  const expectations = { total: 0, met: 0, failed: [] as string[] };
  for (const [index, turn] of c.turns.entries()) {
    let replies: string[];
    if (asksForPerson(turn.say)) {
      replies = personRequestReplies(state, profile, now, Boolean(c.online)).map((r) => r.text);
    } else {
      const result = await assistant.respond({
        state: JSON.parse(JSON.stringify(state)) as EngineState,
        text: turn.say,
        profile,
        now,
        history: () => Promise.resolve([]),
        conversation: { id: c.id, businessId: "corpus", isTest: true },
      });
      state = result.state;
      replies = result.replies.map((r) => r.text);
    }
    reasks += replies.filter((r) => REASK.test(r)).length;
    transcript.push(`> ${turn.say}`, ...replies.map((r) => `< ${r}`));
    allReplies.push(...replies);
    if (turn.expect) {
      expectations.total++;
      const failed = check(turn.expect, replies);
      if (failed.length === 0) expectations.met++;
      else expectations.failed.push(`turn ${index + 1} "${turn.say}": ${failed.join(", ")}`);
    }
  }
  if (c.never) {
    expectations.total++;
    const failed = check({ lacks: c.never }, allReplies);
    if (failed.length === 0) expectations.met++;
    else expectations.failed.push(`never: ${failed.join(", ")}`);
  }
  // The owner's custom questions (decision 0062): counted with the expectations, as they are no field of the lead's score.
  if (c.want.custom) {
    expectations.total++;
    const missed = Object.entries(c.want.custom).filter(([step, want]) => state.answers.custom?.[step as keyof typeof c.want.custom]?.answer !== want?.answer);
    if (missed.length === 0) expectations.met++;
    else expectations.failed.push(`custom answers: ${missed.map(([step, want]) => `${step} want ${JSON.stringify(want?.answer)}, got ${JSON.stringify(state.answers.custom?.[step as keyof typeof c.want.custom]?.answer)}`).join(", ")}`);
  }
  const answers = state.answers as Record<string, unknown>;
  const wrong: CaseResult["wrong"] = [];
  for (const field of FIELDS) {
    const want = (c.want as Record<string, unknown>)[field];
    let got = answers[field];
    if (field === "budgetUnsure" && got === false) got = undefined;
    if (want !== got) wrong.push({ field, want, got });
  }
  return { id: c.id, group: c.group, wrong, reasks, expectations, transcript };
}

export type Summary = {
  conversations: number;
  allRight: number;
  fields: Record<Field, { right: number; total: number }>;
  fieldsRight: number;
  fieldsTotal: number;
  reasks: number;
  expectationsMet: number;
  expectationsTotal: number;
  results: CaseResult[];
};

export async function evaluate(cases: Case[]): Promise<Summary> {
  const results: CaseResult[] = [];
  for (const c of cases) results.push(await playCase(c));
  const fields = Object.fromEntries(FIELDS.map((f) => [f, { right: 0, total: 0 }])) as Summary["fields"];
  for (const r of results) {
    for (const f of FIELDS) {
      fields[f].total++;
      if (!r.wrong.some((w) => w.field === f)) fields[f].right++;
    }
  }
  const fieldsTotal = results.length * FIELDS.length;
  return {
    conversations: results.length,
    allRight: results.filter((r) => r.wrong.length === 0).length,
    fields,
    fieldsRight: fieldsTotal - results.reduce((n, r) => n + r.wrong.length, 0),
    fieldsTotal,
    reasks: results.reduce((n, r) => n + r.reasks, 0),
    expectationsMet: results.reduce((n, r) => n + r.expectations.met, 0),
    expectationsTotal: results.reduce((n, r) => n + r.expectations.total, 0),
    results,
  };
}

export type { Expected };
