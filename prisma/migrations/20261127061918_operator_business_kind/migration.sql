-- LeadBroom's own site assistant (issue 29 item 6, decision 0063): a business's kind says which
-- conversation engine its chatbot runs. Every business is a cleaning company's ('cleaning', the
-- qualification of DESIGN §4) except the operator's own (SITE_CHATBOT_KEY's business, marked at
-- start-up), whose chatbot is LeadBroom's sales assistant on the public site.
DO $$ BEGIN
  CREATE TYPE "BusinessKind" AS ENUM ('cleaning', 'operator');
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;

ALTER TABLE "Business" ADD COLUMN IF NOT EXISTS "kind" "BusinessKind" NOT NULL DEFAULT 'cleaning';
