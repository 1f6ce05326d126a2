// REST API (docs/api.md): GET /api/v1/appointments/:id, one appointment of the key's business (another
// business's id is 404). Changes go through /reschedule and /cancel.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { handleGetAppointment, methodNotAllowed } from "#server/api/handlers.server.ts";

export function loader({ request, context, params }: LoaderFunctionArgs) {
  return handleGetAppointment(context, request, params.id ?? "");
}

export function action() {
  return methodNotAllowed("GET");
}
