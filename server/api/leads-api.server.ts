// The REST API's lead endpoints (docs/api.md): list, read one, create. Everything is scoped by the
// API key's business; the route has authenticated the key and checked the plan (authenticate.server.ts).
import type { Db } from "../db/client.server.ts";
import type { CommandContext } from "../events/command-context.server.ts";
import { addLeadNote, changeLeadStatus, createLead } from "../leads/commands.server.ts";
import { leadListOrder, leadListWhere } from "../leads/list-leads.server.ts";
import type { SubscriptionState } from "../shared/billing/subscription.ts";
import { checkLeadBody } from "./lead-body.ts";
import { checkLeadUpdateBody } from "./lead-update.ts";
import { validateNote, validateStatus } from "../shared/leads/lead-input.ts";
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
  ctx: CommandContext,
  args: { business: ApiBusiness; actorUserId: string | null; body: unknown },
): Promise<CreateApiLeadResult> {
  const checked = checkLeadBody(args.body);
  if (!checked.ok) return { ok: false, fields: checked.fields };
  // The one lead-creation command: its event, plan count (API leads count, decision 0010) and live push.
  const created = await createLead(ctx, { businessId: args.business.id, fields: checked.form }, { source: "api", actorUserId: args.actorUserId });
  if (!created.ok) return { ok: false, fields: {}, message: created.error };
  const lead = await getApiLead(ctx.db, args.business, created.value.leadId, ctx.clock());
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
  ctx: CommandContext,
  args: { business: ApiBusiness; actorUserId: string | null; leadId: string; body: Record<string, unknown> },
): Promise<UpdateApiLeadResult> {
  const now = ctx.clock();
  if (!(await getApiLead(ctx.db, args.business, args.leadId, now))) return { ok: false, status: 404 };
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
  const common = { businessId: args.business.id, leadId: args.leadId, actorUserId: args.actorUserId };
  if (checked.status) {
    const changed = await changeLeadStatus(ctx, { ...common, input: checked.status });
    if (!changed.ok) return changed.reason === "not_found" ? { ok: false, status: 404 } : { ok: false, status: changed.reason === "conflict" ? 409 : 400, fields: { status: changed.error } };
  }
  if (checked.note) {
    const added = await addLeadNote(ctx, { ...common, input: checked.note });
    if (!added.ok) return added.reason === "not_found" ? { ok: false, status: 404 } : { ok: false, status: 400, fields: { note: added.error } };
  }
  const lead = await getApiLead(ctx.db, args.business, args.leadId, now);
  return lead ? { ok: true, lead } : { ok: false, status: 404 };
}
