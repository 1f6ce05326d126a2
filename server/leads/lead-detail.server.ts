// One lead with everything the detail screen shows: contact details, factor answers and the score
// breakdown, reminders, the full history (oldest first) and the conversation transcript.
import { memberLabel } from "../shared/auth/person-name.ts";
import { getTranscript } from "../chat/transcripts.server.ts";
import type { Db } from "../db/client.server.ts";
import { scoreLead, WEIGHTS, type FrequencyBand } from "../shared/scoring/score.ts";
import { customAnswersOf } from "../shared/conversation/questions.ts";

export type LeadDetail = NonNullable<Awaited<ReturnType<typeof getLeadDetail>>>;

export async function getLeadDetail(db: Db, businessId: string, leadId: string, now = new Date()) {
  if (!leadId || leadId.length > 64) return null;
  const lead = await db.lead.findFirst({ where: { id: leadId, businessId } });
  if (!lead) return null;
  const [business, reminders, events, transcript] = await Promise.all([
    db.business.findUnique({
      where: { id: businessId },
      select: { name: true, timeZone: true },
    }),
    db.reminder.findMany({
      where: { leadId: lead.id, businessId },
      orderBy: [{ dueAt: "asc" }],
      select: { id: true, dueAt: true, note: true, completedAt: true, createdAt: true },
    }),
    db.leadEvent.findMany({
      where: { leadId: lead.id, businessId },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { id: true, type: true, data: true, createdAt: true, actor: { select: { displayName: true, email: true } } },
    }),
    // The same transcript as the conversation replay (scoped by business, capped in length).
    lead.conversationId ? getTranscript(db, businessId, lead.conversationId) : Promise.resolve(null),
  ]);
  // The price the lead was scored with, so the breakdown agrees with its budget points.
  const marketPriceCents = lead.marketPriceCents;
  const scored = scoreLead({
    buildingSizeSqFt: lead.buildingSizeSqFt,
    frequency: lead.frequency as FrequencyBand | null,
    budgetMonthlyCents: lead.budgetMonthlyCents,
    timeline: null,
    marketPriceCents,
    visitsPerMonth: lead.visitsPerMonth,
  });
  const factor = (key: keyof typeof WEIGHTS, points: number) => ({
    points,
    weightPercent: WEIGHTS[key],
    /** Contribution to the score in hundredths of a point (exact). */
    contributionHundredths: WEIGHTS[key] * points,
  });
  return {
    businessName: business?.name ?? "",
    timeZone: business?.timeZone ?? "UTC",
    lead: {
      id: lead.id,
      name: lead.name,
      email: lead.email,
      phone: lead.phone,
      company: lead.company,
      serviceType: lead.serviceType,
      buildingSizeSqFt: lead.buildingSizeSqFt,
      frequency: lead.frequency,
      visitsPerMonth: lead.visitsPerMonth,
      budgetMonthlyCents: lead.budgetMonthlyCents,
      timeline: lead.timeline,
      timelineDays: lead.timelineDays,
      score: lead.score,
      priority: lead.priority,
      incomplete: lead.incomplete,
      status: lead.status,
      source: lead.source,
      valueCents: lead.valueCents,
      lostReason: lead.lostReason,
      lostTo: lead.lostTo,
      wonAgainst: lead.wonAgainst,
      isTest: lead.isTest,
      conversationId: lead.conversationId,
      createdAt: lead.createdAt.toISOString(),
      /** Answers to the owner's own chatbot questions (decision 0062). */
      customAnswers: customAnswersOf(lead.customAnswers),
    },
    breakdown: {
      size: factor("size", lead.sizePoints),
      frequency: factor("frequency", lead.frequencyPoints),
      budget: factor("budget", lead.budgetPoints),
      timeline: factor("timeline", lead.timelinePoints),
      expectedMonthlyCents: scored.expectedMonthlyCents,
      marketPriceCents,
    },
    reminders: reminders.map((r) => ({
      id: r.id,
      note: r.note,
      dueAt: r.dueAt.toISOString(),
      completedAt: r.completedAt?.toISOString() ?? null,
      overdue: !r.completedAt && r.dueAt.getTime() < now.getTime(),
    })),
    events: events.map((e) => ({
      id: e.id,
      type: e.type,
      data: (e.data ?? {}) as Record<string, unknown>,
      createdAt: e.createdAt.toISOString(),
      actorName: e.actor ? memberLabel(e.actor) : null,
    })),
    messages: transcript?.messages ?? [],
    transcriptTruncated: transcript?.truncated ?? false,
  };
}
