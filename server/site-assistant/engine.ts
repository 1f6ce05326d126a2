// LeadBroom's own assistant on the public site (issue 29 item 6, decision 0063): a rules engine,
// separate from the cleaning qualification (server/conversation/), chosen by the business's kind
// (`operator`). It answers questions about plans, prices, the trial, installation and features from
// the site's content (content.ts) and steers back to its own questions: company size, website, what
// the company cleans, then name and e-mail. Pure: the chat service stores the state and captures the
// prospect (capture.server.ts) once the e-mail (or a phone number) is given.
import { PLAN_NAMES, type PlanName } from "../shared/billing/plans.ts";
import {
  cancelAnswer,
  changePlanAnswer,
  featureSection,
  featuresAnswer,
  installAnswer,
  overageAnswer,
  planAnswer,
  plansAnswer,
  trialAnswer,
  type SiteContent,
} from "./content.ts";

export type SiteStep = "company_size" | "website" | "cleans" | "name" | "email" | "done";
export const SITE_STEPS: readonly SiteStep[] = ["company_size", "website", "cleans", "name", "email", "done"];

export type CompanySize = "solo" | "small" | "medium" | "large";
export const COMPANY_SIZE_LABELS: Record<CompanySize, string> = {
  solo: "Just me",
  small: "2–10 people",
  medium: "11–50 people",
  large: "More than 50 people",
};

export type SiteAnswers = {
  companySize?: CompanySize;
  /** The number of people when the visitor gave one. */
  companyPeople?: number;
  website?: string;
  noWebsite?: boolean;
  cleans?: string;
  name?: string;
  email?: string;
  phone?: string;
};

export type Topic = "plans" | "trial" | "install" | "features" | "person" | "bot" | "cleaning_request" | "off_topic";

export type SiteState = {
  kind: "site";
  version: 1;
  step: SiteStep;
  answers: SiteAnswers;
  /** Steps the visitor skipped. */
  skipped: SiteStep[];
  /** Steps asked again once because the answer was not understood. */
  reasked: SiteStep[];
  /** What the visitor asked about, in order (shown to the team on the lead). */
  topics: Topic[];
  completed: boolean;
};

export type SiteReply = { text: string; quickReplies?: string[] };
export type SiteTurn = {
  state: SiteState;
  replies: SiteReply[];
  /** The turn on which the prospect became a lead (an e-mail or phone number was given). */
  captured: boolean;
  /** What the visitor asked about on this turn, if anything (the model's cue). */
  topic?: Topic;
};

export const TALK_TO_PERSON = "Talk to a person";
const SKIP = "Skip";
const TOPIC_REPLIES = ["See plans and prices", "How does the free trial work?", "How do I install it?", TALK_TO_PERSON];

export function newSiteState(): SiteState {
  return { kind: "site", version: 1, step: "company_size", answers: {}, skipped: [], reasked: [], topics: [], completed: false };
}

/** A stored state, checked; anything else starts afresh. */
export function restoreSiteState(raw: unknown): SiteState {
  const s = raw as Partial<SiteState> | null;
  if (!s || s.kind !== "site" || s.version !== 1 || !SITE_STEPS.includes(s.step as SiteStep) || typeof s.answers !== "object" || !s.answers) {
    return newSiteState();
  }
  return {
    kind: "site",
    version: 1,
    step: s.step as SiteStep,
    answers: s.answers,
    skipped: Array.isArray(s.skipped) ? s.skipped : [],
    reasked: Array.isArray(s.reasked) ? s.reasked : [],
    topics: Array.isArray(s.topics) ? s.topics : [],
    completed: s.completed === true,
  };
}

export const SITE_WELCOME =
  "Hi! I'm LeadBroom's assistant. Ask me about our plans and prices, the free trial, installing the chat on your website or what LeadBroom does.";

/** The opening: the chatbot's welcome (the widget shows it before the chat opens), then the first question. */
export function siteWelcome(welcome = SITE_WELCOME): SiteReply[] {
  return [{ text: welcome }, question("company_size", {})];
}

