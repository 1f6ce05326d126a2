// The demo business of DESIGN §5: "Sparkle Commercial Cleaning", its owner demo@leadbroom.test
// (a real account with a real password hash), its chatbot with site key `demo`, and sample leads
// stored as real rows, scored by the scoring module. Idempotent: safe to run at every start. The same
// seeding makes each demo sandbox (sandbox.server.ts).
import type { Db } from "../db/client.server.ts";
import { randomUUID } from "node:crypto";
import { Prisma } from "../db/generated/client.ts";
import { hashPassword } from "../auth/password.server.ts";
import { DEFAULT_SERVICE_TYPES } from "../shared/chatbots/defaults.ts";
import { DEMO } from "./demo-credentials.ts";
import {
  FOLLOW_UP_HOURS,
  scoreColumns,
  scoreLead,
  VISITS_PER_MONTH,
  type FrequencyBand,
  type TimelineBand,
} from "../shared/scoring/score.ts";
import type { LeadStatus } from "../shared/enums.ts";
import type { WebChannel } from "../analytics/channels.ts";
import type { BusinessProfile } from "../conversation/engine.ts";
import { fillResponseRollup } from "../dashboard/response-times.server.ts";
import { toBusinessProfile } from "../chatbots/profile.server.ts";
import { buildDemoHistory, teamFirstActions, type DemoHistory } from "./demo-history.ts";
import { localIsoDate } from "../shared/time/calendar.ts";

export { DEMO };

type SampleLead = {
  name: string;
  company: string;
  email: string;
  phone: string;
  serviceType: string;
  sqft: number;
  frequency: FrequencyBand;
  frequencyLabel: string;
  budgetDollars: number;
  timeline: TimelineBand;
  timelineLabel: string;
  timelineDays: number;
  status: LeadStatus;
  hoursAgo: number;
  valueDollars?: number;
  /** Where the visitor came from (Analytics → Performance by Channel). */
  channel: WebChannel;
};

const sampleLeads: SampleLead[] = [
  { name: "Sarah Mitchell", company: "Westfield Medical Center", email: "s.mitchell@westfieldmed.example", phone: "(555) 201-4410", serviceType: "Medical Facility", sqft: 65_000, frequency: "daily", frequencyLabel: "Daily", budgetDollars: 16_500, timeline: "immediate", timelineLabel: "ASAP", timelineDays: 3, status: "new", hoursAgo: 2, channel: "organic_search" },
  { name: "James Rodriguez", company: "Tech Park Plaza", email: "jrodriguez@techparkplaza.example", phone: "(555) 318-7702", serviceType: "Regular Commercial Cleaning", sqft: 25_000, frequency: "two_three_weekly", frequencyLabel: "3 times a week", budgetDollars: 2_800, timeline: "within_30_days", timelineLabel: "Within 30 days", timelineDays: 21, status: "contacted", hoursAgo: 5, channel: "paid" },
  { name: "Linda Chen", company: "Riverside Elementary School", email: "lchen@riverside-schools.example", phone: "(555) 442-1093", serviceType: "Educational Facility", sqft: 40_000, frequency: "daily", frequencyLabel: "Every weekday", budgetDollars: 8_800, timeline: "within_90_days", timelineLabel: "Next quarter", timelineDays: 75, status: "qualified", hoursAgo: 26, channel: "referral" },
  { name: "Mark Thompson", company: "Summit Office Suites", email: "mark@summitsuites.example", phone: "(555) 550-2387", serviceType: "Regular Commercial Cleaning", sqft: 12_000, frequency: "weekly", frequencyLabel: "Weekly", budgetDollars: 450, timeline: "within_30_days", timelineLabel: "Next month", timelineDays: 30, status: "new", hoursAgo: 30, channel: "direct" },
  { name: "Angela Davis", company: "Harbor Logistics Warehouse", email: "adavis@harborlogistics.example", phone: "(555) 613-9021", serviceType: "Industrial", sqft: 80_000, frequency: "two_three_weekly", frequencyLabel: "Twice a week", budgetDollars: 9_500, timeline: "immediate", timelineLabel: "This week", timelineDays: 5, status: "proposal", hoursAgo: 50, channel: "paid" },
  { name: "Robert Kim", company: "Kim Family Dental", email: "robert@kimdental.example", phone: "(555) 724-5566", serviceType: "Medical Facility", sqft: 3_500, frequency: "weekly", frequencyLabel: "Once a week", budgetDollars: 150, timeline: "beyond_90_days", timelineLabel: "Sometime next year", timelineDays: 200, status: "new", hoursAgo: 72, channel: "social" },
  { name: "Patricia Gomez", company: "Brightside Construction", email: "pgomez@brightside.example", phone: "(555) 835-3310", serviceType: "Post-construction", sqft: 18_000, frequency: "biweekly_or_less", frequencyLabel: "One-time clean", budgetDollars: 400, timeline: "immediate", timelineLabel: "ASAP", timelineDays: 2, status: "won", hoursAgo: 120, valueDollars: 4_200, channel: "organic_search" },
  { name: "David Okafor", company: "Greenway Fitness Club", email: "david@greenwayfit.example", phone: "(555) 946-7720", serviceType: "Regular Commercial Cleaning", sqft: 9_000, frequency: "daily", frequencyLabel: "Daily", budgetDollars: 1_500, timeline: "within_30_days", timelineLabel: "In 2 weeks", timelineDays: 14, status: "lost", hoursAgo: 170, channel: "email" },
];

