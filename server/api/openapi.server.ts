// The REST API's OpenAPI 3.1 document (docs/api.md), served at GET /api/v1/openapi.json. Written by
// hand (the API's bodies are not the Zod form schemas: lead-body.ts maps API names onto the form's and
// accepts numbers as well as strings), but every enum, limit, error code and message comes from the
// constants the handlers use, so a new status, event or limit appears here by itself. The test
// (openapi.test.ts) validates the document against the OpenAPI 3.1 schema and checks that it lists
// exactly the methods each api.v1.* route accepts. Pure.
import { API_ERROR_CODES, type ApiErrorCode } from "./api-errors.ts";
import { API_DEFAULT_LIMIT, API_MAX_LIMIT, API_MAX_PAGE } from "./leads-query.ts";
import { API_CONVERSATIONS_DEFAULT_LIMIT, API_CONVERSATIONS_MAX_LIMIT, API_TRANSCRIPT_MAX_MESSAGES } from "./conversations-api.server.ts";
import { MAX_BODY_BYTES } from "./handlers.server.ts";
import { LEAD_PRIORITIES, LEAD_SOURCES, LEAD_STATUSES } from "../shared/leads/lead-filters.ts";
import { FREQUENCY_OPTIONS, NOTE_MAX, TIMELINE_OPTIONS } from "../shared/leads/lead-input.ts";
import { COMPETITOR_NAME_MAX, LOST_REASONS } from "../shared/leads/lost-reasons.ts";
import { APPOINTMENT_STATUSES } from "../shared/appointments/format.ts";
import { MAX_WEBHOOK_ENDPOINTS, WEBHOOK_EVENTS, WEBHOOK_URL_MAX } from "../shared/webhooks/webhook-input.ts";

/** The stable address of the document (linked from docs/api.md and the API docs page). */
export const OPENAPI_PATH = "/api/v1/openapi.json";

type Schema = Record<string, unknown>;

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const nullable = (type: string, extra: Schema = {}): Schema => ({ type: [type, "null"], ...extra });
const dateTime: Schema = { type: "string", format: "date-time" };
const objectOf = (properties: Record<string, Schema>, required = Object.keys(properties)): Schema => ({
  type: "object",
  properties,
  required,
});

const leadProperties: Record<string, Schema> = {
  id: { type: "string" },
  name: nullable("string", { description: 'Hidden ("Subscribe to see this lead") when detailsHidden is true.' }),
  email: nullable("string"),
  phone: nullable("string", { description: "E.164 (+15552017788) when international or a 10-digit North American number, else its digits." }),
  company: nullable("string"),
  score: { type: "number" },
  priority: { type: "string", enum: [...LEAD_PRIORITIES] },
  status: { type: "string", enum: [...LEAD_STATUSES] },
  source: { type: "string", enum: [...LEAD_SOURCES] },
  incomplete: { type: "boolean" },
  isTest: { type: "boolean", description: 'A lead from the "Test Chatbot" page.' },
  createdAt: dateTime,
  detailsHidden: { type: "boolean", description: "Contact details are hidden while the business has no subscription." },
};

const leadDetailProperties: Record<string, Schema> = {
  ...leadProperties,
  serviceType: nullable("string"),
  buildingSizeSqFt: nullable("integer"),
  frequency: { type: ["string", "null"], enum: [...FREQUENCY_OPTIONS.map(([value]) => value), null] },
  budgetMonthlyCents: nullable("integer"),
  timeline: { type: ["string", "null"], enum: [...TIMELINE_OPTIONS.map(([value]) => value), null] },
  valueCents: nullable("integer", { description: "The deal value of a won lead, in cents." }),
  conversationId: nullable("string"),
  closedAt: nullable("string", { format: "date-time" }),
  updatedAt: dateTime,
  customAnswers: {
    type: "array",
    description: "Answers to the owner's own chatbot questions (AI Chatbot → Settings), with each question as it was worded when the visitor answered. Empty when there are none or detailsHidden is true.",
    items: objectOf({ id: { type: "string" }, question: { type: "string" }, answer: { type: "string" } }),
  },
};

