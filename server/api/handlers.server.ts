// The REST API's request handlers (routes dashboard/app/routes/api.v1.*): authenticate the key, read
// and check the input, call the lead domain functions, answer JSON. Unexpected failures are logged and
// answered 500 in the same error shape.
import type { AppServices } from "../services.server.ts";
import type { LeadEventSink } from "../leads/publish-lead.server.ts";
import { apiError, apiJson, API_MESSAGES } from "./api-errors.ts";
import { containsNul, NUL_MESSAGE } from "../shared/forms/storable-text.ts";
import { authenticateApiRequest, type ApiCaller } from "./authenticate.server.ts";
import { commandContext } from "../events/command-context.server.ts";
import { createApiLead, getApiLead, listApiLeads, updateApiLead } from "./leads-api.server.ts";
import { listApiConversations, parseApiConversationQuery } from "./conversations-api.server.ts";
import { listHooks, subscribeHook, unsubscribeHook } from "./hooks-api.server.ts";
import { parseApiLeadQuery } from "./leads-query.ts";
import {
  cancelApiAppointment,
  createApiAppointment,
  getApiAppointment,
  listApiAppointments,
  parseApiAppointmentQuery,
  rescheduleApiAppointment,
  type ApiAppointmentWrite,
} from "./appointments-api.server.ts";

export const MAX_BODY_BYTES = 64 * 1024;

type Ctx = { services: AppServices; realtime: LeadEventSink };

async function guarded(ctx: Ctx, request: Request, handle: (caller: ApiCaller) => Promise<Response>): Promise<Response> {
  try {
    const caller = await authenticateApiRequest({ db: ctx.services.db, apiLimiter: ctx.services.apiLimiter, logger: ctx.services.logger }, request);
    if (caller instanceof Response) return caller;
    const response = await handle(caller);
    for (const [name, value] of Object.entries(caller.rateLimitHeaders)) response.headers.set(name, value);
    return response;
  } catch (error) {
    ctx.services.logger.error(`[api] ${request.method} ${new URL(request.url).pathname} failed`, error);
    return apiError("internal_error", API_MESSAGES.internal);
  }
}

type CheckedQuery<Q> = { ok: true; value: Q } | { ok: false; fields: Record<string, string> };

/** A list's GET: the query string checked (400 naming each bad parameter), then the page as JSON. */
function handleList<Q>(
  ctx: Ctx,
  request: Request,
  parse: (params: URLSearchParams) => CheckedQuery<Q>,
  list: (caller: ApiCaller, query: Q) => Promise<unknown>,
): Promise<Response> {
  return guarded(ctx, request, async (caller) => {
    const query = parse(new URL(request.url).searchParams);
    if (!query.ok) return apiError("validation_failed", API_MESSAGES.invalidQuery, { fields: query.fields });
    return apiJson(await list(caller, query.value));
  });
}

/** One record's GET: `{data}`, or 404 with `missing` when the caller's business has no such record. */
function handleGet(ctx: Ctx, request: Request, find: (caller: ApiCaller) => Promise<unknown>, missing: string): Promise<Response> {
  return guarded(ctx, request, async (caller) => {
    const found = await find(caller);
    return found ? apiJson({ data: found }) : apiError("not_found", missing);
  });
}

export function methodNotAllowed(allowed: string): Response {
  return apiError("method_not_allowed", API_MESSAGES.methodNotAllowed, { headers: { Allow: allowed } });
}

/** GET /api/v1/leads */
export function handleListLeads(ctx: Ctx, request: Request): Promise<Response> {
  return handleList(ctx, request, parseApiLeadQuery, (caller, query) => listApiLeads(ctx.services.db, caller.business, query));
}

/** GET /api/v1/leads/:id */
export function handleGetLead(ctx: Ctx, request: Request, leadId: string): Promise<Response> {
  return handleGet(ctx, request, (caller) => getApiLead(ctx.services.db, caller.business, leadId), API_MESSAGES.leadNotFound);
}

async function readJson(request: Request): Promise<{ ok: true; body: unknown } | { ok: false; response: Response }> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > MAX_BODY_BYTES) return { ok: false, response: apiError("payload_too_large", API_MESSAGES.tooLarge) };
  const text = await request.text();
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) return { ok: false, response: apiError("payload_too_large", API_MESSAGES.tooLarge) };
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body !== "object" || body === null || Array.isArray(body)) throw new Error("not an object");
    // A NUL in any string cannot be stored (PostgreSQL 22021): refused here, before the database.
    if (containsNul(body)) return { ok: false, response: apiError("validation_failed", NUL_MESSAGE) };
    return { ok: true, body };
  } catch {
    return { ok: false, response: apiError("invalid_json", API_MESSAGES.invalidJson) };
  }
}

