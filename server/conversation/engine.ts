// The qualification state machine of DESIGN §4: service type → building size → frequency → budget
// → timeline → name → company → email/phone → done. Quick replies and free text (through the parser)
// at every step; one re-ask with a hint for an answer not understood; skips; questions answered from
// the business profile before the current question is asked again; answers given ahead of their
// question (extract.ts) kept, and those questions left out; a price question answered with the
// market-price estimate. Pure: the state goes in and a new state comes out (plain JSON), with the
// replies to send.
import { VISITS_PER_MONTH, expectedMonthlyCostCents, type FrequencyBand, type ScoreInput } from "../shared/scoring/score.ts";
import {
  detectIntent,
  extractContact,
  isHedgedAnswer,
  normaliseText,
  mentionedCompany,
  parseBudget,
  parseBuildingSize,
  parseCompany,
  parseEmail,
  parseFrequency,
  parseName,
  parsePhone,
  parseServiceType,
  parseTimeline,
  type Intent,
} from "./parser.ts";
import {
  ACK,
  BUDGET_CHOICES,
  FREQUENCY_CHOICES,
  NOT_SURE_CHOICE,
  SIZE_CHOICES,
  SKIP_CHOICE,
  SOMETHING_ELSE_CHOICE,
  TIMELINE_CHOICES,
  afterDoneReply,
  answerQuestion,
  bandChoices,
  customQuestionOf,
  ask,
  choiceKey,
  closing,
  describeFrequency,
  describeStart,
  findChoice,
  firstName,
  formatDollars,
  formatSqFt,
  hint,
  quickRepliesFor,
  somethingElsePrompt,
  budgetFollowUp,
  notedSentence,
  updatedText,
  priceAnswer,
} from "../shared/conversation/prompts.ts";
import { describedRemainder, extractAnswers, type ExtractedAnswers, type ExtractionContext } from "./extract.ts";
import { cloneState, hasContact, initialState, isAnswered, recordRaw } from "./state.ts";
import { stepsFor, type CustomQuestion, type CustomStep } from "../shared/conversation/questions.ts";
import { type AnswerChange, type Answers, type BotReply, type BusinessProfile, type EngineState, type StepId, type TurnResult } from "../shared/conversation/types.ts";

export type { AnswerChange, Answers, BotReply, BusinessProfile, EngineState, StepId, TurnResult } from "../shared/conversation/types.ts";
export { initialState, isEngineState, restoreState } from "./state.ts";

/**
 * What the bot says when it takes a chat back from a team member (live takeover): the question the
 * qualification stopped at, asked again; nothing once it is done. The state is unchanged.
 */
export function resumeQualification(
  state: EngineState,
  profile: BusinessProfile,
  lead = "Thanks for waiting. Let's pick up where we left off.",
): BotReply[] {
  if (state.completed || state.step === "done") return [];
  return [ask(state.step, profile, state.answers, lead)];
}

/** Weeks a month, as the scoring prices a weekly visit (4.33 visits a month). */
const WEEKS_PER_MONTH = VISITS_PER_MONTH.weekly;

export function startConversation(profile: BusinessProfile): { state: EngineState; replies: BotReply[] } {
  return {
    state: initialState(),
    replies: [{ text: profile.welcomeMessage, quickReplies: quickRepliesFor("service_type", profile) }],
  };
}

/** Score input for server/scoring/score.ts from the answers so far. */
export function toScoreInput(answers: Answers, profile: BusinessProfile): ScoreInput {
  return {
    buildingSizeSqFt: answers.buildingSizeSqFt ?? null,
    frequency: answers.frequency ?? null,
    budgetMonthlyCents: answers.budgetMonthlyCents ?? null,
    timeline: answers.timeline ?? null,
    marketPriceCents: profile.marketPriceCents,
    visitsPerMonth: ownVisitsPerMonth(answers) ?? null,
  };
}

/** Visits a week that stand for a whole band ("daily", "2–3 times a week", "weekly", "bi-weekly"): priced at the band's figure. */
const BAND_VISITS_PER_WEEK: Record<FrequencyBand, number> = { daily: 5, two_three_weekly: 2.5, weekly: 1, biweekly_or_less: 0.5 };

/**
 * The visitor's own count of visits a month when they gave one ("3x a week" → 12.99, "mon wed fri"
 * → 12.99, "twice a week" → 8.66); undefined for a band's answer ("daily", "2–3 times a week",
 * "weekly", "every other week"), which is priced at the band's figure (DESIGN §4).
 */
export function ownVisitsPerMonth(answers: Answers): number | undefined {
  if (answers.visitsPerWeek === undefined || answers.frequency === undefined) return undefined;
  if (answers.visitsPerWeek === BAND_VISITS_PER_WEEK[answers.frequency]) return undefined;
  return visitsPerMonthFor(answers);
}

/**
 * Visits a month from the frequency answer (visits a week × 4.33; a one-off job is one visit), or
 * the band's visits a month; undefined before the frequency is known. Prices "$150 per visit".
 */
export function visitsPerMonthFor(answers: Answers): number | undefined {
  if (answers.visitsPerWeek !== undefined) {
    return answers.visitsPerWeek === 0 ? 1 : Math.round(answers.visitsPerWeek * WEEKS_PER_MONTH * 100) / 100;
  }
  return answers.frequency ? VISITS_PER_MONTH[answers.frequency] : undefined;
}

