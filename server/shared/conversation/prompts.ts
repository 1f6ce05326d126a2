// What the rules bot says: questions, quick replies (and the values they stand for), hints for a
// re-ask, answers to the visitor's questions from the business profile, and the closing. Never the
// score, the priority or the market price.
import { plural } from "../format/plural.ts";
import type { FrequencyBand, TimelineBand } from "../scoring/score.ts";
import { afterHoursText } from "./after-hours.ts";
import { firstNameOf } from "./names.ts";
import { formatPhone, normalizePhone } from "../format/phone.ts";
import { answerFromDescription } from "./description-answers.ts";
import { describeHours, isWithinBusinessHours } from "./business-hours.ts";
import { timeZoneLabel } from "../time/calendar.ts";
import { formatCount, formatWholeDollars } from "../format/intl.ts";
import type { Answers, BotReply, BusinessProfile, Intent, StepId } from "./types.ts";
import type { CustomQuestion, QualificationQuestions, ScoredFactor } from "./questions.ts";

export const SKIP_CHOICE = "Skip";
export const SOMETHING_ELSE_CHOICE = "Something else";
export const NOT_SURE_CHOICE = "Not sure";

/** Quick-reply bands, each stored as a representative value inside the band. */
export const SIZE_CHOICES: readonly { label: string; sqft: number }[] = [
  { label: "Under 5,000 sq ft", sqft: 3_000 },
  { label: "5,000–19,999 sq ft", sqft: 12_000 },
  { label: "20,000–50,000 sq ft", sqft: 35_000 },
  { label: "Over 50,000 sq ft", sqft: 60_000 },
];

export const FREQUENCY_CHOICES: readonly { label: string; band: FrequencyBand; visitsPerWeek: number }[] = [
  { label: "Daily", band: "daily", visitsPerWeek: 5 },
  { label: "2–3 times a week", band: "two_three_weekly", visitsPerWeek: 2.5 },
  { label: "Weekly", band: "weekly", visitsPerWeek: 1 },
  { label: "Bi-weekly or less", band: "biweekly_or_less", visitsPerWeek: 0.5 },
];

/** Monthly budget bands: the midpoint of each band; the open-ended top band is stored as $12,500. */
export const BUDGET_CHOICES: readonly { label: string; monthlyCents: number }[] = [
  { label: "Under $1,000", monthlyCents: 50_000 },
  { label: "$1,000–$2,500", monthlyCents: 175_000 },
  { label: "$2,500–$5,000", monthlyCents: 375_000 },
  { label: "$5,000–$10,000", monthlyCents: 750_000 },
  { label: "Over $10,000", monthlyCents: 1_250_000 },
];

/** Timeline bands: the stated bound in days ("More than 90 days" is stored as 180). */
export const TIMELINE_CHOICES: readonly { label: string; band: TimelineBand; days: number }[] = [
  { label: "Immediately", band: "immediate", days: 0 },
  { label: "Within 30 days", band: "within_30_days", days: 30 },
  { label: "Within 90 days", band: "within_90_days", days: 90 },
  { label: "More than 90 days", band: "beyond_90_days", days: 180 },
];

/** Comparable form of a quick reply: case, dashes, spacing and end punctuation do not matter. */
export function choiceKey(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\u2010-\u2015\u2212]/g, "-")
    .replace(/\s*-\s*/g, "-")
    .replace(/\s+/g, " ")
    .replace(/[.!]+$/, "")
    .trim();
}

export function findChoice<T extends { label: string }>(choices: readonly T[], text: string): T | undefined {
  const key = choiceKey(text);
  return choices.find((c) => choiceKey(c.label) === key);
}

/** The owner's custom question a custom step asks (decision 0062). */
export function customQuestionOf(step: StepId, profile: Pick<BusinessProfile, "questions">): CustomQuestion | undefined {
  const m = /^custom_([1-3])$/.exec(step);
  return m ? profile.questions?.custom[Number(m[1]) - 1] : undefined;
}

