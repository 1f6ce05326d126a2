// The REST API's request handlers (routes dashboard/app/routes/api.v1.*): authenticate the key, read
// and check the input, call the lead domain functions, answer JSON. Unexpected failures are logged and
// answered 500 in the same error shape.
import type { AppServices } from "../services.server.ts";
import type { LeadEventSink } from "../leads/publish-lead.server.ts";
import { apiError, apiJson, API_MESSAGES } from "./api-errors.ts";
import { authenticateApiRequest, type ApiCaller } from "./authenticate.server.ts";
import { createApiLead, getApiLead, listApiLeads } from "./leads-api.server.ts";
import { parseApiLeadQuery } from "./leads-query.ts";

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

export function methodNotAllowed(allowed: string): Response {
  return apiError("method_not_allowed", API_MESSAGES.methodNotAllowed, { headers: { Allow: allowed } });
}

/** GET /api/v1/leads */
export function handleListLeads(ctx: Ctx, request: Request): Promise<Response> {
  return guarded(ctx, request, async (caller) => {
    const query = parseApiLeadQuery(new URL(request.url).searchParams);
    if (!query.ok) return apiError("validation_failed", API_MESSAGES.invalidQuery, { fields: query.fields });
    return apiJson(await listApiLeads(ctx.services.db, caller.business, query.value));
  });
}

/** GET /api/v1/leads/:id */
export function handleGetLead(ctx: Ctx, request: Request, leadId: string): Promise<Response> {
  return guarded(ctx, request, async (caller) => {
    const lead = await getApiLead(ctx.services.db, caller.business, leadId);
    return lead ? apiJson({ data: lead }) : apiError("not_found", API_MESSAGES.leadNotFound);
  });
}

async function readJson(request: Request): Promise<{ ok: true; body: unknown } | { ok: false; response: Response }> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > MAX_BODY_BYTES) return { ok: false, response: apiError("payload_too_large", API_MESSAGES.tooLarge) };
  const text = await request.text();
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) return { ok: false, response: apiError("payload_too_large", API_MESSAGES.tooLarge) };
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body !== "object" || body === null || Array.isArray(body)) throw new Error("not an object");
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
      { db: ctx.services.db, sink: ctx.realtime, logger: ctx.services.logger },
      { business: caller.business, actorUserId: caller.createdById, body: read.body },
    );
    if (!result.ok) {
      return apiError("validation_failed", result.message ?? API_MESSAGES.validation, { fields: result.fields });
    }
    return apiJson({ data: result.lead }, 201, { Location: `/api/v1/leads/${result.lead.id}` });
  });
}
