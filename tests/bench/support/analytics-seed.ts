// The Analytics page bench's data in a few set-based statements (INSERT … SELECT generate_series, no
// UPDATE of seeded rows): `leads` leads of one business over ~2 years (support/lead-seed.ts, lead i
// created i × 631 s before `anchor`), a conversation of six messages for every chatbot lead, as many
// conversations without a lead over the last year as bring the messages to about `messages`, six
// channels, lead history (created; a status change by the owner one day later for every lead past
// New, Won ones with their value) and two years of daily widget impressions.
import { leadSeedSql } from "./lead-seed.ts";

const CHANNELS = "(ARRAY['direct','organic_search','paid','social','referral','email'])";
const MESSAGES_PER_CONVERSATION = 6;

/** A lead or conversation number's channel: every channel, not in step with the status cycle. */
const channelOf = (i: string) => `${CHANNELS}[1 + (${i} * 13 + ${i} / 7) % 6]`;

/** Six messages per conversation of the business whose id matches `idPattern` (bot and visitor take turns, the bot 1.2 s after). */
function messagesSql(b: string, idPattern: string, botText: string, visitorText: string): string {
  return `
INSERT INTO "Message" ("id","conversationId","businessId","seq","role","text","createdAt")
SELECT cv."id" || '-' || s.seq, cv."id", cv."businessId", s.seq,
  (CASE WHEN s.seq % 2 = 1 THEN 'bot' ELSE 'visitor' END)::"MessageRole",
  CASE WHEN s.seq % 2 = 1 THEN '${botText}' ELSE '${visitorText}' END,
  cv."createdAt" + make_interval(secs => (s.seq / 2) * 20 + (s.seq % 2) * 1.2)
FROM "Conversation" cv CROSS JOIN generate_series(1, ${MESSAGES_PER_CONVERSATION}) AS s(seq)
WHERE cv."businessId" = '${b}' AND cv."id" LIKE '${idPattern}';`;
}

export type AnalyticsSeed = { businessId: string; chatbotId: string; userId: string; leads: number; messages: number; anchor: string };

/** The tables the seed writes many rows to. */
const BULK_TABLES = ["Lead", "Reminder", "Conversation", "Message", "LeadEvent"];

/**
 * A bulk load's usual order: the secondary indexes of the seeded tables (not those of primary keys or
 * other constraints) are dropped before and built again after, from their saved definitions, so the
 * database ends with the product's schema. Without it the 100,000 leads alone took ~8 minutes on PGlite
 * (three trigram GIN indexes and nine B-trees updated row by row). Triggers stay on: the roll-ups are
 * kept row by row as every writer keeps them.
 */
const dropIndexesSql = `
CREATE TEMP TABLE bench_indexes AS
SELECT i.indexname, i.indexdef FROM pg_indexes i
 WHERE i.schemaname = current_schema() AND i.tablename IN (${BULK_TABLES.map((t) => `'${t}'`).join(",")})
   AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass);
DO $$ DECLARE r record; BEGIN
  FOR r IN SELECT indexname FROM bench_indexes LOOP EXECUTE format('DROP INDEX %I', r.indexname); END LOOP;
END $$;`;

const createIndexesSql = `
DO $$ DECLARE r record; BEGIN
  FOR r IN SELECT indexdef FROM bench_indexes LOOP EXECUTE r.indexdef; END LOOP;
END $$;
DROP TABLE bench_indexes;`;

