// The owner a business's Stripe customer and billing e-mails are addressed to.
import type { Db } from "../db/client.server.ts";

export async function ownerEmail(db: Pick<Db, "membership">, businessId: string): Promise<string | null> {
  const owner = await db.membership.findFirst({
    where: { businessId, role: "owner" },
    orderBy: { createdAt: "asc" },
    select: { user: { select: { email: true } } },
  });
  return owner?.user.email ?? null;
}