const hookProperties: Record<string, Schema> = {
  id: { type: "string" },
  url: { type: "string", format: "uri" },
  events: { type: "array", items: { type: "string", enum: [...WEBHOOK_EVENTS] } },
  enabled: { type: "boolean" },
  source: { type: "string", description: '"api" for hooks added through the API, "settings" for those added in Settings → Integrations.' },
  createdAt: dateTime,
};

const schemas: Record<string, Schema> = {
  Error: objectOf({
    error: objectOf(
      {
        code: { type: "string", enum: Object.keys(API_ERROR_CODES) },
        message: { type: "string" },
        fields: { type: "object", additionalProperties: { type: "string" }, description: "One message per invalid field or query parameter." },
        nextSlots: { type: "array", items: dateTime, description: "When an appointment time is refused (taken, outside availability…): the next free start times." },
      },
      ["code", "message"],
    ),
  }),
  Pagination: objectOf({
    page: { type: "integer", minimum: 1 },
    limit: { type: "integer", minimum: 1 },
    hasMore: { type: "boolean", description: "Whether a next page exists." },
  }),
  Lead: objectOf(leadProperties),
  LeadDetail: objectOf(leadDetailProperties),
  LeadCreate: {
    type: "object",
    description: "Validated like Leads → Add a lead. email or phone is required. Unknown fields are ignored.",
    properties: {
      name: { type: "string", maxLength: 120 },
      email: { type: "string", format: "email", maxLength: 254 },
      phone: { type: "string", maxLength: 40, description: "7 to 15 digits, written any usual way." },
      company: { type: "string", maxLength: 160 },
      serviceType: { type: "string", maxLength: 120 },
      buildingSizeSqFt: { type: ["integer", "string"], description: "Whole square feet." },
      frequency: { type: "string", enum: FREQUENCY_OPTIONS.map(([value]) => value) },
      monthlyBudget: { type: ["number", "string"], description: 'Dollars a month, e.g. 2500 or "$2,500".' },
      timeline: { type: "string", enum: TIMELINE_OPTIONS.map(([value]) => value) },
      note: { type: "string", maxLength: NOTE_MAX, description: "Added to the lead's history." },
    },
    required: ["name"],
    anyOf: [{ required: ["email"] }, { required: ["phone"] }],
  },
  LeadUpdate: {
    type: "object",
    description: "A status, a note, or both; both parts are checked before either is saved.",
    properties: {
      status: { type: "string", enum: [...LEAD_STATUSES] },
      value: { type: ["number", "string"], description: "The deal value in dollars; required with won." },
      lostReason: { type: "string", enum: [...LOST_REASONS], description: "With lost." },
      competitor: { type: "string", maxLength: COMPETITOR_NAME_MAX, description: "With won or lost." },
      note: { type: "string", maxLength: NOTE_MAX, description: "Appended to the lead's notes." },
    },
    additionalProperties: false,
    minProperties: 1,
    dependentRequired: { value: ["status"], lostReason: ["status"], competitor: ["status"] },
  },
  Message: objectOf({
    seq: { type: "integer" },
    role: { type: "string", enum: ["visitor", "bot", "agent", "system"] },
    text: { type: "string" },
    createdAt: dateTime,
  }),
  Conversation: objectOf({
    id: { type: "string" },
    status: { type: "string", enum: ["open", "closed"] },
    pageUrl: nullable("string"),
    createdAt: dateTime,
    lastMessageAt: dateTime,
    leadId: nullable("string"),
    messages: { type: "array", items: ref("Message"), maxItems: API_TRANSCRIPT_MAX_MESSAGES },
    messagesTruncated: { type: "boolean", description: `True when the transcript has more than ${API_TRANSCRIPT_MAX_MESSAGES} messages.` },
  }),
  Appointment: objectOf({
    id: { type: "string" },
    leadId: { type: "string" },
    startsAt: dateTime,
    endsAt: dateTime,
    status: { type: "string", enum: [...APPOINTMENT_STATUSES] },
    assigneeUserId: nullable("string"),
    assignee: nullable("string", { description: "The assigned member's name." }),
    assignmentReason: { type: "string", description: "Why this member got the visit (round-robin, the only one free, chosen)." },
    createdBy: { type: "string", enum: ["visitor", "member", "api"] },
    sequence: { type: "integer", description: "The calendar invitation's SEQUENCE, raised by every change." },
    createdAt: dateTime,
    updatedAt: dateTime,
  }),
  AppointmentCreate: {
    type: "object",
    description: "A free start time of the business's availability (Settings → Scheduling), with its offset. Booking the same lead at the same time again answers the visit already booked.",
    properties: {
      leadId: { type: "string", maxLength: 64 },
      startsAt: { type: "string", format: "date-time" },
      assigneeUserId: { type: "string", maxLength: 64, description: "A member who takes visits and is free then; otherwise assigned round-robin." },
    },
    required: ["leadId", "startsAt"],
  },
  AppointmentReschedule: objectOf({ startsAt: { type: "string", format: "date-time" } }),
  Hook: objectOf(hookProperties),
  HookWithSecret: objectOf({ ...hookProperties, secret: { type: "string", description: "The signing secret (whsec_…), shown only in this answer." } }),
  HookSubscribe: {
    type: "object",
    description: "url (or target_url) and events (or event with one name).",
    properties: {
      url: { type: "string", format: "uri", maxLength: WEBHOOK_URL_MAX, description: "HTTPS; must not resolve to a private, loopback or link-local address." },
      target_url: { type: "string", format: "uri", maxLength: WEBHOOK_URL_MAX },
      events: { type: "array", items: { type: "string", enum: [...WEBHOOK_EVENTS] }, minItems: 1 },
      event: { type: "string", enum: [...WEBHOOK_EVENTS] },
    },
    allOf: [{ anyOf: [{ required: ["url"] }, { required: ["target_url"] }] }, { anyOf: [{ required: ["events"] }, { required: ["event"] }] }],
  },
};

