-- The Analytics page's daily roll-ups (issue 18, DESIGN §9 and §13, decision 0040). Tables from
-- `npm run db:diff`; the functions and triggers below are written by hand.

-- AlterTable
ALTER TABLE "Lead" ADD COLUMN     "teamFirstActionAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "AnalyticsRollup" (
    "businessId" TEXT NOT NULL,
    "timeZone" TEXT NOT NULL,

    CONSTRAINT "AnalyticsRollup_pkey" PRIMARY KEY ("businessId")
);

-- CreateTable
CREATE TABLE "AnalyticsLeadDay" (
    "businessId" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "channel" TEXT NOT NULL,
    "leads" INTEGER NOT NULL DEFAULT 0,
    "chatbotLeads" INTEGER NOT NULL DEFAULT 0,
    "chatbotProposal" INTEGER NOT NULL DEFAULT 0,
    "chatbotWon" INTEGER NOT NULL DEFAULT 0,
    "won" INTEGER NOT NULL DEFAULT 0,
    "wonValueCents" BIGINT NOT NULL DEFAULT 0,
    "scoreSum" DECIMAL(65,30) NOT NULL DEFAULT 0,
    "high" INTEGER NOT NULL DEFAULT 0,
    "medium" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "AnalyticsLeadDay_pkey" PRIMARY KEY ("businessId","day","channel")
);

-- CreateTable
CREATE TABLE "AnalyticsConversationDay" (
    "businessId" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "conversations" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "AnalyticsConversationDay_pkey" PRIMARY KEY ("businessId","day")
);

-- CreateTable
CREATE TABLE "AnalyticsRevenueDay" (
    "businessId" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "valueCents" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "AnalyticsRevenueDay_pkey" PRIMARY KEY ("businessId","day")
);

-- CreateTable
CREATE TABLE "AnalyticsTeamHour" (
    "businessId" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "hour" INTEGER NOT NULL,
    "leads" INTEGER NOT NULL DEFAULT 0,
    "seconds" DECIMAL(65,30) NOT NULL DEFAULT 0,

    CONSTRAINT "AnalyticsTeamHour_pkey" PRIMARY KEY ("businessId","day","hour")
);

-- AddForeignKey
ALTER TABLE "AnalyticsRollup" ADD CONSTRAINT "AnalyticsRollup_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AnalyticsLeadDay" ADD CONSTRAINT "AnalyticsLeadDay_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AnalyticsConversationDay" ADD CONSTRAINT "AnalyticsConversationDay_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AnalyticsRevenueDay" ADD CONSTRAINT "AnalyticsRevenueDay_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AnalyticsTeamHour" ADD CONSTRAINT "AnalyticsTeamHour_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Written by hand (not expressible in schema.prisma): every writer (chat capture, manual, API, import,
-- outreach, demo seed, tests) keeps the roll-ups right through these triggers.

-- A zone PostgreSQL knows, else UTC (as safeTimeZone does in the app).
CREATE FUNCTION "analytics_safe_zone"(zone text) RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
  PERFORM now() AT TIME ZONE COALESCE(zone, 'UTC');
  RETURN COALESCE(zone, 'UTC');
EXCEPTION WHEN others THEN
  RETURN 'UTC';
END
$$;

-- The zone a business's roll-ups are bucketed in, taking the business's analytics lock in shared mode:
-- writers of one business run side by side (their upserts add up under row locks), a rebuild
-- ("analytics_rebuild", on a time-zone change) waits for them and holds them off until it commits.
-- NULL when the business has no roll-up row and `create` is false (a delete cascading from the business).
CREATE FUNCTION "analytics_zone"(business_id text, "create" boolean) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  zone text;
BEGIN
  PERFORM pg_advisory_xact_lock_shared(hashtextextended('analytics:' || business_id, 0));
  SELECT r."timeZone" INTO zone FROM "AnalyticsRollup" r WHERE r."businessId" = business_id;
  IF zone IS NULL AND "create" THEN
    INSERT INTO "AnalyticsRollup" ("businessId", "timeZone")
    SELECT b."id", "analytics_safe_zone"(b."timeZone") FROM "Business" b WHERE b."id" = business_id
    ON CONFLICT ("businessId") DO NOTHING;
    SELECT r."timeZone" INTO zone FROM "AnalyticsRollup" r WHERE r."businessId" = business_id;
  END IF;
  RETURN zone;
