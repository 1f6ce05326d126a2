// REST API (docs/api.md): REST hooks. GET /api/v1/hooks lists the subscriptions, POST subscribes a URL
// to events (a webhook endpoint of the business, signed and delivered like those of Settings → Integrations).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleListHooks, handleSubscribeHook, methodNotAllowed } from "#server/api/handlers.server.ts";

export function loader({ request, context }: LoaderFunctionArgs) {
  return handleListHooks(context, request);
}

export function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  return handleSubscribeHook(context, request);
}
