-- The analytics roll-ups' triggers per statement instead of per row (issue 18, decision 0040 "Follow-up",
-- written by hand). A statement writing many leads or conversations (an import, the demo seed, a bulk
-- status change) now takes its rows' old shares out and puts their new shares in with one grouped write
-- per roll-up table, read from the statement's transition tables, instead of rewriting the same roll-up
-- row once per lead: no dead row versions piling up inside one transaction (PGlite runs no autovacuum),
-- and far less trigger work. Same rules as before: the business's analytics lock in shared mode and its
-- roll-up zone ("analytics_zone", taken in business order), test rows left out, a removal only updates
-- existing rows (never inserts), an update that changes nothing the roll-ups read does no work.

DROP TRIGGER "Lead_analytics" ON "Lead";
DROP TRIGGER "Conversation_analytics" ON "Conversation";
DROP TRIGGER "LeadEvent_teamFirstAction" ON "LeadEvent";
DROP FUNCTION "Lead_analytics"();
DROP FUNCTION "analytics_lead_apply"("Lead", integer);
DROP FUNCTION "Conversation_analytics"();
DROP FUNCTION "analytics_conversation_apply"(text, timestamp, integer);
DROP FUNCTION "LeadEvent_teamFirstAction"();
DROP FUNCTION "lead_team_first_action"(text);

-- The rows of a statement that count, as a query text over its transition tables ("old_rows",
-- "new_rows"): each non-test old row with sign -1 and each non-test new row with sign 1, leaving out an
-- updated row whose columns `columns` (the ones the roll-ups read, with "isTest") did not change.
CREATE FUNCTION "analytics_changes"(op text, columns text[]) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  picked text := (SELECT string_agg(format('r.%I', c), ', ') FROM unnest(columns) c);
  same text := format('(%s) IS NOT DISTINCT FROM (%s)',
                      (SELECT string_agg(format('r.%I', c), ', ') FROM unnest(columns) c),
                      (SELECT string_agg(format('x.%I', c), ', ') FROM unnest(columns) c));
  old_part text := format('SELECT %s, -1 AS sign FROM old_rows r WHERE NOT r."isTest"', picked);
  new_part text := format('SELECT %s, 1 AS sign FROM new_rows r WHERE NOT r."isTest"', picked);
BEGIN
  IF op = 'INSERT' THEN
    RETURN new_part;
  ELSIF op = 'DELETE' THEN
    RETURN old_part;
  END IF;
  RETURN format('%s AND NOT EXISTS (SELECT 1 FROM new_rows x WHERE x."id" = r."id" AND %s) UNION ALL %s AND NOT EXISTS (SELECT 1 FROM old_rows x WHERE x."id" = r."id" AND %s)',
                old_part, same, new_part, same);
END
$$;

-- The zones of the businesses a statement's counted rows belong to (`business_ids` in order, `adds`
-- whether new shares come in), each taken with "analytics_zone": the business's lock in shared mode, the
-- roll-up row created when new shares come in; in business order, so two bulk writers cannot deadlock.
-- A business without a zone (a delete cascading from the business) gets NULL and its rows are left out.
CREATE FUNCTION "analytics_zones"(business_ids text[], adds boolean[]) RETURNS text[] LANGUAGE plpgsql AS $$
DECLARE
  zones text[] := '{}';
BEGIN
  FOR i IN 1 .. COALESCE(array_length(business_ids, 1), 0) LOOP
    zones := zones || "analytics_zone"(business_ids[i], adds[i]);
  END LOOP;
  RETURN zones;
END
$$;

