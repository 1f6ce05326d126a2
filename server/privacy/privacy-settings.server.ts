// What Settings → Data & privacy shows of the business (decision 0074).
import type { Db } from "../db/client.server.ts";

export type PrivacySettings = { retentionMonths: number | null; deletionScheduledFor: string | null; deletable: boolean };

export async function loadPrivacySettings(db: Db, businessId: string): Promise<PrivacySettings> {
  const business = await db.business.findUniqueOrThrow({
    where: { id: businessId },
    select: { transcriptRetentionMonths: true, deletionScheduledFor: true, isDemo: true, sandboxExpiresAt: true },
  });
  return {
    retentionMonths: business.transcriptRetentionMonths,
    deletionScheduledFor: business.deletionScheduledFor?.toISOString() ?? null,
    deletable: !business.isDemo && !business.sandboxExpiresAt,
  };
}
