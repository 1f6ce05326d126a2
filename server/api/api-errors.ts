// The REST API's answers: JSON bodies, and errors as `{ error: { code, message, fields? } }` (docs/api.md).
export const API_ERROR_CODES = {
  unauthorized: 401,
  plan_required: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  validation_failed: 400,
  invalid_json: 400,
  payload_too_large: 413,
  rate_limited: 429,
  internal_error: 500,
} as const;

export type ApiErrorCode = keyof typeof API_ERROR_CODES;

export type ApiErrorBody = { error: { code: ApiErrorCode; message: string; fields?: Record<string, string>; /** A refused appointment time: the next free ones. */ nextSlots?: string[] } };

export const API_MESSAGES = {
  missingKey: "Send your API key in the Authorization header: Authorization: Bearer <key>.",
  invalidKey: "The API key is not valid or has been revoked.",
  planRequired: "API access needs the Enterprise plan. Upgrade in Settings → Billing & Subscription.",
  notFound: "Not found.",
  leadNotFound: "Lead not found.",
  hookNotFound: "Hook not found.",
  appointmentNotFound: "Appointment not found.",
  emptyUpdate: "Send a status, a note, or both.",
  rateLimited: "Too many requests for this API key. Try again shortly.",
  invalidJson: "The request body must be a JSON object.",
  validation: "Some fields are not valid.",
  invalidQuery: "Some query parameters are not valid.",
  methodNotAllowed: "This method is not allowed here.",
  tooLarge: "The request body is too large.",
  internal: "Something went wrong on our side. Please try again.",
} as const;

const baseHeaders = { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" };

export function apiJson(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...baseHeaders, ...headers } });
}

export function apiError(
  code: ApiErrorCode,
  message: string,
  options: { fields?: Record<string, string>; headers?: Record<string, string>; nextSlots?: string[] } = {},
): Response {
  const body: ApiErrorBody = { error: { code, message, ...(options.fields ? { fields: options.fields } : {}), ...(options.nextSlots ? { nextSlots: options.nextSlots } : {}) } };
  return apiJson(body, API_ERROR_CODES[code], options.headers);
}
