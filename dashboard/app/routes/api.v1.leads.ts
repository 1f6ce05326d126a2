// REST API (docs/api.md): GET /api/v1/leads lists the key's business's leads, POST creates one.
// Authentication, plan and rate limit: server/api/authenticate.server.ts.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleCreateLead, handleListLeads, methodNotAllowed } from "#server/api/handlers.server.ts";

export function loader({ request, context }: LoaderFunctionArgs) {
  return handleListLeads(context, request);
}

export function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  return handleCreateLead(context, request);
}
