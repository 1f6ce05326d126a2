-- Issue 28 (decision 0060): the conversation roll-up's UPDATE trigger fires only when what it counts
-- changes. Every chat turn updates its conversation twice (the visitor message's seq, the bot's reply
-- with the state), and the statement-level trigger of decision 0059 ran for each of them: both
-- transition tables captured (the whole row, its state JSON included), a PL/pgSQL call and a join to find
-- that nothing it reads had changed: about 0.25 ms of PGlite CPU per update, half a millisecond a turn.
-- A row-level trigger on the three columns it reads with a WHEN condition is not even queued for those
-- statements (checked in C, no function call, no transition table). An update that does move a
-- conversation (its day, its business, its test flag; rare, and never on the chat's path) appends the
-- same delta rows as before, one row's shares at a time, into its transaction's own part (decision 0046),
-- so the sums are unchanged. Inserts and deletes keep the statement-level triggers.
DROP TRIGGER "Conversation_analytics_update" ON "Conversation";

CREATE FUNCTION "Conversation_analytics_row_update"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  businesses text[];
  adds boolean[];
BEGIN
  -- The counted shares: the old row's taken away (-1), the new row's added (1); test conversations count nowhere.
  SELECT array_agg(s.business_id ORDER BY s.business_id), array_agg(s.adds ORDER BY s.business_id)
    INTO businesses, adds
    FROM (SELECT c.business_id, bool_or(c.sign > 0) AS adds
            FROM (SELECT OLD."businessId" AS business_id, -1 AS sign WHERE NOT OLD."isTest"
                  UNION ALL
                  SELECT NEW."businessId", 1 WHERE NOT NEW."isTest") c
           GROUP BY 1) s;
  IF businesses IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO "AnalyticsConversationDay" AS d ("businessId", "day", "part", "conversations")
  SELECT c.business_id, ((c.created_at AT TIME ZONE 'UTC') AT TIME ZONE z.zone)::date, txid_current(), SUM(c.sign)
    FROM (SELECT OLD."businessId" AS business_id, OLD."createdAt" AS created_at, -1 AS sign WHERE NOT OLD."isTest"
          UNION ALL
          SELECT NEW."businessId", NEW."createdAt", 1 WHERE NOT NEW."isTest") c
    JOIN unnest(businesses, "analytics_zones"(businesses, adds)) AS z(business_id, zone) ON z.business_id = c.business_id
   WHERE z.zone IS NOT NULL
   GROUP BY 1, 2
  HAVING SUM(c.sign) <> 0
  ON CONFLICT ("businessId", "day", "part") DO UPDATE SET "conversations" = d."conversations" + EXCLUDED."conversations";
  RETURN NULL;
END
$$;

CREATE TRIGGER "Conversation_analytics_update" AFTER UPDATE OF "businessId", "createdAt", "isTest" ON "Conversation"
  FOR EACH ROW
  WHEN ((OLD."businessId", OLD."createdAt", OLD."isTest") IS DISTINCT FROM (NEW."businessId", NEW."createdAt", NEW."isTest"))
  EXECUTE FUNCTION "Conversation_analytics_row_update"();