END
$$;

-- Adds (sign 1) or takes away (sign -1) one non-test lead's share of the roll-ups: its local day of
-- creation and channel with its current stage, score and value; a won lead's value on its local day
-- of closing; its team first action by its local day and hour of creation. Taking away only updates
-- existing rows (never inserts, so a delete cascading from a deleted business cannot fail).
CREATE FUNCTION "analytics_lead_apply"(l "Lead", sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  zone text := "analytics_zone"(l."businessId", sign > 0);
  v_created timestamp;
  v_closed date;
  v_chatbot integer := CASE WHEN l."source" = 'chatbot' THEN sign ELSE 0 END;
  v_won integer := CASE WHEN l."status" = 'won' THEN sign ELSE 0 END;
  v_proposal integer := CASE WHEN l."status" IN ('proposal', 'won') THEN sign ELSE 0 END;
  v_won_value bigint := CASE WHEN l."status" = 'won' THEN sign * COALESCE(l."valueCents", 0) ELSE 0 END;
  v_score numeric := sign * COALESCE(l."score", 0)::numeric;
  v_high integer := CASE WHEN l."priority" = 'high' THEN sign ELSE 0 END;
  v_medium integer := CASE WHEN l."priority" = 'medium' THEN sign ELSE 0 END;
  v_action_seconds numeric;
BEGIN
  IF zone IS NULL THEN
    RETURN;
  END IF;
  v_created := (l."createdAt" AT TIME ZONE 'UTC') AT TIME ZONE zone;
  IF sign > 0 THEN
    INSERT INTO "AnalyticsLeadDay" AS d ("businessId", "day", "channel", "leads", "chatbotLeads", "chatbotProposal", "chatbotWon",
                                         "won", "wonValueCents", "scoreSum", "high", "medium")
    VALUES (l."businessId", v_created::date, l."channel", 1, v_chatbot, v_chatbot * v_proposal, v_chatbot * v_won, v_won, v_won_value, v_score, v_high, v_medium)
    ON CONFLICT ("businessId", "day", "channel") DO UPDATE SET
      "leads" = d."leads" + 1, "chatbotLeads" = d."chatbotLeads" + EXCLUDED."chatbotLeads",
      "chatbotProposal" = d."chatbotProposal" + EXCLUDED."chatbotProposal", "chatbotWon" = d."chatbotWon" + EXCLUDED."chatbotWon",
      "won" = d."won" + EXCLUDED."won", "wonValueCents" = d."wonValueCents" + EXCLUDED."wonValueCents",
      "scoreSum" = d."scoreSum" + EXCLUDED."scoreSum", "high" = d."high" + EXCLUDED."high", "medium" = d."medium" + EXCLUDED."medium";
  ELSE
    UPDATE "AnalyticsLeadDay" d SET
      "leads" = d."leads" - 1, "chatbotLeads" = d."chatbotLeads" + v_chatbot,
      "chatbotProposal" = d."chatbotProposal" - v_chatbot * v_proposal, "chatbotWon" = d."chatbotWon" - v_chatbot * v_won,
      "won" = d."won" + v_won, "wonValueCents" = d."wonValueCents" + v_won_value,
      "scoreSum" = d."scoreSum" + v_score, "high" = d."high" + v_high, "medium" = d."medium" + v_medium
    WHERE d."businessId" = l."businessId" AND d."day" = v_created::date AND d."channel" = l."channel";
  END IF;

  IF l."status" = 'won' AND l."closedAt" IS NOT NULL THEN
    v_closed := ((l."closedAt" AT TIME ZONE 'UTC') AT TIME ZONE zone)::date;
    IF sign > 0 THEN
      INSERT INTO "AnalyticsRevenueDay" AS d ("businessId", "day", "valueCents") VALUES (l."businessId", v_closed, v_won_value)
      ON CONFLICT ("businessId", "day") DO UPDATE SET "valueCents" = d."valueCents" + EXCLUDED."valueCents";
    ELSE
      UPDATE "AnalyticsRevenueDay" d SET "valueCents" = d."valueCents" + v_won_value WHERE d."businessId" = l."businessId" AND d."day" = v_closed;
    END IF;
  END IF;

  IF l."teamFirstActionAt" IS NOT NULL THEN
    v_action_seconds := sign * EXTRACT(EPOCH FROM (l."teamFirstActionAt" - l."createdAt"));
    IF sign > 0 THEN
      INSERT INTO "AnalyticsTeamHour" AS d ("businessId", "day", "hour", "leads", "seconds")
      VALUES (l."businessId", v_created::date, EXTRACT(HOUR FROM v_created)::int, 1, v_action_seconds)
      ON CONFLICT ("businessId", "day", "hour") DO UPDATE SET "leads" = d."leads" + 1, "seconds" = d."seconds" + EXCLUDED."seconds";
    ELSE
      UPDATE "AnalyticsTeamHour" d SET "leads" = d."leads" - 1, "seconds" = d."seconds" + v_action_seconds
      WHERE d."businessId" = l."businessId" AND d."day" = v_created::date AND d."hour" = EXTRACT(HOUR FROM v_created)::int;
    END IF;
  END IF;
END
$$;

-- A lead's insert, delete, or a change of what the roll-ups read (stage, value, channel, isTest, …):
-- its old share out, its new share in.
CREATE FUNCTION "Lead_analytics"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND
     (OLD."businessId", OLD."createdAt", OLD."isTest", OLD."channel", OLD."source", OLD."status", OLD."valueCents",
      OLD."score", OLD."priority", OLD."closedAt", OLD."teamFirstActionAt")
     IS NOT DISTINCT FROM
     (NEW."businessId", NEW."createdAt", NEW."isTest", NEW."channel", NEW."source", NEW."status", NEW."valueCents",
      NEW."score", NEW."priority", NEW."closedAt", NEW."teamFirstActionAt") THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' AND NOT OLD."isTest" THEN
    PERFORM "analytics_lead_apply"(OLD, -1);
  END IF;
  IF TG_OP <> 'DELETE' AND NOT NEW."isTest" THEN
    PERFORM "analytics_lead_apply"(NEW, 1);
  END IF;
  RETURN NULL;
END
$$;

-- One non-test conversation in (1) or out (-1) of its local day.
CREATE FUNCTION "analytics_conversation_apply"(business_id text, created_at timestamp, sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  zone text := "analytics_zone"(business_id, sign > 0);
  v_day date;
BEGIN
  IF zone IS NULL THEN
    RETURN;
  END IF;
  v_day := ((created_at AT TIME ZONE 'UTC') AT TIME ZONE zone)::date;
  IF sign > 0 THEN
    INSERT INTO "AnalyticsConversationDay" AS d ("businessId", "day", "conversations") VALUES (business_id, v_day, 1)
    ON CONFLICT ("businessId", "day") DO UPDATE SET "conversations" = d."conversations" + 1;
  ELSE
    UPDATE "AnalyticsConversationDay" d SET "conversations" = d."conversations" - 1 WHERE d."businessId" = business_id AND d."day" = v_day;
  END IF;
END
$$;

CREATE FUNCTION "Conversation_analytics"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD."businessId", OLD."createdAt", OLD."isTest") IS NOT DISTINCT FROM (NEW."businessId", NEW."createdAt", NEW."isTest") THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' AND NOT OLD."isTest" THEN
    PERFORM "analytics_conversation_apply"(OLD."businessId", OLD."createdAt", -1);
  END IF;
  IF TG_OP <> 'DELETE' AND NOT NEW."isTest" THEN
    PERFORM "analytics_conversation_apply"(NEW."businessId", NEW."createdAt", 1);
  END IF;
  RETURN NULL;
END
$$;

-- Lead."teamFirstActionAt": the earliest history event of the lead written by a member. An insert can
-- only move it earlier; a delete, or a change of an event's author or time, recomputes it.
CREATE FUNCTION "lead_team_first_action"(lead_id text) RETURNS void LANGUAGE sql AS $$
  UPDATE "Lead" l SET "teamFirstActionAt" = f.at
    FROM (SELECT MIN(e."createdAt") AS at FROM "LeadEvent" e WHERE e."leadId" = lead_id AND e."actorUserId" IS NOT NULL) f
   WHERE l."id" = lead_id AND l."teamFirstActionAt" IS DISTINCT FROM f.at;
$$;

CREATE FUNCTION "LeadEvent_teamFirstAction"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW."actorUserId" IS NOT NULL THEN
      UPDATE "Lead" l SET "teamFirstActionAt" = NEW."createdAt"
       WHERE l."id" = NEW."leadId" AND (l."teamFirstActionAt" IS NULL OR l."teamFirstActionAt" > NEW."createdAt");
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND (OLD."leadId", OLD."createdAt", OLD."actorUserId" IS NULL) IS NOT DISTINCT FROM (NEW."leadId", NEW."createdAt", NEW."actorUserId" IS NULL) THEN
    RETURN NULL;
  END IF;
  IF OLD."actorUserId" IS NOT NULL OR TG_OP = 'UPDATE' THEN
    PERFORM "lead_team_first_action"(OLD."leadId");
  END IF;
  IF TG_OP = 'UPDATE' AND NEW."leadId" <> OLD."leadId" THEN
    PERFORM "lead_team_first_action"(NEW."leadId");
  END IF;
  RETURN NULL;
END
$$;

-- A business's roll-ups from scratch, in the zone of the business (under its analytics lock, taken
-- alone: the writers of the business wait until this transaction ends).
CREATE FUNCTION "analytics_rebuild"(business_id text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  zone text;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('analytics:' || business_id, 0));
  SELECT "analytics_safe_zone"(b."timeZone") INTO zone FROM "Business" b WHERE b."id" = business_id;
  IF zone IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO "AnalyticsRollup" ("businessId", "timeZone") VALUES (business_id, zone)
  ON CONFLICT ("businessId") DO UPDATE SET "timeZone" = EXCLUDED."timeZone";
  DELETE FROM "AnalyticsLeadDay" WHERE "businessId" = business_id;
  DELETE FROM "AnalyticsRevenueDay" WHERE "businessId" = business_id;
  DELETE FROM "AnalyticsTeamHour" WHERE "businessId" = business_id;
  DELETE FROM "AnalyticsConversationDay" WHERE "businessId" = business_id;

  INSERT INTO "AnalyticsLeadDay" ("businessId", "day", "channel", "leads", "chatbotLeads", "chatbotProposal", "chatbotWon",
                                  "won", "wonValueCents", "scoreSum", "high", "medium")
  SELECT l."businessId", ((l."createdAt" AT TIME ZONE 'UTC') AT TIME ZONE zone)::date, l."channel", COUNT(*),
         COUNT(*) FILTER (WHERE l."source" = 'chatbot'),
         COUNT(*) FILTER (WHERE l."source" = 'chatbot' AND l."status" IN ('proposal', 'won')),
         COUNT(*) FILTER (WHERE l."source" = 'chatbot' AND l."status" = 'won'),
         COUNT(*) FILTER (WHERE l."status" = 'won'),
         COALESCE(SUM(l."valueCents") FILTER (WHERE l."status" = 'won'), 0),
         COALESCE(SUM(l."score"::numeric), 0),
         COUNT(*) FILTER (WHERE l."priority" = 'high'),
         COUNT(*) FILTER (WHERE l."priority" = 'medium')
    FROM "Lead" l WHERE l."businessId" = business_id AND NOT l."isTest"
   GROUP BY 1, 2, 3;

  INSERT INTO "AnalyticsRevenueDay" ("businessId", "day", "valueCents")
  SELECT l."businessId", ((l."closedAt" AT TIME ZONE 'UTC') AT TIME ZONE zone)::date, COALESCE(SUM(l."valueCents"), 0)
    FROM "Lead" l WHERE l."businessId" = business_id AND NOT l."isTest" AND l."status" = 'won' AND l."closedAt" IS NOT NULL
   GROUP BY 1, 2;

  INSERT INTO "AnalyticsTeamHour" ("businessId", "day", "hour", "leads", "seconds")
  SELECT l."businessId", local_created::date, EXTRACT(HOUR FROM local_created)::int, COUNT(*),
         SUM(EXTRACT(EPOCH FROM (l."teamFirstActionAt" - l."createdAt")))
    FROM "Lead" l CROSS JOIN LATERAL (SELECT (l."createdAt" AT TIME ZONE 'UTC') AT TIME ZONE zone AS local_created) t
   WHERE l."businessId" = business_id AND NOT l."isTest" AND l."teamFirstActionAt" IS NOT NULL
   GROUP BY 1, 2, 3;

  INSERT INTO "AnalyticsConversationDay" ("businessId", "day", "conversations")
  SELECT c."businessId", ((c."createdAt" AT TIME ZONE 'UTC') AT TIME ZONE zone)::date, COUNT(*)
    FROM "Conversation" c WHERE c."businessId" = business_id AND NOT c."isTest"
   GROUP BY 1, 2;