/** A scored factor's quick replies: the owner's label for each scoring band, in band order. */
function bandLabels(factor: ScoredFactor, profile: Pick<BusinessProfile, "questions">, defaults: readonly { label: string }[]): string[] {
  const own = profile.questions?.quickReplies[factor];
  return own && own.length === defaults.length ? [...own] : defaults.map((c) => c.label);
}

/**
 * The bands of a scored factor as quick replies are matched against: the owner's labels, then the
 * product's own (a visitor may type "Weekly" although the owner's button says "Once a week").
 */
export function bandChoices<T extends { label: string }>(factor: ScoredFactor, profile: Pick<BusinessProfile, "questions">, defaults: readonly T[]): T[] {
  const own = profile.questions?.quickReplies[factor];
  const renamed = own && own.length === defaults.length ? defaults.map((c, i) => ({ ...c, label: own[i] as string })) : [];
  return [...renamed, ...defaults];
}

export function quickRepliesFor(step: StepId, profile: BusinessProfile): string[] | undefined {
  switch (step) {
    case "service_type":
      return [...profile.serviceTypes, SOMETHING_ELSE_CHOICE];
    case "building_size":
      return [...bandLabels("building_size", profile, SIZE_CHOICES), SKIP_CHOICE];
    case "frequency":
      return [...bandLabels("frequency", profile, FREQUENCY_CHOICES), SKIP_CHOICE];
    case "budget":
      return [...bandLabels("budget", profile, BUDGET_CHOICES), NOT_SURE_CHOICE, SKIP_CHOICE];
    case "timeline":
      return [...bandLabels("timeline", profile, TIMELINE_CHOICES), SKIP_CHOICE];
    case "contact_company":
      return [SKIP_CHOICE];
    default: {
      const custom = customQuestionOf(step, profile);
      return custom ? [...custom.choices, SKIP_CHOICE] : undefined;
    }
  }
}

export function firstName(answers: Answers): string | undefined {
  return firstNameOf(answers.name);
}

/** The email-only reach question, when the owner turns the phone question off. */
export const EMAIL_ONLY_QUESTION = "What's the best email address to reach you?";

/** The question a step asks: the owner's wording (decision 0062) or the product's own. */
export function questionText(step: StepId, answers: Answers, questions?: QualificationQuestions): string {
  const custom = customQuestionOf(step, { questions });
  if (custom) return custom.text;
  const own = questions?.questions[step as keyof QualificationQuestions["questions"]];
  if (own && own !== defaultQuestionText(step, {})) {
    const first = step === "contact_company" ? firstName(answers) : undefined;
    return first ? `Nice to meet you, ${first}! ${own}` : own;
  }
  if (step === "contact_reach" && questions?.phone === "off") return EMAIL_ONLY_QUESTION;
  return defaultQuestionText(step, answers);
}

function defaultQuestionText(step: StepId, answers: Answers): string {
  switch (step) {
    case "service_type":
      return "What type of cleaning are you looking for?";
    case "building_size":
      return "Roughly how large is the space to be cleaned?";
    case "frequency":
      return "How often would you like it cleaned?";
    case "budget":
      return "What monthly budget do you have in mind for the cleaning?";
    case "timeline":
      return "When would you like the cleaning to start?";
    case "contact_name":
      return "Almost done! What's your name?";
    case "contact_company": {
      const first = firstName(answers);
      return first ? `Nice to meet you, ${first}! What's the name of your company?` : "What's the name of your company?";
    }
    case "contact_reach":
      return "What's the best email or phone number to reach you?";
    default:
      return "";
  }
}

/** The current question as a reply, with its quick replies. */
export function ask(step: StepId, profile: BusinessProfile, answers: Answers, lead = ""): BotReply {
  const text = [lead, questionText(step, answers, profile.questions)].filter(Boolean).join(" ");
  const quickReplies = quickRepliesFor(step, profile);
  return quickReplies ? { text, quickReplies } : { text };
}

