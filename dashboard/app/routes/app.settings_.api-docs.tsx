// /app/settings/api-docs: the REST API reference (docs/api.md, bundled at build time) as a page of the
// workspace, linked from Settings → API Keys. Rendered on the server with raw HTML escaped
// (server/docs/markdown.server.ts), once per process.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import apiDocs from "../../../docs/api.md?raw";
import { renderMarkdown } from "#server/docs/markdown.server.ts";
import { OPENAPI_PATH } from "#server/api/openapi.server.ts";
import { workspaceMeta } from "~/components/workspace/WorkspaceShell";
import { requireWorkspace } from "~/lib/session.server";

export const meta = workspaceMeta("API reference");

let rendered: string | undefined;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireWorkspace(request, context);
  rendered ??= renderMarkdown(apiDocs);
  return { html: rendered, openApiPath: OPENAPI_PATH };
}

export default function ApiDocsPage() {
  const { html, openApiPath } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link to="/app/settings/api-keys" className="font-medium text-brand-700 underline hover:text-brand-900">
          ← API Keys
        </Link>
        {/* A resource route (JSON), so a plain link: no client-side navigation. */}
        <a href={openApiPath} className="font-medium text-brand-700 underline hover:text-brand-900">
          OpenAPI 3.1 document (openapi.json)
        </a>
      </div>
      {/* Escaped markdown (no raw HTML passes through the renderer). */}
      <article className="markdown-doc rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8" dangerouslySetInnerHTML={{ __html: html }} />
    </div>
  );
}