/** The visits a month a price estimate is made with: the visitor's own count, else the band's figure. */
function pricedVisitsPerMonth(answers: Answers): number | undefined {
  return ownVisitsPerMonth(answers) ?? (answers.frequency ? VISITS_PER_MONTH[answers.frequency] : visitsPerMonthFor(answers));
}

type Ctx = { profile: BusinessProfile; now: Date };

/** An answer the current step understood: what to store, and how to acknowledge it. */
type Understood = {
  patch: Partial<Answers>;
  ack: string;
  /** Stay on the step and say this instead of moving on (e.g. contact given but no name yet). */
  stay?: BotReply;
};

export function handleVisitorMessage(state: EngineState, text: string, profile: BusinessProfile, now: Date): TurnResult {
  const s = cloneState(state);
  const ctx: Ctx = { profile, now };
  const hadContact = hasContact(s.answers);
  const wasDone = s.completed || s.step === "done";
  const message = text.normalize("NFKC").replace(/\s+/g, " ").trim();

  const replies = wasDone ? afterDone(s, message, ctx, hadContact) : turn(s, message, ctx);
  const corrections = answerChanges(state.answers ?? {}, s.answers);

  return {
    state: s,
    replies,
    contactCaptured: !hadContact && hasContact(s.answers),
    completed: !wasDone && s.completed,
    ...(corrections.length > 0 ? { corrections } : {}),
  };
}

/**
 * How the team reads each answer, with the answers it is made of: a field whose answers are the same
 * values before and after cannot have changed, and is not formatted (this runs on every turn).
 */
const SHOWN: readonly { field: string; from: readonly (keyof Answers)[]; show: (a: Answers) => string | undefined }[] = [
  { field: "Service type", from: ["serviceType"], show: (a) => a.serviceType },
  { field: "Building size", from: ["buildingSizeSqFt"], show: (a) => (a.buildingSizeSqFt !== undefined ? `about ${formatSqFt(a.buildingSizeSqFt)}` : undefined) },
  { field: "Frequency", from: ["visitsPerWeek", "frequency"], show: (a) => (a.visitsPerWeek !== undefined ? describeFrequency(a.visitsPerWeek) : a.frequency) },
  {
    field: "Budget",
    from: ["budgetMonthlyCents", "budgetUnsure"],
    show: (a) => (a.budgetMonthlyCents !== undefined ? `about ${formatDollars(a.budgetMonthlyCents)} a month` : a.budgetUnsure ? "not sure" : undefined),
  },
  { field: "Timeline", from: ["timelineDays", "timeline"], show: (a) => (a.timelineDays !== undefined ? describeStart(a.timelineDays) : a.timeline) },
  { field: "Name", from: ["name"], show: (a) => a.name },
  { field: "Company", from: ["company"], show: (a) => a.company },
  { field: "Email", from: ["email"], show: (a) => a.email },
  { field: "Phone", from: ["phone"], show: (a) => a.phone },
];

/** The answers the turn changed that had a value before (a new answer is no change), as the team reads them. */
export function answerChanges(before: Answers, after: Answers): AnswerChange[] {
  const changes: AnswerChange[] = [];
  for (const { field, from: keys, show } of SHOWN) {
    if (keys.every((key) => before[key] === after[key])) continue;
    const from = show(before);
    const to = show(after);
    if (from !== undefined && from !== to) changes.push({ field, from, to: to ?? null });
  }
  return changes;
}

/** The qualification questions an answer can be given to ahead of time (contact details are taken at their own steps too). */
const EXTRACTED_STEPS: readonly StepId[] = ["service_type", "building_size", "frequency", "budget", "timeline"];

function turn(s: EngineState, message: string, ctx: Ctx): BotReply[] {
  const step = s.step;
  if (!message) return [ask(step, ctx.profile, s.answers)];
  if (step.startsWith("custom_")) return customTurn(s, step as CustomStep, message, ctx);

  // Quick replies first, matched exactly (case, dashes and spacing aside).
  if (step === "service_type" && choiceKey(message) === choiceKey(SOMETHING_ELSE_CHOICE)) return [somethingElsePrompt()];
  const chosen = fromChoice(step, message, ctx);
  if (chosen) return accept(s, step, message, chosen, ctx, {});

  const intent = refineIntent(detectIntent(message), message, ctx.profile);
  if (intent === "skip") return skip(s, step, ctx);

  // "Sorry, I meant 6000 not 600": an earlier answer changed, then this question again.
  const correction = correctionPatch(s, step, message, ctx);
  if (correction) {
    applyCorrection(s, correction, message);
    if (isAnswered(s.answers, step)) return advance(s, step, updatedSentence(correction), ctx);
    return [ask(step, ctx.profile, s.answers, updatedSentence(correction))];
  }

  // Every answer the message gives, to this question or to others not answered yet.
  const extracted = EXTRACTED_STEPS.includes(step) ? extractAnswers(message, extractionContext(s, ctx)) : {};
  const extras = extraPatch(s, step, extracted);

  // "Two floors, maybe 8000 square feet?" is an answer said with a question mark.
  const hedged = intent !== "answer" && isHedgedAnswer(message);
  const isQuestion = intent !== "answer" && !hedged;
  let understood = fromExtraction(step, extracted) ?? understand(s, step, message, ctx, isQuestion, extras);
  if (hedged && !understood) understood = null;
  // A question is answered from the profile, then the same question is asked again (not a re-ask).
  // "How about twice a week?" is a question the step understands: it is taken as the answer.
  if ((isQuestion || (hedged && !understood)) && (intent !== "question:other" || !understood)) {
    // A price question may carry the size and frequency to estimate from ("how much for 10k sq ft
    // weekly?"); other questions are not answers ("do you clean on weekends?" is no frequency).
    // The estimate names the size and frequency it is made from, so they need no separate "noted".
    if (intent === "question:pricing") {
      applyExtras(s, extras, message);
      return priceReplies(s, step, ctx);
    }
    const answer = answerQuestion(intent, message, ctx.profile, ctx.now);
    return [{ text: answer }, ask(step, ctx.profile, s.answers)];
  }
  if (understood) return accept(s, step, message, understood, ctx, extras);
  // "We only need it 3 days a week" at the budget question: a new value for an answered question.
  const facts = intent === "answer" ? correctionPatch(s, step, message, ctx, "facts") : null;
  if (facts) {
    applyCorrection(s, facts, message);
    const noted = applyExtras(s, extras, message);
    const lead = [updatedText(facts), notedSentence(noted, true)].filter(Boolean).join(" ");
    if (isAnswered(s.answers, step)) return advance(s, step, lead, ctx);
    return [ask(step, ctx.profile, s.answers, lead)];
  }
  if (Object.keys(extras).length > 0) {
    // Other questions answered, this one not: keep those, and ask this one again plainly (no re-ask).
    const noted = applyExtras(s, extras, message);
    if (isAnswered(s.answers, step)) return advance(s, step, notedSentence(noted, false), ctx);
    return [ask(step, ctx.profile, s.answers, notedSentence(noted, false))];
  }
  return notUnderstood(s, step, message, ctx);
}

