// REST API (docs/api.md): GET /api/v1/openapi.json, the OpenAPI 3.1 document of every /api/v1 route
// (server/api/openapi.server.ts). Public (no key) and cacheable; built once per process.
import { buildOpenApiDocument } from "#server/api/openapi.server.ts";
import { methodNotAllowed } from "#server/api/handlers.server.ts";

let body: string | undefined;

export function loader() {
  body ??= JSON.stringify(buildOpenApiDocument(), null, 2);
  return new Response(body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
      // Read by API tools (Swagger UI, Postman, no-code builders) from other origins.
      "Access-Control-Allow-Origin": "*",
    },
  });
}

export function action() {
  return methodNotAllowed("GET");
}
