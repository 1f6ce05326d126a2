// Request bodies are bounded before anything reads them (issue 13): a declared Content-Length over the
// route's limit is answered 413 without reading a byte, and a body without one (chunked) is read only
// up to the limit, then answered 413 and the connection closed. Each route class has its own limit:
// forms and JSON are small; uploads (a logo, a résumé) get their own caps plus room for the form.
import type { IncomingMessage } from "node:http";
import { LOGO_MAX_BYTES } from "../shared/businesses/logo-type.ts";
import { RESUME_MAX_BYTES } from "../shared/public-site/careers.ts";
import { CSV_MAX_BYTES } from "../outreach/prospect-csv.ts";

const KB = 1024;
/** Forms, JSON actions and webhooks. */
export const DEFAULT_BODY_LIMIT = 64 * KB;
/** Multipart forms: the file's own cap and the other fields. */
const UPLOAD_OVERHEAD = 64 * KB;

/**
 * The route a request path addresses, as Remix matches it (issue 27): single fetch posts a page's forms
 * to `/app/outreach.data` (`/_root.data` for `/`), the older form adds `?_data=…` or `?index` (query
 * only), and Remix ignores case, a trailing slash and percent-encoding. Limits are keyed on this, so
 * every spelling of one route gets the same limit.
 */
export function bodyRouteOf(pathname: string): string {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // Malformed escapes: Remix answers it; the raw path keys the (default) limit.
  }
  path = path.toLowerCase().replace(/\/{2,}/g, "/");
  if (path.endsWith(".data")) path = path.slice(0, -".data".length);
  path = path.replace(/\/+$/, "");
  return path === "" || path === "/_root" ? "/" : path;
}

/** The largest body a request to `pathname` may carry. */
export function bodyLimitFor(pathname: string): number {
  const route = bodyRouteOf(pathname);
  if (route === "/app/settings/profile") return LOGO_MAX_BYTES + UPLOAD_OVERHEAD; // the logo upload
  if (route === "/api/careers") return RESUME_MAX_BYTES + UPLOAD_OVERHEAD; // the résumé
  if (route === "/app/outreach") return CSV_MAX_BYTES + UPLOAD_OVERHEAD; // the prospects CSV
  if (route.startsWith("/api/v1/")) return 256 * KB; // the REST API's JSON
  return DEFAULT_BODY_LIMIT; // every other form, and the Stripe webhook
}

export class BodyTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`request body over ${limit} bytes`);
  }
}

/** The client closed the request before its body ended: nobody is left to answer. */
export class BodyAborted extends Error {
  constructor() {
    super("the request was closed before its body ended");
  }
}

/** Whether the request says it is over `limit` before sending anything. */
export function declaredTooLarge(req: IncomingMessage, limit: number): boolean {
  const declared = req.headers["content-length"];
  return declared !== undefined && Number(declared) > limit;
}

/** Reads the whole body, at most `limit` bytes; rejects with BodyTooLarge past it (and stops reading). */
export function readBoundedBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        req.pause();
        reject(new BodyTooLarge(limit));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    // The client went away before the end: settles, so whoever waits (a large-body slot) is freed.
    const onClose = () => {
      cleanup();
      reject(new BodyAborted());
    };
    const cleanup = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
      req.off("close", onClose);
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
    req.on("close", onClose);
  });
}