function extractionContext(s: EngineState, ctx: Ctx): ExtractionContext {
  return { serviceTypes: ctx.profile.serviceTypes, now: ctx.now, timeZone: ctx.profile.timeZone, visitsPerMonth: visitsPerMonthFor(s.answers) };
}

/** The current question's answer from the extractor, which reads a many-answer message more carefully. */
function fromExtraction(step: StepId, x: ExtractedAnswers): Understood | null {
  switch (step) {
    case "building_size":
      return x.buildingSizeSqFt !== undefined ? { patch: { buildingSizeSqFt: x.buildingSizeSqFt }, ack: ACK.size(x.buildingSizeSqFt) } : null;
    case "frequency":
      return x.frequency && x.visitsPerWeek !== undefined
        ? { patch: { frequency: x.frequency, visitsPerWeek: x.visitsPerWeek }, ack: ACK.frequency() }
        : null;
    case "budget":
      if (x.budgetMonthlyCents !== undefined) return { patch: { budgetMonthlyCents: x.budgetMonthlyCents }, ack: ACK.budget(x.budgetMonthlyCents) };
      return null;
    case "timeline":
      return x.timeline && x.timelineDays !== undefined ? { patch: { timeline: x.timeline, timelineDays: x.timelineDays }, ack: ACK.timeline() } : null;
    default:
      return null; // the service type and contact steps use their own parsers
  }
}

/** Answers in the message to questions other than `step` that have no answer yet. */
function extraPatch(s: EngineState, step: StepId, x: ExtractedAnswers): Partial<Answers> {
  const a = s.answers;
  const patch: Partial<Answers> = {};
  const open = (other: StepId) => other !== step && !isAnswered(a, other);
  if (x.serviceType !== undefined && open("service_type")) patch.serviceType = x.serviceType;
  if (x.buildingSizeSqFt !== undefined && open("building_size")) patch.buildingSizeSqFt = x.buildingSizeSqFt;
  if (x.frequency !== undefined && x.visitsPerWeek !== undefined && open("frequency")) {
    patch.frequency = x.frequency;
    patch.visitsPerWeek = x.visitsPerWeek;
  }
  if (open("budget")) {
    if (x.budgetMonthlyCents !== undefined) patch.budgetMonthlyCents = x.budgetMonthlyCents;
    else if (x.budgetUnsure) patch.budgetUnsure = true;
  }
  if (x.timeline !== undefined && x.timelineDays !== undefined && open("timeline")) {
    patch.timeline = x.timeline;
    patch.timelineDays = x.timelineDays;
  }
  if (x.name !== undefined && open("contact_name")) patch.name = x.name;
  if (x.company !== undefined && open("contact_company")) patch.company = x.company;
  if (x.email !== undefined && !a.email) patch.email = x.email;
  if (x.phone !== undefined && !a.phone) patch.phone = x.phone;
  return patch;
}

const PATCH_STEPS: [keyof Answers, StepId][] = [
  ["serviceType", "service_type"],
  ["buildingSizeSqFt", "building_size"],
  ["frequency", "frequency"],
  ["budgetMonthlyCents", "budget"],
  ["budgetUnsure", "budget"],
  ["timeline", "timeline"],
  ["name", "contact_name"],
  ["company", "contact_company"],
  ["email", "contact_reach"],
  ["phone", "contact_reach"],
];

/** Stores answers given ahead of their question (with the visitor's text for each); returns them. */
function applyExtras(s: EngineState, extras: Partial<Answers>, message: string): Partial<Answers> {
  if (Object.keys(extras).length === 0) return extras;
  applyPatch(s, extras);
  const steps = new Set(PATCH_STEPS.filter(([key]) => extras[key] !== undefined).map(([, step]) => step));
  for (const step of steps) {
    recordRaw(s, step, message);
    s.skipped = s.skipped.filter((skipped) => skipped !== step);
  }
  return extras;
}

/**
 * The monthly cost the business's market price gives for the size and frequency, or null: the same
 * expected cost the budget is scored against (DESIGN §4), so agreeing with it is "at market".
 */
