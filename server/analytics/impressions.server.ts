// Widget impressions (DESIGN §13): each config request the loader makes on an allowed page of the
// business's own website (GET /widget/config, served with a minute of browser cache) counts one
// impression of the chatbot on the business's local day. Nothing is stored on the visitor's side and no
// cookie is read or set: the counter is one appended row (the request's own "part", decision 0046: no
// request waits on another's row lock) per chatbot and day, folded into the day's row by the analytics
// fold job and summed on read, written after the answer is sent (decision 0034). A page view answered from the browser's cache within the minute is not counted.
import type { Db } from "../db/client.server.ts";
import { Prisma } from "../db/generated/client.ts";
import { queryPrepared } from "../db/prepared.ts";
import { localIsoDate } from "../shared/time/calendar.ts";

export type Impression = { chatbotId: string; businessId: string; timeZone: string };

/** Adds one impression to the chatbot's counter of the local day of `now`. */
export async function countWidgetImpression(db: Db, seen: Impression, now = new Date()): Promise<void> {
  const day = localIsoDate(now, seen.timeZone);
  await queryPrepared(
    db,
    Prisma.sql`
      INSERT INTO "WidgetImpressionDay" ("chatbotId", "businessId", "day", "part", "count")
      VALUES (${seen.chatbotId}, ${seen.businessId}, ${day}::date, txid_current(), 1)
      ON CONFLICT ("chatbotId", "day", "part") DO UPDATE SET "count" = "WidgetImpressionDay"."count" + 1
      RETURNING 1 AS "ok"`,
  );
}

/** Counts in the background (the widget's answer never waits for it); a failure is only logged. */
export function noteImpression(deps: { db: Db; logger: { warn(message: string): void } }, seen: Impression): void {
  countWidgetImpression(deps.db, seen).catch((error: unknown) =>
    deps.logger.warn(`[widget] counting an impression of chatbot ${seen.chatbotId} failed: ${String(error)}`),
  );
}
