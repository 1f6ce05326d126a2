// Settings > Email Settings shows the business's recent e-mail deliveries (DESIGN §10): what went out,
// what is still being tried and what failed, with the mail server's reason, so an owner can see that
// mail reaches people. Scoped to the signed-in business.
import type { Db } from "../db/client.server.ts";
import type { DeliveryView } from "../shared/mail/delivery-view.ts";

export async function listEmailDeliveries(db: Db, businessId: string, take = 20): Promise<DeliveryView[]> {
  const rows = await db.emailDelivery.findMany({
    where: { businessId },
    orderBy: { createdAt: "desc" },
    take,
    select: { id: true, kind: true, to: true, subject: true, status: true, attempts: true, error: true, createdAt: true, sentAt: true },
  });
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), sentAt: r.sentAt?.toISOString() ?? null }));
}
