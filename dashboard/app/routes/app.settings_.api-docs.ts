// GET /app/settings/api-docs: the REST API reference (docs/api.md, bundled at build time) for signed-in
// users, linked from Settings → API Keys.
import type { LoaderFunctionArgs } from "@remix-run/node";
import apiDocs from "../../../docs/api.md?raw";
import { requireWorkspace } from "~/lib/session.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireWorkspace(request, context);
  return new Response(apiDocs, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, max-age=300" } });
}
