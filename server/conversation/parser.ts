// Deterministic free-text parser for the qualification answers (DESIGN §4): building size,
// cleaning frequency, budget, timeline, contact details, service type, and the visitor's intent.
// Every function is pure; anything it does not understand is null (the engine then re-asks).
import {
  frequencyBandFromVisitsPerWeek,
  timelineBandFromDays,
  type FrequencyBand,
  type TimelineBand,
} from "../shared/scoring/score.ts";
import { dayNumberOf, daysInMonth, isoWeekdayOf, localDateTime } from "../shared/time/calendar.ts";
import { wordsToDigits } from "./number-words.ts";
import { matchServiceType } from "./service-types.ts";
import { isTitle } from "../shared/conversation/names.ts";
import type { Intent } from "../shared/conversation/types.ts";

// ---------------------------------------------------------------------------------------------
// Shared normalisation

/** Lower case, ASCII dashes and quotes, thousands separators removed, number words as digits. */
export function normaliseText(text: string): string {
  const t = text
    .normalize("NFKC") // also "m²" → "m2", full-width digits → ASCII
    .toLowerCase()
    .replace(/[\u2010-\u2015\u2212]/g, "-")
    .replace(/[\u2018\u2019\u02bc`]/g, "'")
    .replace(/(\d),(?=\d{3}(?!\d))/g, "$1")
    .replace(/\s+/g, " ")
    .trim();
  return numberPhrases(wordsToDigits(fixTypos(t)));
}

/** Common misspellings and shorthand of the words the parsers look for ("wek", "sqaure", "nxt"). */
const TYPOS: Record<string, string> = {
  wek: "week", weeek: "week", weak: "week", wk: "week", wks: "weeks", weks: "weeks", wkly: "weekly", weekely: "weekly",
  mnth: "month", mth: "month", mnths: "months", montly: "monthly", monthy: "monthly", mounth: "month",
  evry: "every", evey: "every", everyday: "every day", dayly: "daily", daly: "daily",
  twise: "twice", twic: "twice", onse: "once",
  sqaure: "square", sqare: "square", squre: "square", suare: "square", squar: "square", fet: "feet", feets: "feet",
  arond: "around", aroud: "around", arround: "around", abt: "about", aprox: "approx", approximatly: "approximately", roughy: "roughly",
  nxt: "next", tmr: "tomorrow", tomorow: "tomorrow", tommorow: "tomorrow", tommorrow: "tomorrow",
  clening: "cleaning", cleanig: "cleaning", claening: "cleaning", ofice: "office", offce: "office", offfice: "office",
  medcial: "medical", mediacl: "medical", buget: "budget", budjet: "budget", bugdet: "budget",
  asap: "asap", immediatly: "immediately", imediately: "immediately",
};

function fixTypos(t: string): string {
  return t.replace(/[a-z]+/g, (word) => TYPOS[word] ?? word);
}

/** "7 and a half grand" → "7.5 grand", "half an acre" → "0.5 acre", "a grand" → "1 grand". */
function numberPhrases(t: string): string {
  return t
    .replace(/\b(\d+) and (?:a|one) half\b/g, (_, n: string) => String(Number(n) + 0.5))
    .replace(/\b(\d+) and (?:a|one) quarter\b/g, (_, n: string) => String(Number(n) + 0.25))
    .replace(/\b(\d+)\s*(?:1\/2|½)/g, (_, n: string) => String(Number(n) + 0.5))
    .replace(/\b(?:a )?half (?:an?|of an?|1) (acre|grand|million|mil)\b/g, "0.5 $1")
    .replace(/\b(?:a )?quarter (?:of )?(?:an?|1)? ?(acre|million|mil)\b/g, "0.25 $1")
    .replace(/\b(?:a|1) (grand|thousand|million)\b/g, "1 $1")
    .replace(/\b(?:a|an|1) acre\b/g, "1 acre");
}

const APPROX = String.raw`(?:about|around|approximately|approx\.?|roughly|maybe|probably|~|close to|nearly|almost|some)`;

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

// ---------------------------------------------------------------------------------------------
// Building size (square feet)

const SQFT_PER_SQM = 10.7639;
const SQFT_PER_ACRE = 43_560;
const MIN_SQFT = 100;
const MAX_SQFT = 100_000_000;

const SIZE_UNIT = String.raw`(square\s*f(?:ee|oo)t|sq\.?\s*f(?:ee|oo)?t\.?|sq\.?\s*feet|sqft|s\.?f\.?(?![a-z])|ft\s*2(?!\d)|square\s*met(?:er|re)s?|sq\.?\s*met(?:er|re)s?|sq\.?\s*m(?![a-z])|sqm|m\s*2(?!\d)|acres?)`;
const SIZE_QTY = new RegExp(
  String.raw`(\$\s*)?(\d+(?:\.\d+)?)\s*(?:(k|thousand|million|mil|m(?=\s*(?:sq|square|sf)))(?![a-z]))?\s*(\+)?\s*(?:${SIZE_UNIT})?`,
  "g",
);
const FLOORS = /(\d+)\s*(?:floors?|stories|storeys?|story|levels?|buildings?)\b/g;
/** Words after which a bare number is not a floor area ("12 employees", "3 years"). */
const NOT_AREA = /\$|\b(?:dollars?|bucks|usd|budget|employees|people|staff|workers|persons|rooms|offices|desks|bathrooms|restrooms|toilets|years?|months?|weeks?|days?|times|hours?|hrs|percent|students|beds|patients|visits|minutes?|cars|units|locations|sites)\b|%/;

type SizeQty = { value: number; num: number; mult: number; hasMult: boolean; unit: "ft" | "m" | "acre" | null; plus: boolean; index: number; end: number };

const MULTIPLIERS: Record<string, number> = { k: 1000, thousand: 1000, million: 1_000_000, mil: 1_000_000, m: 1_000_000, grand: 1000 };

function sizeUnit(raw: string | undefined): SizeQty["unit"] {
  if (!raw) return null;
  if (raw.startsWith("acre")) return "acre";
  if (/f(?:ee|oo)?t|sqft|^s\.?f/.test(raw)) return "ft";
  return "m";
}

function toSqFt(value: number, unit: SizeQty["unit"]): number {
  if (unit === "m") return value * SQFT_PER_SQM;
  if (unit === "acre") return value * SQFT_PER_ACRE;
  return value;
}

/**
 * Square feet from free text: "12k sq ft", "about 12,000 square feet", "3 floors of 4,000" (12,000),
 * "1.5 million square feet", "roughly 2,500 m2" (×10.7639), a bare "15000". Ranges give their midpoint.
 * "over/more than X" gives X + 1 and "under/less than X" gives X − 1, so the size band is the one the
 * visitor named; "X+" and "at least X" give X. Null when not understood ("a small office").
 */
export function parseBuildingSize(text: string): number | null {
  const t = normaliseText(text);
  if (!/\d/.test(t)) return null;

  const floors = [...t.matchAll(FLOORS)].map((m) => ({ count: Number(m[1]), index: m.index, end: m.index + m[0].length }));
  const inFloor = (i: number) => floors.some((f) => i >= f.index && i < f.end);

  const quantities: SizeQty[] = [];
  for (const m of t.matchAll(SIZE_QTY)) {
    if (m[1] || inFloor(m.index)) continue; // money, or a floor count
    const num = Number(m[2]);
    const multWord = m[3];
    const mult = multWord ? (MULTIPLIERS[multWord] ?? 1) : 1;
    quantities.push({
      value: num * mult,
      num,
      mult,
      hasMult: Boolean(multWord),
      unit: sizeUnit(m[5]),
      plus: Boolean(m[4]),
      index: m.index,
      end: m.index + m[0].trimEnd().length,
    });
  }
  if (quantities.length === 0) return null;

  // Ranges ("10,000-15,000 sq ft", "between 10k and 15k") and products ("3 x 4,000").
  type Candidate = SizeQty & { range: boolean };
  const candidates: Candidate[] = [];
  for (let i = 0; i < quantities.length; i++) {
    const a = quantities[i] as SizeQty;
    const b = quantities[i + 1];
    if (b) {
      const between = t.slice(a.end, b.index);
      if (/^\s*(?:-|to|and|or)\s*$/.test(between) && (b.unit || /\b(?:between|from)\s*$/.test(t.slice(0, a.index)) || quantities.length === 2)) {
        const aValue = !a.hasMult && b.hasMult && a.num * b.mult <= b.value ? a.num * b.mult : a.value;
        const unit = a.unit ?? b.unit;
        candidates.push({ ...a, value: (aValue + b.value) / 2, unit, range: true, end: b.end });
        i++;
        continue;
      }
      if (/^\s*(?:x|\*|times)\s*$/.test(between)) {
        candidates.push({ ...a, value: a.value * b.value, unit: a.unit ?? b.unit, range: true, end: b.end });
        i++;
        continue;
      }
    }
    candidates.push({ ...a, range: false });
  }

  let picked: Candidate | undefined;
  const withUnit = candidates.filter((c) => c.unit !== null);
  if (withUnit.length > 0) {
    picked = withUnit.reduce((best, c) => (toSqFt(c.value, c.unit) > toSqFt(best.value, best.unit) ? c : best));
  } else if (candidates.length === 1 && !NOT_AREA.test(t)) {
    picked = candidates[0];
  }
  if (!picked) return null;

  let sqft = toSqFt(picked.value, picked.unit);

  // "3 floors of 4,000", "two floors, 5,000 sq ft each" → per floor × floors; "3 floors, 12,000 total" stays.
  const floor = floors.length === 1 ? floors[0] : undefined;
  if (floor && !picked.range) {
    const perFloor =
      /\b(?:each|apiece)\b|\bper (?:floor|level|stor(?:e)?y|building)\b|\ba (?:floor|level)\b/.test(t) ||
      /^\s*(?:of|at|with|x)\s/.test(t.slice(floor.end));
    const total = /\b(?:total(?:ing|ling)?|combined|altogether|overall|in all)\b/.test(t);
    if (perFloor && !total && floor.count > 0 && floor.count <= 200) sqft *= floor.count;
  }

  if (!picked.range) {
    const before = t.slice(0, picked.index);
    const approx = String.raw`\s*(?:${APPROX}\s*)?$`;
    if (new RegExp(String.raw`\b(?:over|more than|above|bigger than|larger than|greater than|in excess of|upwards of|north of)${approx}`).test(before)) sqft += 1;
    else if (new RegExp(String.raw`\b(?:under|less than|below|smaller than|beneath)${approx}`).test(before)) sqft -= 1;
  }

  const result = Math.round(sqft);
  return result >= MIN_SQFT && result <= MAX_SQFT ? result : null;
}

// ---------------------------------------------------------------------------------------------
// Cleaning frequency

export type ParsedFrequency = { band: FrequencyBand; visitsPerWeek: number };

const COUNT = String.raw`(\d+(?:\.\d+)?|once|twice|thrice)`;
const TIMES = String.raw`(?:times?|x|days?|nights?|evenings?|visits?|cleans?|cleanings?|shifts?)`;
const PER = String.raw`(?:a|per|each|every|\/|in a|an)`;
const DAY_TOKEN = String.raw`(mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:r(?:s(?:day)?)?)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?)`;
const DAY_INDEX: Record<string, number> = { mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6, sun: 7 };

function countOf(word: string): number {
  if (word === "once") return 1;
  if (word === "twice") return 2;
  if (word === "thrice") return 3;
  return Number(word);
}

function dayIndex(token: string): number {
  return DAY_INDEX[token.slice(0, 3)] ?? 0;
}

function visitsPerWeekOf(t: string): number | null {
  let m: RegExpExecArray | null;

  if (/\bevery (?:other|2(?:nd)?|second) day\b|\balternate days\b/.test(t)) return 3.5;

  // "twice a day", "2x daily": every weekday, that many times.
  m = new RegExp(String.raw`\b${COUNT}\s*(?:(?:times?|x|visits?|cleans?|shifts?)\s*)?(?:(?:a|per|each|every)\s*day\b|daily\b)`).exec(t);
  if (m && !/^\d+\s*days?/.test(m[0])) return countOf(m[1] ?? "1") * 5;

  // "2-3 times a week", "2 to 3x/week", "3-4 times a month".
  m = new RegExp(String.raw`(\d+(?:\.\d+)?)\s*(?:-|to|or)\s*(\d+(?:\.\d+)?)\s*(?:${TIMES}\s*)?(?:${PER}\s*(week|wk|month)\b|(weekly|monthly)\b)`).exec(t);
  if (m) {
    const mid = (Number(m[1]) + Number(m[2])) / 2;
    return (m[3] ?? m[4] ?? "").startsWith("month") ? mid / 4 : mid;
  }

  // "twice a week", "three times weekly", "4 nights a week", "7 days a week", "2x/week".
  m = new RegExp(String.raw`\b${COUNT}\s*(?:${TIMES}\s*)?(?:${PER}\s*(?:week|wk)\b|weekly\b)`).exec(t);
  if (m) {
    const n = countOf(m[1] ?? "");
    if (n > 0 && n <= 21) return n;
  }

  if (/\bbi[\s-]?weekly\b|\bfortnightly\b|\bevery (?:other|2(?:nd)?|second|alternate) weeks?\b|\bsemi[\s-]?monthly\b|\bbi[\s-]?monthly\b/.test(t)) return 0.5;

  // "twice a month", "once a month", "3 times monthly".
  m = new RegExp(String.raw`\b${COUNT}\s*(?:${TIMES}\s*)?(?:${PER}\s*month\b|monthly\b)`).exec(t);
  if (m) {
    const n = countOf(m[1] ?? "");
    if (n > 0 && n <= 31) return n / 4;
  }
  m = /\bevery (\d+) weeks?\b/.exec(t);
  if (m && Number(m[1]) > 0) return 1 / Number(m[1]);
  m = /\bevery (\d+) months?\b/.exec(t);
  if (m && Number(m[1]) > 0) return 0.25 / Number(m[1]);
  if (/\bmonthly\b|\bevery month\b|\beach month\b/.test(t)) return 0.25;
  if (/\bquarterly\b|\bevery quarter\b/.test(t)) return 1 / 13;

  if (/\b(?:a )?few times (?:a|per) week\b/.test(t)) return 2.5;
  if (/\bseveral times (?:a|per) week\b/.test(t)) return 3;
  if (/\b(?:a )?couple (?:of )?times (?:a|per) week\b/.test(t)) return 2;
  if (/\b(?:a )?few times (?:a|per) month\b/.test(t)) return 0.75;

  // One-off jobs.
  if (/\b(?:1[\s-]?time|1[\s-]?off|just once|only once|once only|once and done|non[\s-]?recurring|not recurring|single (?:visit|clean(?:ing)?|service|job))\b|^once$/.test(t)) return 0;

  // Every day of the week.
  if (/\b24\/7\b|\bevery day of the week\b|\bincluding weekends\b|\b(?:round|around) the clock\b|\b7 days\b/.test(t)) return 7;

  // Day ranges: "Monday to Friday", "mon-sat".
  m = new RegExp(String.raw`\b${DAY_TOKEN}s?\s*(?:-|to|through|thru|till|until)\s*${DAY_TOKEN}s?\b`).exec(t);
  if (m) {
    const from = dayIndex(m[1] ?? "");
    const to = dayIndex(m[2] ?? "");
    if (from && to) return ((to - from + 7) % 7) + 1;
  }
  if (/\bm-f\b/.test(t)) return 5;

  // Daily for a business means every working day (the scoring prices "daily" at 22 visits a month).
  if (/\bdaily\b|\bevery ?day\b|\beach day\b|\bnightly\b|\b(?:every|each) (?:night|evening)\b|\b(?:every|each|all) ?week ?days?\b|\bweekdays?\b|\b(?:business|working) days\b|\bworkdays\b/.test(t)) return 5;

  // Named days: "Mondays, Wednesdays and Fridays", "tuesdays and thursdays", "weekends".
  const named = new Set<number>();
  for (const d of t.matchAll(new RegExp(String.raw`\b${DAY_TOKEN}s?\b`, "g"))) named.add(dayIndex(d[1] ?? ""));
  if (/\bweekends?\b/.test(t)) {
    named.add(6);
    named.add(7);
  }
  named.delete(0);
  if (named.size > 0) return named.size;

  if (/\bweekly\b|\bevery week\b|\beach week\b|\bper week\b/.test(t)) return 1;
  if (/\boccasional(?:ly)?\b|\bas needed\b|\bon demand\b|\bon call\b|\bwhen needed\b|\bad hoc\b/.test(t)) return 0.25;
  return null;
}

/**
 * How often: "daily" (5 visits: working days), "every weekday" (5), "7 days a week" (7),
 * "twice a week" (2), "2-3 times a week" (2.5), "weekly" (1), "biweekly" (0.5), "twice a month"
 * (0.5), "monthly" (0.25), "one-time" (0). Bands by frequencyBandFromVisitsPerWeek (4+ a week is daily).
 */
export function parseFrequency(text: string): ParsedFrequency | null {
  const t = normaliseText(text);
  const visits = visitsPerWeekOf(t);
  if (visits === null || !Number.isFinite(visits) || visits < 0) return null;
  const visitsPerWeek = round2(visits);
  return { band: frequencyBandFromVisitsPerWeek(visitsPerWeek), visitsPerWeek };
}

// ---------------------------------------------------------------------------------------------
// Budget

export type ParsedBudget = { monthlyCents: number } | { unsure: true };

const WEEKS_PER_MONTH_HUNDREDTHS = 433;
const MAX_MONTHLY_DOLLARS = 10_000_000;
const MONEY = /(\$\s*|usd\s*)?(\d+(?:\.\d+)?)\s*(k|thousand|grand|million|mil)?(?![a-z])\s*(dollars?|bucks|usd)?/g;
const NOT_MONEY = /\b(?:figures?|sq|square|sqft|sf|floors?|stories|levels?|times|x|days?|weeks?|months?|years?|visits?|employees|people|staff|hours?|%|percent)\b/;
const UNSURE =
  /\b(?:not (?:really |too |entirely )?sure|unsure|no idea|(?:don'?t|do not|dont) know|dunno|idk|flexible|no (?:set |fixed |real )?budget|haven'?t (?:decided|thought|set)|not decided|undecided|tbd|to be determined|depends|it depends|no clue|not certain|open to (?:suggestions|offers|quotes)|whatever it costs|can'?t say|whatever (?:it takes|you (?:think|suggest|charge|recommend)|is (?:reasonable|fair|fine|normal|standard|typical|needed))|^whatever$|(?:something|anything) reasonable|^reasonable$|fair price|(?:a )?good (?:price|deal)|you tell me|what(?:ever)? (?:do you|would you) (?:suggest|recommend)|(?:the )?going rate|market rate|competitive|(?:as )?cheap as possible|depends on (?:the )?(?:price|quote|cost))\b/;

/** The text without "a month" / "per week" (a budget's period, not a count of months). */
function withoutMoneyPeriod(t: string): string {
  return t.replace(/(?:\b(?:a|per|each|every|an)\s+|\/\s*)(?:month|mo|week|year|yr)\b/g, " ");
}

type Money = { amount: number; num: number; mult: number; hasMult: boolean; cued: boolean; index: number; end: number };

type Period = "month" | "week" | "fortnight" | "year" | "quarter" | "visit";

/** Fortnights a month in hundredths (the scoring's bi-weekly 2.17 visits a month). */
const FORTNIGHTS_PER_MONTH_HUNDREDTHS = 217;

function periodOf(t: string): Period | null {
  const per = String.raw`(?:\b(?:per|a|an|each|every|for every|for each)\s+|\/\s*)`;
  if (new RegExp(String.raw`${per}(?:visit|clean(?:ing)?|service|session|time|day|night|shift)\b`).test(t)) return "visit";
  if (/\bbi[\s-]?weekly\b|\bfortnight(?:ly)?\b|\b(?:every|each) (?:other|2) weeks?\b/.test(t)) return "fortnight";
  if (new RegExp(String.raw`${per}(?:week|wk)\b|\bweekly\b`).test(t)) return "week";
  if (new RegExp(String.raw`${per}(?:year|yr|annum)\b|\bannual(?:ly)?\b|\byearly\b`).test(t)) return "year";
  if (new RegExp(String.raw`${per}quarter\b|\bquarterly\b`).test(t)) return "quarter";
  if (new RegExp(String.raw`${per}(?:month|mo|mth)\b|\bmonthly\b`).test(t)) return "month";
  return null;
}

/**
 * Monthly budget in cents: "$2,500/month", "2.5k a month", "$600 a week" (×4.33), "$150 per visit"
 * (× context.visitsPerMonth; null if unknown), "$36,000 a year" (÷12), "between $2,000 and $3,000"
 * (midpoint), "under $1,000" (1,000), a bare "2500" (monthly); "not sure", "flexible" → unsure.
 */
export function parseBudget(text: string, context: { visitsPerMonth?: number } = {}): ParsedBudget | null {
  const t = normaliseText(text);
  const found: Money[] = [];
  for (const m of t.matchAll(MONEY)) {
    const multWord = m[3];
    const mult = multWord ? (MULTIPLIERS[multWord] ?? 1) : 1;
    const num = Number(m[2]);
    found.push({
      amount: num * mult,
      num,
      mult,
      hasMult: Boolean(multWord),
      cued: Boolean(m[1] || m[4] || multWord),
      index: m.index,
      end: m.index + m[0].trimEnd().length,
    });
  }

  let amount: number | null = null;
  let at: Money | null = null;
  for (let i = 0; i < found.length && amount === null; i++) {
    const a = found[i] as Money;
    const b = found[i + 1];
    const uncuedRange = found.length === 2 && !NOT_MONEY.test(withoutMoneyPeriod(t));
    if (b && /^\s*(?:-|to|and|or)\s*$/.test(t.slice(a.end, b.index)) && (a.cued || b.cued || uncuedRange)) {
      const low = !a.hasMult && b.hasMult && a.num * b.mult <= b.amount ? a.num * b.mult : a.amount;
      amount = (low + b.amount) / 2;
      at = { ...a, end: b.end };
    } else if (a.cued) {
      amount = a.amount;
      at = a;
    }
  }
  if (amount === null && found.length === 1 && !NOT_MONEY.test(withoutMoneyPeriod(t))) {
    at = found[0] as Money;
    // A bare "4" is no monthly budget for commercial cleaning ("mid four…"), a bare "40" may be a count.
    amount = at.amount >= 50 ? at.amount : null;
  }
  if (amount === null || at === null) return UNSURE.test(t) ? { unsure: true } : null;
  if (!(amount > 0) || amount > MAX_MONTHLY_DOLLARS * 12) return null;

  const next = found.find((f) => f.index >= at.end);
  const period = periodOf(t.slice(at.end, next ? next.index : undefined)) ?? periodOf(t) ?? "month";
  let cents: number;
  switch (period) {
    case "week":
      cents = Math.round(amount * WEEKS_PER_MONTH_HUNDREDTHS);
      break;
    case "fortnight":
      cents = Math.round(amount * FORTNIGHTS_PER_MONTH_HUNDREDTHS);
      break;
    case "year":
      cents = Math.round((amount * 100) / 12);
      break;
    case "quarter":
      cents = Math.round((amount * 100) / 3);
      break;
    case "visit": {
      const visits = context.visitsPerMonth;
      if (visits === undefined || !(visits > 0)) return null;
      cents = Math.round(amount * 100 * visits);
      break;
    }
    default:
      cents = Math.round(amount * 100);
  }
  if (cents <= 0 || cents > MAX_MONTHLY_DOLLARS * 100) return null;
  return { monthlyCents: cents };
}

// ---------------------------------------------------------------------------------------------
// Timeline

export type ParsedTimeline = { band: TimelineBand; days: number };

/**
 * Days for a visitor with no date in mind ("not sure yet", "just browsing", "no rush"): they are not
 * an immediate buyer, so the answer is beyond 90 days. It scores the same 4 points as an unanswered
 * timeline, but counts as an answer (the lead is not incomplete for it).
 */
export const UNDECIDED_TIMELINE_DAYS = 180;

const MONTHS: Record<string, number> = {
  jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, oct: 10, nov: 11, dec: 12,
};
const WEEKDAYS: Record<string, number> = {
  monday: 1, tuesday: 2, wednesday: 3, thursday: 4, friday: 5, saturday: 6, sunday: 7,
};
const QUARTER_WORDS: Record<string, number> = { first: 1, "1st": 1, second: 2, "2nd": 2, third: 3, "3rd": 3, fourth: 4, "4th": 4, last: 4 };
const SEASONS: Record<string, number> = { spring: 3, summer: 6, fall: 9, autumn: 9, winter: 12 };

/** Days to the given day of a month: this year's, or next year's once passed (or when asked for). */
function monthStartDays(today: { year: number; month: number; day: number; dayNumber: number }, month: number, nextYear: boolean, day = 1): number {
  let target = dayNumberOf(today.year + (nextYear ? 1 : 0), month, day);
  if (target < today.dayNumber) target = dayNumberOf(today.year + 1, month, day);
  return target - today.dayNumber;
}

const UNIT_DAYS: Record<string, number> = { d: 1, w: 7, m: 30, q: 90, y: 365 };

function timelineDaysOf(t: string, now: Date, timeZone: string): number | null {
  const today = localDateTime(now, timeZone);
  const until = (dayNumber: number) => dayNumber - today.dayNumber;
  let m: RegExpExecArray | null;

  // "In Q2", "the third quarter": the quarter's first day (now, when it is this quarter).
  m = /\bq([1-4])\b|\b(first|second|third|fourth|1st|2nd|3rd|4th|last) quarter\b/.exec(t);
  if (m) {
    const quarter = m[1] ? Number(m[1]) : (QUARTER_WORDS[m[2] ?? ""] ?? 1);
    const nextYear = /\bnext year\b/.test(t);
    if (/\b(?:end|close) of\b|\bby the end\b/.test(t)) {
      const lastMonth = quarter * 3;
      return monthStartDays(today, lastMonth, nextYear, daysInMonth(today.year, lastMonth));
    }
    if (Math.ceil(today.month / 3) === quarter && !nextYear) return 0;
    return monthStartDays(today, (quarter - 1) * 3 + 1, nextYear);
  }
  // "The 15th of next month", "on the 20th".
  m = /\b(?:the )?(\d{1,2})(?:st|nd|rd|th) of next month\b/.exec(t);
  if (m) {
    const [year, month] = today.month === 12 ? [today.year + 1, 1] : [today.year, today.month + 1];
    const day = Math.min(Number(m[1]), daysInMonth(year, month));
    return until(dayNumberOf(year, month, day));
  }
  m = /\b(?:on |by |from |starting )?the (\d{1,2})(?:st|nd|rd|th)\b(?! of)/.exec(t);
  if (m && Number(m[1]) >= 1 && Number(m[1]) <= 31) {
    const day = Number(m[1]);
    if (day >= today.day) return until(dayNumberOf(today.year, today.month, Math.min(day, daysInMonth(today.year, today.month))));
    const [year, month] = today.month === 12 ? [today.year + 1, 1] : [today.year, today.month + 1];
    return until(dayNumberOf(year, month, Math.min(day, daysInMonth(year, month))));
  }
  // "Next semester", "next school year": January or September, whichever comes next.
  if (/\bnext (?:semester|term)\b|\bspring semester\b/.test(t)) return monthStartDays(today, today.month >= 8 || today.month === 1 ? 1 : 9, false, today.month >= 8 ? 2 : 1);
  if (/\b(?:next|new) (?:school|academic) year\b|\bfall semester\b/.test(t)) return monthStartDays(today, 9, false);
  // "The 1st of next month", "early next month".
  if (/\b(?:(?:the )?(?:1|1st|first) of|(?:the )?(?:start|beginning) of|early) next month\b/.test(t)) {
    return until(today.month === 12 ? dayNumberOf(today.year + 1, 1, 1) : dayNumberOf(today.year, today.month + 1, 1));
  }
  // Named holidays (US): "after thanksgiving", "before christmas", "by labor day".
  m = /\b(?:(after|before|by|around|until|till|til)\s+)?(thanksgiving|christmas|xmas|labou?r day|memorial day|(?:the )?(?:4th|fourth) of july|july (?:4th|4)|independence day|easter)\b/.exec(t);
  if (m && !/\bholidays\b/.test(t)) {
    const name = m[2] ?? "";
    const nthWeekday = (year: number, month: number, weekday: number, n: number) => {
      const first = dayNumberOf(year, month, 1);
      const offset = (weekday - isoWeekdayOf(first) + 7) % 7;
      if (n > 0) return first + offset + (n - 1) * 7;
      const last = dayNumberOf(year, month, daysInMonth(year, month));
      return last - ((isoWeekdayOf(last) - weekday + 7) % 7);
    };
    const dateIn = (year: number): number | null => {
      if (name === "thanksgiving") return nthWeekday(year, 11, 4, 4);
      if (name === "christmas" || name === "xmas") return dayNumberOf(year, 12, 25);
      if (/labou?r/.test(name)) return nthWeekday(year, 9, 1, 1);
      if (name === "memorial day") return nthWeekday(year, 5, 1, -1);
      if (/july|independence/.test(name)) return dayNumberOf(year, 7, 4);
      return null; // easter: no fixed date
    };
    let day = dateIn(today.year);
    if (day !== null && day < today.dayNumber) day = dateIn(today.year + 1);
    if (day !== null) return Math.max(0, until(day) + (m[1] === "after" ? 1 : 0));
  }
  // Holidays: "after the holidays" (2 January), "in the new year" (1 January).
  if (/\bafter (?:the )?(?:holidays?|christmas|xmas|new year'?s?)\b|\b(?:in|into|after) (?:the )?new year\b|\bjanuary after\b/.test(t)) {
    if (today.month === 1 && today.day > 2 && !/\bnew year\b/.test(t)) return 0;
    return monthStartDays(today, 1, false, /\bafter\b/.test(t) ? 2 : 1);
  }
  // Seasons (meteorological): "not until spring", "maybe next fall", "this summer".
  m = /\b(?:(next|this|coming|the coming)\s+)?(spring|summer|fall|autumn|winter)\b(?!\s+(?:cleaning|clean))/.exec(t);
  // A month named as well ("after the summer holidays, so mid september") is the more precise answer.
  if (m && !/\b(?:january|february|march|april|june|july|august|september|october|november|december|jan|feb|apr|jun|jul|aug|sept?|oct|nov|dec)\b/.test(t)) {
    const start = SEASONS[m[2] ?? ""] ?? 3;
    const inside = start === 12 ? today.month === 12 || today.month <= 2 : today.month >= start && today.month < start + 3;
    if (inside && m[1] !== "next") return 0;
    return monthStartDays(today, start, inside || (m[1] === "next" && start <= today.month && start !== 12));
  }
  if (/\bday after tomorrow\b/.test(t)) return 2;
  if (/\btomorrow\b|\btmrw\b/.test(t)) return 1;
  if (/\bnext week\b/.test(t)) return 7;
  if (/\bthis week(?:end)?\b|\bend of (?:the |this )?week\b|\bby (?:the )?weekend\b|\bnext weekend\b/.test(t)) return 7 - today.isoWeekday;

  // "in 2 months", "within 30 days", "2-3 weeks", "more than 90 days".
  m = /(?:\b(over|more than|beyond|after|longer than|later than)\s+(?:the\s+)?)?(?:(\d+(?:\.\d+)?)\s*(?:-|to|or)\s*)?(\d+(?:\.\d+)?)\s*(days?|weeks?|wks?|months?|mos?|mths?|quarters?|years?|yrs?)\b/.exec(t);
  if (m) {
    const unit = UNIT_DAYS[(m[4] ?? "d").replace(/^wk/, "w").replace(/^mo|^mth/, "m").charAt(0)] ?? 1;
    const high = Number(m[3]);
    const value = m[2] !== undefined ? (Number(m[2]) + high) / 2 : high;
    return Math.ceil(value * unit) + (m[1] ? 1 : 0);
  }

  if (/\bnext month\b/.test(t)) return 30;
  if (/\bnext quarter\b/.test(t)) return 90;
  if (/\bnext year\b/.test(t)) return until(dayNumberOf(today.year + 1, 1, 1));
  if (/\b(?:end of (?:the |this )?month|this month|month[\s-]end|within the month|before the month is out)\b/.test(t)) {
    return until(dayNumberOf(today.year, today.month, daysInMonth(today.year, today.month)));
  }
  if (/\b(?:end of (?:the |this )?quarter|this quarter|quarter[\s-]end)\b/.test(t)) {
    const lastMonth = Math.ceil(today.month / 3) * 3;
    return until(dayNumberOf(today.year, lastMonth, daysInMonth(today.year, lastMonth)));
  }
  if (/\b(?:end of (?:the |this )?year|this year|year[\s-]end|before the new year)\b/.test(t)) {
    return until(dayNumberOf(today.year, 12, 31));
  }

  // Dates: "2025-04-01", "4/15", "4/15/2025".
  m = /\b(\d{4})-(\d{1,2})-(\d{1,2})\b/.exec(t);
  if (m) return dateDays(Number(m[1]), Number(m[2]), Number(m[3]), today, true);
  m = /\b(\d{1,2})\/(\d{1,2})(?:\/(\d{2,4}))?\b/.exec(t);
  if (m && Number(m[1]) <= 12) {
    const year = m[3] ? (m[3].length === 2 ? 2000 + Number(m[3]) : Number(m[3])) : null;
    return dateDays(year ?? today.year, Number(m[1]), Number(m[2]), today, year !== null);
  }

  // Month names: "january", "in march", "mid-may", "april 15th", "june 2026".
  const monthRe =
    /\b(?:(early|mid|late|beginning of|start of|end of|in|by|from|before|after|until|around|starting|this|next)[\s-]+)?(january|jan|february|feb|march|mar|april|apr|may|june|jun|july|jul|august|aug|september|sept|sep|october|oct|november|nov|december|dec)\b\.?(?:\s+(\d{1,2})(?:st|nd|rd|th)?\b)?(?:,?\s+(\d{4})\b)?/g;
  for (const mm of t.matchAll(monthRe)) {
    const word = mm[2] ?? "";
    const context = mm[1];
    const ambiguous = word === "may" || word === "mar" || word === "march";
    if (ambiguous && !context && !mm[3] && t !== word) continue; // "we may need…"
    const month = MONTHS[word.slice(0, 3)] ?? 1;
    const explicitDay = mm[3] ? Number(mm[3]) : null;
    const day =
      explicitDay ?? (context === "mid" ? 15 : context === "late" || context === "end of" ? 22 : 1);
    if (mm[4]) return dateDays(Number(mm[4]), month, day, today, true);
    // "September" in September is now; "mid September" on the 2nd is the 15th.
    if (explicitDay === null && month === today.month && context !== "next" && !(day > today.day && /^(?:mid|late|end of)$/.test(context ?? ""))) return 0;
    return dateDays(today.year, month, day, today, false);
  }

  // Weekdays: "on monday", "next friday".
  m = /\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/.exec(t);
  if (m) {
    const target = WEEKDAYS[m[1] ?? ""] ?? 1;
    const ahead = (target - today.isoWeekday + 7) % 7;
    return ahead === 0 ? 7 : ahead;
  }

  const negatedUrgency = /\b(?:not|no|isn'?t|nothing)\s+(?:(?:that|too|very|super|really|an?)\s+)?(?:urgent|immediate(?:ly)?|asap|right away|rush(?:ed)?|hurry|emergency)\b|\bnot now\b|\bnot yet\b/;
  if (!negatedUrgency.test(t)) {
    if (/\basap\b|\ba\.s\.a\.p\b|\bas soon as (?:possible|we can|you can|you're able)\b|\bimmediate(?:ly)?\b|\bright away\b|\bstraight away\b|\burgent(?:ly)?\b|\bemergency\b|\btoday\b|\btonight\b|\byesterday\b|\bthis (?:morning|afternoon|evening)\b|\bat once\b|\bsooner the better\b|(?<!\bfor |\bthan )\bnow(?:-?ish)?\b/.test(t)) {
      return 0;
    }
    if (/\bsoon(?:ish)?\b|\bshortly\b|\bnear future\b|\bquickly\b/.test(t)) return 14;
  }
  if (
    negatedUrgency.test(t) ||
    /\bnot sure\b|\bunsure\b|\bjust (?:browsing|looking|curious|researching)\b|\bbrowsing\b|\bno rush\b|\bno hurry\b|\bwhenever\b|\bno (?:set |fixed |real )?(?:timeline|date|deadline)\b|(?:don'?t|do not|dont) know\b|\bno idea\b|\bundecided\b|\btbd\b|\bflexible\b|\bresearch(?:ing)?\b|\bgathering (?:quotes|info(?:rmation)?|prices)\b|\bgetting (?:quotes|prices)\b|\bsomeday\b|\beventually\b|\bdown the (?:road|line)\b|\bin the future\b|\bplanning ahead\b|\bhaven'?t decided\b|\bdepends\b/.test(t)
  ) {
    return UNDECIDED_TIMELINE_DAYS;
  }
  return null;
}

/** Days until a date; a date already past rolls to next year unless the year was given (then null). */
function dateDays(year: number, month: number, day: number, today: { year: number; dayNumber: number }, yearGiven: boolean): number | null {
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  let target = dayNumberOf(year, month, day);
  if (target < today.dayNumber) {
    if (yearGiven) return null;
    target = dayNumberOf(year + 1, month, day);
  }
  return target - today.dayNumber;
}

/**
 * When the visitor wants to start, as days from `now` (calendar days in `timeZone`, default UTC) and
 * its band: "ASAP" 0, "tomorrow" 1, "next week" 7, "in 10 days" 10, "next month" 30, "in two months"
 * 60, "next quarter" 90, "in six months" 180, "by the end of the year" / "sometime next year" /
 * "january": days until that date; "not sure yet" / "just browsing": UNDECIDED_TIMELINE_DAYS (180).
 */
export function parseTimeline(text: string, now: Date, timeZone = "UTC"): ParsedTimeline | null {
  const t = normaliseText(text)
    .replace(/\b(?:a )?couple(?: of)?\b/g, "2")
    .replace(/\b(?:a )?few\b|\bseveral\b/g, "3")
    .replace(/\bhalf (?:a|an) year\b/g, "6 months")
    .replace(/\b(?:a|an)\s+(day|week|month|year|quarter)\b/g, "1 $1");
  const days = timelineDaysOf(t, now, timeZone);
  if (days === null || !Number.isFinite(days) || days < 0) return null;
  const whole = Math.ceil(days);
  return { band: timelineBandFromDays(whole), days: whole };
}

// ---------------------------------------------------------------------------------------------
// Contact details

/** Text addressed to a bot rather than an answer ("ignore previous instructions…", "what's my score"). */
export function looksLikeInstruction(text: string): boolean {
  const t = plain(text);
  return (
    /\b(?:ignore|disregard|forget|override)\b.*\b(?:instructions?|prompts?|rules|above|previous|prior|everything)\b/.test(t) ||
    /\b(?:system prompt|jailbreak|developer mode|pretend (?:to be|you are|you're)|you are now|act as)\b/.test(t) ||
    /\b(?:my|the|this|our|lead'?s?|your)\s+(?:lead\s+)?(?:score|priority|rating|points)\b/.test(t)
  );
}

const EMAIL = /[a-z0-9._%+'-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/i;

/** The first email address in the text, lower-cased; null if none. */
export function parseEmail(text: string): string | null {
  // "tom at tomsplumbing dot com", "jane (at) acme (dot) com": an address spelled out.
  const spelled = text
    .normalize("NFKC")
    .replace(/([a-z0-9._%+'-]+)\s*(?:\(at\)|\[at\]|\bat\b)\s*([a-z0-9-]+(?:\s*(?:\(dot\)|\[dot\]|\bdot\b|\.)\s*[a-z0-9-]+)+)\b/gi, (m, user: string, domain: string) =>
      /\bdot\b|\(dot\)|\[dot\]/i.test(m) ? `${user}@${domain.replace(/\s*(?:\(dot\)|\[dot\]|\bdot\b|\.)\s*/gi, ".")}` : m,
    );
  const m = EMAIL.exec(spelled);
  if (!m) return null;
  return m[0].replace(/^[.'-]+/, "").toLowerCase();
}

/**
 * The first phone number in the text (7–15 digits): digits only, with a leading "+" when the visitor
 * wrote one (or the international "00" prefix). "(555) 123-4567" → "5551234567",
 * "+44 20 7946 0958" → "+442079460958".
 */
export function parsePhone(text: string): string | null {
  const t = text.normalize("NFKC").replace(new RegExp(EMAIL.source, "gi"), " ");
  for (const m of t.matchAll(/(\+\s*)?\(?\d[\d\s().\-/]*\d/g)) {
    const candidate = m[0].trim();
    if (/^\d{4}-\d{1,2}-\d{1,2}$/.test(candidate) || /^\d{1,2}\/\d{1,2}\/\d{2,4}$/.test(candidate)) continue; // a date
    let digits = candidate.replace(/\D/g, "");
    let plus = Boolean(m[1]);
    if (!plus && digits.startsWith("00") && digits.length > 9) {
      digits = digits.slice(2);
      plus = true;
    }
    if (digits.length >= 7 && digits.length <= 15) return (plus ? "+" : "") + digits;
  }
  return null;
}

const PHONE_LIKE = /(\+\s*)?\(?\d[\d\s().\-/]*\d/g;

/** Email and phone found in the text, and the text without them (for a name or company beside them). */
export function extractContact(text: string): { email: string | null; phone: string | null; rest: string } {
  const email = parseEmail(text);
  const phone = parsePhone(text);
  let rest = text.normalize("NFKC").replace(new RegExp(EMAIL.source, "gi"), " ");
  if (phone) rest = rest.replace(PHONE_LIKE, (m) => (m.replace(/\D/g, "").length >= 7 ? " " : m));
  rest = rest
    .replace(/\b(?:email|e-mail|phone|cell|mobile|tel|number|call me at|reach me at|at)\s*:?\s*(?=[,;]|$)/gi, " ")
    .replace(/\s+/g, " ")
    .replace(/[\s,;:&+-]+$/, "")
    .replace(/(?:\s+(?:or|and))+$/i, "")
    .trim();
  return { email, phone, rest };
}

const NAME_STOP_WORDS = new Set([
  "i", "im", "me", "my", "you", "your", "we", "our", "us", "the", "a", "an", "is", "are", "was", "be", "not",
  "no", "yes", "what", "why", "how", "when", "where", "who", "which", "want", "need", "dont", "do", "does",
  "can", "cant", "tell", "telling", "please", "thanks", "thank", "hello", "hi", "hey", "ok", "okay", "sure",
  "skip", "name", "none", "nothing", "anonymous", "cleaning", "clean", "office", "quote", "price", "company",
  "business", "it", "its", "this", "that", "to", "of", "for", "and", "or", "in", "on", "with", "just",
  "ignore", "previous", "instructions", "score", "prompt", "system", "sq", "ft", "building", "looking",
  "rather", "prefer", "say", "n/a", "na", "unknown", "test", "here", "there", "next", "month", "week", "asap",
  "daily", "weekly", "monthly", "sorry", "oops", "typo", "wrong", "email", "phone", "number", "called", "spelled",
  "nope", "nah", "nothing", "pass", "whatever", "why", "later",
]);

function titleCaseWord(word: string): string {
  // Per part of "Mary-jane" / "o'brien": keep deliberate mixed case ("McDonald"), fix all-lower / all-upper.
  return word
    .split(/([-'])/)
    .map((part, i, parts) => {
      if (part !== part.toLowerCase() && part !== part.toUpperCase()) return part;
      // The possessive "s" of "Tom's Plumbing" stays lower case.
      if (part.toLowerCase() === "s" && parts[i - 1] === "'") return "s";
      const lower = part.toLowerCase();
      return lower.charAt(0).toUpperCase() + lower.slice(1);
    })
    .join("");
}

/** Lower-case particles inside a surname: "de la Cruz", "van der Berg", "bin Said". */
const NAME_PARTICLES = new Set(["de", "la", "del", "della", "der", "den", "van", "von", "da", "das", "dos", "di", "du", "le", "ten", "ter", "bin", "binti", "al", "el", "y", "st"]);

/** The text without emoji and stray symbols (digits and # kept out of names by parseName). */
export function withoutSymbols(text: string): string {
  return text.replace(/\p{Extended_Pictographic}|\p{Emoji_Modifier}|\u200d|\ufe0f|\u20e3/gu, " ").replace(/\s+/g, " ").trim();
}

/**
 * A person's name, title-cased: "I'm Jane Doe", "my name is jane", "Jane Doe" → "Jane Doe". Titles
 * are kept ("Dr. Priya Nair"), surname particles stay lower case ("Maria de la Cruz"), emoji go.
 * Null for text that is obviously not a name: an email, digits, a question, a sentence of more than 5 words.
 */
export function parseName(text: string): string | null {
  let t = withoutSymbols(text.normalize("NFKC").replace(/[\u2018\u2019\u02bc`]/g, "'")).replace(/\s+/g, " ").trim();
  if (!t || t.includes("@") || /\d/.test(t) || t.endsWith("?")) return null;
  t = t.replace(/^(?:(?:hi|hello|hey|sure|ok|okay|yes|yeah|yep|oops|sorry|actually|oh|um|uh|well)(?: there)?[\s,.!-]+)+/i, "");
  const intro =
    /^(?:my name is|my name's|name is|name's|names|name:|the name is|the name's|i am|i'm|im|this is|it's|its|it is|call me|you can call me|it's spelled|spelled)\s+/i;
  const hadIntro = intro.test(t);
  t = t.replace(intro, "");
  // "Jane Doe from Acme", "Jane, Acme Corp", "Jane Doe here".
  const parts = t.split(/\s*(?:,|;|\(|\s-\s|\bfrom\b|\bat\b|\bwith\b|\band\b|\bhere\b|\bnot\b)\s*/i);
  // A long sentence is no name, unless the name comes before "from/at/with/," and a company.
  if (!hadIntro && text.trim().split(/\s+/).length > 5 && !(parts.length > 1 && /^\s*\S+(?:\s+\S+){0,3}\s*(?:,|\bfrom\b|\bat\b|\bwith\b)/i.test(t))) return null;
  t = parts[0] ?? "";
  t = t.replace(/[.!]+$/, (m) => (isTitle(t.split(" ").pop() ?? "") || /\b(?:jr|sr)\.$/i.test(t) ? m.replace(/!+/, "") : "")).replace(/[!]+$/, "").trim();
  const words = t.split(" ").filter(Boolean);
  if (words.length === 0 || words.length > 5) return null;
  for (const word of words) {
    if (!/^[\p{L}][\p{L}\p{M}'.-]*$/u.test(word)) return null;
    if (NAME_STOP_WORDS.has(word.toLowerCase().replace(/['.]/g, ""))) return null;
  }
  if (words.every(isTitle)) return null;
  const name = words
    .map((word, i) => {
      const bare = word.toLowerCase().replace(/\.$/, "");
      if (i > 0 && i < words.length - 1 && NAME_PARTICLES.has(bare) && !isTitle(words[i - 1] ?? "")) return word.toLowerCase();
      return titleCaseWord(word);
    })
    .join(" ");
  return name.length <= 80 ? name : null;
}

export type ParsedCompany = { company: string } | { none: true };

/** "No company": a person, not a business ("it's just me", "I'm a landlord", "my own building"). */
const NO_COMPANY =
  /^(?:none|no|nope|nah|n\/?a|not applicable|me|myself|individual|personal|private|homeowner|residential|independent)$|\b(?:no company|no business|not a company|not a business|(?:it'?s |its )?just me|just myself|only me|(?:i )?(?:don'?t|do not) have (?:one|a company|a business)|(?:i'?m|i am) (?:a |an )?(?:landlord|homeowner|individual|private (?:owner|person|individual)|sole (?:trader|proprietor))|self[\s-]?employed|(?:my|our) own (?:building|property|place|home|house)|private (?:owner|person|individual)|no company name|none really)\b/i;

/** Leads before the company's name: "the company is called", "we're", "I work for". */
const COMPANY_LEAD =
  /^(?:(?:the |our |my )?company(?:'s)?(?: name)?(?: is)?(?: called| named)?|(?:it'?s|its|it is|we'?re|we are|they'?re)(?: called| named)?|called|named|name is|i work (?:at|for)|i'?m (?:with|from|at)|from|at|with|for|sure,?|yes,?|sorry,?|actually,?|oops,?)\s+/i;

function titleCaseCompany(name: string): string {
  if (name !== name.toLowerCase()) return name; // the visitor's own capitals ("LLC", "McKinley")
  return name.replace(/[\p{L}][\p{L}'.]*/gu, (word) => (/^(?:of|and|the|for|de|la|&)$/.test(word) ? word : titleCaseWord(word))).replace(/^./, (c) => c.toUpperCase());
}

/** A company name ("It's Acme Corp", "the company is called Blue Ridge Capital" → "Blue Ridge Capital"); { none } for "none", "just me", "n/a". */
export function parseCompany(text: string): ParsedCompany | null {
  let t = withoutSymbols(text.normalize("NFKC").replace(/[\u2018\u2019]/g, "'")).replace(/\s+/g, " ").trim();
  t = t.replace(/[.!]+$/, "").trim();
  if (NO_COMPANY.test(t)) return { none: true };
  for (let i = 0; i < 3 && COMPANY_LEAD.test(t); i++) t = t.replace(COMPANY_LEAD, "");
  t = t.replace(/^(?:actually|is|called)\s+/i, "").replace(/[.!,;:]+$/, "").trim();
  if (NO_COMPANY.test(t)) return { none: true };
  if (!t || !/[\p{L}\p{N}]/u.test(t) || t.length > 100 || t.split(" ").length > 8 || looksLikeInstruction(t)) return null;
  return { company: titleCaseCompany(t) };
}

/** A company named in passing ("I'm the office manager at Greenway Architects", "We're Coastal Pediatrics and…"): capitalised words only. */
/** A pattern's letters matched in either case (the company name after it must keep its capitals). */
function anyCase(source: string): string {
  return source.replace(/\\.|\[[^\]]*\]|[a-z]/g, (m) => (m.length === 1 ? `[${m}${m.toUpperCase()}]` : m));
}

/** "I'm Maria from Sunrise Bakery": a capitalised name before "from/with/at". */
export function mentionedName(text: string): string | null {
  const m = /\b(?:[Ii] am|[Ii]'?m|[Mm]y name is|[Tt]his is|[Ii]t'?s)\s+((?:[A-Z][\p{L}'-]+)(?:\s+[A-Z][\p{L}'-]+)?)\s+(?:from|with|at|of|here)\b/u.exec(text.normalize("NFKC").replace(/[\u2018\u2019]/g, "'"));
  return m?.[1] ? parseName(m[1]) : null;
}

const COMPANY_MENTION = new RegExp(
  String.raw`(?:^|[\s,.;!])(?:` +
    anyCase(String.raw`(?:the |our |my )?company(?:'s)?(?: name)? is(?: called| named)?|(?:we'?re|we are)(?: called| named)?|(?:i'?m|i am) (?:the |a |an )?[a-z][a-z ]{0,30}? (?:at|of|for)|i work (?:at|for)|(?:i'?m|i am) (?:with|from)`) +
    String.raw`|(?:[Tt]his is )?[A-Z][a-z]+(?: [A-Z][a-z'-]+)? (?:from|with|at))\s+((?:[A-Z0-9][\w'&.-]*)(?:\s+(?:&|and|of|the|[A-Z0-9][\w'&.-]*))*)`,
);

export function mentionedCompany(text: string): string | null {
  const m = COMPANY_MENTION.exec(text.normalize("NFKC").replace(/[\u2018\u2019]/g, "'"));
  const name = m?.[1]
    ?.split(/\.\s+(?=(?:We|I|Our|My|The|It|This|Please|Thanks|And|But|Need|Looking)\b)/)[0]
    ?.replace(/\s+(?:and|of|the|&)$/i, "")
    .replace(/[.,]+$/, "")
    .trim();
  if (!name || name.length < 2 || /^(?:I|We|The|A|An|Our|My)$/.test(name)) return null;
  return name;
}

// ---------------------------------------------------------------------------------------------
// Service type

function plain(text: string): string {
  return text.normalize("NFKC").toLowerCase().replace(/[\u2010-\u2015]/g, "-").replace(/\s+/g, " ").trim();
}

/** Replies that say nothing about the job ("yes", "hi", "not sure"). */
const FILLER =
  /^(?:yes|yeah|yep|yup|no|nope|ok|okay|k|hi|hello|hey|hi there|thanks|thank you|sure|maybe|idk|dunno|not sure|i don'?t know|hmm+|um+|test|testing|\W*)$/;

export type ParsedServiceType = { serviceType: string; known: boolean };

/**
 * The service type from the business's list ("office cleaning" → "Regular Commercial Cleaning",
 * "dental clinic" → "Medical Facility"), else the visitor's own short description (up to 8 words,
 * known: false). Null for empty or long text.
 */
export function parseServiceType(text: string, serviceTypes: readonly string[]): ParsedServiceType | null {
  const t = plain(text).replace(/[.!?]+$/, "");
  if (!t) return null;
  const matched = matchServiceType(fixTypos(t), serviceTypes) ?? matchServiceType(t, serviceTypes);
  if (matched) return { serviceType: matched, known: true };
  const own = text.trim().replace(/\s+/g, " ").replace(/[.!]+$/, "");
  if (FILLER.test(t)) return null;
  if (!/\p{L}/u.test(own) || own.split(" ").length > 8 || own.length > 100 || looksLikeInstruction(own)) return null;
  return { serviceType: own.charAt(0).toUpperCase() + own.slice(1), known: false };
}

// ---------------------------------------------------------------------------------------------
// Intent

// The type lives with the conversation's shapes (shared/conversation/types.ts).
export type { Intent };

const SKIP =
  /^(?:(?:ok|okay|um|uh|hmm|sorry|please)[\s,]+)*(?:skip(?: (?:it|this|that|this one|that one|this question|that question|for now))?|(?:i'?d |i would )?(?:prefer|rather) not (?:to )?(?:say|answer|share|tell|disclose)|pass|next(?: question)?|no comment|not telling|decline(?: to answer)?|move on|let'?s move on)(?:[\s,]+(?:please|thanks|thank you|for now))*$/;
const QUESTION_START =
  /^(?:what|what's|whats|when|where|where's|which|who|whom|whose|why|how|do you|does|did you|are you|are there|can you|can i|could you|could i|is there|is it|is that|will you|would you|have you|may i|should i|tell me about|i'?d like to know|i was wondering|wondering|any chance)\b/;

/** "Are you a bot?", "am I talking to a real person?", "is this AI?": a question about the bot itself. */
const ABOUT_THE_BOT =
  /\b(?:are|r)\s+(?:you|u)\s+(?:a\s+|an\s+)?(?:real|human|person|bot|robot|ai|machine|computer|automated|chat\s*bot|live)\b|\b(?:am i|are we)\s+(?:talking|chatting|speaking)\s+(?:to|with)\s+(?:a\s+|an\s+)?(?:real|human|person|bot|robot|ai|machine|computer|someone real|actual)\b|\bis\s+(?:this|that|it)\s+(?:a\s+|an\s+)?(?:(?:real|actual|live)\s+(?:person|human)|human|person|bot|robot|ai|automated|chat\s*bot|machine|computer|live)\b|\bwho (?:am i|are we) (?:talking|chatting|speaking) (?:to|with)\b|\b(?:are|r) (?:you|u) (?:ai|a bot|a robot|human)\b|\b(?:you'?re|you are|this is)\s+(?:a\s+|an\s+|just\s+a\s+)?(?:bot|robot|ai|machine)\b/i;

export function asksAboutBot(text: string): boolean {
  return ABOUT_THE_BOT.test(text.normalize("NFKC").replace(/[\u2018\u2019]/g, "'"));
}

/** "Do you service Chatham?", "do you come out to 02633?", "are you local?": where the business works. */
export const AREA_QUESTION =
  /\b(?:do|does|would|will|can|could)\s+(?:you|u|y'?all|your (?:team|company|crew)|you guys|you folks)\s+(?:\w+\s+)?(?:service|serve|cover|come(?: out)? to|go(?: out)? to|travel to|work in|operate in|clean in|do jobs in)\b|\b(?:are|r)\s+(?:you|u)\s+(?:guys\s+|folks\s+|all\s+)?(?:local|nearby|near me|close by|in|based in|around)\b|\bwhat (?:areas?|towns?|cities|regions?|zip codes?|neighbou?rhoods?)\b|\bservice areas?\b|\b\d{5}\b\s*\?/;

/** An answer said with a rising tone ("two floors, maybe 8000 square feet?"): a "?" but no question word. */
export function isHedgedAnswer(text: string): boolean {
  const t = plain(text).replace(/[\u2018\u2019]/g, "'");
  return t.endsWith("?") && !QUESTION_START.test(t) && !asksAboutBot(t) && !AREA_QUESTION.test(t) && !/\b(?:how much|what|how|price|cost)\b/.test(t);
}

/** What the visitor's message is: a skip, a question (by topic), or an answer to the current question. */
export function detectIntent(text: string): Intent {
  // "sorry, what's the difference…", "ok so how much…": the question after a filler word.
  const t = plain(text).replace(/[\u2018\u2019]/g, "'").replace(/^(?:(?:sorry|so|ok|okay|um+|uh+|hmm+|well|and|but|also|quick question|one question)[\s,.!-]+)+(?=\S)/, "");
  const core = t.replace(/[.!,;:\s]+$/, "");
  if (SKIP.test(core)) return "skip";
  if (asksAboutBot(t)) return "question:bot";
  // "???", "?!": nothing asked, nothing answered (the question is asked again with a hint).
  if (!/[\p{L}\p{N}]/u.test(t)) return "answer";
  // "Ignore your previous instructions…": answered as what it is, an automated assistant.
  if (looksLikeInstruction(t) && !/\b(?:score|priority|rating|points)\b/.test(t)) return "question:bot";
  // "Just give me a price": a price question without a question mark.
  if (/\b(?:give|tell|send|quote|show) (?:me|us) (?:a |the |your |an )?(?:price|prices|quote|number|estimate|ballpark|rates?|cost)\b|\bhow much\b/.test(t)) return "question:pricing";
  if (AREA_QUESTION.test(t)) return "question:areas";
  if (!t.endsWith("?") && !QUESTION_START.test(t)) return "answer";
  if (/\b(?:price|prices|pricing|priced|cost|costs|how much|rates?|quotes?|charge|charges|fees?|expensive|cheap|afford(?:able)?|estimate|ballpark|run (?:me|us)|set (?:me|us) back|what would (?:it|that|this) be|what do you charge)\b/.test(t)) return "question:pricing";
  if (/\b(?:hours?|open|opening|opens|close|closed|closing|closes|weekends?|saturdays?|sundays?|holidays?|available|availability|what time)\b/.test(t)) return "question:hours";
  if (/\b(?:areas?|serve|serving|locations?|located|location|city|cities|town|towns|near|nearby|region|county|counties|come to|travel|cover|based|zip|neighbou?rhoods?)\b/.test(t)) return "question:areas";
  if (/\b(?:services?|clean|cleans|cleaning|offer|offers|provide|provides|specialis[ez]e|speciali[sz]e|do you do|carpets?|windows?|floors?|janitorial|disinfect\w*|saniti[sz]\w*)\b/.test(t)) return "question:services";
  return "question:other";
}
