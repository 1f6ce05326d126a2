// A year of history for the demo business (issue 18; decision 0026's sample business): the rows the
// Analytics page and the dashboard read, built in memory from a seeded pseudo-random generator so every
// seeding (the fixed demo business, each sandbox) gets the same leads, transcripts and outcomes, placed
// on the local days before "now". Pure: server/demo/demo-data.server.ts inserts the rows set-based.
//
// - Conversations on the business's website every day (channels: direct, organic search, paid, social,
//   referral, e-mail), each played through the real rules engine (server/conversation/engine.ts) with
//   quick replies and typed answers, so every transcript is what the chatbot says; those that reach the
//   contact details become chatbot leads scored by the product's scorer from the engine's answers.
// - Leads the team added by hand, imported from a spreadsheet or converted from cold outreach.
// - The team's work on them: the first status change (the "team's first action"), Qualified, Proposal
//   and Won (with the deal's value) or Lost (with a reason), on the owner's account, in office hours.
// - Widget impressions per local day, a few dozen for each conversation started.
// Only complete local days before today are filled (the curated sample leads cover the last week up to
// now), so what is generated depends on the number of days back, not on the hour of seeding.
import {
  handleVisitorMessage,
  startConversation,
  toScoreInput,
  type Answers,
  type BotReply,
  type BusinessProfile,
  type EngineState,
} from "../conversation/engine.ts";
import { BUDGET_CHOICES, FREQUENCY_CHOICES, NOT_SURE_CHOICE, SIZE_CHOICES, SKIP_CHOICE, TIMELINE_CHOICES } from "../shared/conversation/prompts.ts";
import { isWithinBusinessHours } from "../shared/conversation/business-hours.ts";
import { expectedMonthlyCostCents, scoreColumns, scoreLead, VISITS_PER_MONTH } from "../shared/scoring/score.ts";
import { normalizePhone } from "../shared/format/phone.ts";
import { leadFields } from "../leads/lead-fields.ts";
import { isoDateOf, isoWeekdayOf, localDateTime, dayNumberOf, zonedInstant } from "../shared/time/calendar.ts";
import type { LeadStatus } from "../shared/enums.ts";
import type { LeadAnswers } from "../shared/leads/lead-input.ts";
import type { WebChannel } from "../analytics/channels.ts";

export const HISTORY_DAYS = 364;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** mulberry32: a small, fast, seeded generator (deterministic demo data, not for anything secret). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Rand = () => number;
const between = (r: Rand, lo: number, hi: number) => lo + r() * (hi - lo);
const int = (r: Rand, lo: number, hi: number) => Math.floor(between(r, lo, hi + 1));
function pick<T>(r: Rand, items: readonly T[]): T {
  return items[Math.floor(r() * items.length)]!;
}
function weighted<T>(r: Rand, items: readonly (readonly [T, number])[]): T {
  const total = items.reduce((s, [, w]) => s + w, 0);
  let x = r() * total;
  for (const [item, w] of items) if ((x -= w) < 0) return item;
  return items[items.length - 1]![0];
}
function poisson(r: Rand, mean: number): number {
  const limit = Math.exp(-mean);
  let k = 0;
  let p = r();
  while (p > limit) {
    k++;
    p *= r();
  }
  return k;
}

// ---------------------------------------------------------------------------------------------
// Who writes in, and what they ask for

const FIRST_NAMES = [
  "Emily", "Michael", "Jessica", "Daniel", "Ashley", "Christopher", "Amanda", "Matthew", "Megan", "Joshua",
  "Rachel", "Andrew", "Lauren", "Kevin", "Nicole", "Brian", "Stephanie", "Jason", "Heather", "Ryan",
  "Olivia", "Ethan", "Grace", "Nathan", "Hannah", "Tyler", "Chloe", "Aaron", "Victoria", "Marcus",
  "Priya", "Luis", "Mei", "Omar", "Fatima", "Diego", "Aisha", "Hiro", "Elena", "Samuel",
] as const;
const LAST_NAMES = [
  "Anderson", "Baker", "Carter", "Diaz", "Evans", "Fischer", "Garcia", "Harris", "Ibrahim", "Johnson",
  "Keller", "Lopez", "Martinez", "Nguyen", "Ortiz", "Patel", "Quinn", "Reyes", "Schultz", "Turner",
  "Underwood", "Vasquez", "Walker", "Xu", "Young", "Zimmerman", "Brooks", "Coleman", "Foster", "Hughes",
  "Jenkins", "Morgan", "Powell", "Russell", "Sanders", "Wright", "Bennett", "Chavez", "Murphy", "Powers",
] as const;