/** What differs between the fixed demo business and a sandbox (server/demo/sandbox.server.ts). */
export type SampleBusinessOptions = {
  siteKey: string;
  /** A sandbox's deletion time; none for the fixed demo business. */
  sandboxExpiresAt?: Date;
  /** A sandbox seeded ahead by the sandbox.prepare job (decision 0046): not yet given to anyone. */
  sandboxPreparedAt?: Date;
  now?: Date;
};

/**
 * The sample business of DESIGN §5 (profile, chatbot, scored sample leads with their history and
 * reminders), without members: the one seeding shared by the fixed demo business and every sandbox.
 * Takes a client or a transaction client (a sandbox is made in one transaction).
 */
export async function seedSampleBusiness(db: Prisma.TransactionClient, options: SampleBusinessOptions): Promise<{ businessId: string }> {
  const now = options.now ?? new Date();
  const business = await db.business.create({
    data: {
      name: DEMO.businessName,
      businessType: "Commercial Cleaning",
      email: "hello@sparkle-cleaning.example",
      phone: "(555) 010-2030",
      street: "120 Market Street",
      city: "Springfield",
      state: "IL",
      zip: "62701",
      serviceAreas: ["Springfield", "Chatham", "Rochester", "Sherman"],
      description:
        "Sparkle Commercial Cleaning keeps offices, medical facilities, schools and warehouses spotless. " +
        "Insured, background-checked crews; green products on request; evening and weekend service.",
      isDemo: true,
      sandboxExpiresAt: options.sandboxExpiresAt ?? null,
      sandboxPreparedAt: options.sandboxPreparedAt ?? null,
      subscriptionStatus: "active",
      plan: "Pro",
      chatbots: {
        create: {
          siteKey: options.siteKey,
          businessName: DEMO.businessName,
          welcomeMessage:
            "Hi! Welcome to Sparkle Commercial Cleaning. I can get you a cleaning quote in about a minute. What type of cleaning are you looking for?",
          serviceTypes: [...DEFAULT_SERVICE_TYPES],
        },
      },
    },
    select: { id: true },
  });
  for (const sample of sampleLeads) await createSampleLead(db, business.id, sample, now);
  return { businessId: business.id };
}

/** The fixed demo business and its owner demo@leadbroom.test (SEED_DEMO: local use, the embed demo, tests). */
export async function ensureDemoData(db: Db, now = new Date()): Promise<{ created: boolean }> {
  const existing = await db.chatbot.findUnique({ where: { siteKey: DEMO.siteKey }, select: { id: true } });
  if (existing) return { created: false };

  const passwordHash = await hashPassword(DEMO.password);
  // One transaction: a start interrupted half-way leaves no half-seeded demo behind (the next start seeds it).
  await db.$transaction(
    async (tx) => {
      const { businessId } = await seedSampleBusiness(tx, { siteKey: DEMO.siteKey, now });
      const owner = await tx.user.upsert({
        where: { email: DEMO.email },
        update: {},
        create: { email: DEMO.email, passwordHash, displayName: "Demo Owner" },
        select: { id: true },
      });
      await tx.membership.create({ data: { userId: owner.id, businessId, role: "owner" } });
      await seedSampleYear(tx, { businessId, teamUserId: owner.id, now });
    },
    SEED_TRANSACTION,
  );
  return { created: true };
}

/** A year of sample history takes a second or two on a busy machine: more than a transaction's default 5 s is allowed. */
export const SEED_TRANSACTION = { timeout: 60_000, maxWait: 30_000 } as const;

/**
 * The sample business's year before today (server/demo/demo-history.ts): conversations with their
 * transcripts, the leads they became and the other sources' leads, the team's work on them (as
 * `teamUserId`, the owner), widget impressions per day, and the bot's reply times rolled up as the hourly
 * job would. One set-based insert per table.
 */