export function estimateMonthlyCents(answers: Answers, profile: BusinessProfile): number | null {
  if (answers.buildingSizeSqFt === undefined || answers.frequency === undefined) return null;
  return expectedMonthlyCostCents(answers.buildingSizeSqFt, answers.frequency, profile.marketPriceCents, ownVisitsPerMonth(answers));
}

/** A price question: the estimate (or what it needs), then the question again, worded anew at the budget step. */
function priceReplies(s: EngineState, step: StepId, ctx: Ctx): BotReply[] {
  const estimate = estimateMonthlyCents(s.answers, ctx.profile);
  // Asked before with the same estimate, or again before the estimate can be made: said shorter.
  const repeated = estimate !== null ? s.priceEstimateCents === estimate : (s.priceQuestions ?? 0) > 0;
  const text = priceAnswer(s.answers, estimate, pricedVisitsPerMonth(s.answers), repeated);
  s.priceQuestions = (s.priceQuestions ?? 0) + 1;
  if (estimate !== null) s.priceEstimateCents = estimate;
  const next = step === "budget" ? budgetFollowUp(ctx.profile, estimate, s.priceQuestions) : ask(step, ctx.profile, s.answers);
  return [{ text }, next];
}

function fromChoice(step: StepId, message: string, ctx: Ctx): Understood | null {
  switch (step) {
    case "building_size": {
      const c = findChoice(bandChoices("building_size", ctx.profile, SIZE_CHOICES), message);
      return c ? { patch: { buildingSizeSqFt: c.sqft }, ack: ACK.choice() } : null;
    }
    case "frequency": {
      const c = findChoice(bandChoices("frequency", ctx.profile, FREQUENCY_CHOICES), message);
      return c ? { patch: { frequency: c.band, visitsPerWeek: c.visitsPerWeek }, ack: ACK.frequency() } : null;
    }
    case "budget": {
      if (choiceKey(message) === choiceKey(NOT_SURE_CHOICE)) return { patch: { budgetUnsure: true }, ack: ACK.budgetUnsure() };
      const c = findChoice(bandChoices("budget", ctx.profile, BUDGET_CHOICES), message);
      return c ? { patch: { budgetMonthlyCents: c.monthlyCents }, ack: ACK.choice() } : null;
    }
    case "timeline": {
      const c = findChoice(bandChoices("timeline", ctx.profile, TIMELINE_CHOICES), message);
      return c ? { patch: { timeline: c.band, timelineDays: c.days }, ack: ACK.timeline() } : null;
    }
    default:
      return null; // service types are matched exactly by parseServiceType
  }
}

/** Agreement with the estimate just given. */
const AGREES =
  /^(?:(?:yes|yeah|yep|yup|sure|ok|okay|fine|great|good|perfect|alright|all right|absolutely|definitely|correct|sounds (?:good|fine|great|right|about right|reasonable|ok|okay)|(?:that|this|it)(?:'s| is| would be| will be| sounds)? (?:works?|would work|fine|ok|okay|good|great|right|about right|reasonable|doable|affordable)|(?:that|this|it) works for (?:me|us)|works for (?:me|us)|(?:that|this|it)(?:'s| is) (?:within|in) (?:our|my) budget|(?:we|i) can do that|(?:around|about|roughly) that|something like that)[\s,.!]*)+$/;

/** The step's free-text parser. For a question, only an unambiguous answer counts. */
function understand(s: EngineState, step: StepId, message: string, ctx: Ctx, isQuestion: boolean, extras: Partial<Answers>): Understood | null {
  switch (step) {
    case "service_type": {
      let parsed = parseServiceType(message, ctx.profile.serviceTypes);
      // A message that also answers other questions describes the service only in what is left
      // ("window washing for 5,000 sq ft" → "window washing"; "20k sq ft, weekly" → nothing).
      if (!parsed?.known && Object.keys(extras).length > 0) {
        const remainder = describedRemainder(message, extractionContext(s, ctx));
        parsed = remainder ? parseServiceType(remainder, ctx.profile.serviceTypes) : null;
      }
      if (!parsed || (isQuestion && !parsed.known)) return null;
      return {
        patch: { serviceType: parsed.serviceType },
        ack: parsed.known ? ACK.serviceKnown(parsed.serviceType) : ACK.serviceOwn(),
      };
    }
    case "building_size": {
      const sqft = parseBuildingSize(message);
      return sqft === null ? null : { patch: { buildingSizeSqFt: sqft }, ack: ACK.size(sqft) };
    }
    case "frequency": {
      const f = parseFrequency(message);
      return f ? { patch: { frequency: f.band, visitsPerWeek: f.visitsPerWeek }, ack: ACK.frequency() } : null;
    }
    case "budget": {
      // "Yes, that works" after a price estimate: the estimate is the budget.
      if (s.priceEstimateCents !== undefined && AGREES.test(message.toLowerCase().replace(/[\u2018\u2019]/g, "'").trim())) {
        return { patch: { budgetMonthlyCents: s.priceEstimateCents }, ack: ACK.budget(s.priceEstimateCents) };
      }
      const b = parseBudget(message, { visitsPerMonth: visitsPerMonthFor(s.answers) });
      if (!b) return null;
      if ("unsure" in b) return { patch: { budgetUnsure: true }, ack: ACK.budgetUnsure() };
      return { patch: { budgetMonthlyCents: b.monthlyCents }, ack: ACK.budget(b.monthlyCents) };
    }
    case "timeline": {
      const t = parseTimeline(message, ctx.now, ctx.profile.timeZone);
      return t ? { patch: { timeline: t.band, timelineDays: t.days }, ack: ACK.timeline() } : null;
    }
    case "contact_name": {
      const contact = contactPatch(s.answers, message);
      const name = parseName(contact.rest);
      if (name) {
        // "Tom from Acme Plumbing", "Rachel Kim, Summit Dental Group": the company too.
        const company = s.answers.company === undefined ? companyBesideName(contact.rest) : null;
        return { patch: { ...contact.patch, name, ...(company ? { company } : {}) }, ack: "" };
      }
      if (Object.keys(contact.patch).length === 0) return null;
      return {
        patch: contact.patch,
        ack: "",
        stay: { text: `${ACK.contactNoted()} And what's your name?` },
      };
    }
    case "contact_company": {
      if (isQuestion) return null;
      const contact = contactPatch(s.answers, message);
      const found = Object.keys(contact.patch).length > 0;
      if (found && !contact.rest) return { patch: contact.patch, ack: ACK.contactNoted() };
      const company = parseCompany(contact.rest);
      if (!company) return found ? { patch: contact.patch, ack: ACK.contactNoted() } : null;
      if ("none" in company) return { patch: contact.patch, ack: ACK.skipped() };
      return { patch: { ...contact.patch, company: company.company }, ack: ACK.company() };
    }
    case "contact_reach": {
      const contact = contactPatch(s.answers, message);
      return Object.keys(contact.patch).length > 0 ? { patch: contact.patch, ack: "" } : null;
    }
    default:
      return null; // "done", and the custom questions (customTurn)
  }
}