-- A statement's leads: per roll-up table one grouped write of the summed shares (local day of creation
-- and channel with stage, score and value; a won lead's value on its local day of closing; the team's
-- first action by local day and hour of creation). A group with a new share is upserted with the net
-- change; a group with only old shares only updates an existing row. Groups whose change is nil are skipped.
CREATE FUNCTION "Lead_analytics_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
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
      SELECT business_id, local_created::date AS day, channel, bool_or(sign > 0) AS adds,
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
    lead_days_changed AS (
      SELECT * FROM lead_days
       WHERE leads <> 0 OR chatbot_leads <> 0 OR chatbot_proposal <> 0 OR chatbot_won <> 0 OR won <> 0 OR won_value <> 0
          OR score_sum <> 0 OR high <> 0 OR medium <> 0
    ),
    lead_days_added AS (
      INSERT INTO "AnalyticsLeadDay" AS d ("businessId", "day", "channel", "leads", "chatbotLeads", "chatbotProposal", "chatbotWon",
                                           "won", "wonValueCents", "scoreSum", "high", "medium")
      SELECT business_id, day, channel, leads, chatbot_leads, chatbot_proposal, chatbot_won, won, won_value, score_sum, high, medium
        FROM lead_days_changed WHERE adds
      ON CONFLICT ("businessId", "day", "channel") DO UPDATE SET
        "leads" = d."leads" + EXCLUDED."leads", "chatbotLeads" = d."chatbotLeads" + EXCLUDED."chatbotLeads",
        "chatbotProposal" = d."chatbotProposal" + EXCLUDED."chatbotProposal", "chatbotWon" = d."chatbotWon" + EXCLUDED."chatbotWon",
        "won" = d."won" + EXCLUDED."won", "wonValueCents" = d."wonValueCents" + EXCLUDED."wonValueCents",
        "scoreSum" = d."scoreSum" + EXCLUDED."scoreSum", "high" = d."high" + EXCLUDED."high", "medium" = d."medium" + EXCLUDED."medium"
    ),
    lead_days_taken AS (
      UPDATE "AnalyticsLeadDay" d SET
        "leads" = d."leads" + g.leads, "chatbotLeads" = d."chatbotLeads" + g.chatbot_leads,
        "chatbotProposal" = d."chatbotProposal" + g.chatbot_proposal, "chatbotWon" = d."chatbotWon" + g.chatbot_won,
        "won" = d."won" + g.won, "wonValueCents" = d."wonValueCents" + g.won_value,
        "scoreSum" = d."scoreSum" + g.score_sum, "high" = d."high" + g.high, "medium" = d."medium" + g.medium
        FROM lead_days_changed g
       WHERE NOT g.adds AND d."businessId" = g.business_id AND d."day" = g.day AND d."channel" = g.channel
    ),
    revenue_days AS (
      SELECT business_id, closed_day AS day, bool_or(sign > 0) AS adds, SUM(sign * COALESCE(value_cents, 0)) AS value_cents
        FROM shares WHERE status = 'won' AND closed_at IS NOT NULL GROUP BY 1, 2
    ),
    revenue_days_added AS (
      INSERT INTO "AnalyticsRevenueDay" AS d ("businessId", "day", "valueCents")
      SELECT business_id, day, value_cents FROM revenue_days WHERE adds AND value_cents <> 0
      ON CONFLICT ("businessId", "day") DO UPDATE SET "valueCents" = d."valueCents" + EXCLUDED."valueCents"
    ),
    revenue_days_taken AS (
      UPDATE "AnalyticsRevenueDay" d SET "valueCents" = d."valueCents" + g.value_cents
        FROM revenue_days g
       WHERE NOT g.adds AND g.value_cents <> 0 AND d."businessId" = g.business_id AND d."day" = g.day
    ),
    team_hours AS (
      SELECT business_id, local_created::date AS day, EXTRACT(HOUR FROM local_created)::int AS hour, bool_or(sign > 0) AS adds,
             SUM(sign) AS leads, SUM(sign * EXTRACT(EPOCH FROM (action_at - created_at))) AS seconds
        FROM shares WHERE action_at IS NOT NULL GROUP BY 1, 2, 3
    ),
    team_hours_added AS (
      INSERT INTO "AnalyticsTeamHour" AS d ("businessId", "day", "hour", "leads", "seconds")
      SELECT business_id, day, hour, leads, seconds FROM team_hours WHERE adds AND (leads <> 0 OR seconds <> 0)
      ON CONFLICT ("businessId", "day", "hour") DO UPDATE SET "leads" = d."leads" + EXCLUDED."leads", "seconds" = d."seconds" + EXCLUDED."seconds"
    ),
    team_hours_taken AS (
      UPDATE "AnalyticsTeamHour" d SET "leads" = d."leads" + g.leads, "seconds" = d."seconds" + g.seconds
        FROM team_hours g
       WHERE NOT g.adds AND (g.leads <> 0 OR g.seconds <> 0) AND d."businessId" = g.business_id AND d."day" = g.day AND d."hour" = g.hour
    )
    SELECT 1
  $sql$, changes) USING businesses, "analytics_zones"(businesses, adds);
  RETURN NULL;
END
$$;

