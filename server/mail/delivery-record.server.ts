// An e-mail's delivery record in one statement each (decision 0079): the attempt recorded together
// with the demo sandbox check (held, gone, or to send), and the delivery marked sent, as raw prepared
// statements: each owner alert of a chat lead costs two statements and no query compile instead of
// three Prisma queries. Same rows and semantics as the Prisma path in mail-jobs.server.ts.
import { randomUUID } from "node:crypto";
import type { Db } from "../db/client.server.ts";
import { Prisma } from "../db/generated/client.ts";
import { queryPrepared } from "../db/prepared.ts";
import { sqlUtc } from "../db/timestamps.ts";
import { sandboxHoldSql } from "../demo/outbound-policy.server.ts";

export type DeliveryAttempt = "gone" | { id: string; status: string };

/**
 * Records an attempt of the e-mail `key` (a new row, or one more attempt of the existing one): held
 * when a demo sandbox holds it, "gone" when its business no longer exists (nothing written).
 */
export async function recordDeliveryAttempt(
  db: Db,
  mail: { key: string; businessId?: string | null; kind: string; to: string; subject: string; messageId: string; now: Date },
): Promise<DeliveryAttempt> {
  const rows = await queryPrepared<{ known: boolean; id: string | null; status: string | null }>(db, Prisma.sql`
    WITH hold AS (${sandboxHoldSql("email", { businessId: mail.businessId ?? null, to: mail.to })}
    ), attempt AS (
      INSERT INTO "EmailDelivery" ("id", "key", "businessId", "status", "kind", "to", "subject", "messageId", "attempts", "createdAt")
      SELECT ${randomUUID()}, ${mail.key}, COALESCE(hold."sandboxId", ${mail.businessId ?? null}::text),
             (CASE WHEN hold."sandboxId" IS NULL THEN 'sending' ELSE 'held' END)::"EmailDeliveryStatus",
             ${mail.kind}, ${mail.to}, ${mail.subject}, ${mail.messageId}, 1, ${sqlUtc(mail.now)}
        FROM hold WHERE hold."known"
      ON CONFLICT ("key") DO UPDATE SET "attempts" = "EmailDelivery"."attempts" + 1
      RETURNING "id", "status"::text AS "status"
    )
    SELECT hold."known", attempt."id", attempt."status" FROM hold LEFT JOIN attempt ON true`);
  const row = rows[0];
  if (!row?.known || !row.id || !row.status) return "gone";
  return { id: row.id, status: row.status };
}

export async function markDeliverySent(db: Db, id: string, now: Date): Promise<void> {
  await queryPrepared(db, Prisma.sql`
    UPDATE "EmailDelivery" SET "status" = 'sent', "sentAt" = ${sqlUtc(now)}, "error" = NULL WHERE "id" = ${id} RETURNING "id"`);
}
