// The business's automations (DESIGN §11, spec §2.14): created from the spec's templates as drafts,
// listed with their run figures, edited, activated, paused and resumed, and deleted (its pending steps
// cancelled, its runs kept). Every query is scoped to the caller's business.
import type { Db } from "../db/client.server.ts";
import { localIsoDate, startOfZonedDay } from "../shared/time/calendar.ts";
import { getBusinessTimeZone } from "../leads/list-leads.server.ts";
import {
  AUTOMATION_TEMPLATES,
  automationType,
  parseAutomationInput,
  TEMPLATE_KEYS,
  type Action,
  type AutomationInput,
  type AutomationStatus,
  type Condition,
  type TemplateKey,
  type Trigger,
  type TriggerConfig,
} from "../shared/automations/definition.ts";
import { AUTOMATION_NOT_FOUND, releaseHeldSteps, type AutomationCommandContext, type AutomationResult } from "./commands.server.ts";

// Deleting is a command (commands.server.ts); the page's module offers all of its writes.
export { AUTOMATION_NOT_FOUND, DELETED_ERROR, deleteAutomation, type AutomationResult } from "./commands.server.ts";
export const DELETE_CONFIRMATION = "Are you sure you want to delete this automation?";

export type AutomationView = {
  id: string;
  name: string;
  description: string;
  type: Action["type"];
  trigger: Trigger;
  triggerConfig: TriggerConfig;
  conditions: Condition[];
  actions: Action[];
  status: AutomationStatus;
  createdAt: string;
  lastRun: string | null;
  totalRuns: number;
  /** Sent steps of all finished ones, in percent; null before any finished. */
  successRate: number | null;
};

export type RunView = {
  id: string;
  leadId: string;
  leadName: string;
  step: number;
  actionType: Action["type"];
  status: "scheduled" | "sent" | "failed" | "skipped" | "cancelled";
  scheduledFor: string;
  finishedAt: string | null;
  error: string | null;
  held: boolean;
};

export type AutomationSummary = { active: number; runsToday: number; successRate: number | null; executions: number };

const FINISHED = ["sent", "failed", "skipped"] as const;

