// REST API (docs/api.md): GET /api/v1/leads/:id, one lead of the key's business (another business's id is 404).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { handleGetLead, methodNotAllowed } from "../../../server/api/handlers.server.ts";

export function loader({ request, context, params }: LoaderFunctionArgs) {
  return handleGetLead(context, request, params.id ?? "");
}

export function action() {
  return methodNotAllowed("GET");
}
