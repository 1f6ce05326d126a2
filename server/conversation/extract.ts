// Every answer a single message gives, whichever question it answers: "We need a 20k sq ft warehouse
// cleaned twice a week starting ASAP, budget around $4k a month" answers five questions at once. The
// parts of the message are taken apart before the field parsers read them (money first, then the
// floor area, then the frequency, then the timeline), so "$4k a month" is not read as a size or a
// frequency and "5 days a week" is not a start date. Stricter than the step parsers: a field counts
// only with a clear cue (a unit, a "$", a "per week", a "starting…"); the current question's own
// parser stays the lenient one (a bare "15000" answers the size question).
import type { FrequencyBand, TimelineBand } from "../shared/scoring/score.ts";
import {
  mentionedCompany,
  mentionedName,
  normaliseText,
  parseBudget,
  parseBuildingSize,
  parseEmail,
  parseFrequency,
  parseName,
  parsePhone,
  parseTimeline,
  UNDECIDED_TIMELINE_DAYS,
} from "./parser.ts";
import { matchServiceType } from "./service-types.ts";

export type ExtractedAnswers = {
  serviceType?: string;
  buildingSizeSqFt?: number;
  frequency?: FrequencyBand;
  visitsPerWeek?: number;
  budgetMonthlyCents?: number;
  budgetUnsure?: true;
  timeline?: TimelineBand;
  timelineDays?: number;
  name?: string;
  company?: string;
  email?: string;
  phone?: string;
};

export type ExtractionContext = {
  serviceTypes: readonly string[];
  now: Date;
  timeZone: string;
  /** Visits a month already known (prices "$150 per visit" when the message gives no frequency). */
  visitsPerMonth?: number;
};

// ---------------------------------------------------------------------------------------------
// Spans of the normalised text (lower case, digits for number words, no thousands separators)

