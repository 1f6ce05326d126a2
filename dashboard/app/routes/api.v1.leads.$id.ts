// REST API (docs/api.md): GET /api/v1/leads/:id, one lead of the key's business (another business's id is 404);
// PATCH changes its status and/or adds a note.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleGetLead, handleUpdateLead, methodNotAllowed } from "#server/api/handlers.server.ts";

export function loader({ request, context, params }: LoaderFunctionArgs) {
  return handleGetLead(context, request, params.id ?? "");
}

export function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed("GET, PATCH");
  return handleUpdateLead(context, request, params.id ?? "");
}
