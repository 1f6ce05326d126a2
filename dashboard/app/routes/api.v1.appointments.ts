// REST API (docs/api.md): GET /api/v1/appointments lists the key's business's walkthrough visits, POST
// books one for a lead (the business's availability, no double booking: server/appointments).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleAppointmentWrite, handleListAppointments, methodNotAllowed } from "#server/api/handlers.server.ts";

export function loader({ request, context }: LoaderFunctionArgs) {
  return handleListAppointments(context, request);
}

export function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  return handleAppointmentWrite(context, request, "create");
}
