// The Remix request handler for Express, with the request body read first and bounded
// (body-limit.server.ts): @remix-run/express hands Remix the raw request stream, which an action's
// `request.formData()` would read to the end whatever its size. Everything else is the adapter's own
// code (createRemixRequest's URL and headers, sendRemixResponse), reused rather than copied.
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
// The adapter's own module (its package index re-exports only createRequestHandler).
import { createRemixRequest, sendRemixResponse } from "@remix-run/express/dist/server.js";
import { createRequestHandler as createRemixHandler, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import { BodyAborted, BodyTooLarge, bodyLimitFor, bodyRouteOf, declaredTooLarge, DEFAULT_BODY_LIMIT, readBoundedBody } from "./body-limit.server.ts";
import { LARGE_BODY_RETRY_AFTER_SECONDS, mayExceedDefaultLimit, type LargeBodySlots } from "./large-bodies.server.ts";

function tooLarge(res: ExpressResponse, limit: number) {
  // The rest of the body is never read: the connection is closed once the answer is out.
  res.status(413).set({ "Content-Type": "text/plain; charset=utf-8", Connection: "close" });
  res.end(`Request body too large (the limit here is ${Math.round(limit / 1024)} KB).`);
  closeAfterAnswer(res);
}

/** The request's body is left unread: the connection ends with the answer instead of reading the rest. */
function closeAfterAnswer(res: ExpressResponse) {
  res.setHeader("Connection", "close");
  res.on("finish", () => res.req.socket.destroySoon?.());
}

/** Too many large bodies being read (from this address, or in all): try again shortly. */
function busy(res: ExpressResponse, scope: "ip" | "total") {
  res.status(scope === "ip" ? 429 : 503).set({ "Content-Type": "text/plain; charset=utf-8", "Retry-After": String(LARGE_BODY_RETRY_AFTER_SECONDS) });
  res.end(scope === "ip" ? "Too many uploads at once from your address. Try again in a few seconds." : "The server is busy with other uploads. Try again in a few seconds.");
  closeAfterAnswer(res);
}

export function remixRequestHandler(options: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  getLoadContext(req: ExpressRequest, res: ExpressResponse): AppLoadContext | Promise<AppLoadContext>;
  /**
   * A body over the default limit to a raised-limit route (large-bodies.server.ts): who may send it,
   * checked before reading, and the slots it is read in.
   */
  largeBodies?: { mayPost(route: string, req: ExpressRequest): Promise<boolean>; slots: LargeBodySlots };
}): RequestHandler {
  const handleRequest = createRemixHandler(options.build, options.mode);
  return async (req, res, next) => {
    try {
      let body: Buffer | undefined;
      if (req.method !== "GET" && req.method !== "HEAD") {
        const route = bodyRouteOf(req.path);
        const limit = bodyLimitFor(req.path);
        if (declaredTooLarge(req, limit)) return tooLarge(res, limit);
        let release: (() => void) | undefined;
        if (options.largeBodies && limit > DEFAULT_BODY_LIMIT && mayExceedDefaultLimit(req)) {
          if (!(await options.largeBodies.mayPost(route, req))) {
            // Not for this caller: the route's guard answers (sign in, 403) without the body being read.
            body = Buffer.alloc(0);
            closeAfterAnswer(res);
          } else {
            const slot = options.largeBodies.slots.acquire(req.ip ?? req.socket.remoteAddress ?? "unknown");
            if (!slot.ok) return busy(res, slot.scope);
            release = slot.release;
          }
        }
        if (body === undefined) {
          try {
            body = await readBoundedBody(req, limit);
          } catch (error) {
            if (error instanceof BodyTooLarge) return tooLarge(res, limit);
            if (error instanceof BodyAborted) return;
            throw error;
          } finally {
            release?.();
          }
        }
      }
      // The adapter's Request (URL, headers, abort signal on close), with the body already read.
      const streamed = createRemixRequest(req, res);
      const request = body === undefined ? streamed : new Request(streamed, { body, duplex: "half" } as RequestInit);
      const response = await handleRequest(request, await options.getLoadContext(req, res));
      await sendRemixResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}