const PLACES = ["Springfield", "Chatham", "Rochester", "Sherman", "Riverside", "Lakeview", "Oak Ridge", "Capitol", "Prairie", "Lincoln", "Heritage", "Maple"] as const;

/** Company kinds per service type: [name ending, size range in sq ft]. */
const SERVICE_PROFILES: Record<string, { kinds: readonly string[]; sqft: readonly [number, number]; frequency: readonly (readonly [number, number])[] }> = {
  "Regular Commercial Cleaning": {
    kinds: ["Office Park", "Law Group", "Insurance Agency", "Business Center", "Realty", "Credit Union", "Accounting", "Coworking"],
    sqft: [2_500, 45_000],
    frequency: [[0, 3], [1, 4], [2, 2], [3, 1]],
  },
  "Medical Facility": { kinds: ["Family Dental", "Pediatrics", "Urgent Care", "Physical Therapy", "Veterinary Clinic", "Eye Center"], sqft: [2_000, 70_000], frequency: [[0, 6], [1, 3], [2, 1]] },
  "Educational Facility": { kinds: ["Montessori", "Learning Center", "Charter School", "Day Care", "Academy"], sqft: [5_000, 60_000], frequency: [[0, 6], [1, 2], [2, 1]] },
  Industrial: { kinds: ["Logistics", "Manufacturing", "Distribution", "Fabrication", "Cold Storage"], sqft: [20_000, 120_000], frequency: [[1, 3], [2, 3], [3, 1], [0, 1]] },
  "Post-construction": { kinds: ["Builders", "Construction", "Renovations", "Contractors"], sqft: [3_000, 40_000], frequency: [[3, 5], [2, 1]] },
  "Move-in/Move-out": { kinds: ["Property Management", "Apartments", "Realty Partners", "Storage"], sqft: [1_500, 25_000], frequency: [[3, 5], [2, 1]] },
};
const SERVICE_WEIGHTS: readonly (readonly [string, number])[] = [
  ["Regular Commercial Cleaning", 40],
  ["Medical Facility", 16],
  ["Educational Facility", 10],
  ["Industrial", 12],
  ["Post-construction", 12],
  ["Move-in/Move-out", 10],
];

export const COMPETITORS = ["CleanPro Services", "Metro Janitorial", "Spotless Facility Care"] as const;

const CHANNEL_WEIGHTS: readonly (readonly [WebChannel, number])[] = [
  ["organic_search", 36],
  ["direct", 22],
  ["paid", 18],
  ["social", 10],
  ["referral", 8],
  ["email", 6],
];
/** How likely a visitor from the channel finishes the questions, and how likely their lead is won (relative). */
const CHANNEL_FIT: Record<WebChannel, { finish: number; win: number }> = {
  organic_search: { finish: 0.58, win: 1 },
  direct: { finish: 0.62, win: 1.1 },
  paid: { finish: 0.5, win: 0.75 },
  social: { finish: 0.45, win: 0.7 },
  referral: { finish: 0.72, win: 1.5 },
  email: { finish: 0.6, win: 1.2 },
};
const SITE = "https://sparkle-cleaning.example";
const LANDING: Record<WebChannel, readonly string[]> = {
  organic_search: [`${SITE}/services/office-cleaning`, `${SITE}/services/medical-facility-cleaning`, `${SITE}/blog/how-often-should-an-office-be-cleaned`, `${SITE}/`],
  direct: [`${SITE}/`, `${SITE}/contact`, `${SITE}/pricing`],
  paid: [`${SITE}/quote?utm_source=google&utm_medium=cpc&utm_campaign=commercial-cleaning`, `${SITE}/quote?gclid=demo`],
  social: [`${SITE}/?utm_source=facebook&utm_medium=social`, `${SITE}/?utm_source=linkedin&utm_medium=social`],
  referral: [`${SITE}/`, `${SITE}/about`],
  email: [`${SITE}/offers/spring-deep-clean?utm_source=newsletter&utm_medium=email`],
};

