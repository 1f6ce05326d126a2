// The automation-run commands (issue 30 item 1, decision 0086): the two business writes of a run, each one
// function that owns every consequence, so no caller (the automation job's start, no-response check or
// settle, a step's job) adds any of its own.
//
//   - `startAutomationRun(ctx, { businessId, automationId, leadId })`: the run's step rows (one run per
//     automation and lead: the unique step-0 row) and one `automation.step` job per step, due at its
//     delay, in one transaction; after the commit, one live `automation:runs` push to the business's open
//     Automation pages. Entry points: a domain event's start job (lead created or scored, keyword, status
//     changed, appointment booked), the no-response check and a quiet chat's settle job.
//   - `recordAutomationStep(ctx, { runId, … }, outcome)`: a step's result, written once (only while the
//     step is still scheduled): sent, skipped or failed, with, in the same transaction, what the step
//     leaves behind (a task's reminder and history event, a notification's row) and, for a failed step,
//     the `automation.run.failed` domain event (webhooks); a step held while its automation is paused is
//     recorded the same way. After the commit: the live `automation:runs` push, and the notification's
//     push to the open workspaces. Entry point: the step's job (server/automations/runs.server.ts), after
//     the action's outside effect (the e-mail or SMS, idempotent by the run's key).
//   - `cancelLeadRuns(ctx, { businessId, leadIds, reason })`: the leads' pending steps cancelled with the
//     reason, in one statement (no interactive transaction around it); after it, one `automation:runs` push per
//     automation whose steps it cancelled (none when nothing was pending). Entry point: the `cancel` job
//     (the lead marked Won or Lost, unsubscribed, or answered by the team).
//   - `releaseHeldSteps(ctx, { businessId, automationId })`: resuming a paused automation claims every
//     step held meanwhile and writes one step job for each, due now, in one transaction (a second call
//     finds none held: nothing written, nothing pushed); after the commit, one `automation:runs` push.
//     Entry points: the Automation page's toggle and its edit modal (automations.server.ts), when the
//     automation becomes active.
//   - `deleteAutomation(ctx, { businessId, id })`: the automation hidden (its runs stay as history) and
//     its pending steps cancelled, in one transaction; after the commit, one `automation:runs` push (open
//     Automation pages drop it). A second call finds no automation (404) and writes nothing. Entry point:
//     the Automation page's Delete (dashboard/app/routes/app.automation.tsx).
import { randomUUID } from "node:crypto";
import { runCommand, runStatementCommand, type CommandContext, type LiveSink } from "../events/command-context.server.ts";
import type { JobRequest } from "../jobs/queue/job-queue.server.ts";
import { AUTOMATION_QUEUE } from "../jobs/queue/queues.ts";
import { leadListSelect } from "../leads/lead-summary.ts";
import type { WorkspaceNotification } from "../realtime/protocol.ts";
import type { FieldErrors } from "../shared/forms/action-result.ts";
import { conditionsHold, type Action, type Condition, type LeadFacts } from "../shared/automations/definition.ts";

export type AutomationJob =
  | { kind: "start"; businessId: string; automationId: string; leadId: string; settled?: boolean }
  | { kind: "step"; businessId: string; runId: string }
  | { kind: "check"; businessId: string; automationId: string; leadId: string; since: string }
  /** A chat lead still qualifying: once its conversation has been quiet for QUALIFICATION_IDLE_MS, its score is final. */
  | { kind: "settle"; businessId: string; leadId: string; lastMessageAt: string }
  | { kind: "cancel"; businessId: string; leadIds: string[]; reason: string };

/** What the run commands push to the business's open workspaces (besides the lead sink). */
export type AutomationLiveSink = {
  /** This automation's runs changed: open Automation pages reload them. */
  automationRuns(businessId: string, automationId: string): void;
  /** A stored notification (a notification step's). */
  notification(businessId: string, notification: WorkspaceNotification): void;
};

/** The command context of the run commands: its live sink also reaches the Automation pages. */
export type AutomationCommandContext = CommandContext & { live: LiveSink & AutomationLiveSink };

export const DAY_MS = 86_400_000;
/** Won and Lost: a closed lead starts no run, and its pending steps are skipped. */
export const CLOSED = ["won", "lost"];

export function automationJob(data: AutomationJob, key: string, runAt?: Date): JobRequest<AutomationJob> {
  return { name: AUTOMATION_QUEUE, key, data, ...(runAt ? { runAt } : {}) };
}

/** The lead as a run reads it: the columns a list shows, its conversation, and the facts conditions test. */
export const runLeadSelect = { ...leadListSelect, conversationId: true, serviceType: true, buildingSizeSqFt: true } as const;