export async function seedSampleYear(db: Prisma.TransactionClient, args: { businessId: string; teamUserId: string; now?: Date }): Promise<void> {
  const now = args.now ?? new Date();
  const chatbot = await db.chatbot.findFirstOrThrow({
    where: { businessId: args.businessId },
    orderBy: { createdAt: "asc" },
    select: {
      id: true, businessName: true, welcomeMessage: true, serviceTypes: true, hoursStart: true, hoursEnd: true, hoursDays: true,
      afterHoursMessage: true, marketPriceCents: true,
      business: { select: { serviceAreas: true, description: true, timeZone: true, phone: true, email: true } },
    },
  });
  const profile = toBusinessProfile(chatbot);

  await insertHistory(db, { businessId: args.businessId, chatbotId: chatbot.id, teamUserId: args.teamUserId }, historyRows(profile, now));
  await fillResponseRollup(db, args.businessId, new Date(0), now);
}

type HistoryRows = { [K in keyof DemoHistory]: string };
let lastHistory: { key: string; rows: HistoryRows } | null = null;

/**
 * The year's rows as JSON, built once per local day and profile: every sandbox made that day inserts the
 * same history (under ids of its own), without playing the conversations again.
 */
function historyRows(profile: BusinessProfile, now: Date): HistoryRows {
  const key = `${localIsoDate(now, profile.timeZone)}|${JSON.stringify(profile)}`;
  if (lastHistory?.key !== key) {
    const h = buildDemoHistory({ now, profile, takenNames: new Set(sampleLeads.map((l) => l.name)) });
    const json = (rows: unknown[]) => JSON.stringify(rows);
    // Each lead's first event by a member, as the LeadEvent trigger would set it: inserted with the lead,
    // the events' insert then finds nothing to update (an UPDATE of every worked lead, each a new row
    // version in all of Lead's indexes, was a quarter of the seeding's time on PGlite).
    const firstAction = teamFirstActions(h.events);
    const leads = h.leads.map((lead) => ({ ...lead, teamFirstActionAt: firstAction.get(lead.id) ?? null }));
    lastHistory = {
      key,
      rows: { conversations: json(h.conversations), messages: json(h.messages), leads: json(leads), events: json(h.events), impressions: json(h.impressions) },
    };
  }
  return lastHistory.rows;
}

/** Rows as one JSON parameter, expanded by jsonb_to_recordset: a single statement per table however many rows. */
const rowsParam = (json: string) => Prisma.sql`${json}::jsonb`;

