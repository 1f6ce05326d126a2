-- AlterTable
ALTER TABLE "Lead" ADD COLUMN     "closedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "ChatResponseHour" (
    "businessId" TEXT NOT NULL,
    "hour" TIMESTAMP(3) NOT NULL,
    "pairs" INTEGER NOT NULL,
    "totalMs" DOUBLE PRECISION NOT NULL,

    CONSTRAINT "ChatResponseHour_pkey" PRIMARY KEY ("businessId","hour")
);

-- CreateTable
CREATE TABLE "ChatResponseRollup" (
    "businessId" TEXT NOT NULL,
    "through" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ChatResponseRollup_pkey" PRIMARY KEY ("businessId")
);

-- CreateIndex
CREATE INDEX "Lead_businessId_closedAt_idx" ON "Lead"("businessId", "closedAt");

-- AddForeignKey
ALTER TABLE "ChatResponseHour" ADD CONSTRAINT "ChatResponseHour_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ChatResponseRollup" ADD CONSTRAINT "ChatResponseRollup_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Written by hand (not expressible in schema.prisma); see docs/decisions (dashboard at 100k leads).

-- Lead."closedAt": when a lead was closed, from its latest status change to its current status
-- (the rule the dashboard applied per request until now), else its last update.
UPDATE "Lead" l SET "closedAt" = COALESCE(
  (SELECT max(e."createdAt") FROM "LeadEvent" e
    WHERE e."leadId" = l."id" AND e."type" = 'status_changed'
      AND lower(COALESCE(e."data"->>'to', e."data"->>'status', e."data"->>'newStatus')) = l."status"::text),
  l."updatedAt")
WHERE l."status" IN ('won', 'lost');

-- Every writer keeps it right: set when a lead becomes Won or Lost (unless the writer sets it), cleared
-- when it is reopened. Times are UTC like every TIMESTAMP(3) Prisma writes.
CREATE OR REPLACE FUNCTION "lead_closed_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."status" NOT IN ('won', 'lost') THEN
    NEW."closedAt" := NULL;
  ELSIF TG_OP = 'INSERT' THEN
    NEW."closedAt" := COALESCE(NEW."closedAt", NEW."updatedAt", now() AT TIME ZONE 'UTC');
  ELSIF NEW."status" IS DISTINCT FROM OLD."status" AND NEW."closedAt" IS NOT DISTINCT FROM OLD."closedAt" THEN
    NEW."closedAt" := COALESCE(NEW."updatedAt", now() AT TIME ZONE 'UTC');
  ELSIF NEW."closedAt" IS NULL THEN
    NEW."closedAt" := COALESCE(OLD."closedAt", NEW."updatedAt", now() AT TIME ZONE 'UTC');
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER "Lead_closedAt" BEFORE INSERT OR UPDATE OF "status", "closedAt" ON "Lead"
  FOR EACH ROW EXECUTE FUNCTION "lead_closed_at"();

-- Open reminders by due time (the dashboard's "Follow-up due" activity): an IS NULL index condition
-- cannot give the planner the dueAt order, a partial index can.
CREATE INDEX IF NOT EXISTS "Reminder_open_businessId_dueAt_idx" ON "Reminder" ("businessId", "dueAt") WHERE "completedAt" IS NULL;

-- The search's trigram indexes without a pending list: PGlite runs no autovacuum, so fastupdate's
-- pending entries were never merged and every search scanned them linearly (and the insert that
-- overflowed the list paid for merging all of it). Flush what is pending now.
ALTER INDEX "Lead_name_trgm_idx" SET (fastupdate = off);
ALTER INDEX "Lead_email_trgm_idx" SET (fastupdate = off);
ALTER INDEX "Lead_company_trgm_idx" SET (fastupdate = off);
SELECT gin_clean_pending_list('"Lead_name_trgm_idx"'::regclass);
SELECT gin_clean_pending_list('"Lead_email_trgm_idx"'::regclass);
SELECT gin_clean_pending_list('"Lead_company_trgm_idx"'::regclass);