/** Visitors' local hour of day (office hours busiest, a few at night). */
const HOUR_WEIGHTS = [1, 0.5, 0.3, 0.3, 0.4, 0.8, 2, 4, 7, 9, 10, 9, 8, 9, 9, 8, 7, 5, 4, 3.5, 3, 2.5, 2, 1.5];
const HOURS = HOUR_WEIGHTS.map((w, h) => [h, w] as const);

type Prospect = {
  first: string;
  last: string;
  company: string;
  serviceType: string;
  sqft: number;
  frequency: (typeof FREQUENCY_CHOICES)[number];
  budgetCents: number | null;
  timeline: (typeof TIMELINE_CHOICES)[number];
  email: string;
  phone: string;
};

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, "");

/** Unique names for the year's people, drawn without repeats (the sample leads' names are not among them). */
function nameSource(r: Rand, taken: ReadonlySet<string>): () => { first: string; last: string } {
  const all: { first: string; last: string }[] = [];
  for (const first of FIRST_NAMES) for (const last of LAST_NAMES) if (!taken.has(`${first} ${last}`)) all.push({ first, last });
  for (let i = all.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [all[i], all[j]] = [all[j]!, all[i]!];
  }
  let next = 0;
  return () => all[next++ % all.length]!;
}

function makeProspect(r: Rand, name: { first: string; last: string }): Prospect {
  const serviceType = weighted(r, SERVICE_WEIGHTS);
  const kind = SERVICE_PROFILES[serviceType]!;
  const company = `${r() < 0.5 ? pick(r, PLACES) : name.last} ${pick(r, kind.kinds)}`;
  // Sizes skew small: most prospects are small offices and clinics.
  const sqft = Math.round((kind.sqft[0] + (kind.sqft[1] - kind.sqft[0]) * r() ** 1.8) / 500) * 500;
  const frequency = FREQUENCY_CHOICES[weighted(r, kind.frequency)]!;
  // Budgets around the market price of the job, some above, many below; some not sure.
  const expected = expectedMonthlyCostCents(sqft, frequency.band, 1000);
  const budgetCents = r() < 0.12 ? null : Math.max(30_000, Math.round((expected * between(r, 0.45, 1.4)) / 5_000) * 5_000);
  const timeline = TIMELINE_CHOICES[weighted(r, [[0, 3], [1, 4], [2, 2], [3, 1]])]!;
  const domain = `${slug(company)}.example`;
  return {
    first: name.first,
    last: name.last,
    company,
    serviceType,
    sqft,
    frequency,
    budgetCents,
    timeline,
    email: `${slug(name.first)}.${slug(name.last)}@${domain}`,
    phone: `(555) ${int(r, 200, 989)}-${String(int(r, 0, 9999)).padStart(4, "0")}`,
  };
}

/** The visitor's answers, in the order the bot asks: quick replies mostly, typed answers sometimes. */
function visitorAnswers(r: Rand, p: Prospect): string[] {
  const size = r() < 0.6 ? SIZE_CHOICES.find((c) => p.sqft < 5_000 ? c.sqft < 5_000 : p.sqft < 20_000 ? c.sqft === 12_000 : p.sqft <= 50_000 ? c.sqft === 35_000 : c.sqft > 50_000)!.label : `about ${p.sqft.toLocaleString("en-US")} sq ft`;
  const budget =
    p.budgetCents === null
      ? r() < 0.6 ? NOT_SURE_CHOICE : SKIP_CHOICE
      : r() < 0.5
        ? `$${Math.round(p.budgetCents / 100).toLocaleString("en-US")} a month`
        : BUDGET_CHOICES.reduce((best, c) => (Math.abs(c.monthlyCents - p.budgetCents!) < Math.abs(best.monthlyCents - p.budgetCents!) ? c : best)).label;
  const reach = r() < 0.7 ? p.email : r() < 0.5 ? p.phone : `${p.email} or ${p.phone}`;
  return [p.serviceType, size, p.frequency.label, budget, p.timeline.label, `${p.first} ${p.last}`, r() < 0.9 ? p.company : SKIP_CHOICE, reach];
}