const HINTS: Record<Exclude<StepId, `custom_${number}`>, string> = {
  service_type: "Sorry, I didn't catch the type of cleaning. Which of these is closest? You can also describe it in a few words.",
  building_size: 'Sorry, I didn\'t catch the size. Roughly how many square feet is the space? For example "12,000 sq ft".',
  frequency: 'Sorry, I didn\'t catch how often. How many times a week or month should we clean? For example "twice a week" or "daily".',
  budget: 'Sorry, I didn\'t catch the budget. Roughly how much would you like to spend per month? For example "$2,500 a month", or "Not sure".',
  timeline: 'Sorry, I didn\'t catch when. When would you like to start? For example "ASAP", "next month" or "in 2 months".',
  contact_name: 'Sorry, I didn\'t catch your name. What should the team call you? For example "Jane Doe".',
  contact_company: 'Sorry, I didn\'t catch the company name. What is it called? You can also choose "Skip".',
  contact_reach:
    'Sorry, I couldn\'t find an email address or phone number in that. Could you type it like "jane@example.com" or "555-123-4567"?',
  done: "",
};

/** The question again, with a hint, after an answer that was not understood. */
export function hint(step: StepId, profile: BusinessProfile): BotReply {
  const quickReplies = quickRepliesFor(step, profile);
  const custom = customQuestionOf(step, profile);
  let text = custom ? `Sorry, I didn't catch that. ${custom.text} You can tap one of the choices or type your answer.` : (HINTS as Record<string, string>)[step] ?? "";
  if (step === "contact_reach" && profile.questions?.phone === "off") text = 'Sorry, I couldn\'t find an email address in that. Could you type it like "jane@example.com"?';
  return quickReplies ? { text, quickReplies } : { text };
}

export function somethingElsePrompt(): BotReply {
  return { text: "No problem! What kind of cleaning do you need? A few words is fine." };
}

// ---------------------------------------------------------------------------------------------
// Acknowledgements

export function formatSqFt(sqft: number): string {
  return `${formatCount(Math.round(sqft))} sq ft`; // a reused formatter: this runs on most turns
}

export const formatDollars = formatWholeDollars;

export const ACK = {
  serviceKnown: (type: string) => `Great, ${type} it is!`,
  serviceOwn: () => "Thanks, I'll note that for the team.",
  size: (sqft: number) => `Got it, about ${formatSqFt(sqft)}.`,
  choice: () => "Got it.",
  frequency: () => "Great, thanks.",
  budget: (cents: number) => `Thanks, about ${formatDollars(cents)} a month.`,
  budgetUnsure: () => "No problem, the team can help you work out a budget.",
  timeline: () => "Perfect.",
  company: () => "Thanks!",
  skipped: () => "No problem.",
  movingOn: () => "No problem, let's move on.",
  contactNoted: () => "Thanks, I've noted your contact details.",
} as const;

/** "twice a week", "every weekday", "once a month", "a one-off clean". */
export function describeFrequency(visitsPerWeek: number): string {
  if (visitsPerWeek === 0) return "as a one-off clean";
  if (visitsPerWeek === 3.5) return "every other day";
  if (visitsPerWeek === 5) return "every weekday";
  if (visitsPerWeek === 7) return "every day";
  if (visitsPerWeek < 1) {
    const perMonth = Math.round(visitsPerWeek * 4);
    if (perMonth <= 1) return "once a month";
    return perMonth === 2 ? "twice a month" : `${plural(perMonth, "time")} a month`;
  }
  if (visitsPerWeek === 1) return "once a week";
  if (visitsPerWeek === 2) return "twice a week";
  if (Number.isInteger(visitsPerWeek)) return `${plural(visitsPerWeek, "time")} a week`;
  return `${Math.floor(visitsPerWeek)}–${Math.ceil(visitsPerWeek)} times a week`;
}

export function describeStart(days: number): string {
  if (days === 0) return "a start as soon as possible";
  if (days === 1) return "a start tomorrow";
  if (days < 14) return `a start in about ${plural(days, "day")}`;
  if (days < 60) return `a start in about ${Math.round(days / 7)} weeks`;
  if (days === 180) return "no fixed start date yet";
  return `a start in about ${Math.round(days / 30)} months`;
}

