// An owner adds a lead by hand: scored with the same 30/25/25/20 rules as the chatbot's leads
// (the business's market price), status New, source manual, a 'created' history event (and a note
// if given) and the follow-up reminder due by priority (DESIGN §4).
import type { Db } from "../db/client.server.ts";
import { emitEvents } from "../events/emit-events.server.ts";
import type { JobQueue } from "../jobs/queue/job-queue.server.ts";
import { DEFAULT_MARKET_PRICE_CENTS, FOLLOW_UP_HOURS, scoreColumns, scoreLead, VISITS_PER_MONTH } from "../shared/scoring/score.ts";
import { validateManualLead } from "../shared/leads/lead-input.ts";
import { fail, type LeadResult } from "./result.ts";
import type { LeadPriority } from "../shared/enums.ts";

export async function createManualLead(
  db: Db,
  args: {
    businessId: string;
    /** Null when no signed-in user acts (an API key whose creator has left). */
    actorUserId: string | null;
    input: unknown;
    now?: Date;
    /** "api" for leads created through the REST API (server/api). */
    source?: "manual" | "api" | "outreach";
    /** When given, the lead's `lead.created` event (webhooks) is written in its transaction. */
    jobs?: JobQueue;
  },
): Promise<LeadResult<{ leadId: string; score: number; priority: LeadPriority }>> {
  const checked = validateManualLead(args.input);
  if (!checked.ok) return fail("invalid", checked.error);
  const input = checked.value;
  const now = args.now ?? new Date();
  const source = args.source ?? "manual";
  const chatbot = await db.chatbot.findFirst({
    where: { businessId: args.businessId },
    orderBy: { createdAt: "asc" },
    select: { marketPriceCents: true },
  });
  const marketPriceCents = chatbot?.marketPriceCents ?? DEFAULT_MARKET_PRICE_CENTS;
  const scored = scoreLead({
    buildingSizeSqFt: input.buildingSizeSqFt,
    frequency: input.frequency,
    budgetMonthlyCents: input.budgetMonthlyCents,
    timeline: input.timeline,
    marketPriceCents,
  });
  const jobs = args.jobs;
  const lead = await db.$transaction(async (tx) => {
    const created = await tx.lead.create({
      data: {
        businessId: args.businessId,
        name: input.name,
        email: input.email,
        phone: input.phone,
        company: input.company,
        serviceType: input.serviceType,
        buildingSizeSqFt: input.buildingSizeSqFt,
        frequency: input.frequency,
        visitsPerMonth: input.frequency ? VISITS_PER_MONTH[input.frequency] : null,
        budgetMonthlyCents: input.budgetMonthlyCents,
        marketPriceCents,
        timeline: input.timeline,
        ...scoreColumns(scored),
        status: "new",
        source,
        createdAt: now,
        events: {
          create: [
            {
              businessId: args.businessId,
              type: "created",
              actorUserId: args.actorUserId,
              createdAt: now,
              data: { source, score: scored.score, priority: scored.priority, incomplete: scored.incomplete },
            },
            ...(input.note
              ? [{ businessId: args.businessId, type: "note", actorUserId: args.actorUserId, createdAt: new Date(now.getTime() + 1), data: { text: input.note } }]
              : []),
          ],
        },
        reminders: {
          create: {
            businessId: args.businessId,
            dueAt: new Date(now.getTime() + FOLLOW_UP_HOURS[scored.priority] * 3_600_000),
            note: `Follow up with ${input.name} (${scored.priority} priority)`,
          },
        },
      },
      select: { id: true },
    });
    if (jobs) await emitEvents(jobs, tx, [{ type: "lead.created", businessId: args.businessId, leadId: created.id }]);
    return created;
  });
  if (!lead) return fail("invalid", "The lead could not be saved");
  return { ok: true, value: { leadId: lead.id, score: scored.score, priority: scored.priority } };
}
