// REST API (docs/api.md): GET /api/v1/conversations, the key's business's conversations with transcripts.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { handleListConversations, methodNotAllowed } from "#server/api/handlers.server.ts";

export function loader({ request, context }: LoaderFunctionArgs) {
  return handleListConversations(context, request);
}

export function action() {
  return methodNotAllowed("GET");
}
