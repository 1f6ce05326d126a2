// The REST API's appointment endpoints (docs/api.md, issue 31): list, read one, book, reschedule,
// cancel. Everything is scoped by the API key's business; writes go through the appointment commands
// (server/appointments/commands.server.ts), so the API books under the same lock and checks as the chat
// and the lead page (no double booking, the business's availability) and sends the same e-mails.
import { z } from "zod";
import type { Db } from "../db/client.server.ts";
import type { CommandContext } from "../events/command-context.server.ts";
import { bookAppointment, cancelAppointment, rescheduleAppointment, type BookingProblem, type BookingResult } from "../appointments/commands.server.ts";
import { APPOINTMENT_STATUSES } from "../shared/appointments/format.ts";
import { parseForm } from "../shared/businesses/form-errors.ts";
import { API_DEFAULT_LIMIT, API_MAX_LIMIT, API_MAX_PAGE, optionalChoice, wholeNumber } from "./leads-query.ts";


export type ApiAppointment = {
  id: string;
  leadId: string;
  startsAt: string;
  endsAt: string;
  status: (typeof APPOINTMENT_STATUSES)[number];
  assigneeUserId: string | null;
  assignee: string | null;
  assignmentReason: string;
  createdBy: string;
  sequence: number;
  createdAt: string;
  updatedAt: string;
};

const select = {
  id: true,
  leadId: true,
  startsAt: true,
  endsAt: true,
  status: true,
  assigneeUserId: true,
  assignmentReason: true,
  createdBy: true,
  sequence: true,
  createdAt: true,
  updatedAt: true,
  assignee: { select: { displayName: true } },
} as const;

type Row = Omit<ApiAppointment, "startsAt" | "endsAt" | "createdAt" | "updatedAt" | "assignee"> & {
  startsAt: Date;
  endsAt: Date;
  createdAt: Date;
  updatedAt: Date;
  assignee: { displayName: string } | null;
};

function toApiAppointment(row: Row): ApiAppointment {
  return {
    id: row.id,
    leadId: row.leadId,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    status: row.status,
    assigneeUserId: row.assigneeUserId,
    assignee: row.assignee?.displayName ?? null,
    assignmentReason: row.assignmentReason,
    createdBy: row.createdBy,
    sequence: row.sequence,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const instant = (name: string) => z.iso.datetime({ offset: true, error: `${name} must be a date-time with its offset, e.g. 2026-12-01T15:00:00-05:00` });
const optionalInstant = (name: string) =>
  z
    .string()
    .optional()
    .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim()))
    .pipe(instant(name).optional());
const id = (name: string) => z.string({ error: `${name} is required` }).trim().min(1, `${name} is required`).max(64, `${name} is at most 64 characters`);

const querySchema = z.object({
  page: wholeNumber("page", 1, API_MAX_PAGE, 1),
  limit: wholeNumber("limit", 1, API_MAX_LIMIT, API_DEFAULT_LIMIT),
  status: optionalChoice("status", APPOINTMENT_STATUSES),
  lead: z.string().trim().max(64, "lead is at most 64 characters").optional(),
  from: optionalInstant("from"),
  to: optionalInstant("to"),
});
export type ApiAppointmentQuery = z.output<typeof querySchema>;

const createSchema = z.object({ leadId: id("leadId"), startsAt: instant("startsAt"), assigneeUserId: id("assigneeUserId").optional() });
const rescheduleSchema = z.object({ startsAt: instant("startsAt") });

type Fields = Record<string, string>;
const fieldsOf = (errors: Record<string, unknown>): Fields => Object.fromEntries(Object.entries(errors).filter((e): e is [string, string] => typeof e[1] === "string"));

export function parseApiAppointmentQuery(params: URLSearchParams): { ok: true; value: ApiAppointmentQuery } | { ok: false; fields: Fields } {
  const input: Record<string, string> = {};
  for (const name of ["page", "limit", "status", "lead", "from", "to"]) {
    const value = params.get(name);
    if (value !== null) input[name] = value;
  }
  const parsed = parseForm(querySchema, input);
  return parsed.ok ? { ok: true, value: parsed.value } : { ok: false, fields: fieldsOf(parsed.errors) };
}

/** Soonest first; `from`/`to` bound the start. One row more than a page tells whether another follows. */
export async function listApiAppointments(db: Db, businessId: string, query: ApiAppointmentQuery) {
  const startsAt = { ...(query.from ? { gte: new Date(query.from) } : {}), ...(query.to ? { lt: new Date(query.to) } : {}) };
  const rows = await db.appointment.findMany({
    where: { businessId, ...(query.status ? { status: query.status } : {}), ...(query.lead ? { leadId: query.lead } : {}), ...(query.from || query.to ? { startsAt } : {}) },
    orderBy: [{ startsAt: "asc" }, { id: "asc" }],
    skip: (query.page - 1) * query.limit,
    take: query.limit + 1,
    select,
  });
  return { data: rows.slice(0, query.limit).map(toApiAppointment), pagination: { page: query.page, limit: query.limit, hasMore: rows.length > query.limit } };
}

