// The lead's history entry for answers the visitor corrected in the chat ("sorry, I meant 6000 not
// 600", an e-mail fixed after the closing): what changed, and the score and priority before and after.
// The lead itself is updated (and pushed live) by the usual capture; this only records the history.
import type { Db } from "../db/client.server.ts";
import type { AnswerChange } from "../conversation/engine.ts";
import type { LeadPriority } from "../shared/enums.ts";

export type CorrectionRecord = {
  businessId: string;
  leadId: string;
  changes: AnswerChange[];
  score: { from: number; to: number };
  priority: { from: LeadPriority; to: LeadPriority };
  now: Date;
};

export async function recordAnswerCorrections(db: Db, input: CorrectionRecord): Promise<void> {
  if (input.changes.length === 0) return;
  await db.leadEvent.create({
    data: {
      leadId: input.leadId,
      businessId: input.businessId,
      type: "answers_corrected",
      data: { source: "chatbot", changes: input.changes, score: input.score, priority: input.priority },
      createdAt: input.now,
    },
  });
}
