// Stores (or updates) the lead of a chatbot conversation from the engine's answers: factor answers,
// score breakdown, score, priority, status New, source chatbot, a 'created' history event and a
// follow-up reminder due by priority (DESIGN §4). One lead per conversation (unique conversationId).
import type { Db } from "../db/client.server.ts";
import { isRecordNotFound, isUniqueViolation } from "../db/errors.ts";
import { Prisma } from "../db/generated/client.ts";
import type { Answers } from "../conversation/engine.ts";
import { FOLLOW_UP_HOURS, scoreLead, VISITS_PER_MONTH, type ScoreInput } from "../scoring/score.ts";
import type { LeadSummary } from "../realtime/protocol.ts";
import { leadSummarySelect, toLeadSummary } from "./lead-summary.ts";
import { countLeadAgainstPlan } from "../billing/lead-quota.server.ts";

export type CaptureInput = {
  businessId: string;
  conversationId: string;
  /** The conversation's lead, when an earlier turn created it (the conversation state keeps it). */
  leadId?: string;
  isTest: boolean;
  answers: Answers;
  scoreInput: ScoreInput;
  now: Date;
};

export type CaptureResult = { kind: "created" | "updated"; lead: LeadSummary };

function leadFields(answers: Answers, scoreInput: ScoreInput) {
  const scored = scoreLead(scoreInput);
  return {
    scored,
    data: {
      name: answers.name ?? null,
      email: answers.email ?? null,
      phone: answers.phone ?? null,
      company: answers.company ?? null,
      serviceType: answers.serviceType ?? null,
      buildingSizeSqFt: answers.buildingSizeSqFt ?? null,
      frequency: answers.frequency ?? null,
      visitsPerMonth: answers.frequency ? VISITS_PER_MONTH[answers.frequency] : null,
      budgetMonthlyCents: answers.budgetMonthlyCents ?? null,
      timeline: answers.timeline ?? null,
      timelineDays: answers.timelineDays ?? null,
      sizePoints: scored.sizePoints,
      frequencyPoints: scored.frequencyPoints,
      budgetPoints: scored.budgetPoints,
      timelinePoints: scored.timelinePoints,
      score: scored.score,
      priority: scored.priority,
      incomplete: scored.incomplete,
    },
  };
}

export async function captureLead(db: Db, input: CaptureInput): Promise<CaptureResult> {
  const { scored, data } = leadFields(input.answers, input.scoreInput);
  if (input.leadId) {
    const lead = await db.lead
      .update({ where: { id: input.leadId, businessId: input.businessId }, data, select: leadSummarySelect })
      .catch((error: unknown) => {
        if (isRecordNotFound(error)) return null; // gone: capture it afresh below
        throw error;
      });
    if (lead) return { kind: "updated", lead: toLeadSummary(lead) };
  }
  const eventData = {
    source: "chatbot",
    score: scored.score,
    priority: scored.priority,
    incomplete: scored.incomplete,
    answers: (input.answers.raw ?? {}) as Prisma.InputJsonObject,
  } satisfies Prisma.InputJsonObject;
  try {
    const lead = await db.lead.create({
      data: {
        ...data,
        businessId: input.businessId,
        conversationId: input.conversationId,
        isTest: input.isTest,
        status: "new",
        source: "chatbot",
        createdAt: input.now,
        events: { create: { businessId: input.businessId, type: "created", data: eventData, createdAt: input.now } },
        reminders: {
          create: {
            businessId: input.businessId,
            dueAt: new Date(input.now.getTime() + FOLLOW_UP_HOURS[scored.priority] * 3_600_000),
            note: `Follow up with ${input.answers.name ?? "the new lead"} (${scored.priority} priority)`,
          },
        },
      },
      select: leadSummarySelect,
    });
    // Plan limit (server/billing): counted per billing period; over it the lead is flagged overage.
    await countLeadAgainstPlan(db, { businessId: input.businessId, leadId: lead.id, isTest: input.isTest, now: input.now });
    return { kind: "created", lead: toLeadSummary(lead) };
  } catch (error) {
    // A concurrent capture of the same conversation won the unique index: update instead.
    if (isUniqueViolation(error)) {
      const lead = await db.lead.update({
        where: { conversationId: input.conversationId },
        data,
        select: leadSummarySelect,
      });
      return { kind: "updated", lead: toLeadSummary(lead) };
    }
    throw error;
  }
}