/** One appointment of the key's business; another business's id (or an unknown one) is null → 404. */
export async function getApiAppointment(db: Db, businessId: string, appointmentId: string): Promise<ApiAppointment | null> {
  if (!appointmentId || appointmentId.length > 64) return null;
  const row = await db.appointment.findFirst({ where: { id: appointmentId, businessId }, select });
  return row ? toApiAppointment(row) : null;
}

export type ApiAppointmentWrite =
  | { ok: true; appointment: ApiAppointment; created: boolean }
  | { ok: false; status: 400 | 404 | 409; message: string; fields?: Fields; nextSlots?: string[] };

/** Refusals about the time asked for are the caller's input (400, naming startsAt); the rest are the state (409) or 404. */
const INPUT_PROBLEMS: BookingProblem[] = ["past", "too_soon", "too_far", "outside", "invalid"];

async function answer(db: Db, businessId: string, result: BookingResult, created: boolean): Promise<ApiAppointmentWrite> {
  if (!result.ok) {
    const nextSlots = result.nextSlots.length ? { nextSlots: result.nextSlots.map((s) => s.startsAt) } : {};
    if (result.problem === "not_found") return { ok: false, status: 404, message: result.error };
    if (INPUT_PROBLEMS.includes(result.problem)) return { ok: false, status: 400, message: result.error, fields: { startsAt: result.error }, ...nextSlots };
    return { ok: false, status: 409, message: result.error, ...nextSlots };
  }
  const appointment = await getApiAppointment(db, businessId, result.appointment.id);
  if (!appointment) return { ok: false, status: 404, message: "Appointment not found" };
  return { ok: true, appointment, created: created && !result.repeated };
}

type Caller = { businessId: string; actorUserId: string | null };

/** Another business's appointment is 404 before anything else (a business that never set up scheduling would otherwise answer 409). */
async function ownAppointment(db: Db, businessId: string, appointmentId: string): Promise<boolean> {
  if (!appointmentId || appointmentId.length > 64) return false;
  return (await db.appointment.count({ where: { id: appointmentId, businessId } })) > 0;
}

/** POST /api/v1/appointments: books a free slot for one of the business's leads. */
export async function createApiAppointment(ctx: CommandContext, caller: Caller, body: unknown): Promise<ApiAppointmentWrite> {
  const parsed = parseForm(createSchema, body);
  if (!parsed.ok) return { ok: false, status: 400, message: "Some fields are not valid.", fields: fieldsOf(parsed.errors) };
  const { leadId, startsAt, assigneeUserId } = parsed.value;
  const lead = await ctx.db.lead.findFirst({ where: { id: leadId, businessId: caller.businessId }, select: { id: true } });
  if (!lead) return { ok: false, status: 400, message: "Some fields are not valid.", fields: { leadId: "No lead with this id in your business" } };
  const result = await bookAppointment(ctx, {
    businessId: caller.businessId,
    leadId,
    startsAt: new Date(startsAt),
    actor: { kind: "api", userId: caller.actorUserId },
    ...(assigneeUserId ? { assigneeUserId } : {}),
  });
  return answer(ctx.db, caller.businessId, result, true);
}

/** POST /api/v1/appointments/:id/reschedule: moves an active appointment to another free slot. */
export async function rescheduleApiAppointment(ctx: CommandContext, caller: Caller, appointmentId: string, body: unknown): Promise<ApiAppointmentWrite> {
  if (!(await ownAppointment(ctx.db, caller.businessId, appointmentId))) return { ok: false, status: 404, message: "Appointment not found" };
  const parsed = parseForm(rescheduleSchema, body);
  if (!parsed.ok) return { ok: false, status: 400, message: "Some fields are not valid.", fields: fieldsOf(parsed.errors) };
  const result = await rescheduleAppointment(ctx, { businessId: caller.businessId, appointmentId, startsAt: new Date(parsed.value.startsAt), actor: { kind: "api", userId: caller.actorUserId } });
  return answer(ctx.db, caller.businessId, result, false);
}

/** POST /api/v1/appointments/:id/cancel: cancels an active appointment (a repeat answers it cancelled). */
export async function cancelApiAppointment(ctx: CommandContext, caller: Caller, appointmentId: string): Promise<ApiAppointmentWrite> {
  if (!(await ownAppointment(ctx.db, caller.businessId, appointmentId))) return { ok: false, status: 404, message: "Appointment not found" };
  const result = await cancelAppointment(ctx, { businessId: caller.businessId, appointmentId, actor: { kind: "api", userId: caller.actorUserId } });
  return answer(ctx.db, caller.businessId, result, false);
}
