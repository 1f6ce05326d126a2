// What the dashboard reads besides the leads themselves, seeded in SQL for the benchmarks on top of
// lead-seed.ts (run that first with the same business): lead history (a `created` event per lead and a
// `status_changed` event one day later for every lead past New, Won ones with their value) and, for the
// chatbot's leads of the last `conversationDays` days, a conversation each with six messages (bot and
// visitor taking turns, the bot answering 1.2 s after the visitor); the last hour's are still open.
export function dashboardSeedSql(businessId: string, chatbotId: string, options: { conversationDays?: number } = {}): string {
  const b = businessId.replace(/'/g, "''");
  const c = chatbotId.replace(/'/g, "''");
  const days = Math.max(1, Math.floor(options.conversationDays ?? 45));
  return `
INSERT INTO "LeadEvent" ("id","leadId","businessId","type","data","createdAt")
SELECT 'ev-c-' || l."id", l."id", l."businessId", 'created',
  jsonb_build_object('source', l."source"::text, 'score', l."score", 'priority', l."priority"::text, 'incomplete', false),
  l."createdAt"
FROM "Lead" l WHERE l."businessId" = '${b}';

INSERT INTO "LeadEvent" ("id","leadId","businessId","type","data","createdAt")
SELECT 'ev-s-' || l."id", l."id", l."businessId", 'status_changed',
  jsonb_build_object('from', 'new', 'to', l."status"::text)
    || CASE WHEN l."valueCents" IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('valueCents', l."valueCents") END,
  LEAST(l."updatedAt", l."createdAt" + interval '1 day')
FROM "Lead" l WHERE l."businessId" = '${b}' AND l."status" <> 'new';

INSERT INTO "Conversation" ("id","businessId","chatbotId","visitorId","status","lastSeq","createdAt","updatedAt","lastMessageAt")
SELECT 'cv-' || l."id", l."businessId", '${c}', 'visitor-' || l."id",
  (CASE WHEN l."createdAt" > now() - interval '1 hour' THEN 'open' ELSE 'closed' END)::"ConversationStatus",
  6, l."createdAt" - interval '2 minutes', l."createdAt", l."createdAt" - interval '2 minutes' + interval '61.2 seconds'
FROM "Lead" l
WHERE l."businessId" = '${b}' AND l."source" = 'chatbot' AND l."createdAt" >= now() - interval '${days} days';

UPDATE "Lead" SET "conversationId" = 'cv-' || "id"
WHERE "businessId" = '${b}' AND "source" = 'chatbot' AND "createdAt" >= now() - interval '${days} days';

INSERT INTO "Message" ("id","conversationId","businessId","seq","role","text","createdAt")
SELECT cv."id" || '-' || s.seq, cv."id", cv."businessId", s.seq,
  (CASE WHEN s.seq % 2 = 1 THEN 'bot' ELSE 'visitor' END)::"MessageRole",
  CASE WHEN s.seq % 2 = 1 THEN 'Thanks! How many square feet is the building?' ELSE 'About 12,000 sq ft, cleaned twice a week' END,
  cv."createdAt" + make_interval(secs => (s.seq / 2) * 20 + (s.seq % 2) * 1.2)
FROM "Conversation" cv CROSS JOIN generate_series(1, 6) AS s(seq)
WHERE cv."businessId" = '${b}' AND cv."id" LIKE 'cv-%';

ANALYZE "LeadEvent";
ANALYZE "Conversation";
ANALYZE "Message";
ANALYZE "Lead";
CHECKPOINT;
`;
}