/** The question of a step, with its quick replies. */
function question(step: SiteStep, answers: SiteAnswers, greet = false): SiteReply {
  switch (step) {
    case "company_size":
      return { text: "To point you to the right plan: how big is your cleaning company?", quickReplies: [...Object.values(COMPANY_SIZE_LABELS), SKIP] };
    case "website":
      return { text: "What's your company's website? The chat goes on it with one script tag.", quickReplies: ["We don't have one yet", SKIP] };
    case "cleans":
      return {
        text: "What do you clean?",
        quickReplies: ["Offices", "Medical facilities", "Schools", "Warehouses & industrial", "Homes (residential)", SKIP],
      };
    case "name":
      return { text: "Thanks! What's your name?" };
    case "email":
      return { text: `${greet && answers.name ? `Nice to meet you, ${firstName(answers.name)}! ` : ""}What's the best e-mail address for our team to reach you?` };
    case "done":
      return { text: "Anything else I can tell you about LeadBroom?", quickReplies: TOPIC_REPLIES.slice(0, 3) };
  }
}

function firstName(name: string): string {
  const parts = name.split(/\s+/).filter((p) => !TITLES.test(p));
  return parts[0] ?? name;
}

// ---- understanding ------------------------------------------------------------------------------

const TITLES = /^(?:dr|mr|mrs|ms|miss|mx|prof|sir|madam|pastor|rev)\.?$/i;
const EMAIL = /[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/i;
const PHONE = /\+?\(?\d[\d\s().-]{5,18}\d/;
const URL = /\b((?:https?:\/\/)?(?:www\.)?[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.[a-z]{2,}(?:\/[^\s]*)?)/i;
const NO_WEBSITE = /\b(?:no|don'?t|do not|dont|haven'?t|have not|without|not yet|none|n\/a)\b.*\b(?:web ?site|site|one|yet)\b|^\s*(?:no|nope|none|not yet|n\/a)\b|we don'?t have one yet/i;
const GREETING = /^\s*(?:hi|hello|hey|hiya|good (?:morning|afternoon|evening)|howdy)(?:\s+there)?\s*[.!]*\s*$/i;
const SKIPPED = /^\s*(?:skip|pass|rather not say|prefer not to say|no thanks|next)\s*[.!]*\s*$/i;

const WORD_NUMBERS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  fifteen: 15, twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, hundred: 100, dozen: 12, "a dozen": 12, "a hundred": 100,
};

const TOPICS: [Topic, RegExp][] = [
  ["bot", /\b(?:are you|is this|am i (?:talking|chatting) (?:to|with))\b.*\b(?:bot|robot|ai|human|real person|automated)\b/i],
  ["person", /\b(?:talk|speak|chat)\s+(?:to|with)\s+(?:a|an|some|the|your)?\s*(?:real\s+|live\s+)?(?:human|person|someone|somebody|agent|sales|rep|representative|team)\b|\b(?:book|schedule)\s+(?:a\s+)?(?:demo|call)\b|^\s*talk to a person\s*$/i],
  ["cleaning_request", /\b(?:i|we)\s+(?:need|want|are looking for|am looking for|'m looking for|'re looking for)\b.{0,40}\b(?:cleaning service|cleaners?|cleaned|janitorial service|someone to clean)\b|\bquote for (?:cleaning|my office|our office)\b/i],
  ["install", /\b(?:install(?:ation|ing)?|set ?up|script|snippet|embed|code|wordpress|wix|squarespace|shopify|webflow|plug-?in|widget)\b|\b(?:add|put|get)\b.{0,20}\b(?:on|to)\b.{0,10}\b(?:my|our)\s+(?:web)?site\b/i],
  ["trial", /\b(?:trial|try (?:it|you|leadbroom|out)|test drive|credit card|card required|free (?:period|version|plan|month)|for free)\b/i],
  ["plans", /\b(?:plans?|pric(?:e|es|ing)|costs?|how much|subscriptions?|per month|a month|monthly|annual(?:ly)?|yearly|fees?|tiers?|packages?|starter|pro|enterprise|cheap|expensive|discount|cancel|upgrade|downgrade|overage|lead limit)\b/i],
  ["features", /\b(?:features?|what (?:does|can|do) (?:it|leadbroom|you|the chat ?bot)|how does (?:it|leadbroom|this) work|lead scor(?:e|ing)|scor(?:e|es|ing)|automations?|analytics|reports?|outreach|linkedin|api|white[- ]?label|crm|integrat\w*|webhooks?|sms|follow[- ]?ups?|remind\w*|what is leadbroom|what do you (?:do|offer))\b/i],
];

/** What the visitor asks about, if anything. */
export function detectTopic(text: string): Topic | undefined {
  const t = text.normalize("NFKC").replace(/[\u2018\u2019]/g, "'");
  for (const [topic, pattern] of TOPICS) if (pattern.test(t)) return topic;
  if (/\?\s*$/.test(t) && !EMAIL.test(t)) return "off_topic";
  return undefined;
}

/** "about 25 people", "3 crews of 4", "just me", "a dozen" → a size band (and the count when given). */
export function parseCompanySize(text: string): { size: CompanySize; people?: number } | null {
  const t = text.toLowerCase().replace(/[\u2013\u2014]/g, "-");
  for (const [size, label] of Object.entries(COMPANY_SIZE_LABELS) as [CompanySize, string][]) {
    if (t.trim() === label.toLowerCase()) return { size };
  }
  if (/\b(?:just me|only me|myself|me alone|one[- ]man|one[- ]woman|solo|by myself|owner[- ]operator|i'?m alone)\b/.test(t)) return { size: "solo", people: 1 };
  if (/\bmore than 50\b|\b50\+|\bover (?:50|fifty)\b|\bhundreds\b/.test(t)) return { size: "large" };
  const digits = /(\d{1,3}(?:,\d{3})*|\d+)\s*(k)?\b(?:\s*(?:-|to)\s*(\d+))?/.exec(t);
  let people: number | null = null;
  if (digits) {
    const low = Number(digits[1]!.replace(/,/g, "")) * (digits[2] ? 1000 : 1);
    const high = digits[3] ? Number(digits[3]) : null;
    people = high && high > low ? Math.round((low + high) / 2) : low;
  } else {
    const word = Object.keys(WORD_NUMBERS)
      .sort((a, b) => b.length - a.length)
      .find((w) => new RegExp(`\\b${w}\\b`).test(t));
    if (word) people = WORD_NUMBERS[word]!;
  }
  if (people === null || people <= 0) {
    if (/\bsmall\b/.test(t)) return { size: "small" };
    if (/\b(?:mid-?size|medium)\b/.test(t)) return { size: "medium" };
    if (/\b(?:large|big|national|franchise)\b/.test(t)) return { size: "large" };
    return null;
  }
  // "3 crews of 4": the people in the crews.
  const crews = /(\d+)\s*crews?\s*of\s*(\d+)/.exec(t);
  if (crews) people = Number(crews[1]) * Number(crews[2]);
  return { size: people <= 1 ? "solo" : people <= 10 ? "small" : people <= 50 ? "medium" : "large", people };
}

/** "brightclean.com", "https://www.bright-clean.co.uk/" → a normalised https address; null when none. */
export function parseWebsite(text: string): string | null {
  const withoutEmails = text.replace(new RegExp(EMAIL.source, "gi"), " ");
  const match = URL.exec(withoutEmails);
  if (!match) return null;
  const raw = match[1]!.replace(/[.,;:!?)]+$/, "");
  // A bare word with a dot in a sentence ("e.g") is not a site: it needs a letter TLD of 2+ after a name.
  const url = /^https?:\/\//i.test(raw) ? raw : `https://${raw}`;
  try {
    const parsed = new globalThis.URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname === "/" ? "" : parsed.pathname}`.toLowerCase();
  } catch {
    return null;
  }
}

/** The name the visitor gave: "I'm Dana Reyes", "my name is Dr. Priya Nair", "Dana". */
export function parseName(text: string): string | null {
  const t = text.trim().replace(/[.!]+$/, "");
  const intro = /\b(?:my name is|my name's|name is|i am|i'm|im|this is|it's|call me)\s+(.+)$/i.exec(t);
  const candidate = (intro ? intro[1]! : t).replace(/\s*(?:from|at|with|here)\b.*$/i, "").trim();
  if (!/^[\p{L}][\p{L}'’.-]*(?:\s+[\p{L}][\p{L}'’.-]*){0,3}$/u.test(candidate)) return null;
  if (/^(?:yes|no|ok|okay|sure|thanks|thank you|hi|hello|hey|skip)$/i.test(candidate)) return null;
  return candidate.replace(/\b\p{Ll}/gu, (c, offset: number, whole: string) => (offset === 0 || whole[offset - 1] === " " ? c.toUpperCase() : c));
}

/** A phone number of 7 to 15 digits, as typed. */
function parsePhone(text: string): string | null {
  const match = PHONE.exec(text);
  const digits = match ? match[0].replace(/\D/g, "").length : 0;
  return match && digits >= 7 && digits <= 15 ? match[0].trim() : null;
}

// ---- the turn -----------------------------------------------------------------------------------

/** Facts a message carries besides the answer to the current question (an e-mail, a website). */
function collectVolunteered(text: string, answers: SiteAnswers, step: SiteStep): SiteAnswers {
  const next = { ...answers };
  const email = EMAIL.exec(text)?.[0];
  if (email && !next.email) next.email = email.toLowerCase();
  if (step !== "website" && !next.website) {
    const site = /\b(?:site|website|web site)\b/i.test(text) || /\.(?:com|net|org|co|io|us|biz)\b/i.test(text.replace(new RegExp(EMAIL.source, "gi"), "")) ? parseWebsite(text) : null;
    if (site) next.website = site;
  }
  if (step !== "company_size" && !next.companySize && /\b(?:people|employees|staff|cleaners|crews?|workers|team of)\b/i.test(text)) {
    const size = parseCompanySize(text);
    if (size) Object.assign(next, { companySize: size.size, ...(size.people ? { companyPeople: size.people } : {}) });
  }
  return next;
}

/** Reads the answer to the current step; null when the message is not one. */
function readAnswer(step: SiteStep, text: string, answers: SiteAnswers): SiteAnswers | null {
  switch (step) {
    case "company_size": {
      const size = parseCompanySize(text);
      return size ? { ...answers, companySize: size.size, ...(size.people ? { companyPeople: size.people } : {}) } : null;
    }
    case "website": {
      if (NO_WEBSITE.test(text)) return { ...answers, noWebsite: true };
      const site = parseWebsite(text);
      return site ? { ...answers, website: site } : null;
    }
    case "cleans": {
      const cleaned = text.trim().replace(/^(?:we clean|we do|mostly|mainly|mostly we clean)\s+/i, "");
      return cleaned.length >= 2 && /\p{L}/u.test(cleaned) ? { ...answers, cleans: cleaned.slice(0, 120) } : null;
    }
    case "name": {
      const name = parseName(text);
      return name ? { ...answers, name: name.slice(0, 120) } : null;
    }
    case "email": {
      const email = EMAIL.exec(text)?.[0];
      if (email) return { ...answers, email: email.toLowerCase() };
      const phone = parsePhone(text);
      return phone ? { ...answers, phone } : null;
    }
    case "done":
      return null;
  }
}

function answered(step: SiteStep, a: SiteAnswers): boolean {
  switch (step) {
    case "company_size":
      return a.companySize !== undefined;
    case "website":
      return a.website !== undefined || a.noWebsite === true;
    case "cleans":
      return a.cleans !== undefined;
    case "name":
      return a.name !== undefined;
    case "email":
      return a.email !== undefined || a.phone !== undefined;
    case "done":
      return false;
  }
}

function nextStep(state: Pick<SiteState, "answers" | "skipped">): SiteStep {
  for (const step of SITE_STEPS) {
    if (step === "done") return "done";
    if (!answered(step, state.answers) && !(state.skipped.includes(step) && step !== "email")) return step;
  }
  return "done";
}

function namedPlan(text: string): PlanName | undefined {
  return PLAN_NAMES.find((name) => new RegExp(`\\b${name}\\b`, "i").test(text));
}

const FEATURE_KEYWORDS: [string, RegExp][] = [
  ["lead-scoring", /\bscor(?:e|es|ing)\b/i],
  ["automation", /\b(?:automations?|follow[- ]?ups?|sms|remind\w*)\b/i],
  ["analytics", /\b(?:analytics|reports?)\b/i],
  ["cold-outreach", /\b(?:outreach|linkedin|prospects?)\b/i],
  ["enterprise", /\b(?:api|white[- ]?label|webhooks?|integrat\w*|crm)\b/i],
  ["lead-management", /\b(?:manage|management|workspace|pipeline)\b/i],
];

/** The answer to a topic, from the site's content. */
export function answerTopic(topic: Topic, text: string, content: SiteContent): string {
  switch (topic) {
    case "plans": {
      if (/\bcancel\b/i.test(text)) return cancelAnswer();
      if (/\b(?:upgrade|downgrade|change plans?|switch plans?)\b/i.test(text)) return changePlanAnswer();
      if (/\b(?:overage|lead limit|go over|more leads)\b/i.test(text)) return overageAnswer();
      const plan = namedPlan(text);
      return plan ? planAnswer(plan) : plansAnswer();
    }
    case "trial":
      return trialAnswer();
    case "install":
      return installAnswer(content);
    case "features": {
      const id = FEATURE_KEYWORDS.find(([, pattern]) => pattern.test(text))?.[0];
      return featuresAnswer(id ? featureSection(id) : undefined);
    }
    case "bot":
      return "I'm LeadBroom's automated assistant, not a person. I can answer questions about LeadBroom, and our team can follow up with you.";
    case "cleaning_request":
      return "LeadBroom doesn't clean buildings itself: we make the chat software that cleaning companies put on their websites. If you run a cleaning company, I'd be glad to tell you more.";
    case "person":
      return "Happy to connect you with our team: leave your details here and they'll get in touch within 24 hours.";
    case "off_topic":
      return "I can help with LeadBroom's plans and prices, the free trial, installation and features. For anything else, leave your details and our team will get back to you.";
  }
}

function withTopic(topics: Topic[], topic: Topic | undefined): Topic[] {
  return topic && !topics.includes(topic) ? [...topics, topic] : topics;
}

/**
 * One visitor message: an answer to a question about LeadBroom (then the current question again), an
 * answer to the current question (then the next one), or neither (the question asked once more, then
 * skipped; the e-mail is never skipped). The prospect is captured on the turn every question has been
 * answered or skipped and an e-mail (or phone number) is known; questions are still answered after.
 */
export function handleSiteMessage(state: SiteState, text: string, content: SiteContent): SiteTurn {
  const trimmed = text.trim();
  const topic = detectTopic(trimmed);
  const step = state.step;
  let answers = collectVolunteered(trimmed, state.answers, step);
  let skipped = state.skipped;
  let reasked = state.reasked;
  const replies: SiteReply[] = [];

  // Free-text answers (what they clean, a name) are not read from a question about LeadBroom; answers
  // with a shape of their own (a size, an address, an e-mail) are, as in "do you have plans for 12 people?".
  const shaped = step === "company_size" || step === "website" || step === "email";
  const mayAnswer = step !== "done" && (!topic || topic === "off_topic" || topic === "person" || shaped);
  const skippedNow = step !== "done" && step !== "email" && SKIPPED.test(trimmed);
  const answer = mayAnswer && !skippedNow ? readAnswer(step, trimmed, answers) : null;
  if (answer) answers = answer;
  if (skippedNow) skipped = [...skipped, step];

  if (topic && !(topic === "off_topic" && answer)) replies.push({ text: answerTopic(topic, trimmed, content) });

  let next = nextStep({ answers, skipped });
  let reask: SiteReply | null = null;
  if (!answer && !topic && !skippedNow && step !== "done" && next === step && !GREETING.test(trimmed)) {
    if (reasked.includes(step) && step !== "email") {
      skipped = [...skipped, step];
      next = nextStep({ answers, skipped });
    } else {
      reasked = reasked.includes(step) ? reasked : [...reasked, step];
      const again = question(step, answers);
      reask = { text: REASK[step], ...(again.quickReplies ? { quickReplies: again.quickReplies } : {}) };
    }
  }
  const contact = answers.email ?? answers.phone;
  const captured = !state.completed && next === "done" && contact !== undefined;
  if (reask) replies.push(reask);
  else if (captured) {
    replies.push({ text: `Thank you${answers.name ? `, ${firstName(answers.name)}` : ""}! Our team will get in touch at ${contact} within 24 hours.` });
    replies.push(question("done", answers));
  } else if (!(next === "done" && step === "done" && topic)) {
    if (!topic && !answer && GREETING.test(trimmed)) replies.push({ text: "Hello!" });
    replies.push(question(next, answers, step === "name" && next === "email"));
  }
  return {
    state: {
      kind: "site",
      version: 1,
      step: next,
      answers,
      skipped,
      reasked,
      topics: withTopic(state.topics, topic),
      completed: state.completed || captured,
    },
    replies,
    captured,
    ...(topic ? { topic } : {}),
  };
}

const REASK: Record<SiteStep, string> = {
  company_size: "Sorry, I didn't catch how big your company is. Roughly how many people work there?",
  website: "Sorry, I didn't catch your website's address. What is it (for example brightclean.com)?",
  cleans: "Sorry, I didn't catch that. What kind of buildings do you clean?",
  name: "Sorry, I didn't catch your name. What should we call you?",
  email: "Sorry, I didn't catch an e-mail address there. What's the best e-mail (or phone number) to reach you?",
  done: "",
};

/** After a request for a person or a takeover: the question the conversation stopped at. */
export function resumeSite(state: SiteState, lead = "In the meantime, I can take a few details."): SiteReply[] {
  if (state.step === "done") return [];
  return [{ text: lead }, question(state.step, state.answers)];
}
