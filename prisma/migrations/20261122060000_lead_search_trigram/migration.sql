-- Hand-written (Prisma's schema cannot express these): trigram indexes so the leads search
-- (case-insensitive "contains" on name, email, company) stays fast with 100,000 leads in a business.
-- pg_trgm ships with PostgreSQL's contrib and is loaded into PGlite by server/db/client.server.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX IF NOT EXISTS "Lead_name_trgm_idx" ON "Lead" USING GIN ("name" gin_trgm_ops);
CREATE INDEX IF NOT EXISTS "Lead_email_trgm_idx" ON "Lead" USING GIN ("email" gin_trgm_ops);
CREATE INDEX IF NOT EXISTS "Lead_company_trgm_idx" ON "Lead" USING GIN ("company" gin_trgm_ops);