// ---------------------------------------------------------------------------------------------
// Rows

export type MessageRow = { id: string; conversationId: string; seq: number; role: "visitor" | "bot"; text: string; quickReplies: string[]; createdAt: string };
/**
 * `state` has the shape the chat stores (StoredConversationState in server/chat/conversations.server.ts):
 * every visitor message answered (`handledSeq` = the last seq), so crash recovery (decision 0044) finds
 * nothing unfinished in the sample conversations.
 */
export type ConversationRow = { id: string; visitorId: string; pageUrl: string; channel: WebChannel; state: { engine: EngineState; handledSeq: number; leadId?: string }; lastSeq: number; createdAt: string; lastMessageAt: string };
export type LeadRow = LeadAnswers & {
  id: string;
  conversationId: string | null;
  visitsPerMonth: number | null;
  timelineDays: number | null;
  sizePoints: number;
  frequencyPoints: number;
  budgetPoints: number;
  timelinePoints: number;
  score: number;
  priority: "high" | "medium" | "low";
  incomplete: boolean;
  status: LeadStatus;
  source: "chatbot" | "manual" | "import" | "outreach";
  channel: string;
  valueCents: number | null;
  lostReason: string | null;
  lostTo: string | null;
  wonAgainst: string | null;
  closedAt: string | null;
  createdAt: string;
  updatedAt: string;
};
export type EventRow = { id: string; leadId: string; type: string; data: Record<string, unknown>; actor: boolean; createdAt: string };
export type ImpressionRow = { day: string; count: number };

export type DemoHistory = { conversations: ConversationRow[]; messages: MessageRow[]; leads: LeadRow[]; events: EventRow[]; impressions: ImpressionRow[] };

/**
 * Each lead's first event written by a member (its time), as the LeadEvent trigger sets
 * Lead."teamFirstActionAt": inserted with the lead, the events' insert then has nothing to update.
 */
export function teamFirstActions(events: readonly EventRow[]): Map<string, string> {
  const first = new Map<string, string>();
  for (const e of events) {
    if (!e.actor) continue;
    const at = first.get(e.leadId);
    if (at === undefined || Date.parse(e.createdAt) < Date.parse(at)) first.set(e.leadId, e.createdAt);
  }
  return first;
}

export type DemoHistoryInput = {
  now: Date;
  profile: BusinessProfile;
  /** Names already used by the curated sample leads. */
  takenNames: ReadonlySet<string>;
};

/**
 * Row keys, unique within one history ("-1", "-2", …): the inserter prefixes them with a fresh random id
 * per seeding, so the same history (built once a day, demo-data.server.ts) makes distinct rows in every
 * sandbox.
 */
type Keys = { newId: () => string };

const iso = (t: number) => new Date(t).toISOString();