END
$$;

-- A new business gets its roll-up zone; a changed time zone rebuilds its day buckets in the same transaction.
CREATE FUNCTION "Business_analytics"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "AnalyticsRollup" ("businessId", "timeZone") VALUES (NEW."id", "analytics_safe_zone"(NEW."timeZone"))
    ON CONFLICT ("businessId") DO NOTHING;
  ELSIF NEW."timeZone" IS DISTINCT FROM OLD."timeZone" THEN
    PERFORM "analytics_rebuild"(NEW."id");
  END IF;
  RETURN NULL;
END
$$;

-- Back-fill: first actions from the history, then every business's roll-ups.
UPDATE "Lead" l SET "teamFirstActionAt" = f.at
  FROM (SELECT e."leadId", MIN(e."createdAt") AS at FROM "LeadEvent" e WHERE e."actorUserId" IS NOT NULL GROUP BY 1) f
 WHERE l."id" = f."leadId";
SELECT "analytics_rebuild"(b."id") FROM "Business" b;

CREATE TRIGGER "Lead_analytics" AFTER INSERT OR UPDATE OR DELETE ON "Lead"
  FOR EACH ROW EXECUTE FUNCTION "Lead_analytics"();
CREATE TRIGGER "Conversation_analytics" AFTER INSERT OR UPDATE OR DELETE ON "Conversation"
  FOR EACH ROW EXECUTE FUNCTION "Conversation_analytics"();
CREATE TRIGGER "LeadEvent_teamFirstAction" AFTER INSERT OR UPDATE OR DELETE ON "LeadEvent"
  FOR EACH ROW EXECUTE FUNCTION "LeadEvent_teamFirstAction"();
CREATE TRIGGER "Business_analytics" AFTER INSERT OR UPDATE OF "timeZone" ON "Business"
  FOR EACH ROW EXECUTE FUNCTION "Business_analytics"();
