-- The analytics roll-ups and the widget impressions append-only on the chat's path (issue 28, decision
-- 0046, superseding parts of 0040), and demo sandboxes prepared ahead. Table changes from
-- `npm run db:diff`; the functions below by hand.
--
-- Before: every statement writing a lead or a conversation upserted the one roll-up row of its business,
-- local day and channel, and every widget config request the one impression row of its chatbot and day,
-- so all the conversations of one business queued on the same row lock until their transactions ended.
-- Now each roll-up table has a "part" column in its key: 0 for the folded row, otherwise the id of the
-- transaction that appended the delta (txid_current()). A writer only inserts rows of its own part (a
-- second statement of the same transaction adds to its own row), so no writer ever waits for another;
-- the readers sum every part (they already summed rows); "analytics_fold" (a job every minute,
-- server/analytics/analytics-fold.server.ts) moves the committed deltas into the part-0 rows.

-- AlterTable
ALTER TABLE "AnalyticsConversationDay" DROP CONSTRAINT "AnalyticsConversationDay_pkey",
ADD COLUMN     "part" BIGINT NOT NULL DEFAULT 0,
ADD CONSTRAINT "AnalyticsConversationDay_pkey" PRIMARY KEY ("businessId", "day", "part");

-- AlterTable
ALTER TABLE "AnalyticsLeadDay" DROP CONSTRAINT "AnalyticsLeadDay_pkey",
ADD COLUMN     "part" BIGINT NOT NULL DEFAULT 0,
ADD CONSTRAINT "AnalyticsLeadDay_pkey" PRIMARY KEY ("businessId", "day", "channel", "part");

-- AlterTable
ALTER TABLE "AnalyticsRevenueDay" DROP CONSTRAINT "AnalyticsRevenueDay_pkey",
ADD COLUMN     "part" BIGINT NOT NULL DEFAULT 0,
ADD CONSTRAINT "AnalyticsRevenueDay_pkey" PRIMARY KEY ("businessId", "day", "part");

-- AlterTable
ALTER TABLE "AnalyticsTeamHour" DROP CONSTRAINT "AnalyticsTeamHour_pkey",
ADD COLUMN     "part" BIGINT NOT NULL DEFAULT 0,
ADD CONSTRAINT "AnalyticsTeamHour_pkey" PRIMARY KEY ("businessId", "day", "hour", "part");

-- AlterTable
ALTER TABLE "WidgetImpressionDay" DROP CONSTRAINT "WidgetImpressionDay_pkey",
ADD COLUMN     "part" BIGINT NOT NULL DEFAULT 0,
ADD CONSTRAINT "WidgetImpressionDay_pkey" PRIMARY KEY ("chatbotId", "day", "part");

-- AlterTable (decision 0046: demo sandboxes seeded ahead by a job, server/demo/sandbox.server.ts)
ALTER TABLE "Business" ADD COLUMN     "sandboxPreparedAt" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "Business_sandboxPreparedAt_idx" ON "Business"("sandboxPreparedAt");


-- Written by hand from here.

-- The unfolded deltas, found by the fold without reading the folded rows (partial: only delta rows).
CREATE INDEX "AnalyticsLeadDay_unfolded" ON "AnalyticsLeadDay" ("businessId") WHERE "part" <> 0;
CREATE INDEX "AnalyticsConversationDay_unfolded" ON "AnalyticsConversationDay" ("businessId") WHERE "part" <> 0;
CREATE INDEX "AnalyticsRevenueDay_unfolded" ON "AnalyticsRevenueDay" ("businessId") WHERE "part" <> 0;
CREATE INDEX "AnalyticsTeamHour_unfolded" ON "AnalyticsTeamHour" ("businessId") WHERE "part" <> 0;
CREATE INDEX "WidgetImpressionDay_unfolded" ON "WidgetImpressionDay" ("chatbotId") WHERE "part" <> 0;

-- The zones of a statement's businesses (as before: "analytics_zone" in business order, the business's
-- analytics lock in shared mode), NULL also for a business that is gone: a delete cascading from a deleted
-- business appends nothing (its deltas would reference a deleted business; its rows go with it anyway).
CREATE OR REPLACE FUNCTION "analytics_zones"(business_ids text[], adds boolean[]) RETURNS text[] LANGUAGE plpgsql AS $$
DECLARE
  zones text[] := '{}';
