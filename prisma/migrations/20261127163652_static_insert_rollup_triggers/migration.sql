-- Issue 28 (decision 0085): the roll-up triggers of a new lead and a new conversation in static SQL.
-- Their shared functions of decision 0059 ("Lead_analytics_rows", "Conversation_analytics_rows") build
-- their statements as text and run them with EXECUTE: PostgreSQL parses and plans such a statement on
-- every call, and the lead's is a four-part CTE with three upserts. On PGlite that was about 70% of a
-- Lead insert's time (the lead capture, one per conversation; measured in decision 0085). An INSERT's
-- trigger only ever adds new rows' shares (+1), so it needs none of the text building: these functions
-- say the same in static SQL, which PL/pgSQL plans once per connection. What they append (rows, days,
-- parts, zones, test leads and conversations left out) is exactly what the shared functions appended
-- for an INSERT; UPDATE and DELETE keep the shared functions.

CREATE FUNCTION "Lead_analytics_insert_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  businesses text[];
  zones text[];
  delta_part bigint;
BEGIN
  SELECT array_agg(DISTINCT r."businessId" ORDER BY r."businessId") INTO businesses FROM new_rows r WHERE NOT r."isTest";
  IF businesses IS NULL THEN
    RETURN NULL;
  END IF;
  zones := "analytics_zones"(businesses, array_fill(true, ARRAY[array_length(businesses, 1)]));
  delta_part := txid_current();
  WITH shares AS (
    SELECT c."businessId" AS business_id, 1 AS sign, c."channel" AS channel, c."source" = 'chatbot' AS chatbot,
           c."status"::text AS status, c."valueCents" AS value_cents, c."score", c."priority"::text AS priority,
           c."closedAt" AS closed_at, c."teamFirstActionAt" AS action_at, c."createdAt" AS created_at,
           (c."createdAt" AT TIME ZONE 'UTC') AT TIME ZONE z.zone AS local_created,
           ((c."closedAt" AT TIME ZONE 'UTC') AT TIME ZONE z.zone)::date AS closed_day
      FROM new_rows c JOIN unnest(businesses, zones) AS z(business_id, zone) ON z.business_id = c."businessId"
     WHERE NOT c."isTest" AND z.zone IS NOT NULL
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
  revenue_days_added AS (
    INSERT INTO "AnalyticsRevenueDay" AS d ("businessId", "day", "part", "valueCents")
    SELECT business_id, closed_day, delta_part, SUM(sign * COALESCE(value_cents, 0))
      FROM shares WHERE status = 'won' AND closed_at IS NOT NULL GROUP BY 1, 2
    HAVING SUM(sign * COALESCE(value_cents, 0)) <> 0
    ON CONFLICT ("businessId", "day", "part") DO UPDATE SET "valueCents" = d."valueCents" + EXCLUDED."valueCents"
  ),
  team_hours_added AS (
    INSERT INTO "AnalyticsTeamHour" AS d ("businessId", "day", "hour", "part", "leads", "seconds")
    SELECT business_id, local_created::date, EXTRACT(HOUR FROM local_created)::int, delta_part,
           SUM(sign), SUM(sign * EXTRACT(EPOCH FROM (action_at - created_at)))
      FROM shares WHERE action_at IS NOT NULL GROUP BY 1, 2, 3
    HAVING SUM(sign) <> 0 OR SUM(sign * EXTRACT(EPOCH FROM (action_at - created_at))) <> 0
    ON CONFLICT ("businessId", "day", "hour", "part") DO UPDATE SET "leads" = d."leads" + EXCLUDED."leads", "seconds" = d."seconds" + EXCLUDED."seconds"
  )
  INSERT INTO "AnalyticsLeadDay" AS d ("businessId", "day", "channel", "part", "leads", "chatbotLeads", "chatbotProposal", "chatbotWon",
                                       "won", "wonValueCents", "scoreSum", "high", "medium")
  SELECT business_id, day, channel, delta_part, leads, chatbot_leads, chatbot_proposal, chatbot_won, won, won_value, score_sum, high, medium
    FROM lead_days
   WHERE leads <> 0 OR chatbot_leads <> 0 OR chatbot_proposal <> 0 OR chatbot_won <> 0 OR won <> 0 OR won_value <> 0
      OR score_sum <> 0 OR high <> 0 OR medium <> 0
  ON CONFLICT ("businessId", "day", "channel", "part") DO UPDATE SET
    "leads" = d."leads" + EXCLUDED."leads", "chatbotLeads" = d."chatbotLeads" + EXCLUDED."chatbotLeads",
    "chatbotProposal" = d."chatbotProposal" + EXCLUDED."chatbotProposal", "chatbotWon" = d."chatbotWon" + EXCLUDED."chatbotWon",
    "won" = d."won" + EXCLUDED."won", "wonValueCents" = d."wonValueCents" + EXCLUDED."wonValueCents",
    "scoreSum" = d."scoreSum" + EXCLUDED."scoreSum", "high" = d."high" + EXCLUDED."high", "medium" = d."medium" + EXCLUDED."medium";
  RETURN NULL;
END
$$;

DROP TRIGGER "Lead_analytics_insert" ON "Lead";
CREATE TRIGGER "Lead_analytics_insert" AFTER INSERT ON "Lead"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "Lead_analytics_insert_rows"();

CREATE FUNCTION "Conversation_analytics_insert_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  businesses text[];
  zones text[];
  delta_part bigint;
BEGIN
  SELECT array_agg(DISTINCT r."businessId" ORDER BY r."businessId") INTO businesses FROM new_rows r WHERE NOT r."isTest";
  IF businesses IS NULL THEN
    RETURN NULL;
  END IF;
  zones := "analytics_zones"(businesses, array_fill(true, ARRAY[array_length(businesses, 1)]));
  delta_part := txid_current();
  INSERT INTO "AnalyticsConversationDay" AS d ("businessId", "day", "part", "conversations")
  SELECT c."businessId", ((c."createdAt" AT TIME ZONE 'UTC') AT TIME ZONE z.zone)::date, delta_part, COUNT(*)
    FROM new_rows c JOIN unnest(businesses, zones) AS z(business_id, zone) ON z.business_id = c."businessId"
   WHERE NOT c."isTest" AND z.zone IS NOT NULL
   GROUP BY 1, 2
  ON CONFLICT ("businessId", "day", "part") DO UPDATE SET "conversations" = d."conversations" + EXCLUDED."conversations";
  RETURN NULL;
END
$$;

DROP TRIGGER "Conversation_analytics_insert" ON "Conversation";
CREATE TRIGGER "Conversation_analytics_insert" AFTER INSERT ON "Conversation"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "Conversation_analytics_insert_rows"();
