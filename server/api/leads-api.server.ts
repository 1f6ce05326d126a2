// The REST API's lead endpoints (docs/api.md): list, read one, create. Everything is scoped by the
// API key's business; the route has authenticated the key and checked the plan (authenticate.server.ts).
import type { Db } from "../db/client.server.ts";
import type { Logger } from "../mail/mailer.server.ts";
import { createManualLead } from "../leads/create-lead.server.ts";
import { leadListOrder, leadListWhere } from "../leads/list-leads.server.ts";
import { publishLead, type LeadEventSink } from "../leads/publish-lead.server.ts";
import type { SubscriptionState } from "../shared/billing/subscription.ts";
import { countLeadAgainstPlan } from "../billing/lead-quota.server.ts";
import { checkLeadBody } from "./lead-body.ts";
import { checkLeadUpdateBody } from "./lead-update.ts";
import { changeLeadStatus } from "../leads/lead-status.server.ts";
import { addLeadNote } from "../leads/lead-notes.server.ts";
import { validateNote, validateStatus } from "../shared/leads/lead-input.ts";
import type { JobQueue } from "../jobs/queue/job-queue.server.ts";
import { apiLeadDetailSelect, apiLeadSelect, toApiLead, toApiLeadDetail, type ApiLead, type ApiLeadDetail } from "./lead-json.ts";
import type { ApiLeadQuery } from "./leads-query.ts";

export type ApiBusiness = SubscriptionState & { id: string; timeZone: string };

export type ApiLeadPage = {
  data: ApiLead[];
  pagination: { page: number; limit: number; hasMore: boolean };
};

/** Newest first, `limit` a page; one row more than a page tells whether another page follows. */
export async function listApiLeads(db: Db, business: ApiBusiness, query: ApiLeadQuery, now = new Date()): Promise<ApiLeadPage> {
  const where = leadListWhere(
    business.id,
    { priority: query.priority, status: query.status, q: undefined, sort: "newest", page: query.page },
    business.timeZone,
  );
  const rows = await db.lead.findMany({
    where,
    orderBy: leadListOrder("newest"),
    skip: (query.page - 1) * query.limit,
    take: query.limit + 1,
    select: apiLeadSelect,
  });
  return {
    data: rows.slice(0, query.limit).map((row) => toApiLead(row, business, now)),
    pagination: { page: query.page, limit: query.limit, hasMore: rows.length > query.limit },
  };
}

/** One lead of the key's business; another business's id (or an unknown one) is null → 404. */
export async function getApiLead(db: Db, business: ApiBusiness, leadId: string, now = new Date()): Promise<ApiLeadDetail | null> {
  if (!leadId || leadId.length > 64) return null;
  const row = await db.lead.findFirst({ where: { id: leadId, businessId: business.id }, select: apiLeadDetailSelect });
  return row ? toApiLeadDetail(row, business, now) : null;
}

export type CreateApiLeadResult = { ok: true; lead: ApiLeadDetail } | { ok: false; fields: Record<string, string>; message?: string };

/**
 * A lead added through the API: the manual lead of the "Add a lead" form (same validation, scoring,
 * history and follow-up reminder), source "api", counted in the month's lead usage, pushed live to the
 * business's open workspaces.
 */
export async function createApiLead(
  deps: { db: Db; jobs: JobQueue; sink: LeadEventSink; logger: Logger },
  args: { business: ApiBusiness; actorUserId: string | null; body: unknown; now?: Date },
): Promise<CreateApiLeadResult> {
  const checked = checkLeadBody(args.body);
  if (!checked.ok) return { ok: false, fields: checked.fields };
  const now = args.now ?? new Date();
  const created = await createManualLead(deps.db, {
    businessId: args.business.id,
    actorUserId: args.actorUserId,
    input: checked.form,
    now,
    source: "api",
    jobs: deps.jobs,
  });
  if (!created.ok) return { ok: false, fields: {}, message: created.error };
  // API leads count against the plan like the chatbot's (decision 0010; Enterprise is unlimited, so
  // this only counts usage).
  await countLeadAgainstPlan(deps.db, { businessId: args.business.id, leadId: created.value.leadId, source: "api", now });
  await publishLead(deps, { businessId: args.business.id, leadId: created.value.leadId, kind: "created" });
  const lead = await getApiLead(deps.db, args.business, created.value.leadId, now);
  if (!lead) return { ok: false, fields: {}, message: "The lead could not be saved" };
  return { ok: true, lead };
}

export type UpdateApiLeadResult =
  | { ok: true; lead: ApiLeadDetail }
  | { ok: false; status: 400 | 404 | 409; fields?: Record<string, string>; message?: string };

/**
 * PATCH /api/v1/leads/{id}: the workspace's status change and note (same validation, history events,
 * `lead.updated` webhook event), by the key's creator. Both parts are checked before either is saved.
 */
export async function updateApiLead(
  deps: { db: Db; jobs: JobQueue; sink: LeadEventSink; logger: Logger },
  args: { business: ApiBusiness; actorUserId: string | null; leadId: string; body: Record<string, unknown>; now?: Date },
): Promise<UpdateApiLeadResult> {
  const now = args.now ?? new Date();
  if (!(await getApiLead(deps.db, args.business, args.leadId, now))) return { ok: false, status: 404 };
  const checked = checkLeadUpdateBody(args.body);
  if (!checked.ok) return { ok: false, status: 400, fields: checked.fields };
  if (!checked.status && !checked.note) return { ok: false, status: 400, message: "Send a status, a note, or both." };
  const fields: Record<string, string> = {};
  if (checked.status) {
    const status = validateStatus(checked.status);
    if (!status.ok) fields.status = status.error;
  }
  if (checked.note) {
    const note = validateNote(checked.note);
    if (!note.ok) fields.note = note.error;
  }
  if (Object.keys(fields).length > 0) return { ok: false, status: 400, fields };
  const common = { businessId: args.business.id, leadId: args.leadId, actorUserId: args.actorUserId, now, jobs: deps.jobs };
  if (checked.status) {
    const changed = await changeLeadStatus(deps.db, { ...common, input: checked.status });
    if (!changed.ok) return changed.reason === "not_found" ? { ok: false, status: 404 } : { ok: false, status: changed.reason === "conflict" ? 409 : 400, fields: { status: changed.error } };
  }
  if (checked.note) {
    const added = await addLeadNote(deps.db, { ...common, input: checked.note });
    if (!added.ok) return added.reason === "not_found" ? { ok: false, status: 404 } : { ok: false, status: 400, fields: { note: added.error } };
  }
  await publishLead(deps, { businessId: args.business.id, leadId: args.leadId, kind: "updated" });
  const lead = await getApiLead(deps.db, args.business, args.leadId, now);
  return lead ? { ok: true, lead } : { ok: false, status: 404 };
}