/** The year before today (local), day by day. */
export function buildDemoHistory(options: DemoHistoryInput): DemoHistory {
  let key = 0;
  const input: DemoHistoryInput & Keys = { ...options, newId: () => `-${(++key).toString(36)}` };
  const { profile } = input;
  const tz = profile.timeZone;
  const r = seededRandom(0x5eed_2026);
  const names = nameSource(r, input.takenNames);
  const today = localDateTime(input.now, tz);
  const todayNumber = dayNumberOf(today.year, today.month, today.day);
  const cutoff = zonedInstant(todayNumber, 0, tz).getTime();
  const out: DemoHistory = { conversations: [], messages: [], leads: [], events: [], impressions: [] };

  for (let back = HISTORY_DAYS; back >= 1; back--) {
    const day = todayNumber - back;
    // Business grows over the year (the widget went live a year ago), with a mild seasonal swing.
    const growth = (0.7 + (0.6 * (HISTORY_DAYS - back)) / HISTORY_DAYS) * (1 + 0.15 * Math.sin((2 * Math.PI * back) / HISTORY_DAYS));
    const at = (rr: Rand) => zonedInstant(day, weighted(rr, HOURS) * 60 + int(rr, 0, 59), tz).getTime() + int(rr, 0, 59_000);
    const started = poisson(r, 1.3 * growth);
    for (let i = 0; i < started; i++) playConversation(r, out, input, at(r), names, cutoff);
    for (const source of ["manual", "outreach"] as const) {
      const count = poisson(r, (source === "manual" ? 0.07 : 0.08) * growth);
      for (let i = 0; i < count; i++) addOtherLead(r, out, input, source, zonedInstant(day, int(r, 8 * 60, 17 * 60), tz).getTime(), names, cutoff);
    }
    // A spreadsheet of enquiries from the old contact form, imported three times in the year.
    if (back === 300 || back === 170 || back === 45) {
      const batch = zonedInstant(day, 10 * 60 + int(r, 0, 50), tz).getTime();
      for (let i = 0; i < 9; i++) addOtherLead(r, out, input, "import", batch + i * 1000, names, cutoff);
    }
    // Impressions: a few dozen page views with the widget per conversation, fewer at weekends.
    const weekend = isoWeekdayOf(day) >= 6 ? 0.55 : 1.08;
    out.impressions.push({ day: isoDateOf(day), count: Math.max(started * 12, Math.round(1.3 * growth * 32 * weekend * between(r, 0.85, 1.15))) });
  }
  return out;
}

function playConversation(
  r: Rand,
  out: DemoHistory,
  input: DemoHistoryInput & Keys,
  start: number,
  names: () => { first: string; last: string },
  cutoff: number,
): void {
  const channel = weighted(r, CHANNEL_WEIGHTS);
  const fit = CHANNEL_FIT[channel];
  const prospect = makeProspect(r, names());
  const answers = visitorAnswers(r, prospect);
  // Most who start finish; the others leave after a few answers (before their contact details).
  const finishes = r() < fit.finish;
  const answered = finishes ? answers.length : weighted(r, [[0, 4], [1, 3], [2, 2], [3, 2], [4, 1], [5, 1]]);
  const conversationId = input.newId();
  const messages: MessageRow[] = [];
  let t = start;
  const say = (role: "visitor" | "bot", reply: BotReply | string) => {
    const text = typeof reply === "string" ? reply : reply.text;
    const quickReplies = typeof reply === "string" ? [] : (reply.quickReplies ?? []);
    messages.push({ id: input.newId(), conversationId, seq: messages.length + 1, role, text, quickReplies, createdAt: iso(t) });
  };
  const opened = startConversation(input.profile);
  let state = opened.state;
  for (const reply of opened.replies) say("bot", reply);
  let capturedAt: number | null = null;
  for (const text of answers.slice(0, answered)) {
    t += int(r, 4_000, text.includes("@") || text.includes("(555)") ? 40_000 : 25_000);
    say("visitor", text);
    const turn = handleVisitorMessage(state, text, input.profile, new Date(t));
    state = turn.state;
    // The bot answers in about a second (a little slower in the busiest hours).
    t += int(r, 450, 1_600);
    for (const reply of turn.replies) {
      say("bot", reply);
      t += int(r, 250, 600);
    }
    if (turn.contactCaptured && capturedAt === null) capturedAt = t;
  }
  const conversation: ConversationRow = {
    id: conversationId,
    visitorId: `v_${Math.floor(r() * 2 ** 48).toString(16).padStart(12, "0")}`,
    pageUrl: pick(r, LANDING[channel]),
    channel,
    state: { engine: state, handledSeq: messages.length },
    lastSeq: messages.length,
    createdAt: iso(start),
    lastMessageAt: messages[messages.length - 1]!.createdAt,
  };
  out.conversations.push(conversation);
  out.messages.push(...messages);
  if (capturedAt === null || !state.answers.name) return;
  const lead = chatbotLead(state.answers, input.profile, conversationId, channel, capturedAt);
  conversation.state = { ...conversation.state, leadId: lead.id };
  out.leads.push(lead);
  out.events.push({
    id: input.newId(),
    leadId: lead.id,
    type: "created",
    actor: false,
    data: { source: "chatbot", score: lead.score, priority: lead.priority, incomplete: lead.incomplete, answers: state.answers.raw ?? {} },
    createdAt: lead.createdAt,
  });
  workTheLead(r, out, input, lead, fit.win, cutoff);

  function chatbotLead(a: Answers, profile: BusinessProfile, conversationId: string, channel: WebChannel, at: number): LeadRow {
    // The columns lead capture stores; the demo's insert lists its own columns (no market price).
    const { marketPriceCents: _marketPrice, ...data } = leadFields(a, toScoreInput(a, profile)).data;
    return {
      id: input.newId(),
      conversationId,
      ...data,
      name: a.name!,
      ...openLead(at),
      source: "chatbot",
      channel,
    };
  }
}