/** What was noted from a message beyond the question asked, as list items ("about 20,000 sq ft", "twice a week"). */
export function describeNoted(patch: Partial<Answers>): string[] {
  const items: string[] = [];
  if (patch.serviceType !== undefined) items.push(patch.serviceType);
  if (patch.buildingSizeSqFt !== undefined) items.push(`about ${formatSqFt(patch.buildingSizeSqFt)}`);
  if (patch.visitsPerWeek !== undefined) items.push(`cleaning ${describeFrequency(patch.visitsPerWeek)}`);
  if (patch.budgetMonthlyCents !== undefined) items.push(`a budget of about ${formatDollars(patch.budgetMonthlyCents)} a month`);
  else if (patch.budgetUnsure) items.push("a budget still to be worked out");
  if (patch.timelineDays !== undefined) items.push(describeStart(patch.timelineDays));
  if (patch.name !== undefined) items.push("your name");
  if (patch.company !== undefined) items.push("your company name");
  if (patch.email !== undefined || patch.phone !== undefined) items.push("your contact details");
  return items;
}

/** "as soon as possible", "tomorrow", "about 5 weeks from now", "no fixed date yet". */
function startWhen(days: number): string {
  if (days === 0) return "as soon as possible";
  if (days === 1) return "tomorrow";
  if (days === 180) return "no fixed date yet";
  if (days < 14) return `about ${plural(days, "day")} from now`;
  if (days < 60) return `about ${Math.round(days / 7)} weeks from now`;
  return `about ${Math.round(days / 30)} months from now`;
}

/** What a correction changed: "Thanks, I've updated that: about 6,000 sq ft." */
export function updatedText(patch: Partial<Answers>): string {
  const items: string[] = [];
  if (patch.buildingSizeSqFt !== undefined) items.push(`the size to about ${formatSqFt(patch.buildingSizeSqFt)}`);
  if (patch.visitsPerWeek !== undefined) items.push(`the cleaning to ${describeFrequency(patch.visitsPerWeek)}`);
  if (patch.budgetMonthlyCents !== undefined) items.push(`the budget to about ${formatDollars(patch.budgetMonthlyCents)} a month`);
  else if (patch.budgetUnsure) items.push("the budget to be worked out with the team");
  if (patch.timelineDays !== undefined) items.push(`the start to ${startWhen(patch.timelineDays)}`);
  if (patch.name !== undefined) items.push(`your name to ${patch.name}`);
  if (patch.company !== undefined) items.push(`your company to ${patch.company}`);
  if (patch.email !== undefined) items.push(`your email to ${patch.email}`);
  if (patch.phone !== undefined) items.push(`your phone number to ${formatPhone(normalizePhone(patch.phone)) ?? patch.phone}`);
  return items.length > 0 ? `Thanks, I've updated ${joinList(items)}.` : "Thanks, I've updated your details.";
}

/** "I've also noted about 20,000 sq ft and cleaning twice a week." ("" when nothing). */
export function notedSentence(patch: Partial<Answers>, also: boolean): string {
  const items = describeNoted(patch);
  if (items.length === 0) return "";
  return `${also ? "I've also noted" : "Thanks, I've noted"} ${joinList(items)}.`;
}

// ---------------------------------------------------------------------------------------------
// Price questions: an estimate from the business's market price (DESIGN §4), never the price itself

/** What a price estimate still needs ("the size of the space and how often…"), or null when it can be made. */
export function estimateNeeds(answers: Answers, visitsPerMonth: number | undefined): string | null {
  const needs: string[] = [];
  if (answers.buildingSizeSqFt === undefined) needs.push("roughly how large the space is");
  if (visitsPerMonth === undefined) needs.push("how often you'd like it cleaned");
  return needs.length > 0 ? joinList(needs) : null;
}