/** Email and phone in the message that are not yet known, and the rest of the text. */
function contactPatch(answers: Answers, message: string): { patch: Partial<Answers>; rest: string } {
  const { email, phone, rest } = extractContact(message);
  const patch: Partial<Answers> = {};
  if (email && email !== answers.email) patch.email = email;
  if (phone && phone !== answers.phone) patch.phone = phone;
  return { patch, rest };
}

function applyPatch(s: EngineState, patch: Partial<Answers>): void {
  for (const [key, value] of Object.entries(patch) as [keyof Answers, Answers[keyof Answers]][]) {
    if (value !== undefined) (s.answers as Record<string, unknown>)[key] = value;
  }
  if (s.answers.budgetMonthlyCents !== undefined && patch.budgetMonthlyCents !== undefined) delete s.answers.budgetUnsure;
  if (patch.budgetUnsure) delete s.answers.budgetMonthlyCents;
}

function accept(s: EngineState, step: StepId, message: string, understood: Understood, ctx: Ctx, extras: Partial<Answers>): BotReply[] {
  recordRaw(s, step, message);
  applyPatch(s, understood.patch);
  const noted = applyExtras(s, extras, message);
  if (understood.stay) return [understood.stay];
  return advance(s, step, [understood.ack, notedSentence(noted, true)].filter(Boolean).join(" "), ctx);
}

function skip(s: EngineState, step: StepId, ctx: Ctx): BotReply[] {
  if (!s.skipped.includes(step)) s.skipped.push(step);
  return advance(s, step, ACK.skipped(), ctx);
}

function notUnderstood(s: EngineState, step: StepId, message: string, ctx: Ctx): BotReply[] {
  recordRaw(s, step, message);
  if (!s.reasked.includes(step)) {
    s.reasked.push(step);
    return [hint(step, ctx.profile)];
  }
  // Not understood a second time: the raw text is kept, the factor stays unanswered.
  return advance(s, step, ACK.movingOn(), ctx);
}

/** The step after `from`, leaving out questions already answered (an answer given ahead of its question is not asked again). */
function nextStep(s: EngineState, from: StepId, profile: BusinessProfile): StepId {
  const order = stepOrder(profile);
  let index = order.indexOf(from) + 1;
  while (index < order.length) {
    const step = order[index] as StepId;
    if (step === "done" || !isAnswered(s.answers, step)) return step;
    index++;
  }
  return "done";
}

function advance(s: EngineState, from: StepId, ack: string, ctx: Ctx): BotReply[] {
  const next = nextStep(s, from, ctx.profile);
  s.step = next;
  // The name just given, and the company question left out (known already): greet here instead.
  const first = from === "contact_name" && next !== "contact_company" ? firstName(s.answers) : undefined;
  const lead = first && !ack ? `Nice to meet you, ${first}!` : ack;
  if (next !== "done") return [ask(next, ctx.profile, s.answers, lead)];
  s.completed = true;
  // The closing thanks the visitor itself: the step's acknowledgement would only repeat it.
  return [closing(s.answers, ctx.profile, ctx.now)];
}

function afterDone(s: EngineState, message: string, ctx: Ctx, hadContact: boolean): BotReply[] {
  s.step = "done";
  s.completed = true;
  if (!message) return [afterDoneReply(s.answers, ctx.profile, false)];
  const intent: Intent = detectIntent(message);
  if (intent === "answer" || intent === "skip" || (intent === "question:other" && CORRECTION_CUE.test(message)) || /^(?:can|could) (?:you|we) (?:make|change|update)\b/i.test(message)) {
    // A correction or a fact added after the closing: the lead is updated with it.
    const correction = correctionPatch(s, "done", message, ctx, "done");
    if (correction) {
      applyCorrection(s, correction, message);
      if (!hadContact && hasContact(s.answers)) return [afterDoneReply(s.answers, ctx.profile, true)];
      return [{ text: `${updatedText(correction)} The ${ctx.profile.businessName} team will see the change.` }];
    }
  }
  const email = parseEmail(message);
  const phone = parsePhone(message);
  const patch: Partial<Answers> = {};
  if (email && !s.answers.email) patch.email = email;
  if (phone && !s.answers.phone) patch.phone = phone;
  if (Object.keys(patch).length > 0) {
    recordRaw(s, "contact_reach", message);
    applyPatch(s, patch);
    return [afterDoneReply(s.answers, ctx.profile, !hadContact)];
  }
  if (intent === "question:pricing") {
    const estimate = estimateMonthlyCents(s.answers, ctx.profile);
    return [{ text: priceAnswer(s.answers, estimate, pricedVisitsPerMonth(s.answers), false) }];
  }
  if (intent !== "answer" && intent !== "skip") return [{ text: answerQuestion(intent, message, ctx.profile, ctx.now) }];
  return [afterDoneReply(s.answers, ctx.profile, false)];
}

