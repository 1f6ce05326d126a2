// REST API (docs/api.md): DELETE /api/v1/hooks/:id unsubscribes (another business's id is 404).
import type { ActionFunctionArgs } from "@remix-run/node";
import { handleUnsubscribeHook, methodNotAllowed } from "#server/api/handlers.server.ts";

export function loader() {
  return methodNotAllowed("DELETE");
}

export function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed("DELETE");
  return handleUnsubscribeHook(context, request, params.id ?? "");
}
