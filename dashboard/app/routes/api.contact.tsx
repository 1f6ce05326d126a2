// POST /api/contact: the public contact form (spec §5). Validates with the shared schema, stores the
// message and e-mails the team; answers JSON the page shows (ContactResult, the one action result shape of server/forms/action-result.ts).
import type { ActionFunctionArgs } from "@remix-run/node";
import { CONTACT_FAILED, CONTACT_RATE_LIMITED, contactSchema, contactSummary, type ContactField, type ContactResult } from "#shared/public-site/contact.ts";
import { failure, parseFormData, success } from "#shared/forms/action-result.ts";
import { submitContactMessage } from "#server/public-site/contact.server.ts";

/** A JSON answer with its status (a resource route: a plain Response, whatever the fetch mode). */
function json<T>(body: T, init: { status?: number } = {}): Response {
  return Response.json(body, { status: init.status ?? 200, headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return json<ContactResult>(failure("Method not allowed"), { status: 405 });
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return json<ContactResult>(failure(CONTACT_FAILED), { status: 400 });
  }
  const parsed = parseFormData<typeof contactSchema, ContactField>(form, contactSchema, contactSummary);
  if (!parsed.ok) return json<ContactResult>(parsed, { status: 400 });
  const result = await submitContactMessage(context.services, parsed.value, context.clientIp);
  if (!result.ok) return json<ContactResult>(failure(CONTACT_RATE_LIMITED), { status: 429 });
  return json<ContactResult>(success());
}