// ---------------------------------------------------------------------------------------------
// Corrections: "sorry, I meant 6000 not 600", "actually make that twice a week", "oops typo, it's
// matt@…" — at any question and after the closing. The new value replaces the old one (the lead, its
// score and its priority follow when the chat stores the state), and the bot says what it changed.

/** Words that say an earlier answer is being changed. */
const CORRECTION_CUE =
  /^(?:(?:sorry|oops|whoops|my bad|correction|actually|wait|no wait|hmm|oh|one more thing|also|change of plans|typo|scratch that|i meant|i mean|make (?:that|it)|update|hold on|hang on|on second thought|come to think of it|thinking about it)\b[\s,:;.!-]*)|\b(?:i meant|i mean|make (?:that|it)|should (?:be|have been|say)|instead|(?:is|it's|its|it is) actually|actually|correction|typo|wrong (?:number|email|one)|spelled|changed? (?:of plans|my mind)|more like|not \S+(?: \S+){0,3}[.!]*$)\b/i;

/** "A, not B" / "A instead of B": the new value and the old one. */
function splitCorrection(message: string): { now: string; before: string | null } {
  const m = /^(.*?)[\s,;-]*\b(?:not|instead of|rather than)\s+(?!sure\b|until\b|yet\b|really\b|too\b|very\b|urgent\b|a problem\b)([^,;]{1,40}?)[\s.!]*$/i.exec(message);
  if (m && /\S/.test(m[1] ?? "")) return { now: m[1] ?? "", before: m[2] ?? null };
  const lead = /^(?:.*?\b)?not\s+([^,;]{1,40}?),\s*(.+)$/i.exec(message);
  if (lead) return { now: lead[2] ?? "", before: lead[1] ?? null };
  return { now: message, before: null };
}

const CORRECTABLE: StepId[] = ["building_size", "frequency", "budget", "timeline", "contact_name", "contact_company", "contact_reach"];

/** The answer a step's own parser reads from text, as a patch (null when it reads nothing). */
function parseFor(s: EngineState, step: StepId, text: string, ctx: Ctx, before: string | null): Partial<Answers> | null {
  switch (step) {
    case "building_size": {
      const sqft = parseBuildingSize(text);
      return sqft === null ? null : { buildingSizeSqFt: sqft };
    }
    case "frequency": {
      const f = parseFrequency(text);
      return f ? { frequency: f.band, visitsPerWeek: f.visitsPerWeek } : null;
    }
    case "budget": {
      const b = parseBudget(text, { visitsPerMonth: visitsPerMonthFor(s.answers) });
      if (!b) return null;
      return "unsure" in b ? { budgetUnsure: true } : { budgetMonthlyCents: b.monthlyCents };
    }
    case "timeline": {
      const t = parseTimeline(text, ctx.now, ctx.profile.timeZone);
      return t ? { timeline: t.band, timelineDays: t.days } : null;
    }
    case "contact_name": {
      const name = parseName(text);
      if (!name) return null;
      // "It's Jon, not John": that word of the name replaced, the rest kept.
      const old = s.answers.name;
      if (before && old && name.split(" ").length === 1) {
        const words = old.split(" ");
        const i = words.findIndex((w) => w.toLowerCase() === before.trim().toLowerCase());
        if (i >= 0) {
          words[i] = name;
          return { name: words.join(" ") };
        }
      }
      return { name };
    }
    case "contact_company": {
      const company = parseCompany(text);
      return company && "company" in company ? { company: company.company } : null;
    }
    case "contact_reach": {
      const { email, phone } = extractContact(text);
      const patch: Partial<Answers> = {};
      if (email) patch.email = email;
      if (phone) patch.phone = phone;
      return Object.keys(patch).length > 0 ? patch : null;
    }
    default:
      return null;
  }
}

/** Does an earlier answer (its stored value or the visitor's words) contain this text? */
function answerContains(s: EngineState, step: StepId, text: string): boolean {
  const needle = normaliseText(text).replace(/[^\p{L}\p{N}.@ ]/gu, "").trim();
  if (!needle) return false;
  const raw = normaliseText(s.answers.raw?.[step] ?? "");
  const stored: Record<string, string | undefined> = {
    building_size: s.answers.buildingSizeSqFt?.toString(),
    contact_name: s.answers.name?.toLowerCase(),
    contact_company: s.answers.company?.toLowerCase(),
    contact_reach: [s.answers.email, s.answers.phone].filter(Boolean).join(" "),
  };
  const hay = `${raw} ${stored[step] ?? ""}`;
  return new RegExp(`(?<![\\p{L}\\p{N}])${needle.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}\\p{N}])`, "u").test(hay);
}

/** "Do you do Cambridge MA?": a question that names one of the business's service areas is about the area. */
function refineIntent(intent: Intent, message: string, profile: BusinessProfile): Intent {
  if (!intent.startsWith("question:") || intent === "question:areas" || intent === "question:bot" || intent === "question:pricing") return intent;
  const t = message.toLowerCase();
  const named = profile.serviceAreas.some((area) => new RegExp(`(?<![\\p{L}])${area.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}])`, "u").test(t));
  return named ? "question:areas" : intent;
}

/** Only what differs from the answers already stored. */
function changed(s: EngineState, patch: Partial<Answers>): Partial<Answers> | null {
  const out: Partial<Answers> = {};
  for (const [key, value] of Object.entries(patch) as [keyof Answers, Answers[keyof Answers]][]) {
    if (value !== undefined && s.answers[key] !== value) (out as Record<string, unknown>)[key] = value;
  }
  return Object.keys(out).length > 0 ? out : null;
}

/**
 * The answers a correction changes, or null when the message is no correction. During the
 * qualification it needs a cue ("sorry", "actually", "I meant", "not …") and changes only questions
 * already answered (the current one is answered the usual way); after the closing every fact counts.
 */
function correctionPatch(s: EngineState, step: StepId, message: string, ctx: Ctx, mode: "flow" | "done" | "facts" = "flow"): Partial<Answers> | null {
  const done = mode === "done";
  if (mode === "flow" && !CORRECTION_CUE.test(message)) return null;
  const { now, before } = splitCorrection(message.replace(/(\d),(?=\d{3}(?!\d))/g, "$1"));
  const answered = (other: StepId) => (done || other !== step) && isAnswered(s.answers, other);

  // Facts with a clear cue: "make it 3 times a week", "it's 20,000 sq ft", "budget is $2,500/month".
  const x = extractAnswers(now, extractionContext(s, ctx));
  const patch: Partial<Answers> = {};
  if (x.buildingSizeSqFt !== undefined && answered("building_size")) patch.buildingSizeSqFt = x.buildingSizeSqFt;
  if (x.frequency !== undefined && x.visitsPerWeek !== undefined && answered("frequency")) Object.assign(patch, { frequency: x.frequency, visitsPerWeek: x.visitsPerWeek });
  if (x.budgetMonthlyCents !== undefined && answered("budget")) patch.budgetMonthlyCents = x.budgetMonthlyCents;
  if (x.timeline !== undefined && x.timelineDays !== undefined && answered("timeline")) Object.assign(patch, { timeline: x.timeline, timelineDays: x.timelineDays });
  const contact = extractContact(now);
  if (contact.email && (done || s.answers.email)) patch.email = contact.email;
  if (contact.phone && (done || s.answers.phone)) patch.phone = contact.phone;
  const company = /\bcompany\b/i.test(now) ? parseFor(s, "contact_company", now.replace(/^.*?\b(?=(?:the |our |my )?company\b)/i, ""), ctx, null) : null;
  if (company && answered("contact_company")) Object.assign(patch, company);
  if (/\b(?:my name|name is|name's|spelled|call me)\b/i.test(now) && answered("contact_name")) Object.assign(patch, parseFor(s, "contact_name", now.replace(/^.*?\b(?:my name is|name is|name's|my name's|my name|call me)\b(?:\s+(?:is|spelled|actually))*\s*/i, "").replace(/^.*?\bspelled\s+/i, ""), ctx, before) ?? {});
  const found = changed(s, patch);
  if (found || mode === "facts") return found;

  // "I meant 6000 not 600": the answer that said "600", read again with its own parser.
  if (before) {
    for (const other of CORRECTABLE) {
      if (!answered(other) || !answerContains(s, other, before)) continue;
      const parsed = parseFor(s, other, now.replace(CORRECTION_LEAD, ""), ctx, before);
      const diff = parsed ? changed(s, parsed) : null;
      if (diff) return diff;
    }
  }
  // "Oops, it's Michael Rossi" at the next question: the question just answered, when this one's parser reads nothing.
  // At the company question, "oops, it's Michael Rossi" right after the name is the name again.
  const nameAgain = step === "contact_company" && /^(?:sorry|oops|whoops|my bad|actually|correction|i meant|wait)\b/i.test(message) && !COMPANY_WORDS.test(message);
  if (!done && !isAnswered(s.answers, step) && (nameAgain || understand(s, step, message, ctx, false, {}) === null)) {
    const order = stepOrder(ctx.profile);
    const previous = [...order.slice(0, Math.max(0, order.indexOf(step)))].reverse().find((other) => CORRECTABLE.includes(other) && isAnswered(s.answers, other) && !s.skipped.includes(other));
    if (previous) {
      const parsed = parseFor(s, previous, now.replace(CORRECTION_LEAD, ""), ctx, before);
      const diff = parsed ? changed(s, parsed) : null;
      if (diff) return diff;
    }
  }
  return null;
}

/** Words that make a name a company's ("Acme Inc", "Smith & Sons"). */
const COMPANY_WORDS = /\b(?:inc|llc|ltd|corp|co|company|group|holdings|partners|associates|services|solutions|properties|management|dental|medical|school|church|clinic)\b|&/i;

/** The cue words at the start of a correction, taken off before a step's parser reads it. */
const CORRECTION_LEAD =
  /^(?:(?:sorry|oops|whoops|my bad|correction|actually|wait|no wait|hmm|oh|one more thing|also|change of plans|typo|scratch that|i meant|i mean|make (?:that|it)|it should be|should be|it'?s actually|it is actually|it'?s|its|it is|more like|hold on|hang on|on second thought)\b[\s,:;.!-]*)+/i;

function applyCorrection(s: EngineState, patch: Partial<Answers>, message: string): void {
  applyPatch(s, patch);
  const steps = new Set(PATCH_STEPS.filter(([key]) => patch[key] !== undefined).map(([, step]) => step));
  for (const step of steps) {
    recordRaw(s, step, message);
    s.skipped = s.skipped.filter((skipped) => skipped !== step);
  }
  // A new size or frequency makes an earlier price estimate stale.
  if (patch.buildingSizeSqFt !== undefined || patch.visitsPerWeek !== undefined) delete s.priceEstimateCents;
}

function updatedSentence(patch: Partial<Answers>): string {
  return updatedText(patch);
}

/** "Rachel Kim, Summit Dental Group", "Tom from Acme Plumbing": the company written beside a name. */
function companyBesideName(text: string): string | null {
  const mentioned = mentionedCompany(text);
  if (mentioned) return mentioned;
  const m = /^[^,;]+[,;]\s*((?:[A-Z0-9][\w'&.-]*)(?:\s+(?:&|and|of|the|[A-Z0-9][\w'&.-]*))*)\s*[.!]?$/.exec(text.trim());
  const company = m?.[1] ? parseCompany(m[1]) : null;
  return company && "company" in company ? company.company : null;
}

// ---------------------------------------------------------------------------------------------
// The owner's custom questions (decision 0062): asked after the timeline, answered by a choice
// (tapped, or typed in the visitor's own words) or in free text, stored as typed.

/** The steps in order for this chatbot's questions (contact order, company off, custom questions). */
export function stepOrder(profile: BusinessProfile): readonly StepId[] {
  return stepsFor(profile.questions) as readonly StepId[];
}

const YES = /^(?:yes|yeah|yep|yup|ya|sure|definitely|absolutely|of course|please|yes please|correct|that's right|we do|i do|we would|i would)\b/i;
const NO = /^(?:no|nope|nah|not really|no thanks|no thank you|we don't|i don't|not needed|none)\b/i;

/** The choice a visitor's message names: the exact label, a label inside the message, or yes/no in other words. */
export function matchCustomChoice(question: CustomQuestion, message: string): string | null {
  const exact = findChoice(question.choices.map((label) => ({ label })), message);
  if (exact) return exact.label;
  const text = ` ${choiceKey(message).replace(/[^\p{L}\p{N}$%-]+/gu, " ")} `;
  const named = question.choices.filter((label) => {
    const key = choiceKey(label).replace(/[^\p{L}\p{N}$%-]+/gu, " ").trim();
    return key.length > 0 && text.includes(` ${key} `);
  });
  if (named.length === 1) return named[0] as string;
  // "Yeah, we'd need that" to a Yes/No question.
  const yes = question.choices.find((label) => /^yes\b/i.test(label));
  const no = question.choices.find((label) => /^no\b/i.test(label));
  const plain = choiceKey(message);
  if (yes && YES.test(plain) && !NO.test(plain)) return yes;
  if (no && NO.test(plain)) return no;
  return null;
}

function acceptCustom(s: EngineState, step: CustomStep, question: CustomQuestion, message: string, answer: string, ctx: Ctx): BotReply[] {
  recordRaw(s, step, message);
  s.answers.custom = { ...(s.answers.custom ?? {}), [step]: { id: question.id, question: question.text, answer } };
  s.skipped = s.skipped.filter((skipped) => skipped !== step);
  return advance(s, step, ACK.choice(), ctx);
}

function customTurn(s: EngineState, step: CustomStep, message: string, ctx: Ctx): BotReply[] {
  const question = customQuestionOf(step, ctx.profile);
  // The owner removed the question while the visitor was answering it: on to the next one.
  if (!question) return advance(s, step, "", ctx);
  const answer = question.kind === "choice" ? matchCustomChoice(question, message) : null;
  if (answer) return acceptCustom(s, step, question, message, answer, ctx);
  const intent = refineIntent(detectIntent(message), message, ctx.profile);
  if (intent === "skip" || choiceKey(message) === choiceKey(SKIP_CHOICE)) return skip(s, step, ctx);
  // "Sorry, I meant 6000 not 600": an earlier answer changed, then this question again.
  const correction = CORRECTION_CUE.test(message) ? correctionPatch(s, step, message, ctx, "facts") : null;
  if (correction) {
    applyCorrection(s, correction, message);
    return [ask(step, ctx.profile, s.answers, updatedSentence(correction))];
  }
  if (intent !== "answer" && !isHedgedAnswer(message)) {
    if (intent === "question:pricing") return priceReplies(s, step, ctx);
    return [{ text: answerQuestion(intent, message, ctx.profile, ctx.now) }, ask(step, ctx.profile, s.answers)];
  }
  if (question.kind === "text") return acceptCustom(s, step, question, message, message.slice(0, MAX_CUSTOM_ANSWER), ctx);
  // A choice not recognised: asked once more; the second time the visitor's words are kept as the answer.
  if (!s.reasked.includes(step)) {
    recordRaw(s, step, message);
    s.reasked.push(step);
    return [hint(step, ctx.profile)];
  }
  return acceptCustom(s, step, question, message, message.slice(0, MAX_CUSTOM_ANSWER), ctx);
}

/** A custom answer is kept up to this many characters (a visitor message is at most 2,000). */
const MAX_CUSTOM_ANSWER = 500;
