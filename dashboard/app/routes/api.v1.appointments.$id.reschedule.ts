// REST API (docs/api.md): POST /api/v1/appointments/:id/reschedule { startsAt } moves a visit to another
// free time (SEQUENCE raised, the visitor and the assignee get the updated invitation).
import type { ActionFunctionArgs } from "@remix-run/node";
import { handleAppointmentWrite, methodNotAllowed } from "#server/api/handlers.server.ts";

export function loader() {
  return methodNotAllowed("POST");
}

export function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return handleAppointmentWrite(context, request, "reschedule", params.id ?? "");
}