const NUM = String.raw`\d+(?:\.\d+)?`;
const MONEY_MULT = String.raw`(?:\s*(?:k|thousand|grand|million|mil)(?![a-z]))?`;
const MONEY_PERIOD = String.raw`(?:\s*(?:\/|a|an|per|each|every|for each|for every)\s*(?:month|mo|mth|week|wk|year|yr|annum|quarter|visit|clean(?:ing)?|service|session|time|day|night|shift)\b|\s*(?:monthly|weekly|yearly|annually|quarterly|bi-?weekly|fortnightly)\b)?`;
const CUED_MONEY = String.raw`(?:(?:\$|usd)\s*${NUM}${MONEY_MULT}(?:\s*(?:dollars?|bucks|usd)\b)?|${NUM}${MONEY_MULT}\s*(?:dollars?|bucks|usd)\b)`;
const MONEY_SPAN = new RegExp(
  String.raw`(?:between\s+|from\s+)?${CUED_MONEY}(?:\s*(?:-|to|and|or)\s*(?:\$\s*)?${NUM}${MONEY_MULT}(?:\s*(?:dollars?|bucks|usd)\b)?)?${MONEY_PERIOD}`,
  "g",
);
/** "budget around 4k a month", "we can spend 3000 monthly": an amount after a budget word. */
const BUDGET_CLAUSE = new RegExp(
  String.raw`\b(?:budget(?:ed)?|spend|spending|pay|afford)\b(?:\s+(?:is|of|would be|will be|around|about|approx\.?|approximately|roughly|maybe|up to|max(?:imum)?|no more than|under|below|over|between|at most|is about|is around|per month|a month|monthly|:|-|we have|for this|for it|for cleaning))*\s*(?:\$\s*)?${NUM}${MONEY_MULT}(?:\s*(?:-|to|and|or)\s*(?:\$\s*)?${NUM}${MONEY_MULT})?(?:\s*(?:dollars?|bucks|usd)\b)?${MONEY_PERIOD}`,
  "g",
);
/** "1500/month", "3k a month", "2,000 monthly": an amount of three digits or more (or with a "k") right before a money period, never "3 times a month". */
const PERIOD_MONEY = new RegExp(
  String.raw`(?<![\d.\/-])(?:\d{3,}(?:\.\d+)?|${NUM}\s*(?:k|grand)(?![a-z]))(?:\s*(?:-|to)\s*(?:\d{3,}(?:\.\d+)?|${NUM}\s*k(?![a-z])))?\s*(?:(?:\/|a|an|per)\s*(?:month|mo|mth|week|wk|year|yr)\b|(?:monthly|weekly|yearly|annually)\b)`,
  "g",
);
const BUDGET_UNSURE =
  /\b(?:no (?:set |fixed |real )?budget|budget (?:is )?(?:flexible|open|tbd|undecided|not (?:set|decided|fixed))|(?:not sure|unsure|no idea|(?:don'?t|do not) know)(?: yet)? (?:about |on |of |what )?(?:the |our |my )?budget|haven'?t (?:set|decided(?: on)?) (?:a |the |our )?budget)\b/;

const SIZE_UNIT = String.raw`(?:square\s*f(?:ee|oo)t|sq\.?\s*f(?:ee|oo)?t\.?|sq\.?\s*feet|sqft|s\.?f\.?(?![a-z])|ft\s*2(?!\d)|square\s*met(?:er|re)s?|sq\.?\s*met(?:er|re)s?|sq\.?\s*m(?![a-z])|sqm|m\s*2(?!\d)|acres?)`;
const SIZE_SPAN = new RegExp(
  String.raw`(?:(?:over|more than|above|under|less than|below|about|around|approx\.?|approximately|roughly|nearly|almost|between|from)\s+)?${NUM}\s*(?:k|thousand|million|mil|m)?\s*\+?\s*(?:(?:-|to|and|or|x)\s*${NUM}\s*(?:k|thousand|million|mil|m)?\s*)?${SIZE_UNIT}(?:\s*(?:each|apiece|total|in total|per floor))?`,
  "g",
);
const FLOOR_SPAN = /\b\d+\s*(?:floors?|stories|storeys?|story|levels?)\b(?:\s*(?:of|at|with|x)\s*\d+(?:\.\d+)?\s*(?:k|thousand)?(?![a-z]))?/g;

const DAY = String.raw`(?:mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:r(?:s(?:day)?)?)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?)`;
const FULL_DAY = String.raw`(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)`;
const FREQUENCY_SPANS: RegExp[] = [
  new RegExp(
    String.raw`\b(?:${NUM}|once|twice|thrice)\s*(?:(?:-|to|or)\s*${NUM}\s*)?(?:(?:times?|x|days?|nights?|evenings?|visits?|cleans?|cleanings?|shifts?)\s*)?(?:(?:a|per|each|every|\/|in a|an)\s*(?:day|week|wk|month)\b|(?:daily|weekly|monthly)\b)`,
    "g",
  ),
  /\b(?:every|each)\s+(?:other\s+|2(?:nd)?\s+|second\s+|alternate\s+)?(?:\d+\s+)?(?:day|night|evening|week|weekday|weekend|month|business day|working day|workday)s?\b/g,
  /\b(?:daily|nightly|weekly|bi-?weekly|fortnightly|monthly|semi-?monthly|bi-?monthly|quarterly|24\/7|m-f|including weekends|(?:round|around) the clock|alternate days)\b/g,
  // "weekends only", "only on weekdays"; a bare "weekends" ("we're closed on weekends") is no frequency.
  /\b(?:weekdays|weekends|week days) only\b|\bonly (?:on )?(?:weekdays|weekends|week days)\b/g,
  new RegExp(String.raw`\b${DAY}s?\s*(?:-|to|through|thru|till|until)\s*${DAY}s?\b`, "g"),
  /\b(?:mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays)\b(?:(?:\s*,\s*|\s+and\s+|\s*&\s*)(?:mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays)\b)*/g,
  /\b(?:a )?(?:few|several|couple (?:of )?)\s*times (?:a|per) (?:week|month)\b/g,
  /\b(?:1[\s-]?time|1[\s-]?off|just once|only once|once only|non[\s-]?recurring|single (?:visit|clean(?:ing)?|service|job)|as needed|on demand|occasional(?:ly)?)\b/g,
];
/** Day words that say when to start, not how often: "starting next monday", "this weekend". */
const START_DAY = new RegExp(String.raw`\b(?:next|this|on|from|starting|start|by|until|before|after|beginning)\s+(?:next\s+|this\s+)?(?:${FULL_DAY}|week(?:end)?)\b`, "g");

/** A start that is immediate ("asap", "right away", "start now"), never a bare "now" ("right now we use…"). */
const IMMEDIATE_CUE =
  /\basap\b|\ba\.s\.a\.p\b|\bas soon as\b|\bimmediate(?:ly)?\b|\bright away\b|\bstraight away\b|\burgent(?:ly)?\b(?! care)|\bemergency\b|\btoday\b|\btonight\b|\bthis (?:morning|afternoon|evening)\b|\b(?:start(?:ing)?|begin(?:ning)?|from) now\b|\bsooner the better\b|\byesterday\b/;
const UNDECIDED_CUE =
  /\bno rush\b|\bno hurry\b|\bwhenever (?:suits|works|is (?:fine|good)|you can|you(?:'re| are) (?:free|available))\b|\bno (?:set |fixed |real )?(?:timeline|date|deadline|start date)\b|\bjust (?:browsing|looking|curious|researching)\b|\bsomeday\b|\beventually\b|\bdown the (?:road|line)\b|\bplanning ahead\b|\b(?:not sure|unsure|no idea|(?:don'?t|do not) know|undecided|flexible)(?: yet)? (?:about |on |of )?(?:the |our )?(?:timeline|timing|start(?: date)?|when)\b|\btiming is flexible\b/;
const MONTH_NAME = String.raw`(?:january|jan|february|feb|march|mar|april|apr|may|june|jun|july|jul|august|aug|september|sept|sep|october|oct|november|nov|december|dec)`;
/** A start date or delay: "starting next month", "in 2 weeks", "by march", "tomorrow", "6/1". */
const START_CUE = new RegExp(
  [
    String.raw`\b(?:in|within|over|after|by|before|until|from|starting|start|starts|begin(?:ning)?|more than|less than)\s+(?:about\s+|around\s+|roughly\s+|approximately\s+|the\s+|a\s+|an\s+)?(?:\d|next\b|this\b|end\b|mid\b|early\b|late\b|beginning\b|start\b|day\b|week\b|month\b|year\b|quarter\b|tomorrow\b|${FULL_DAY}\b|${MONTH_NAME}\b)`,
    String.raw`\b(?:next|on|this) (?:week|weekend|month|quarter|year|${FULL_DAY})\b`,
    String.raw`\bthis (?:week|weekend|month|quarter|year)\b`,
    String.raw`\bend of (?:the |this |next )?(?:week|month|quarter|year)\b`,
    String.raw`\b(?:soon(?:ish)?|shortly|tomorrow|tmrw)\b|\bfrom now\b`,
    String.raw`\b(?:early|mid|late)[\s-]+${MONTH_NAME}\b|\b(?:january|february|april|june|july|august|september|october|november|december)\b`,
    String.raw`\b\d{1,2}\/\d{1,2}\b|\b\d{4}-\d{1,2}-\d{1,2}\b`,
    // Quarters, seasons and holidays: "in Q2", "not until spring", "after the holidays", "before christmas".
    String.raw`\bq[1-4]\b|\b(?:first|second|third|fourth|last) quarter\b|\b(?:in|by|until|till|after|before|this|next|around|over the) (?:the )?(?:spring|summer|fall|autumn|winter)\b`,
    String.raw`\b(?:after|before|by|until|till|around|over) (?:the )?(?:holidays?|thanksgiving|christmas|xmas|new year'?s?|labou?r day|memorial day)\b|\bin the new year\b`,
  ].join("|"),
);

function mask(text: string, pattern: RegExp, found?: string[]): string {
  return text.replace(pattern, (m) => {
    found?.push(m);
    return " ; ";
  });
}

/** A phone number that looks like one (a "+", or 3-3-4 digits with separators), not two sizes in a row. */
const PHONE_SHAPE = /\+\s*\d|\(?\b\d{3}\)?[\s.-]\d{3}[\s.-]\d{4}\b|\b\d{10,11}\b/;
/** "My name is jane", "This is Dana Whitaker" ("this is stupid" is no name: after "this is", a capital). */
const NAME_INTRO = /\b(?:[Mm]y name is|[Mm]y name's|[Nn]ame is|MY NAME IS)\s+([^,.;!?@\d]+)|\b[Tt]his is\s+([A-Z][^,.;!?@\d]*)/;

// ---------------------------------------------------------------------------------------------

/** The answers the message gives, whatever question is being asked; only what is clearly there. */
export function extractAnswers(text: string, context: ExtractionContext): ExtractedAnswers {
  return analyse(text, context).answers;
}

const FILLER_EDGES = /^(?:(?:hi|hello|hey|we|i|need|needs|want|would like|'d like|looking for|for|of|at|in|on|and|with|a|an|the|our|my|some|it|is|it's|about|around|approx\.?|roughly|starting|start|cleaned|cleaning)\b[\s,]*)+|(?:[\s,]*\b(?:for|of|at|in|on|and|with|a|an|the|our|my|some|about|around|approx\.?|roughly|starting|start|it|is|cleaned|please))+$/g;

/**
 * What the visitor describes once the answers are taken out ("window washing for 5,000 sq ft" →
 * "window washing"): the longest remaining phrase, lower case; "" when nothing is left.
 */
export function describedRemainder(text: string, context: ExtractionContext): string {
  const parts = analyse(text, context)
    .rest.split(/\s*[;,.!?]\s*|\s+-\s+/)
    .map((part) => part.replace(FILLER_EDGES, "").replace(/\s+/g, " ").trim())
    .filter((part) => /\p{L}{3}/u.test(part));
  return parts.reduce((longest, part) => (part.length > longest.length ? part : longest), "");
}

function analyse(text: string, context: ExtractionContext): { answers: ExtractedAnswers; rest: string } {
  const out: ExtractedAnswers = {};
  const raw = text.normalize("NFKC");
  let t = normaliseText(raw);
  if (!t) return { answers: out, rest: "" };

  // Contact details first (a phone number is not a size or a budget).
  const email = parseEmail(raw);
  if (email) out.email = email;
  const phone = parsePhone(raw);
  if (phone && PHONE_SHAPE.test(raw)) {
    out.phone = phone;
    t = normaliseText(raw.replace(/(\+\s*)?\(?\d[\d\s().\-/]*\d/g, (m) => (m.replace(/\D/g, "").length >= 7 ? " ; " : m)));
  }
  if (email) t = t.replace(/[a-z0-9._%+'-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/g, " ; ");
  const intro = NAME_INTRO.exec(raw);
  const name = (intro ? parseName(`my name is ${intro[1] ?? intro[2] ?? ""}`) : null) ?? mentionedName(raw);
  if (name) out.name = name;
  const company = mentionedCompany(raw);
  if (company) out.company = company;

  const serviceType = matchServiceType(t, context.serviceTypes);
  if (serviceType) out.serviceType = serviceType;

  // Money: "$4k a month", "budget around 4000", "between $2,000 and $3,000".
  const money: string[] = [];
  t = mask(t, MONEY_SPAN, money);
  t = mask(t, BUDGET_CLAUSE, money);
  t = mask(t, PERIOD_MONEY, money);

  // Floor area: only with a unit ("20k sq ft", "2,500 m2", "3 floors of 4,000").
  const sizes: string[] = [];
  t = mask(t, SIZE_SPAN, sizes);
  t = mask(t, FLOOR_SPAN, sizes);
  if (sizes.some((s) => new RegExp(SIZE_UNIT).test(s))) {
    const sqft = parseBuildingSize(sizes.join(" "));
    if (sqft !== null) out.buildingSizeSqFt = sqft;
  }

  // Frequency, with the start-day phrases ("next monday") out of the way.
  const withoutStartDays = t.replace(START_DAY, " ; ");
  const frequencyParts: string[] = [];
  let rest = withoutStartDays;
  for (const pattern of FREQUENCY_SPANS) rest = mask(rest, pattern, frequencyParts);
  if (frequencyParts.length > 0) {
    const frequency = parseFrequency(frequencyParts.join(" , "));
    if (frequency) {
      out.frequency = frequency.band;
      out.visitsPerWeek = frequency.visitsPerWeek;
    }
  }

  // Budget, priced with the frequency of this message or the one already known.
  if (money.length > 0) {
    const visitsPerMonth =
      out.visitsPerWeek !== undefined ? (out.visitsPerWeek === 0 ? 1 : Math.round(out.visitsPerWeek * 4.33 * 100) / 100) : context.visitsPerMonth;
    // "budget is 4000 per month": the amount after a budget word is money even without a "$".
    const amount = (money[0] ?? "").replace(/^[^$\d]*(?=\d)/, "$");
    const budget = parseBudget(amount, { visitsPerMonth });
    if (budget && "monthlyCents" in budget) out.budgetMonthlyCents = budget.monthlyCents;
  } else if (BUDGET_UNSURE.test(t)) {
    out.budgetUnsure = true;
  }

  // Timeline, from what is left once frequency phrases are gone (START_DAY phrases are kept here).
  let timelineText = t;
  for (const pattern of FREQUENCY_SPANS) timelineText = mask(timelineText, pattern);
  const timeline = parseTimeline(timelineText, context.now, context.timeZone);
  if (timeline) {
    // "right now we use another company" is no start date, nor is "not sure about the size".
    const cued =
      timeline.days === 0
        ? IMMEDIATE_CUE.test(timelineText)
        : timeline.days === UNDECIDED_TIMELINE_DAYS
          ? UNDECIDED_CUE.test(timelineText) || /\b6 months\b|\bhalf (?:a|an) year\b/.test(timelineText)
          : START_CUE.test(timelineText);
    if (cued) {
      out.timeline = timeline.band;
      out.timelineDays = timeline.days;
      rest = rest.replace(START_TIME_PHRASE, " ; ");
    }
  }
  return { answers: out, rest };
}

/** The usual start-date phrases, taken out of the remainder once a timeline was found. */
const START_TIME_PHRASE = new RegExp(
  String.raw`\b(?:(?:starting|start|beginning|from|by|before|in|within|on)\s+)?(?:asap|as soon as possible|immediately|right away|urgently|today|tomorrow|next (?:week|weekend|month|quarter|year|${FULL_DAY})|this (?:week|weekend|month|quarter|year)|(?:the )?end of (?:the |this |next )?(?:week|month|quarter|year)|\d+\s*(?:days?|weeks?|months?)|${FULL_DAY}|${MONTH_NAME}(?:\s+\d{1,2}(?:st|nd|rd|th)?)?)\b`,
  "g",
);
