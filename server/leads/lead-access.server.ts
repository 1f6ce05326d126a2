// Finds a lead only within the signed-in business: an id from another business is "not found".
import type { Db } from "../db/client.server.ts";

export async function findLeadInBusiness(db: Db, businessId: string, leadId: string) {
  if (!leadId || leadId.length > 64) return null;
  return db.lead.findFirst({
    where: { id: leadId, businessId },
    select: { id: true, status: true, name: true, email: true, phone: true, company: true, serviceType: true, priority: true },
  });
}