/** The SQL batches in order (each one `exec`), with what each seeds, for timing. */
export function analyticsSeedSql(seed: AnalyticsSeed): { label: string; sql: string }[] {
  const b = seed.businessId.replace(/'/g, "''");
  const c = seed.chatbotId.replace(/'/g, "''");
  const u = seed.userId.replace(/'/g, "''");
  const { anchor, leads } = seed;
  const leadAt = (i: string) => `${anchor} - make_interval(secs => (${i}::double precision * 631.0))`;
  const chatbotLeads = leads - Math.floor(leads / 20); // lead-seed.ts: every 20th lead is manual
  const extra = Math.max(0, Math.ceil(seed.messages / MESSAGES_PER_CONVERSATION) - chatbotLeads);
  const yearSeconds = 365 * 86_400;
  return [
    { label: "(secondary indexes dropped)", sql: dropIndexesSql },
    {
      label: "conversations",
      sql: `
INSERT INTO "Conversation" ("id","businessId","chatbotId","visitorId","status","lastSeq","channel","createdAt","updatedAt","lastMessageAt")
SELECT 'cv-benchlead' || g.i, '${b}', '${c}', 'visitor-' || g.i,
  (CASE WHEN ${leadAt("g.i")} > now() - interval '1 hour' THEN 'open' ELSE 'closed' END)::"ConversationStatus",
  ${MESSAGES_PER_CONVERSATION}, ${channelOf("g.i")}, ${leadAt("g.i")} - interval '2 minutes', ${leadAt("g.i")},
  ${leadAt("g.i")} - interval '2 minutes' + interval '61.2 seconds'
FROM generate_series(1, ${leads}) AS g(i) WHERE g.i % 20 <> 0;

INSERT INTO "Conversation" ("id","businessId","chatbotId","visitorId","status","lastSeq","channel","createdAt","updatedAt","lastMessageAt")
SELECT 'cx-' || g.i, '${b}', '${c}', 'visitor-x-' || g.i, 'closed', ${MESSAGES_PER_CONVERSATION}, ${channelOf("g.i")},
  ${anchor} - make_interval(secs => g.i * ${yearSeconds / Math.max(1, extra)}::double precision),
  ${anchor} - make_interval(secs => g.i * ${yearSeconds / Math.max(1, extra)}::double precision),
  ${anchor} - make_interval(secs => g.i * ${yearSeconds / Math.max(1, extra)}::double precision)
FROM generate_series(1, ${extra}) AS g(i);`,
    },
    {
      label: "leads",
      sql: leadSeedSql(seed.businessId, leads, {
        anchor,
        columns: {
          conversationId: "CASE WHEN g.i % 20 <> 0 THEN 'cv-benchlead' || g.i END",
          channel: `CASE WHEN g.i % 20 = 0 THEN 'manual' ELSE ${channelOf("g.i")} END`,
          // The owner's status change below (every lead past New, lead-seed.ts's status cycle), set here
          // as its trigger would so that the history insert need not rewrite 70,000 leads.
          teamFirstActionAt: `CASE WHEN (g.i * 7) % 10 >= 3 THEN LEAST(${anchor}, ${leadAt("g.i")} + interval '1 day') END`,
        },
      }),
    },
    {
      label: "lead history",
      sql: `
INSERT INTO "LeadEvent" ("id","leadId","businessId","type","data","createdAt")
SELECT 'ev-c-' || l."id", l."id", l."businessId", 'created',
  jsonb_build_object('source', l."source"::text, 'score', l."score", 'priority', l."priority"::text, 'incomplete', false),
  l."createdAt"
FROM "Lead" l WHERE l."businessId" = '${b}';

INSERT INTO "LeadEvent" ("id","leadId","businessId","type","data","actorUserId","createdAt")
SELECT 'ev-s-' || l."id", l."id", l."businessId", 'status_changed',
  jsonb_build_object('from', 'new', 'to', l."status"::text)
    || CASE WHEN l."valueCents" IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('valueCents', l."valueCents") END,
  '${u}', LEAST(l."updatedAt", l."createdAt" + interval '1 day')
FROM "Lead" l WHERE l."businessId" = '${b}' AND l."status" <> 'new';`,
    },
    { label: "messages of lead conversations", sql: messagesSql(b, "cv-%", "Thanks! How many square feet is the building?", "About 12,000 sq ft, cleaned twice a week") },
    { label: "messages of other conversations", sql: messagesSql(b, "cx-%", "What type of cleaning are you looking for?", "Just looking, thanks") },
    { label: "secondary indexes built again", sql: createIndexesSql },
    {
      label: "impressions, statistics",
      sql: `
INSERT INTO "WidgetImpressionDay" ("chatbotId","businessId","day","count")
SELECT '${c}', '${b}', (${anchor} - make_interval(days => g.i))::date, 200 + (g.i * 37) % 300
FROM generate_series(0, 800) AS g(i);

ANALYZE "Conversation";
ANALYZE "Message";
ANALYZE "Lead";
ANALYZE "LeadEvent";
ANALYZE "WidgetImpressionDay";
CHECKPOINT;`,
    },
  ];
}