export function priceAnswer(answers: Answers, estimateCents: number | null, visitsPerMonth: number | undefined, repeated: boolean): string {
  if (estimateCents === null) {
    const needs = estimateNeeds(answers, visitsPerMonth) ?? "a few details";
    if (repeated) return `As soon as I know ${needs}, I'll give you that estimate.`;
    return `I can give you a rough estimate once I know ${needs}. The team will then confirm the exact price in your quote.`;
  }
  const rounded = formatDollars(Math.round(estimateCents / 1000) * 1000);
  if (repeated) return `My rough estimate is still around ${rounded} a month; the team will confirm the exact price in your quote.`;
  const size = answers.buildingSizeSqFt !== undefined ? `about ${formatSqFt(answers.buildingSizeSqFt)}` : "your space";
  // What the visitor said ("3 times a week") and the visits it makes, never another band's figure.
  const visits = visitsPerMonth !== undefined && answers.visitsPerWeek !== 0 ? ` (about ${Math.round(visitsPerMonth)} visits a month)` : "";
  const how = answers.visitsPerWeek !== undefined ? ` cleaned ${describeFrequency(answers.visitsPerWeek)}${visits}` : "";
  return `For ${size}${how}, cleaning typically costs around ${rounded} a month. That's a rough estimate; the team will confirm the exact price in your quote.`;
}

/** The budget question after a price answer, worded differently from the question asked just before. */
export function budgetFollowUp(profile: BusinessProfile, estimateCents: number | null, priceQuestions: number): BotReply {
  const rounded = estimateCents !== null ? formatDollars(Math.round(estimateCents / 1000) * 1000) : null;
  let text: string;
  if (priceQuestions <= 1) {
    text = rounded
      ? `Would a monthly budget of around ${rounded} work for you, or do you have another figure in mind?`
      : 'What monthly budget would you like to work with? A rough figure is fine, or choose "Not sure".';
  } else {
    text = rounded
      ? `What monthly budget should I note for the team? "Around ${rounded}", another figure or "Not sure" are all fine.`
      : 'What monthly budget should I note for the team? A rough figure or "Not sure" is fine.';
  }
  return { text, quickReplies: quickRepliesFor("budget", profile) };
}

// ---------------------------------------------------------------------------------------------
// Answers to the visitor's questions

function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Words after "do you service…" that name no place. */
const NOT_A_PLACE = /^(?:my|our|your|the|this|that|a|an|here|there|local|nearby|near|area|areas|region|town|city|zip|me|us|it)$/i;

/**
 * "Do you service Chatham?": yes when the town is one of the business's service areas; when it is not,
 * the areas served and that the team confirms; with no town named, the areas and a question for the
 * town or ZIP code.
 */
export function areaAnswer(text: string, profile: BusinessProfile): string {
  const biz = profile.businessName;
  const areas = profile.serviceAreas;
  const t = text.normalize("NFKC");
  const named = areas.find((area) => new RegExp(`(?<![\\p{L}])${escapeRegExp(area)}(?![\\p{L}])`, "iu").test(t));
  if (named) return `Yes, ${biz} serves ${named}.`;
  const list = areas.length > 0 ? joinList(areas) : null;
  const place = /\b(?:service|serve|cover|to|in|near|around)\s+((?:[A-Z][\p{L}'.-]+)(?:\s+[A-Z][\p{L}'.-]+)*)/u.exec(t)?.[1]?.replace(/\s+[A-Z]{2}$/, "");
  if (list && place && !NOT_A_PLACE.test(place)) {
    return `${place} isn't on our list of service areas: ${biz} serves ${list}. The team can confirm whether they can cover your location.`;
  }
  const zip = /\b\d{5}\b/.test(t);
  if (!list) return `The ${biz} team will confirm that we cover your area. Which town or ZIP code is the space in?`;
  return zip
    ? `${biz} serves ${list}. Which town is that ZIP code in? Then I can tell you whether it's covered, or the team will confirm.`
    : `${biz} serves ${list}. Which town or ZIP code is the space in? The team will confirm that it's covered.`;
}

export const PRICING_ANSWER =
  "Pricing depends on the size and frequency; once I have a few details the team will send you a tailored quote.";

