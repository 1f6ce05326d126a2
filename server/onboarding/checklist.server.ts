// The first-run checklist's facts in one query, and the owner's dismiss / show again. Scoped by the
// businessId of the session. The installation and test facts are written where they happen
// (installation.server.ts), once.
import type { Db } from "../db/client.server.ts";
import { asUtcDate, utcText } from "../db/timestamps.ts";
import { onboardingChecklist, type Onboarding, type OnboardingFacts } from "./checklist.ts";

type Stamp = string | Date | null;
type FactsRow = {
  email: string | null;
  phone: string | null;
  areas: number | bigint | null;
  dismissedAt: Stamp;
  allowedOrigins: string[] | null;
  isActive: boolean | null;
  snippetSharedAt: Stamp;
  installedAt: Stamp;
  installedOrigin: string | null;
  testedAt: Stamp;
  hasLead: boolean;
};

const at = (value: Stamp) => (value === null ? null : asUtcDate(value));

export async function loadOnboarding(db: Db, businessId: string): Promise<Onboarding> {
  return onboardingChecklist(await loadOnboardingFacts(db, businessId));
}

export async function loadOnboardingFacts(db: Db, businessId: string): Promise<OnboardingFacts> {
  // The business's first chatbot (the one the workspace shows); EXISTS stops at the first real lead.
  const [row] = await db.$queryRaw<FactsRow[]>`
    SELECT b."email", b."phone", cardinality(b."serviceAreas") AS areas, ${utcText('b."onboardingDismissedAt"')} AS "dismissedAt",
           c."allowedOrigins", c."isActive", ${utcText('c."snippetSharedAt"')} AS "snippetSharedAt",
           ${utcText('c."installedAt"')} AS "installedAt", c."installedOrigin", ${utcText('c."testedAt"')} AS "testedAt",
           EXISTS (SELECT 1 FROM "Lead" l WHERE l."businessId" = b."id" AND l."isTest" = false) AS "hasLead"
      FROM "Business" b
      LEFT JOIN LATERAL (
        SELECT * FROM "Chatbot" WHERE "businessId" = b."id" ORDER BY "createdAt" ASC LIMIT 1
      ) c ON true
     WHERE b."id" = ${businessId}`;
  if (!row) throw new Error(`business ${businessId} not found`);
  return {
    profileComplete: Boolean(row.email || row.phone) && Number(row.areas ?? 0) > 0,
    allowedOrigins: row.allowedOrigins ?? [],
    isActive: row.isActive ?? false,
    snippetSharedAt: at(row.snippetSharedAt),
    installedAt: at(row.installedAt),
    installedOrigin: row.installedOrigin,
    testedAt: at(row.testedAt),
    hasLead: row.hasLead,
    dismissedAt: at(row.dismissedAt),
  };
}

/** Hides the checklist from the dashboard (dismissed = true) or shows it again (Settings). */
export async function setOnboardingDismissed(db: Db, businessId: string, dismissed: boolean, now = new Date()): Promise<void> {
  await db.business.update({ where: { id: businessId }, data: { onboardingDismissedAt: dismissed ? now : null } });
}