BEGIN
  FOR i IN 1 .. COALESCE(array_length(business_ids, 1), 0) LOOP
    IF EXISTS (SELECT 1 FROM "Business" b WHERE b."id" = business_ids[i]) THEN
      zones := zones || "analytics_zone"(business_ids[i], adds[i]);
    ELSE
      zones := zones || NULL::text;
    END IF;
  END LOOP;
  RETURN zones;
END
$$;

-- A statement's leads: per roll-up table one grouped append of the summed shares (local day of creation
-- and channel with stage, score and value; a won lead's value on its local day of closing; the team's
-- first action by local day and hour of creation), as rows of this transaction's part. Groups whose
-- change is nil are skipped.
CREATE OR REPLACE FUNCTION "Lead_analytics_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes text;
  businesses text[];
  adds boolean[];
BEGIN
  -- An update that changes nothing the roll-ups read (most updates: notes, assignment, updatedAt) stops here.
  -- (Nested: the condition is planned as a whole, and an insert's trigger has no "old_rows".)
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (
       SELECT 1 FROM old_rows o FULL JOIN new_rows n ON n."id" = o."id"
        WHERE (o."businessId", o."createdAt", o."isTest", o."channel", o."source", o."status", o."valueCents",
               o."score", o."priority", o."closedAt", o."teamFirstActionAt")
              IS DISTINCT FROM
              (n."businessId", n."createdAt", n."isTest", n."channel", n."source", n."status", n."valueCents",
               n."score", n."priority", n."closedAt", n."teamFirstActionAt")) THEN
      RETURN NULL;
    END IF;
  END IF;
  changes := "analytics_changes"(TG_OP, ARRAY['businessId', 'createdAt', 'isTest', 'channel', 'source', 'status', 'valueCents',
                                              'score', 'priority', 'closedAt', 'teamFirstActionAt']);
  -- The transition tables are only visible in this function, so the businesses are read here.
  EXECUTE format('SELECT array_agg(business_id ORDER BY business_id), array_agg(adds ORDER BY business_id)
                    FROM (SELECT c."businessId" AS business_id, bool_or(c.sign > 0) AS adds FROM (%s) c GROUP BY 1) b', changes)
     INTO businesses, adds;
  IF businesses IS NULL THEN
    RETURN NULL;
  END IF;
  EXECUTE format($sql$
    WITH shares AS (
      SELECT c."businessId" AS business_id, c.sign, c."channel" AS channel, c."source" = 'chatbot' AS chatbot,
             c."status"::text AS status, c."valueCents" AS value_cents, c."score", c."priority"::text AS priority,
             c."closedAt" AS closed_at, c."teamFirstActionAt" AS action_at, c."createdAt" AS created_at,
             (c."createdAt" AT TIME ZONE 'UTC') AT TIME ZONE z.zone AS local_created,
             ((c."closedAt" AT TIME ZONE 'UTC') AT TIME ZONE z.zone)::date AS closed_day
        FROM (%s) c JOIN unnest($1::text[], $2::text[]) AS z(business_id, zone) ON z.business_id = c."businessId"
       WHERE z.zone IS NOT NULL
    ),
    lead_days AS (
      SELECT business_id, local_created::date AS day, channel,
             SUM(sign) AS leads,
             COALESCE(SUM(sign) FILTER (WHERE chatbot), 0) AS chatbot_leads,
             COALESCE(SUM(sign) FILTER (WHERE chatbot AND status IN ('proposal', 'won')), 0) AS chatbot_proposal,
             COALESCE(SUM(sign) FILTER (WHERE chatbot AND status = 'won'), 0) AS chatbot_won,
             COALESCE(SUM(sign) FILTER (WHERE status = 'won'), 0) AS won,
             COALESCE(SUM(sign * COALESCE(value_cents, 0)) FILTER (WHERE status = 'won'), 0) AS won_value,
             SUM(sign * COALESCE(score, 0)::numeric) AS score_sum,
             COALESCE(SUM(sign) FILTER (WHERE priority = 'high'), 0) AS high,
             COALESCE(SUM(sign) FILTER (WHERE priority = 'medium'), 0) AS medium
        FROM shares GROUP BY 1, 2, 3
    ),
    lead_days_added AS (
      INSERT INTO "AnalyticsLeadDay" AS d ("businessId", "day", "channel", "part", "leads", "chatbotLeads", "chatbotProposal", "chatbotWon",
                                           "won", "wonValueCents", "scoreSum", "high", "medium")
      SELECT business_id, day, channel, $3, leads, chatbot_leads, chatbot_proposal, chatbot_won, won, won_value, score_sum, high, medium
        FROM lead_days
       WHERE leads <> 0 OR chatbot_leads <> 0 OR chatbot_proposal <> 0 OR chatbot_won <> 0 OR won <> 0 OR won_value <> 0
          OR score_sum <> 0 OR high <> 0 OR medium <> 0
      ON CONFLICT ("businessId", "day", "channel", "part") DO UPDATE SET
        "leads" = d."leads" + EXCLUDED."leads", "chatbotLeads" = d."chatbotLeads" + EXCLUDED."chatbotLeads",
        "chatbotProposal" = d."chatbotProposal" + EXCLUDED."chatbotProposal", "chatbotWon" = d."chatbotWon" + EXCLUDED."chatbotWon",
        "won" = d."won" + EXCLUDED."won", "wonValueCents" = d."wonValueCents" + EXCLUDED."wonValueCents",
        "scoreSum" = d."scoreSum" + EXCLUDED."scoreSum", "high" = d."high" + EXCLUDED."high", "medium" = d."medium" + EXCLUDED."medium"
    ),
    revenue_days_added AS (
      INSERT INTO "AnalyticsRevenueDay" AS d ("businessId", "day", "part", "valueCents")
      SELECT business_id, closed_day, $3, SUM(sign * COALESCE(value_cents, 0))
        FROM shares WHERE status = 'won' AND closed_at IS NOT NULL GROUP BY 1, 2
      HAVING SUM(sign * COALESCE(value_cents, 0)) <> 0
      ON CONFLICT ("businessId", "day", "part") DO UPDATE SET "valueCents" = d."valueCents" + EXCLUDED."valueCents"
    ),
    team_hours_added AS (
      INSERT INTO "AnalyticsTeamHour" AS d ("businessId", "day", "hour", "part", "leads", "seconds")
      SELECT business_id, local_created::date, EXTRACT(HOUR FROM local_created)::int, $3,
             SUM(sign), SUM(sign * EXTRACT(EPOCH FROM (action_at - created_at)))
        FROM shares WHERE action_at IS NOT NULL GROUP BY 1, 2, 3
      HAVING SUM(sign) <> 0 OR SUM(sign * EXTRACT(EPOCH FROM (action_at - created_at))) <> 0
      ON CONFLICT ("businessId", "day", "hour", "part") DO UPDATE SET "leads" = d."leads" + EXCLUDED."leads", "seconds" = d."seconds" + EXCLUDED."seconds"
    )
    SELECT 1
  $sql$, changes) USING businesses, "analytics_zones"(businesses, adds), txid_current();
  RETURN NULL;
END
$$;

-- A statement's conversations: one grouped append of the counted conversations per local day.
CREATE OR REPLACE FUNCTION "Conversation_analytics_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes text;
  businesses text[];
  adds boolean[];
BEGIN
  -- Most conversation updates (each message moves lastMessageAt) stop here.
  -- (Nested: the condition is planned as a whole, and an insert's trigger has no "old_rows".)
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (
       SELECT 1 FROM old_rows o FULL JOIN new_rows n ON n."id" = o."id"
        WHERE (o."businessId", o."createdAt", o."isTest") IS DISTINCT FROM (n."businessId", n."createdAt", n."isTest")) THEN
      RETURN NULL;
    END IF;
  END IF;
  changes := "analytics_changes"(TG_OP, ARRAY['businessId', 'createdAt', 'isTest']);
  -- The transition tables are only visible in this function, so the businesses are read here.
  EXECUTE format('SELECT array_agg(business_id ORDER BY business_id), array_agg(adds ORDER BY business_id)
                    FROM (SELECT c."businessId" AS business_id, bool_or(c.sign > 0) AS adds FROM (%s) c GROUP BY 1) b', changes)
     INTO businesses, adds;
  IF businesses IS NULL THEN
    RETURN NULL;
  END IF;
  EXECUTE format($sql$
    INSERT INTO "AnalyticsConversationDay" AS d ("businessId", "day", "part", "conversations")
    SELECT c."businessId", ((c."createdAt" AT TIME ZONE 'UTC') AT TIME ZONE z.zone)::date, $3, SUM(c.sign)
      FROM (%s) c JOIN unnest($1::text[], $2::text[]) AS z(business_id, zone) ON z.business_id = c."businessId"
     WHERE z.zone IS NOT NULL
     GROUP BY 1, 2
    HAVING SUM(c.sign) <> 0
    ON CONFLICT ("businessId", "day", "part") DO UPDATE SET "conversations" = d."conversations" + EXCLUDED."conversations"
  $sql$, changes) USING businesses, "analytics_zones"(businesses, adds), txid_current();
  RETURN NULL;
END
$$;

-- Moves the committed deltas (part <> 0) into the folded rows (part 0), one statement per table, and
-- returns how many delta rows it moved. Run by a job every minute; the readers sum every part, so the
-- figures are the same before and after. Under each business's analytics lock in shared mode (as a
-- writer), so a rebuild ("analytics_rebuild" on a time-zone change, which deletes every part) never runs
-- in the middle of it. One fold at a time (a second one returns 0 at once): two folds deleting the same
-- deltas in different orders could deadlock. Rows still written by open transactions are not seen and
-- wait for the next fold.
CREATE FUNCTION "analytics_fold"() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  businesses text[];
  moved integer := 0;
  n integer;
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtextextended('analytics:fold', 0)) THEN
    RETURN 0;
  END IF;
  SELECT array_agg(DISTINCT t.id ORDER BY t.id) INTO businesses FROM (
    SELECT "businessId" AS id FROM "AnalyticsLeadDay" WHERE "part" <> 0
    UNION ALL SELECT "businessId" FROM "AnalyticsConversationDay" WHERE "part" <> 0
    UNION ALL SELECT "businessId" FROM "AnalyticsRevenueDay" WHERE "part" <> 0
    UNION ALL SELECT "businessId" FROM "AnalyticsTeamHour" WHERE "part" <> 0) t;
  IF businesses IS NOT NULL THEN
    FOR i IN 1 .. array_length(businesses, 1) LOOP
      PERFORM pg_advisory_xact_lock_shared(hashtextextended('analytics:' || businesses[i], 0));
    END LOOP;

    WITH deltas AS (
      DELETE FROM "AnalyticsLeadDay" WHERE "part" <> 0 AND "businessId" = ANY(businesses) RETURNING *
    ), counted AS (
      SELECT COUNT(*) AS k FROM deltas
    ), sums AS (
      SELECT "businessId", "day", "channel", SUM("leads") AS leads, SUM("chatbotLeads") AS chatbot_leads,
             SUM("chatbotProposal") AS chatbot_proposal, SUM("chatbotWon") AS chatbot_won, SUM("won") AS won,
             SUM("wonValueCents") AS won_value, SUM("scoreSum") AS score_sum, SUM("high") AS high, SUM("medium") AS medium
        FROM deltas GROUP BY 1, 2, 3
    ), folded AS (
      INSERT INTO "AnalyticsLeadDay" AS d ("businessId", "day", "channel", "part", "leads", "chatbotLeads", "chatbotProposal", "chatbotWon",
                                           "won", "wonValueCents", "scoreSum", "high", "medium")
      SELECT "businessId", "day", "channel", 0, leads, chatbot_leads, chatbot_proposal, chatbot_won, won, won_value, score_sum, high, medium
        FROM sums
       WHERE leads <> 0 OR chatbot_leads <> 0 OR chatbot_proposal <> 0 OR chatbot_won <> 0 OR won <> 0 OR won_value <> 0
          OR score_sum <> 0 OR high <> 0 OR medium <> 0
      ON CONFLICT ("businessId", "day", "channel", "part") DO UPDATE SET
        "leads" = d."leads" + EXCLUDED."leads", "chatbotLeads" = d."chatbotLeads" + EXCLUDED."chatbotLeads",
        "chatbotProposal" = d."chatbotProposal" + EXCLUDED."chatbotProposal", "chatbotWon" = d."chatbotWon" + EXCLUDED."chatbotWon",
        "won" = d."won" + EXCLUDED."won", "wonValueCents" = d."wonValueCents" + EXCLUDED."wonValueCents",
        "scoreSum" = d."scoreSum" + EXCLUDED."scoreSum", "high" = d."high" + EXCLUDED."high", "medium" = d."medium" + EXCLUDED."medium"
    )
    SELECT k INTO n FROM counted;
    moved := moved + n;

    WITH deltas AS (
      DELETE FROM "AnalyticsConversationDay" WHERE "part" <> 0 AND "businessId" = ANY(businesses) RETURNING *
    ), counted AS (
      SELECT COUNT(*) AS k FROM deltas
    ), folded AS (
      INSERT INTO "AnalyticsConversationDay" AS d ("businessId", "day", "part", "conversations")
      SELECT "businessId", "day", 0, SUM("conversations") FROM deltas GROUP BY 1, 2 HAVING SUM("conversations") <> 0
      ON CONFLICT ("businessId", "day", "part") DO UPDATE SET "conversations" = d."conversations" + EXCLUDED."conversations"
    )
    SELECT k INTO n FROM counted;
    moved := moved + n;

    WITH deltas AS (
      DELETE FROM "AnalyticsRevenueDay" WHERE "part" <> 0 AND "businessId" = ANY(businesses) RETURNING *
    ), counted AS (
      SELECT COUNT(*) AS k FROM deltas
    ), folded AS (
      INSERT INTO "AnalyticsRevenueDay" AS d ("businessId", "day", "part", "valueCents")
      SELECT "businessId", "day", 0, SUM("valueCents") FROM deltas GROUP BY 1, 2 HAVING SUM("valueCents") <> 0
      ON CONFLICT ("businessId", "day", "part") DO UPDATE SET "valueCents" = d."valueCents" + EXCLUDED."valueCents"
    )
    SELECT k INTO n FROM counted;
    moved := moved + n;

    WITH deltas AS (
      DELETE FROM "AnalyticsTeamHour" WHERE "part" <> 0 AND "businessId" = ANY(businesses) RETURNING *
    ), counted AS (
      SELECT COUNT(*) AS k FROM deltas
    ), folded AS (
      INSERT INTO "AnalyticsTeamHour" AS d ("businessId", "day", "hour", "part", "leads", "seconds")
      SELECT "businessId", "day", "hour", 0, SUM("leads"), SUM("seconds") FROM deltas GROUP BY 1, 2, 3
      HAVING SUM("leads") <> 0 OR SUM("seconds") <> 0
      ON CONFLICT ("businessId", "day", "hour", "part") DO UPDATE SET "leads" = d."leads" + EXCLUDED."leads", "seconds" = d."seconds" + EXCLUDED."seconds"
    )
    SELECT k INTO n FROM counted;
    moved := moved + n;
  END IF;

  -- Widget impressions: no zone rebuild, so no business lock.
  WITH deltas AS (
    DELETE FROM "WidgetImpressionDay" WHERE "part" <> 0 RETURNING *
  ), counted AS (
    SELECT COUNT(*) AS k FROM deltas
  ), folded AS (
    INSERT INTO "WidgetImpressionDay" AS d ("chatbotId", "businessId", "day", "part", "count")
    SELECT "chatbotId", "businessId", "day", 0, SUM("count") FROM deltas GROUP BY 1, 2, 3 HAVING SUM("count") <> 0
    ON CONFLICT ("chatbotId", "day", "part") DO UPDATE SET "count" = d."count" + EXCLUDED."count"
  )
  SELECT k INTO n FROM counted;
  RETURN moved + n;
END
$$;