/** POST /api/v1/leads */
export function handleCreateLead(ctx: Ctx, request: Request): Promise<Response> {
  return guarded(ctx, request, async (caller) => {
    const read = await readJson(request);
    if (!read.ok) return read.response;
    const result = await createApiLead(
      commandContext(ctx.services, ctx.realtime),
      { business: caller.business, actorUserId: caller.createdById, body: read.body },
    );
    if (!result.ok) {
      return apiError("validation_failed", result.message ?? API_MESSAGES.validation, { fields: result.fields });
    }
    return apiJson({ data: result.lead }, 201, { Location: `/api/v1/leads/${result.lead.id}` });
  });
}

/** PATCH /api/v1/leads/:id: the status and/or a note. */
export function handleUpdateLead(ctx: Ctx, request: Request, leadId: string): Promise<Response> {
  return guarded(ctx, request, async (caller) => {
    const read = await readJson(request);
    if (!read.ok) return read.response;
    const result = await updateApiLead(
      commandContext(ctx.services, ctx.realtime),
      { business: caller.business, actorUserId: caller.createdById, leadId, body: read.body as Record<string, unknown> },
    );
    if (result.ok) return apiJson({ data: result.lead });
    if (result.status === 404) return apiError("not_found", API_MESSAGES.leadNotFound);
    if (result.status === 409) return apiError("conflict", result.fields?.status ?? API_MESSAGES.validation);
    return apiError("validation_failed", result.message ?? API_MESSAGES.validation, { fields: result.fields });
  });
}

/** GET /api/v1/conversations: with transcripts, newest first. */
export function handleListConversations(ctx: Ctx, request: Request): Promise<Response> {
  return handleList(ctx, request, parseApiConversationQuery, (caller, query) => listApiConversations(ctx.services.db, caller.business, query));
}

/** GET /api/v1/hooks: the business's webhook subscriptions (without secrets). */
export function handleListHooks(ctx: Ctx, request: Request): Promise<Response> {
  return guarded(ctx, request, async (caller) => apiJson({ data: await listHooks(ctx.services.db, caller.businessId) }));
}

/** POST /api/v1/hooks: subscribe a URL to events (REST hooks); the secret is in this answer only. */
export function handleSubscribeHook(ctx: Ctx, request: Request): Promise<Response> {
  return guarded(ctx, request, async (caller) => {
    const read = await readJson(request);
    if (!read.ok) return read.response;
    const result = await subscribeHook(ctx.services, { businessId: caller.businessId, body: read.body as Record<string, unknown> });
    if (result.ok) return apiJson({ data: result.hook }, 201, { Location: `/api/v1/hooks/${result.hook.id}` });
    if (result.status === 409) return apiError("conflict", result.message ?? API_MESSAGES.validation);
    return apiError("validation_failed", result.message ?? API_MESSAGES.validation, { fields: result.fields });
  });
}

/** DELETE /api/v1/hooks/:id: unsubscribe (another business's id is 404). */
export function handleUnsubscribeHook(ctx: Ctx, request: Request, hookId: string): Promise<Response> {
  return guarded(ctx, request, async (caller) =>
    (await unsubscribeHook(ctx.services.db, { businessId: caller.businessId, hookId }))
      ? new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } })
      : apiError("not_found", API_MESSAGES.hookNotFound),
  );
}

// ---- Appointments (issue 31) ----

/** GET /api/v1/appointments */
export function handleListAppointments(ctx: Ctx, request: Request): Promise<Response> {
  return handleList(ctx, request, parseApiAppointmentQuery, (caller, query) => listApiAppointments(ctx.services.db, caller.businessId, query));
}

/** GET /api/v1/appointments/:id */
export function handleGetAppointment(ctx: Ctx, request: Request, appointmentId: string): Promise<Response> {
  return handleGet(ctx, request, (caller) => getApiAppointment(ctx.services.db, caller.businessId, appointmentId), API_MESSAGES.appointmentNotFound);
}

function appointmentAnswer(result: ApiAppointmentWrite): Response {
  if (result.ok) {
    return result.created ? apiJson({ data: result.appointment }, 201, { Location: `/api/v1/appointments/${result.appointment.id}` }) : apiJson({ data: result.appointment });
  }
  const extra = { ...(result.fields ? { fields: result.fields } : {}), ...(result.nextSlots ? { nextSlots: result.nextSlots } : {}) };
  if (result.status === 404) return apiError("not_found", API_MESSAGES.appointmentNotFound);
  return apiError(result.status === 409 ? "conflict" : "validation_failed", result.message, extra);
}

/** POST /api/v1/appointments, /api/v1/appointments/:id/reschedule and /cancel. */
export function handleAppointmentWrite(ctx: Ctx, request: Request, write: "create" | "reschedule" | "cancel", appointmentId = ""): Promise<Response> {
  return guarded(ctx, request, async (caller) => {
    const command = commandContext(ctx.services, ctx.realtime);
    const who = { businessId: caller.businessId, actorUserId: caller.createdById };
    if (write === "cancel") return appointmentAnswer(await cancelApiAppointment(command, who, appointmentId));
    const read = await readJson(request);
    if (!read.ok) return read.response;
    return appointmentAnswer(
      write === "create" ? await createApiAppointment(command, who, read.body) : await rescheduleApiAppointment(command, who, appointmentId, read.body),
    );
  });
}