const rateLimitHeaders = {
  "X-RateLimit-Limit": { description: "Requests allowed per minute with this key.", schema: { type: "integer" } },
  "X-RateLimit-Remaining": { description: "Requests left in the current minute.", schema: { type: "integer" } },
};

const ERROR_DESCRIPTIONS: Record<ApiErrorCode, string> = {
  validation_failed: "A field or query parameter is not valid; `fields` names each one.",
  invalid_json: "The body is not a JSON object.",
  unauthorized: "The Authorization header is missing, or the key is unknown or revoked.",
  plan_required: "The business is not on the Enterprise plan now.",
  not_found: "No such resource in your business.",
  method_not_allowed: "The method is not allowed on this path.",
  conflict: "The resource changed meanwhile, or a limit was reached.",
  payload_too_large: `A body over ${MAX_BODY_BYTES / 1024} KB.`,
  rate_limited: "Too many requests with this key; see Retry-After.",
  internal_error: "Something failed on our side; try again.",
};

/** One response per status, naming the error codes the operation may answer with it. */
function errorResponses(codes: ApiErrorCode[]): Record<string, Schema> {
  const byStatus = new Map<number, ApiErrorCode[]>();
  for (const code of codes) byStatus.set(API_ERROR_CODES[code], [...(byStatus.get(API_ERROR_CODES[code]) ?? []), code]);
  return Object.fromEntries(
    [...byStatus].map(([status, list]) => [
      String(status),
      {
        description: list.map((code) => `\`${code}\`: ${ERROR_DESCRIPTIONS[code]}`).join(" "),
        ...(status === 429 ? { headers: { "Retry-After": { description: "Seconds to wait.", schema: { type: "integer" } } } } : {}),
        ...(status === 401 ? { headers: { "WWW-Authenticate": { schema: { type: "string" } } } } : {}),
        content: { "application/json": { schema: ref("Error") } },
      },
    ]),
  );
}

/** Every key-authenticated operation may answer these. */
const AUTH_ERRORS: ApiErrorCode[] = ["unauthorized", "plan_required", "rate_limited", "internal_error"];
const BODY_ERRORS: ApiErrorCode[] = ["validation_failed", "invalid_json", "payload_too_large"];

function ok(status: number, description: string, schema: Schema | null, headers: Record<string, Schema> = {}): Record<string, Schema> {
  return {
    [String(status)]: {
      description,
      headers: { ...rateLimitHeaders, ...headers },
      ...(schema ? { content: { "application/json": { schema } } } : {}),
    },
  };
}

