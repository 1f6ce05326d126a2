// The download of a whole-business export (decision 0074): an owner of the business that asked for it,
// while the link has not expired. Another business's export is 404; an expired one 410.
import { createReadStream } from "node:fs";
import { createReadableStreamFromReadable, type LoaderFunctionArgs } from "@remix-run/node";
import { findDownload } from "#server/privacy/export.server.ts";
import { requireOwner } from "~/lib/session.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const workspace = await requireOwner(request, context);
  const found = await findDownload({ db: context.services.db, dataDir: context.services.env.DATA_DIR }, workspace.business.id, params.id ?? "");
  if (!found.ok) {
    const status = "gone" in found && found.gone ? 410 : found.reason === "not_found" ? 404 : 409;
    return new Response(found.error, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  }
  return new Response(createReadableStreamFromReadable(createReadStream(found.file)), {
    headers: {
      "Content-Type": "application/zip",
      "Content-Length": String(found.bytes),
      "Content-Disposition": `attachment; filename="${found.fileName}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