-- A statement's conversations: one grouped write of the counted conversations per local day.
CREATE FUNCTION "Conversation_analytics_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
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
    WITH conversation_days AS (
      SELECT c."businessId" AS business_id, ((c."createdAt" AT TIME ZONE 'UTC') AT TIME ZONE z.zone)::date AS day,
             bool_or(c.sign > 0) AS adds, SUM(c.sign) AS conversations
        FROM (%s) c JOIN unnest($1::text[], $2::text[]) AS z(business_id, zone) ON z.business_id = c."businessId"
       WHERE z.zone IS NOT NULL
       GROUP BY 1, 2
    ),
    added AS (
      INSERT INTO "AnalyticsConversationDay" AS d ("businessId", "day", "conversations")
      SELECT business_id, day, conversations FROM conversation_days WHERE adds AND conversations <> 0
      ON CONFLICT ("businessId", "day") DO UPDATE SET "conversations" = d."conversations" + EXCLUDED."conversations"
    ),
    taken AS (
      UPDATE "AnalyticsConversationDay" d SET "conversations" = d."conversations" + g.conversations
        FROM conversation_days g
       WHERE NOT g.adds AND g.conversations <> 0 AND d."businessId" = g.business_id AND d."day" = g.day
    )
    SELECT 1
  $sql$, changes) USING businesses, "analytics_zones"(businesses, adds);
  RETURN NULL;
END
$$;

-- Lead."teamFirstActionAt": the earliest history event of the lead written by a member. Inserted events
-- can only move it earlier (one grouped update per statement); deleted events, or a change of an event's
-- lead, author or time, recompute it for the leads concerned.
CREATE FUNCTION "lead_team_first_actions"(lead_ids text[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "Lead" l SET "teamFirstActionAt" = f.at
    FROM (SELECT a.id, (SELECT MIN(e."createdAt") FROM "LeadEvent" e WHERE e."leadId" = a.id AND e."actorUserId" IS NOT NULL) AS at
            FROM unnest(lead_ids) a(id)) f
   WHERE l."id" = f.id AND l."teamFirstActionAt" IS DISTINCT FROM f.at;
$$;

CREATE FUNCTION "LeadEvent_teamFirstAction_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "Lead" l SET "teamFirstActionAt" = f.at
      FROM (SELECT n."leadId", MIN(n."createdAt") AS at FROM new_rows n WHERE n."actorUserId" IS NOT NULL GROUP BY 1) f
     WHERE l."id" = f."leadId" AND (l."teamFirstActionAt" IS NULL OR l."teamFirstActionAt" > f.at);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "lead_team_first_actions"(ARRAY(SELECT DISTINCT o."leadId" FROM old_rows o WHERE o."actorUserId" IS NOT NULL));
  ELSE
    -- Both the old and the new lead of each event whose lead, time or having an author changed.
    PERFORM "lead_team_first_actions"(ARRAY(
      SELECT DISTINCT x.id FROM old_rows o FULL JOIN new_rows n ON n."id" = o."id" CROSS JOIN LATERAL unnest(ARRAY[o."leadId", n."leadId"]) x(id)
       WHERE x.id IS NOT NULL
         AND (o."leadId", o."createdAt", o."actorUserId" IS NULL) IS DISTINCT FROM (n."leadId", n."createdAt", n."actorUserId" IS NULL)));
  END IF;
  RETURN NULL;
END
$$;

-- One trigger per event: transition tables cannot be combined with several events' column lists.
CREATE TRIGGER "Lead_analytics_insert" AFTER INSERT ON "Lead"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "Lead_analytics_rows"();
CREATE TRIGGER "Lead_analytics_update" AFTER UPDATE ON "Lead"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "Lead_analytics_rows"();
CREATE TRIGGER "Lead_analytics_delete" AFTER DELETE ON "Lead"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "Lead_analytics_rows"();
CREATE TRIGGER "Conversation_analytics_insert" AFTER INSERT ON "Conversation"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "Conversation_analytics_rows"();
CREATE TRIGGER "Conversation_analytics_update" AFTER UPDATE ON "Conversation"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "Conversation_analytics_rows"();
CREATE TRIGGER "Conversation_analytics_delete" AFTER DELETE ON "Conversation"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "Conversation_analytics_rows"();
CREATE TRIGGER "LeadEvent_teamFirstAction_insert" AFTER INSERT ON "LeadEvent"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "LeadEvent_teamFirstAction_rows"();
CREATE TRIGGER "LeadEvent_teamFirstAction_update" AFTER UPDATE ON "LeadEvent"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "LeadEvent_teamFirstAction_rows"();
CREATE TRIGGER "LeadEvent_teamFirstAction_delete" AFTER DELETE ON "LeadEvent"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "LeadEvent_teamFirstAction_rows"();