function operation(args: {
  id: string;
  summary: string;
  tag: string;
  parameters?: Schema[];
  body?: string;
  success: Record<string, Schema>;
  errors: ApiErrorCode[];
}): Schema {
  return {
    operationId: args.id,
    summary: args.summary,
    tags: [args.tag],
    ...(args.parameters ? { parameters: args.parameters } : {}),
    ...(args.body ? { requestBody: { required: true, content: { "application/json": { schema: ref(args.body) } } } } : {}),
    responses: { ...args.success, ...errorResponses([...args.errors, ...AUTH_ERRORS]) },
  };
}

const query = (name: string, description: string, schema: Schema): Schema => ({ name, in: "query", required: false, description, schema });
const pathId = (description: string): Schema => ({ name: "id", in: "path", required: true, description, schema: { type: "string", maxLength: 64 } });
const pageParam = query("page", `Page number, from 1. Pages beyond ${API_MAX_PAGE.toLocaleString("en-US")} are refused.`, {
  type: "integer",
  minimum: 1,
  maximum: API_MAX_PAGE,
  default: 1,
});
const dataOf = (schema: Schema): Schema => objectOf({ data: schema });
const pageOf = (item: string): Schema => objectOf({ data: { type: "array", items: ref(item) }, pagination: ref("Pagination") });
const location = { Location: { description: "The new resource's address.", schema: { type: "string" } } };

