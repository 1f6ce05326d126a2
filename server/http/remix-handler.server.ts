// The Remix request handler for Express, with the request body read first and bounded
// (body-limit.server.ts): @remix-run/express hands Remix the raw request stream, which an action's
// `request.formData()` would read to the end whatever its size. Everything else is the adapter's own
// code (createRemixRequest's URL and headers, sendRemixResponse), reused rather than copied.
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
// The adapter's own module (its package index re-exports only createRequestHandler).
import { createRemixRequest, sendRemixResponse } from "@remix-run/express/dist/server.js";
import { createRequestHandler as createRemixHandler, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import { BodyTooLarge, bodyLimitFor, declaredTooLarge, readBoundedBody } from "./body-limit.server.ts";

function tooLarge(res: ExpressResponse, limit: number) {
  // The rest of the body is never read: the connection is closed once the answer is out.
  res.status(413).set({ "Content-Type": "text/plain; charset=utf-8", Connection: "close" });
  res.end(`Request body too large (the limit here is ${Math.round(limit / 1024)} KB).`);
  res.on("finish", () => res.req.socket.destroySoon?.());
}

export function remixRequestHandler(options: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  getLoadContext(req: ExpressRequest, res: ExpressResponse): AppLoadContext | Promise<AppLoadContext>;
}): RequestHandler {
  const handleRequest = createRemixHandler(options.build, options.mode);
  return async (req, res, next) => {
    try {
      let body: Buffer | undefined;
      if (req.method !== "GET" && req.method !== "HEAD") {
        const limit = bodyLimitFor(req.path);
        if (declaredTooLarge(req, limit)) return tooLarge(res, limit);
        try {
          body = await readBoundedBody(req, limit);
        } catch (error) {
          if (error instanceof BodyTooLarge) return tooLarge(res, limit);
          throw error;
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