async function insertHistory(
  db: Prisma.TransactionClient,
  { businessId, chatbotId, teamUserId }: { businessId: string; chatbotId: string; teamUserId: string },
  h: HistoryRows,
): Promise<void> {
  // The history's row keys ("-1", "-2", …) under a prefix of this seeding's own.
  const prefix = randomUUID();
  const id = (column: string) => Prisma.sql`(${prefix}::text || r.${Prisma.raw(`"${column}"`)})`;
  await db.$executeRaw`
    INSERT INTO "Conversation" ("id", "businessId", "chatbotId", "visitorId", "pageUrl", "channel", "state", "lastSeq",
      "createdAt", "updatedAt", "lastMessageAt")
    SELECT ${id("id")}, ${businessId}, ${chatbotId}, r."visitorId", r."pageUrl", r."channel",
           CASE WHEN r."state"->>'leadId' IS NULL THEN r."state" ELSE jsonb_set(r."state", '{leadId}', to_jsonb(${prefix}::text || (r."state"->>'leadId'))) END, r."lastSeq",
           r."createdAt" AT TIME ZONE 'UTC', r."lastMessageAt" AT TIME ZONE 'UTC', r."lastMessageAt" AT TIME ZONE 'UTC'
      FROM jsonb_to_recordset(${rowsParam(h.conversations)}) AS r("id" text, "visitorId" text, "pageUrl" text,
        "channel" text, "state" jsonb, "lastSeq" int, "createdAt" timestamptz, "lastMessageAt" timestamptz)`;
  await db.$executeRaw`
    INSERT INTO "Message" ("id", "conversationId", "businessId", "seq", "role", "text", "quickReplies", "createdAt")
    SELECT ${id("id")}, ${id("conversationId")}, ${businessId}, r."seq", r."role"::"MessageRole", r."text", r."quickReplies",
           r."createdAt" AT TIME ZONE 'UTC'
      FROM jsonb_to_recordset(${rowsParam(h.messages)}) AS r("id" text, "conversationId" text, "seq" int, "role" text, "text" text,
        "quickReplies" text[], "createdAt" timestamptz)`;
  await db.$executeRaw`
    INSERT INTO "Lead" ("id", "businessId", "conversationId", "name", "email", "phone", "company", "serviceType",
      "buildingSizeSqFt", "frequency", "visitsPerMonth", "budgetMonthlyCents", "timeline", "timelineDays",
      "sizePoints", "frequencyPoints", "budgetPoints", "timelinePoints", "score", "priority", "incomplete",
      "status", "source", "channel", "valueCents", "lostReason", "lostTo", "wonAgainst", "closedAt", "teamFirstActionAt", "createdAt", "updatedAt")
    SELECT ${id("id")}, ${businessId}, ${id("conversationId")}, r."name", r."email", r."phone", r."company", r."serviceType",
           r."buildingSizeSqFt", r."frequency", r."visitsPerMonth", r."budgetMonthlyCents", r."timeline", r."timelineDays",
           r."sizePoints", r."frequencyPoints", r."budgetPoints", r."timelinePoints", r."score", r."priority"::"LeadPriority", r."incomplete",
           r."status"::"LeadStatus", r."source"::"LeadSource", r."channel", r."valueCents", r."lostReason"::"LeadLostReason", r."lostTo",
           r."wonAgainst", r."closedAt" AT TIME ZONE 'UTC', r."teamFirstActionAt" AT TIME ZONE 'UTC', r."createdAt" AT TIME ZONE 'UTC',
           r."updatedAt" AT TIME ZONE 'UTC'
      FROM jsonb_to_recordset(${rowsParam(h.leads)}) AS r("id" text, "conversationId" text, "name" text, "email" text, "phone" text,
        "company" text, "serviceType" text, "buildingSizeSqFt" int, "frequency" text, "visitsPerMonth" float8, "budgetMonthlyCents" int,
        "timeline" text, "timelineDays" int, "sizePoints" int, "frequencyPoints" int, "budgetPoints" int, "timelinePoints" int,
        "score" float8, "priority" text, "incomplete" boolean, "status" text, "source" text, "channel" text, "valueCents" int,
        "lostReason" text, "lostTo" text, "wonAgainst" text, "closedAt" timestamptz, "teamFirstActionAt" timestamptz, "createdAt" timestamptz,
        "updatedAt" timestamptz)`;
  await db.$executeRaw`
    INSERT INTO "LeadEvent" ("id", "leadId", "businessId", "type", "data", "actorUserId", "createdAt")
    SELECT ${id("id")}, ${id("leadId")}, ${businessId}, r."type", r."data", CASE WHEN r."actor" THEN ${teamUserId} END, r."createdAt" AT TIME ZONE 'UTC'
      FROM jsonb_to_recordset(${rowsParam(h.events)}) AS r("id" text, "leadId" text, "type" text, "data" jsonb, "actor" boolean, "createdAt" timestamptz)`;
  await db.$executeRaw`
    INSERT INTO "WidgetImpressionDay" ("chatbotId", "businessId", "day", "count")
    SELECT ${chatbotId}, ${businessId}, r."day", r."count"
      FROM jsonb_to_recordset(${rowsParam(h.impressions)}) AS r("day" date, "count" int)`;
}

async function createSampleLead(db: Prisma.TransactionClient, businessId: string, sample: SampleLead, now: Date): Promise<void> {
  const createdAt = new Date(now.getTime() - sample.hoursAgo * 3_600_000);
  const budgetMonthlyCents = sample.budgetDollars * 100;
  const scored = scoreLead({
    buildingSizeSqFt: sample.sqft,
    frequency: sample.frequency,
    budgetMonthlyCents,
    timeline: sample.timeline,
  });
  await db.lead.create({
    data: {
      businessId,
      name: sample.name,
      company: sample.company,
      email: sample.email,
      phone: sample.phone,
      serviceType: sample.serviceType,
      buildingSizeSqFt: sample.sqft,
      frequency: sample.frequency,
      visitsPerMonth: VISITS_PER_MONTH[sample.frequency],
      budgetMonthlyCents,
      timeline: sample.timeline,
      timelineDays: sample.timelineDays,
      ...scoreColumns(scored),
      status: sample.status,
      source: "chatbot",
      channel: sample.channel,
      valueCents: sample.valueDollars ? sample.valueDollars * 100 : null,
      createdAt,
      events: {
        create: {
          businessId,
          type: "created",
          data: { source: "chatbot", score: scored.score, priority: scored.priority, answers: {
            buildingSize: `${sample.sqft.toLocaleString("en-US")} sq ft`,
            frequency: sample.frequencyLabel,
            budget: `$${sample.budgetDollars.toLocaleString("en-US")}/month`,
            timeline: sample.timelineLabel,
          } },
          createdAt,
        },
      },
      reminders:
        sample.status === "new" || sample.status === "contacted"
          ? {
              create: {
                businessId,
                dueAt: new Date(createdAt.getTime() + FOLLOW_UP_HOURS[scored.priority] * 3_600_000),
                note: `Follow up with ${sample.name} (${scored.priority} priority)`,
              },
            }
          : undefined,
    },
  });
}
