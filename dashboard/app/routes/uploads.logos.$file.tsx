// Serves stored business logos (resource route). Names are random and change on every upload, so a
// logo is cached for a year; the type comes from the stored (magic-byte checked) extension. nosniff is set
// for every response by server/http/security-headers.server.ts.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { readLogo } from "#server/businesses/logo-files.server.ts";

export async function loader({ params, context }: LoaderFunctionArgs) {
  const logo = await readLogo(context.services.env.DATA_DIR, params.file ?? "");
  if (!logo) throw new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });
  return new Response(new Uint8Array(logo.bytes), {
    headers: {
      "Content-Type": logo.contentType,
      "Content-Length": String(logo.bytes.byteLength),
      "Cache-Control": "public, max-age=31536000, immutable",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Cross-Origin-Resource-Policy": "cross-origin",
    },
  });
}
