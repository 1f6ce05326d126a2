// LeadBroom's own chatbot on its public site (issue 13). It belonged to the demo business, whose
// credentials are public: anyone signed in as demo read every public-site visitor's name, e-mail and
// phone. It now belongs to a business of its own that has no members, so no public account can read
// its conversations; an operator points SITE_CHATBOT_KEY at a chatbot of theirs in production (and
// reads its conversations as a member of that business). Made at start-up when the key is unknown.
// Whichever business holds the key is the operator's business (decision 0063): its chatbot talks as
// LeadBroom's assistant (server/site-assistant/) and its prospects are leads for its members.
import type { Db } from "../db/client.server.ts";
import { DEFAULT_SERVICE_TYPES } from "../shared/chatbots/defaults.ts";
import { SITE_WELCOME } from "../site-assistant/engine.ts";

/** The welcome the site's chatbot was made with before it became LeadBroom's assistant (decision 0063). */
const CLEANING_BOT_WELCOME =
  "Hi! This is the LeadBroom chatbot, as your website's visitors would meet it. What type of cleaning are you looking for?";

export const SITE_BUSINESS_NAME = "LeadBroom";

/**
 * Creates the site's chatbot (and its member-less business) unless a chatbot has this key already, and
 * makes the key's business the operator's business (kind `operator`, decision 0063): its chatbot is
 * LeadBroom's sales assistant and its members get the prospects as leads. One operator business: one
 * marked before under another key goes back to `cleaning`.
 */
export async function ensureSiteChatbot(db: Db, siteKey: string): Promise<{ created: boolean }> {
  const existing = await db.chatbot.findUnique({ where: { siteKey }, select: { businessId: true } });
  if (existing) {
    await markOperatorBusiness(db, existing.businessId);
    await db.chatbot.updateMany({ where: { siteKey, welcomeMessage: CLEANING_BOT_WELCOME }, data: { welcomeMessage: SITE_WELCOME } });
    return { created: false };
  }
  const created = await db.business.create({
    data: {
      name: SITE_BUSINESS_NAME,
      businessType: "Commercial Cleaning",
      description:
        "LeadBroom answers a cleaning company's website visitors around the clock, asks the qualification " +
        "questions and scores each lead out of 10. This chat shows what a company's visitors see.",
      // Active on the top plan with no Stripe customer: never billed, never expiring, not "the demo"
      // (isDemo names the public demo business, which tests and seeds look up by it).
      subscriptionStatus: "active",
      plan: "Enterprise",
      kind: "operator",
      chatbots: {
        create: {
          siteKey,
          businessName: SITE_BUSINESS_NAME,
          welcomeMessage: SITE_WELCOME,
          serviceTypes: [...DEFAULT_SERVICE_TYPES],
        },
      },
    },
    select: { id: true },
  });
  await markOperatorBusiness(db, created.id);
  return { created: true };
}

async function markOperatorBusiness(db: Db, businessId: string): Promise<void> {
  await db.business.updateMany({ where: { kind: "operator", id: { not: businessId } }, data: { kind: "cleaning" } });
  await db.business.updateMany({ where: { id: businessId, kind: { not: "operator" } }, data: { kind: "operator" } });
}