/** A lead as it is captured: New, nothing won or lost yet. */
function openLead(at: number) {
  return { status: "new" as const, valueCents: null, lostReason: null, lostTo: null, wonAgainst: null, closedAt: null, createdAt: iso(at), updatedAt: iso(at) };
}


/** A lead the team added by hand, imported or converted from cold outreach: what they knew of it, scored. */
function addOtherLead(
  r: Rand,
  out: DemoHistory,
  input: DemoHistoryInput & Keys,
  source: "manual" | "import" | "outreach",
  at: number,
  names: () => { first: string; last: string },
  cutoff: number,
): void {
  const p = makeProspect(r, names());
  // Outreach prospects and imported enquiries are known by company and size at most; a phone call gives more.
  const knowsMore = source === "manual" && r() < 0.7;
  const known = {
    buildingSizeSqFt: source === "import" && r() < 0.5 ? null : p.sqft,
    frequency: knowsMore || r() < 0.3 ? p.frequency.band : null,
    budgetMonthlyCents: knowsMore ? p.budgetCents : null,
    timeline: knowsMore ? p.timeline.band : null,
  };
  const scored = scoreLead({ ...known, marketPriceCents: input.profile.marketPriceCents });
  const lead: LeadRow = {
    id: input.newId(),
    conversationId: null,
    name: `${p.first} ${p.last}`,
    email: p.email,
    phone: source === "outreach" ? null : normalizePhone(p.phone),
    company: p.company,
    serviceType: p.serviceType,
    ...known,
    visitsPerMonth: known.frequency ? VISITS_PER_MONTH[known.frequency] : null,
    timelineDays: knowsMore ? p.timeline.days : null,
    ...scoreColumns(scored),
    ...openLead(at),
    source,
    channel: source,
  };
  out.leads.push(lead);
  out.events.push({ id: input.newId(), leadId: lead.id, type: "created", actor: true, data: { source, score: lead.score, priority: lead.priority, incomplete: lead.incomplete }, createdAt: lead.createdAt });
  // Outreach leads were already talking to the team; manual ones were a phone call: contacted at once.
  workTheLead(r, out, input, lead, source === "outreach" ? 0.7 : 1, cutoff);
}

/** The next moment the office is open (08:30–17:30 local on business days) at or after `t`. */
function nextOfficeMoment(t: number, profile: BusinessProfile, r: Rand): number {
  if (isWithinBusinessHours(profile.hours, profile.timeZone, new Date(t))) return t;
  const local = localDateTime(new Date(t), profile.timeZone);
  let day = dayNumberOf(local.year, local.month, local.day);
  const [startH, startM] = profile.hours.start.split(":").map(Number) as [number, number];
  if (local.hour * 60 + local.minute >= startH * 60 + startM) day++;
  while (!profile.hours.days.includes(isoWeekdayOf(day))) day++;
  return zonedInstant(day, startH * 60 + startM + int(r, 10, 75), profile.timeZone).getTime();
}

const LOST_REASONS: readonly (readonly [string, number])[] = [["price", 4], ["competitor", 3], ["no_response", 3], ["timing", 2], ["other", 1]];

