// REST API (docs/api.md): POST /api/v1/appointments/:id/cancel cancels a visit (METHOD:CANCEL sent to the
// visitor and the assignee; cancelling again answers the cancelled visit).
import type { ActionFunctionArgs } from "@remix-run/node";
import { handleAppointmentWrite, methodNotAllowed } from "#server/api/handlers.server.ts";

export function loader() {
  return methodNotAllowed("POST");
}

export function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return handleAppointmentWrite(context, request, "cancel", params.id ?? "");
}