function leadFacts(lead: { score: number; priority: string; serviceType: string | null; buildingSizeSqFt: number | null; status: string; source: string }): LeadFacts {
  return { ...lead, channel: lead.source };
}

/**
 * An incomplete lead's score is final when no chat will add to it: no conversation (entered by the
 * team or the API), or its conversation finished (the visitor skipped a question) or was closed.
 */
async function qualificationOver(db: CommandContext["db"], conversationId: string | null): Promise<boolean> {
  if (!conversationId) return true;
  const conversation = await db.conversation.findUnique({ where: { id: conversationId }, select: { status: true, state: true } });
  if (!conversation || conversation.status === "closed") return true;
  const engine = (conversation.state as { engine?: { completed?: unknown } } | null)?.engine;
  return engine?.completed === true;
}

/**
 * Starts the automation's run for the lead if it still applies; a second start finds step 0 and stops.
 * `settled`: a quiet chat's lead, whose score is final although it is incomplete. True when this call
 * started the run.
 */
export async function startAutomationRun(
  ctx: AutomationCommandContext,
  input: { businessId: string; automationId: string; leadId: string; settled?: boolean },
): Promise<boolean> {
  const { db } = ctx;
  const now = ctx.clock();
  const [automation, lead] = await Promise.all([
    db.automation.findFirst({ where: { id: input.automationId, businessId: input.businessId, deletedAt: null, status: "active" } }),
    db.lead.findFirst({ where: { id: input.leadId, businessId: input.businessId }, select: runLeadSelect }),
  ]);
  if (!automation || !lead || CLOSED.includes(lead.status)) return false;
  // A chat lead is scored as it answers: a score-based automation starts on its final score only
  // (every factor answered, the chat finished with skips, or the visitor gone: qualificationOver).
  if (automation.trigger === "lead_scored" && lead.incomplete && !input.settled && !(await qualificationOver(db, lead.conversationId))) return false;
  if (!conditionsHold(leadFacts(lead), (automation.conditions ?? []) as Condition[])) return false;
  const actions = (automation.actions ?? []) as Action[];
  if (actions.length === 0) return false;
  const steps = actions.map((action, step) => ({
    id: randomUUID(),
    businessId: input.businessId,
    automationId: automation.id,
    leadId: lead.id,
    step,
    actionType: action.type,
    scheduledFor: new Date(now.getTime() + action.delay * DAY_MS),
    createdAt: now,
  }));
  return runCommand(ctx, "automations", async (tx, after) => {
    const first = await tx.automationRun.createMany({ data: [steps[0]!], skipDuplicates: true });
    if (first.count !== 1) return false; // one run per automation and lead
    if (steps.length > 1) await tx.automationRun.createMany({ data: steps.slice(1) });
    await ctx.jobs.enqueue(
      tx,
      steps.map((s) => automationJob({ kind: "step", businessId: s.businessId, runId: s.id }, `automation-step:${s.id}`, s.scheduledFor > now ? s.scheduledFor : undefined)),
    );
    after(() => ctx.live.automationRuns(input.businessId, automation.id));
    return true;
  });
}

/** A step's result. `held`: its automation is paused (resuming enqueues it again). */
export type StepRecord =
  | { status: "sent"; leaves?: { task: { note: string; automation: string; for: string } } | { notification: { text: string } } }
  | { status: "skipped"; error: string }
  | { status: "failed"; error: string }
  | { status: "held" };

/** The run step a result is recorded for (what the job loaded). */
export type RecordedStep = { id: string; businessId: string; automationId: string; leadId: string };

/**
 * Records a step's result once: nothing is written (and false returned) when the step is no longer
 * scheduled (recorded already, cancelled) or, for `held`, its automation is active again.
 */