/**
 * The team's work on a lead, from its creation on: Contacted (the first action: within the hour in
 * office hours, else the next morning), Qualified, Proposal, then Won with the deal's value or Lost.
 * Steps after the start of today are left for the team to do (the lead stays at its last stage).
 */
function workTheLead(r: Rand, out: DemoHistory, input: DemoHistoryInput & Keys, lead: LeadRow, winFactor: number, cutoff: number): void {
  const { profile } = input;
  const created = Date.parse(lead.createdAt);
  const winChance = Math.min(0.8, { high: 0.42, medium: 0.27, low: 0.1 }[lead.priority] * winFactor);
  const fate = r();
  const outcome: "won" | "lost" | "stalled" | "ignored" = fate < winChance ? "won" : fate < winChance + 0.45 ? "lost" : fate < 0.96 ? "stalled" : "ignored";
  if (outcome === "ignored") return;
  const steps: { status: LeadStatus; at: number; data?: Record<string, unknown> }[] = [];
  const urgent = lead.priority === "high" ? 0.4 : lead.priority === "medium" ? 1 : 2.2;
  const replyBy = created + int(r, 3, 70) * urgent * MINUTE;
  // Out of office hours the owner often answers from the phone in the evening or at the weekend.
  const localHour = localDateTime(new Date(created), profile.timeZone).hour;
  const fromPhone = !isWithinBusinessHours(profile.hours, profile.timeZone, new Date(replyBy)) && localHour >= 7 && localHour < 21 && r() < 0.55;
  let t =
    lead.source !== "chatbot" ? created + int(r, 2, 30) * MINUTE : fromPhone ? created + int(r, 20, 150) * MINUTE : nextOfficeMoment(replyBy, profile, r);
  steps.push({ status: "contacted", at: t });
  const reach = outcome === "won" ? 3 : outcome === "lost" ? int(r, 0, 2) : int(r, 0, 2);
  const path: LeadStatus[] = ["qualified", "proposal"];
  for (let i = 0; i < Math.min(reach, 2); i++) {
    t = nextOfficeMoment(t + between(r, 0.6, 6) * DAY, profile, r);
    steps.push({ status: path[i]!, at: t });
  }
  if (outcome === "won") {
    t = nextOfficeMoment(t + between(r, 3, 24) * DAY, profile, r);
    const monthly = lead.budgetMonthlyCents ?? (lead.buildingSizeSqFt && lead.frequency ? expectedMonthlyCostCents(lead.buildingSizeSqFt, lead.frequency, profile.marketPriceCents) : 150_000);
    const months = lead.serviceType === "Post-construction" || lead.serviceType === "Move-in/Move-out" ? 1 : 12;
    const valueCents = Math.max(50_000, Math.round((monthly * months) / 10_000) * 10_000);
    const wonAgainst = r() < 0.3 ? pick(r, COMPETITORS) : null;
    steps.push({ status: "won", at: t, data: { valueCents, ...(wonAgainst ? { wonAgainst } : {}) } });
  } else if (outcome === "lost") {
    t = nextOfficeMoment(t + between(r, 2, 20) * DAY, profile, r);
    const lostReason = weighted(r, LOST_REASONS);
    const lostTo = lostReason === "competitor" ? pick(r, COMPETITORS) : null;
    steps.push({ status: "lost", at: t, data: { lostReason, ...(lostTo ? { lostTo } : {}) } });
  }
  let from: LeadStatus = "new";
  for (const step of steps) {
    if (step.at >= cutoff) break;
    out.events.push({ id: input.newId(), leadId: lead.id, type: "status_changed", actor: true, data: { from, to: step.status, ...step.data }, createdAt: iso(step.at) });
    from = step.status;
    lead.status = step.status;
    lead.updatedAt = iso(step.at);
    if (step.status === "won") {
      lead.valueCents = step.data!.valueCents as number;
      lead.wonAgainst = (step.data!.wonAgainst as string | undefined) ?? null;
    }
    if (step.status === "lost") {
      lead.lostReason = step.data!.lostReason as string;
      lead.lostTo = (step.data!.lostTo as string | undefined) ?? null;
    }
    if (step.status === "won" || step.status === "lost") lead.closedAt = iso(step.at);
  }
}
