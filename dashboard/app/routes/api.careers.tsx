// POST /api/careers: a job application (spec §2.12, §5) as multipart form data with the résumé.
// The résumé must be a PDF, DOC or DOCX of at most 5 MB, checked by its content, not only its name.
import {
  MaxPartSizeExceededError,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  type ActionFunctionArgs,
} from "@remix-run/node";
import {
  CAREERS_FAILED,
  CAREERS_RATE_LIMITED,
  RESUME_MAX_BYTES,
  RESUME_SIZE_ERROR,
  applicationFormSchema,
  applicationSummary,
  type ApplicationField,
  type ApplicationResult,
} from "#shared/public-site/careers.ts";
import { failure, parseFormData, success } from "#shared/forms/action-result.ts";
import { submitJobApplication } from "#server/public-site/applications.server.ts";

/** A JSON answer with its status (a resource route: a plain Response, whatever the fetch mode). */
function json<T>(body: T, init: { status?: number } = {}): Response {
  return Response.json(body, { status: init.status ?? 200, headers: { "Cache-Control": "no-store" } });
}

/** Room for the text fields and multipart framing around a maximum-size résumé. */
const MAX_BODY_BYTES = RESUME_MAX_BYTES + 256 * 1024;

const fail = (body: ApplicationResult, status: number) => json<ApplicationResult>(body, { status });

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return fail(failure("Method not allowed"), 405);
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_BODY_BYTES) {
    return fail(failure(RESUME_SIZE_ERROR, { resume: RESUME_SIZE_ERROR }), 413);
  }
  let form: FormData;
  try {
    form = await unstable_parseMultipartFormData(request, unstable_createMemoryUploadHandler({ maxPartSize: RESUME_MAX_BYTES }));
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) {
      return fail(failure(RESUME_SIZE_ERROR, { resume: RESUME_SIZE_ERROR }), 413);
    }
    return fail(failure(CAREERS_FAILED), 400);
  }

  const parsed = parseFormData<typeof applicationFormSchema, ApplicationField>(form, applicationFormSchema, applicationSummary);
  if (!parsed.ok) return fail(parsed, 400);
  const { resume, ...application } = parsed.value;

  const result = await submitJobApplication(
    context.services,
    application,
    { fileName: resume.name, bytes: new Uint8Array(await resume.arrayBuffer()) },
    context.clientIp,
  );
  if (!result.ok) {
    if (result.reason === "rate_limited") return fail(failure(CAREERS_RATE_LIMITED), 429);
    return fail(failure(result.message, { resume: result.message }), 400);
  }
  return json<ApplicationResult>(success());
}
