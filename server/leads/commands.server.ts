// The lead commands: each business write on a lead is one function here that owns every consequence,
// so no caller (a route, the REST API, a socket handler, a job) adds any of its own.
//
// A lead is born by one of these entry points, all with the same consequences, listed once:
//   1. the lead, its 'created' history event and its follow-up reminder due by priority (DESIGN §4);
//   2. one `lead.created` domain event in the same transaction (automations, alert e-mails and
//      outgoing webhooks subscribe to it: server/jobs/subscribers.server.ts);
//   3. one count against the plan's lead limit (server/billing/lead-quota.server.ts; the policy per
//      source — owner-typed leads are not charged, decision 0010 — lives there);
//   4. one live `lead:created` push to the business's open workspaces, after the commit.
// Entry points:
//   - `createLead(ctx, input, { source })`: the "Add a lead" form (manual), the REST API (api),
//     Cold Outreach → Convert to lead (outreach) and LeadBroom's site assistant (chatbot, with its own
//     score: server/site-assistant/capture.server.ts, decision 0063);
//   - `captureChatLead`: the chatbot's fast path (decision 0007): 1–3 in one SQL statement (a CTE), and
//     4 by the chat service's emitter, which also carries the team's notification with the push.
import { runCommand, type CommandContext, type TransactionClient } from "../events/command-context.server.ts";
import { countLeadAgainstPlan, type QuotaResult } from "../billing/lead-quota.server.ts";
import { DEFAULT_MARKET_PRICE_CENTS, FOLLOW_UP_HOURS, scoreColumns, scoreLead, VISITS_PER_MONTH, type ScoreResult } from "../shared/scoring/score.ts";
import { validateManualLead } from "../shared/leads/lead-input.ts";
import type { LeadPriority } from "../shared/enums.ts";
import { publishLead } from "./publish-lead.server.ts";
import { fail, type LeadResult } from "./result.ts";

export { captureLead as captureChatLead, type CaptureInput, type CaptureResult } from "./capture-lead.server.ts";
export { changeLeadStatus } from "./lead-status.server.ts";
export { addLeadNote } from "./lead-notes.server.ts";

export type LeadCreationSource = "manual" | "api" | "outreach" | "chatbot" | "sms" | "phone";

export type CreateLeadOptions = {
  source: LeadCreationSource;
  /** Null when no signed-in user acts (an API key whose creator has left). */
  actorUserId: string | null;
  /** More writes of the same transaction, given the new lead's id (the prospect's link, for outreach). */
  within?: (tx: TransactionClient, leadId: string) => Promise<void>;
  /** A source that scores its own kind of lead (LeadBroom's site assistant, decision 0063) gives the score. */
  scored?: ScoreResult;
  /** The conversation the lead was captured in (unique: a second lead of it fails), and whether it is a test. */
  conversation?: { id: string; isTest: boolean };
};

export type CreatedLead = { leadId: string; score: number; priority: LeadPriority; quota: QuotaResult };

/**
 * A lead from a form's fields (the "Add a lead" form's schema, also the API's and a converted
 * prospect's), scored with the business's market price, status New.
 */
export async function createLead(
  ctx: CommandContext,
  input: { businessId: string; fields: unknown },
  options: CreateLeadOptions,
): Promise<LeadResult<CreatedLead>> {
  const checked = validateManualLead(input.fields);
  if (!checked.ok) return fail("invalid", checked.error);
  const { note, ...answers } = checked.value;
  const { businessId } = input;
  const { source, actorUserId } = options;
  const now = ctx.clock();
  const chatbot = await ctx.db.chatbot.findFirst({ where: { businessId }, orderBy: { createdAt: "asc" }, select: { marketPriceCents: true } });
  const marketPriceCents = chatbot?.marketPriceCents ?? DEFAULT_MARKET_PRICE_CENTS;
  const scored = options.scored ?? scoreLead({
    buildingSizeSqFt: answers.buildingSizeSqFt,
    frequency: answers.frequency,
    budgetMonthlyCents: answers.budgetMonthlyCents,
    timeline: answers.timeline,
    marketPriceCents,
  });
  return runCommand(ctx, "leads", async (tx, after) => {
    const created = await tx.lead.create({
      data: {
        businessId,
        ...answers,
        visitsPerMonth: answers.frequency ? VISITS_PER_MONTH[answers.frequency] : null,
        marketPriceCents,
        ...scoreColumns(scored),
        status: "new",
        source,
        ...(options.conversation ? { conversationId: options.conversation.id, isTest: options.conversation.isTest } : {}),
        createdAt: now,
        events: {
          create: [
            {
              businessId,
              type: "created",
              actorUserId,
              createdAt: now,
              data: { source, score: scored.score, priority: scored.priority, incomplete: scored.incomplete },
            },
            ...(note ? [{ businessId, type: "note", actorUserId, createdAt: new Date(now.getTime() + 1), data: { text: note } }] : []),
          ],
        },
        reminders: {
          create: {
            businessId,
            dueAt: new Date(now.getTime() + FOLLOW_UP_HOURS[scored.priority] * 3_600_000),
            note: `Follow up with ${answers.name} (${scored.priority} priority)`,
          },
        },
      },
      select: { id: true },
    });
    await ctx.events.emit(tx, [{ type: "lead.created", businessId, leadId: created.id }]);
    const quota = await countLeadAgainstPlan(tx, { businessId, leadId: created.id, source, now });
    if (options.within) await options.within(tx, created.id);
    after(() => publishLead({ db: ctx.db, sink: ctx.live, logger: ctx.logger }, { businessId, leadId: created.id, kind: "created" }));
    return { ok: true as const, value: { leadId: created.id, score: scored.score, priority: scored.priority, quota } };
  });
}