/** Asking about their own score or priority: never answered. */
const ABOUT_SCORE = /\b(?:score|scor(?:ed|ing)|priority|rating|rated|points|rank(?:ed|ing)?)\b/i;

export function answerQuestion(intent: Intent, text: string, profile: BusinessProfile, now: Date): string {
  const biz = profile.businessName;
  switch (intent) {
    case "question:hours": {
      const described = describeHours(profile.hours);
      const open =
        described === "By appointment only"
          ? `${biz} works by appointment, and the team will find a time that suits you.`
          : `Our office hours at ${biz} are ${described} (${timeZoneLabel(now, profile.timeZone)}).`;
      // "Do you clean on weekends?": the office hours, and what the description says about it.
      const fromDescription = answerFromDescription(text, profile.description);
      return [open, fromDescription, "I'm here around the clock to take your details, though."].filter(Boolean).join(" ");
    }
    case "question:areas":
      return [areaAnswer(text, profile), answerFromDescription(text, profile.description)].filter(Boolean).join(" ");
    case "question:bot":
      return `I'm an automated assistant for ${biz}, not a person. I take down a few details so the ${biz} team can prepare your quote, and if you'd rather talk to someone, just say "Talk to a person" and I'll let the team know.`;
    case "question:services": {
      const services =
        profile.serviceTypes.length > 0
          ? `At ${biz} we offer ${joinList(profile.serviceTypes)}.`
          : `${biz} offers commercial cleaning, and the team can tell you more.`;
      // "Do you clean carpets too?": the description's sentences about it, never the whole text.
      return [services, answerFromDescription(text, profile.description)].filter(Boolean).join(" ");
    }
    case "question:pricing":
      return PRICING_ANSWER;
    default: {
      if (ABOUT_SCORE.test(text)) return `I'm just here to collect a few details for the ${biz} team, and they'll take it from there.`;
      // "Are you insured and bonded?": the sentences of the business description that say so.
      const fromDescription = answerFromDescription(text, profile.description);
      if (fromDescription) return fromDescription;
      return `That's a good question for the ${biz} team, and they'll be happy to help with it when they get in touch.`;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Closing

function thanks(answers: Answers): string {
  const first = firstName(answers);
  return first ? `Thanks, ${first}!` : "Thanks!";
}

/** The last message of the qualification: who gets back to the visitor, and when. */
export function closing(answers: Answers, profile: BusinessProfile, now: Date): BotReply {
  const biz = profile.businessName;
  if (!answers.email && !answers.phone) {
    const first = firstName(answers);
    const reachUs = [profile.phone, profile.email].filter((v): v is string => Boolean(v));
    const direct = reachUs.length > 0 ? ` You can also reach ${biz} directly at ${reachUs.join(" or ")}.` : "";
    return {
      text: `No problem${first ? `, ${first}` : ""}. Without an email or phone number the team can't send you a quote, but you're welcome to leave one here any time.${direct} Thanks for chatting with us!`,
    };
  }
  if (isWithinBusinessHours(profile.hours, profile.timeZone, now)) {
    return { text: `${thanks(answers)} I've passed your details to the ${biz} team, and they'll be in touch shortly today.` };
  }
  const afterHours = afterHoursText(profile.afterHoursMessage, profile.hours, profile.timeZone, now);
  return { text: [`${thanks(answers)} I've passed your details to the ${biz} team.`, afterHours].filter(Boolean).join(" ") };
}

/** A message after the qualification is done. */
export function afterDoneReply(answers: Answers, profile: BusinessProfile, justCaptured: boolean): BotReply {
  const biz = profile.businessName;
  if (justCaptured) return { text: `${thanks(answers)} I've added that to your details, and the ${biz} team will be in touch soon.` };
  if (answers.email || answers.phone) return { text: `Thanks! Your details are with the ${biz} team, and they'll be in touch soon.` };
  return { text: `Thanks for chatting! If you'd like a quote, just leave your email or phone number here and the ${biz} team will get back to you.` };
}