export async function recordAutomationStep(ctx: AutomationCommandContext, step: RecordedStep, record: StepRecord): Promise<boolean> {
  const now = ctx.clock();
  return runCommand(ctx, "automations", async (tx, after) => {
    if (record.status === "held") {
      // Claimed only while the automation is still not active, so a resume racing this job is not missed.
      const held = await tx.$executeRaw`
        UPDATE "AutomationRun" r SET "heldAt" = ${now}
          FROM "Automation" a
         WHERE r."id" = ${step.id} AND r."status" = 'scheduled' AND a."id" = r."automationId" AND a."status" <> 'active'`;
      if (held === 1) after(() => ctx.live.automationRuns(step.businessId, step.automationId));
      return held === 1;
    }
    const error = record.status === "sent" ? null : record.error;
    const done = await tx.automationRun.updateMany({ where: { id: step.id, status: "scheduled" }, data: { status: record.status, finishedAt: now, error, heldAt: null } });
    if (done.count !== 1) return false;
    if (record.status === "failed") {
      await ctx.events.emit(tx, [
        { type: "automation.run.failed", businessId: step.businessId, automationId: step.automationId, runId: step.id, leadId: step.leadId, error: record.error },
      ]);
    }
    const leaves = record.status === "sent" ? record.leaves : undefined;
    if (leaves && "task" in leaves) {
      const { note } = leaves.task;
      const reminder = await tx.reminder.create({ data: { leadId: step.leadId, businessId: step.businessId, dueAt: now, note }, select: { id: true } });
      await tx.leadEvent.create({
        data: {
          leadId: step.leadId,
          businessId: step.businessId,
          type: "reminder_created",
          createdAt: now,
          data: { reminderId: reminder.id, dueAt: now.toISOString(), note, automation: leaves.task.automation, for: leaves.task.for },
        },
      });
    }
    if (leaves && "notification" in leaves) {
      const notification = await tx.notification.create({
        data: { businessId: step.businessId, type: "follow-up", text: leaves.notification.text, leadId: step.leadId, createdAt: now },
        select: { id: true, text: true, createdAt: true },
      });
      after(() =>
        ctx.live.notification(step.businessId, { id: notification.id, type: "follow-up", text: notification.text, leadId: step.leadId, createdAt: notification.createdAt.toISOString() }),
      );
    }
    after(() => ctx.live.automationRuns(step.businessId, step.automationId));
    return true;
  });
}

export const AUTOMATION_NOT_FOUND = "Automation not found";
export const DELETED_ERROR = "Cancelled: the automation was deleted";

export type AutomationResult<T> = { ok: true; value: T } | { ok: false; status: 400 | 404; error: string; fieldErrors?: FieldErrors };

/** Cancels the pending steps of these leads (of this business); answers how many. */
export async function cancelLeadRuns(ctx: AutomationCommandContext, input: { businessId: string; leadIds: string[]; reason: string }): Promise<number> {
  const now = ctx.clock();
  // One statement, atomic on its own: no interactive transaction around it (decision 0045).
  return runStatementCommand(ctx, "automations", async (db, after) => {
    const cancelled = await db.automationRun.updateManyAndReturn({
      where: { businessId: input.businessId, leadId: { in: input.leadIds }, status: "scheduled" },
      data: { status: "cancelled", finishedAt: now, error: input.reason },
      select: { automationId: true },
    });
    for (const automationId of new Set(cancelled.map((run) => run.automationId))) {
      after(() => ctx.live.automationRuns(input.businessId, automationId));
    }
    return cancelled.length;
  });
}

/** Resuming: the steps held while paused (their time came meanwhile) are enqueued again, due now; answers how many. */
export async function releaseHeldSteps(ctx: AutomationCommandContext, input: { businessId: string; automationId: string }): Promise<number> {
  const now = ctx.clock();
  return runCommand(ctx, "automations", async (tx, after) => {
    // The claim is the one statement that decides: a step held twice over (two resumes at once) is claimed once.
    const claimed = await tx.automationRun.updateManyAndReturn({
      where: { businessId: input.businessId, automationId: input.automationId, status: "scheduled", heldAt: { not: null } },
      data: { heldAt: null },
      select: { id: true },
    });
    if (claimed.length === 0) return 0;
    // Held means its job came while paused, so it is due: now.
    await ctx.jobs.enqueue(
      tx,
      claimed.map((run) => automationJob({ kind: "step", businessId: input.businessId, runId: run.id }, `automation-step:${run.id}:released-${now.getTime()}`)),
    );
    after(() => ctx.live.automationRuns(input.businessId, input.automationId));
    return claimed.length;
  });
}

/** Deletes (hides) the automation and cancels its pending steps; its runs stay as history. */
export async function deleteAutomation(ctx: AutomationCommandContext, input: { businessId: string; id: string }): Promise<AutomationResult<{ cancelled: number }>> {
  if (typeof input.id !== "string" || !input.id) return { ok: false, status: 404, error: AUTOMATION_NOT_FOUND };
  const now = ctx.clock();
  return runCommand(ctx, "automations", async (tx, after) => {
    const deleted = await tx.automation.updateMany({ where: { id: input.id, businessId: input.businessId, deletedAt: null }, data: { deletedAt: now, status: "paused" } });
    if (deleted.count !== 1) return { ok: false, status: 404, error: AUTOMATION_NOT_FOUND };
    const cancelled = await tx.automationRun.updateMany({
      where: { businessId: input.businessId, automationId: input.id, status: "scheduled" },
      data: { status: "cancelled", finishedAt: now, error: DELETED_ERROR },
    });
    after(() => ctx.live.automationRuns(input.businessId, input.id));
    return { ok: true, value: { cancelled: cancelled.count } };
  });
}