function toView(row: {
  id: string;
  name: string;
  description: string;
  type: Action["type"];
  trigger: string;
  triggerConfig: unknown;
  conditions: unknown;
  actions: unknown;
  status: AutomationStatus;
  createdAt: Date;
}): Omit<AutomationView, "lastRun" | "totalRuns" | "successRate"> {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type,
    trigger: row.trigger as Trigger,
    triggerConfig: (row.triggerConfig ?? {}) as TriggerConfig,
    conditions: (row.conditions ?? []) as Condition[],
    actions: (row.actions ?? []) as Action[],
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

const rate = (sent: number, finished: number) => (finished === 0 ? null : Math.round((sent / finished) * 1000) / 10);

/** The business's automations (not deleted), newest first, with their run figures. */
export async function listAutomations(db: Db, businessId: string): Promise<AutomationView[]> {
  const rows = await db.automation.findMany({ where: { businessId, deletedAt: null }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [runs, steps, last] = await Promise.all([
    db.automationRun.groupBy({ by: ["automationId"], where: { businessId, automationId: { in: ids }, step: 0 }, _count: { _all: true } }),
    db.automationRun.groupBy({ by: ["automationId", "status"], where: { businessId, automationId: { in: ids }, status: { in: [...FINISHED] } }, _count: { _all: true } }),
    db.automationRun.groupBy({ by: ["automationId"], where: { businessId, automationId: { in: ids }, status: { in: [...FINISHED] } }, _max: { finishedAt: true } }),
  ]);
  return rows.map((row) => {
    const mine = steps.filter((s) => s.automationId === row.id);
    const finished = mine.reduce((n, s) => n + s._count._all, 0);
    const sent = mine.find((s) => s.status === "sent")?._count._all ?? 0;
    return {
      ...toView(row),
      totalRuns: runs.find((r) => r.automationId === row.id)?._count._all ?? 0,
      successRate: rate(sent, finished),
      lastRun: last.find((l) => l.automationId === row.id)?._max.finishedAt?.toISOString() ?? null,
    };
  });
}

/**
 * The four cards: active automations, runs started today (the business's time zone), the share of
 * executed steps that were sent, and executed steps in all (kept after an automation is deleted).
 */
export async function automationSummary(db: Db, businessId: string, now = new Date()): Promise<AutomationSummary> {
  const timeZone = await getBusinessTimeZone(db, businessId);
  const todayStart = startOfZonedDay(localIsoDate(now, timeZone), timeZone);
  const [active, runsToday, byStatus] = await Promise.all([
    db.automation.count({ where: { businessId, deletedAt: null, status: "active" } }),
    db.automationRun.count({ where: { businessId, step: 0, createdAt: { gte: todayStart } } }),
    db.automationRun.groupBy({ by: ["status"], where: { businessId, status: { in: [...FINISHED] } }, _count: { _all: true } }),
  ]);
  const executions = byStatus.reduce((n, s) => n + s._count._all, 0);
  const sent = byStatus.find((s) => s.status === "sent")?._count._all ?? 0;
  return { active, runsToday, successRate: rate(sent, executions), executions };
}

/** The latest steps of one automation (run, pending, failed with their error). */
export async function listRuns(db: Db, businessId: string, automationId: string, take = 20): Promise<RunView[]> {
  const rows = await db.automationRun.findMany({
    where: { businessId, automationId },
    orderBy: [{ createdAt: "desc" }, { step: "asc" }],
    take,
    include: { lead: { select: { name: true, email: true, company: true } } },
  });
  return rows.map((r) => ({
    id: r.id,
    leadId: r.leadId,
    leadName: r.lead.name?.trim() || r.lead.email || r.lead.company || "Website visitor",
    step: r.step,
    actionType: r.actionType,
    status: r.status,
    scheduledFor: r.scheduledFor.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
    error: r.error,
    held: r.heldAt !== null && r.status === "scheduled",
  }));
}

/** A lead's automation steps, run and pending (the lead's detail page). */
export async function leadAutomationSteps(db: Db, businessId: string, leadId: string) {
  const rows = await db.automationRun.findMany({
    where: { businessId, leadId },
    orderBy: [{ scheduledFor: "asc" }, { step: "asc" }],
    take: 50,
    select: { id: true, step: true, actionType: true, status: true, scheduledFor: true, finishedAt: true, error: true, automation: { select: { name: true } } },
  });
  return rows.map((r) => ({
    id: r.id,
    automationName: r.automation.name,
    step: r.step,
    actionType: r.actionType,
    status: r.status,
    at: (r.finishedAt ?? r.scheduledFor).toISOString(),
    error: r.error,
  }));
}


function dataOf(input: AutomationInput) {
  return {
    name: input.name,
    description: input.description,
    type: automationType(input.actions),
    trigger: input.trigger,
    triggerConfig: input.triggerConfig,
    conditions: input.conditions,
    actions: input.actions,
    status: input.status,
  };
}

/** A template of spec §9, as a draft of this business. */
export async function createFromTemplate(db: Db, businessId: string, templateKey: unknown): Promise<AutomationResult<{ id: string }>> {
  const key = TEMPLATE_KEYS.find((k) => k === templateKey);
  if (!key) return { ok: false, status: 400, error: "Choose a template" };
  const template = AUTOMATION_TEMPLATES[key as TemplateKey];
  const created = await db.automation.create({
    data: { businessId, templateKey: key, ...dataOf({ ...template, status: "draft" }) },
    select: { id: true },
  });
  return { ok: true, value: created };
}

async function findOwn(db: Db, businessId: string, id: string) {
  if (typeof id !== "string" || !id) return null;
  return db.automation.findFirst({ where: { id, businessId, deletedAt: null }, select: { id: true, status: true } });
}

/** The edit modal: every field, status included (a paused automation made active releases its held steps). */
export async function updateAutomation(
  ctx: AutomationCommandContext,
  args: { businessId: string; id: string; input: unknown },
): Promise<AutomationResult<{ id: string }>> {
  const own = await findOwn(ctx.db, args.businessId, args.id);
  if (!own) return { ok: false, status: 404, error: AUTOMATION_NOT_FOUND };
  const checked = parseAutomationInput(args.input);
  if (!checked.ok) return { ...checked, status: 400 };
  await ctx.db.automation.update({ where: { id: own.id }, data: dataOf(checked.value) });
  if (checked.value.status === "active" && own.status !== "active") await releaseHeldSteps(ctx, { businessId: args.businessId, automationId: own.id });
  return { ok: true, value: { id: own.id } };
}

/** The toggle: active ↔ paused, and a draft becomes active (releasing the steps held while paused). */
export async function toggleAutomation(
  ctx: AutomationCommandContext,
  args: { businessId: string; id: string },
): Promise<AutomationResult<{ status: AutomationStatus }>> {
  const own = await findOwn(ctx.db, args.businessId, args.id);
  if (!own) return { ok: false, status: 404, error: AUTOMATION_NOT_FOUND };
  const status: AutomationStatus = own.status === "active" ? "paused" : "active";
  const updated = await ctx.db.automation.updateMany({ where: { id: own.id, businessId: args.businessId, status: own.status }, data: { status } });
  if (updated.count === 1 && status === "active") await releaseHeldSteps(ctx, { businessId: args.businessId, automationId: own.id });
  return { ok: true, value: { status } };
}