export function buildOpenApiDocument(): Record<string, unknown> {
  return {
    openapi: "3.1.0",
    info: {
      title: "LeadBroom REST API",
      version: "1.0.0",
      description:
        "Read your leads and add new ones, update their status and notes, read conversations with their transcripts, book, move and cancel walkthrough visits and subscribe to events. " +
        "Enterprise plan; 60 requests a minute per key. The guide with examples is in the workspace: Settings → API Keys → API reference.",
    },
    servers: [{ url: "/", description: "Your LeadBroom host" }],
    security: [{ apiKey: [] }],
    tags: [{ name: "Leads" }, { name: "Conversations" }, { name: "Appointments" }, { name: "Hooks" }, { name: "Meta" }],
    paths: {
      "/api/v1/leads": {
        get: operation({
          id: "listLeads",
          summary: "Your leads, newest first",
          tag: "Leads",
          parameters: [
            pageParam,
            query("limit", "Leads per page.", { type: "integer", minimum: 1, maximum: API_MAX_LIMIT, default: API_DEFAULT_LIMIT }),
            query("priority", "Only leads of this priority.", { type: "string", enum: [...LEAD_PRIORITIES] }),
            query("status", "Only leads with this status.", { type: "string", enum: [...LEAD_STATUSES] }),
          ],
          success: ok(200, "A page of leads.", pageOf("Lead")),
          errors: ["validation_failed"],
        }),
        post: operation({
          id: "createLead",
          summary: "Add a lead (scored like Leads → Add a lead, source api)",
          tag: "Leads",
          body: "LeadCreate",
          success: ok(201, "The new lead.", dataOf(ref("LeadDetail")), location),
          errors: BODY_ERRORS,
        }),
      },
      "/api/v1/leads/{id}": {
        parameters: [pathId("The lead's id.")],
        get: operation({
          id: "getLead",
          summary: "One lead, with its qualification answers",
          tag: "Leads",
          success: ok(200, "The lead.", dataOf(ref("LeadDetail"))),
          errors: ["not_found"],
        }),
        patch: operation({
          id: "updateLead",
          summary: "Change a lead's status and/or add a note",
          tag: "Leads",
          body: "LeadUpdate",
          success: ok(200, "The lead after the change.", dataOf(ref("LeadDetail"))),
          errors: [...BODY_ERRORS, "not_found", "conflict"],
        }),
      },
      "/api/v1/conversations": {
        get: operation({
          id: "listConversations",
          summary: "Your chatbot's conversations with their transcripts, newest first",
          tag: "Conversations",
          parameters: [
            pageParam,
            query("limit", "Conversations per page.", {
              type: "integer",
              minimum: 1,
              maximum: API_CONVERSATIONS_MAX_LIMIT,
              default: API_CONVERSATIONS_DEFAULT_LIMIT,
            }),
            query("lead", "with: only conversations that became a lead; without: only those that did not.", { type: "string", enum: ["with", "without"] }),
          ],
          success: ok(200, "A page of conversations.", pageOf("Conversation")),
          errors: ["validation_failed"],
        }),
      },
      "/api/v1/appointments": {
        get: operation({
          id: "listAppointments",
          summary: "Your walkthrough visits, soonest first",
          tag: "Appointments",
          parameters: [
            pageParam,
            query("limit", "Appointments per page.", { type: "integer", minimum: 1, maximum: API_MAX_LIMIT, default: API_DEFAULT_LIMIT }),
            query("status", "Only appointments with this status.", { type: "string", enum: [...APPOINTMENT_STATUSES] }),
            query("lead", "Only this lead's appointments.", { type: "string", maxLength: 64 }),
            query("from", "Only visits starting at or after this time.", dateTime),
            query("to", "Only visits starting before this time.", dateTime),
          ],
          success: ok(200, "A page of appointments.", pageOf("Appointment")),
          errors: ["validation_failed"],
        }),
        post: operation({
          id: "createAppointment",
          summary: "Book a walkthrough visit for a lead (no double booking; e-mails with the invitation go out)",
          tag: "Appointments",
          body: "AppointmentCreate",
          success: { ...ok(201, "The booked visit.", dataOf(ref("Appointment")), location), ...ok(200, "The same lead and time again: the visit already booked.", dataOf(ref("Appointment"))) },
          errors: [...BODY_ERRORS, "conflict"],
        }),
      },
      "/api/v1/appointments/{id}": {
        parameters: [pathId("The appointment's id.")],
        get: operation({
          id: "getAppointment",
          summary: "One appointment",
          tag: "Appointments",
          success: ok(200, "The appointment.", dataOf(ref("Appointment"))),
          errors: ["not_found"],
        }),
      },
      "/api/v1/appointments/{id}/reschedule": {
        parameters: [pathId("The appointment's id.")],
        post: operation({
          id: "rescheduleAppointment",
          summary: "Move a booked visit to another free time",
          tag: "Appointments",
          body: "AppointmentReschedule",
          success: ok(200, "The visit after the move (status rescheduled, sequence raised).", dataOf(ref("Appointment"))),
          errors: [...BODY_ERRORS, "not_found", "conflict"],
        }),
      },
      "/api/v1/appointments/{id}/cancel": {
        parameters: [pathId("The appointment's id.")],
        post: operation({
          id: "cancelAppointment",
          summary: "Cancel a visit (cancelling again answers the cancelled visit)",
          tag: "Appointments",
          success: ok(200, "The cancelled visit.", dataOf(ref("Appointment"))),
          errors: ["not_found", "conflict"],
        }),
      },
      "/api/v1/hooks": {
        get: operation({
          id: "listHooks",
          summary: "Your business's webhook endpoints (without secrets)",
          tag: "Hooks",
          success: ok(200, "The endpoints.", dataOf({ type: "array", items: ref("Hook") })),
          errors: [],
        }),
        post: operation({
          id: "subscribeHook",
          summary: `Subscribe a URL to events (REST hooks); at most ${MAX_WEBHOOK_ENDPOINTS} endpoints per business`,
          tag: "Hooks",
          body: "HookSubscribe",
          success: ok(201, "The hook, with its signing secret (shown only here).", dataOf(ref("HookWithSecret")), location),
          errors: [...BODY_ERRORS, "conflict"],
        }),
      },
      "/api/v1/hooks/{id}": {
        parameters: [pathId("The hook's id.")],
        delete: operation({
          id: "unsubscribeHook",
          summary: "Unsubscribe",
          tag: "Hooks",
          success: ok(204, "Unsubscribed.", null),
          errors: ["not_found"],
        }),
      },
      [OPENAPI_PATH]: {
        get: {
          operationId: "getOpenApiDocument",
          summary: "This document (public, no key)",
          tags: ["Meta"],
          security: [],
          responses: { "200": { description: "The OpenAPI 3.1 document.", content: { "application/json": { schema: { type: "object" } } } } },
        },
      },
    },
    components: {
      securitySchemes: {
        apiKey: { type: "http", scheme: "bearer", description: "An API key from Settings → API Keys (lb_live_…)." },
      },
      schemas,
    },
  };
}
