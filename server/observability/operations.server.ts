// What an operator's tooling reads (issue 35, decision 0075):
//   - every request gets a request id (`X-Request-Id`, the caller's when it is a plain token, else a new
//     one), is timed into the HTTP metrics by route pattern and written as one access-log line;
//   - `GET /livez`: the process answers (its event loop turns);
//   - `GET /readyz`: it can serve: not shutting down, the database answers, and Redis when REDIS_URL is set;
//   - `GET /metrics`: the Prometheus text, only with METRICS_TOKEN set (else 404) and only to
//     `Authorization: Bearer <token>` (else 401), the token compared in constant time.
import { createHash, randomUUID, timingSafeEqual } from "node:crypto";
import { performance } from "node:perf_hooks";
import type { Request, RequestHandler, Response } from "express";
import { Router } from "express";
import type { Logger } from "../shared/logger.ts";
import type { AppMetrics } from "./metrics.server.ts";

export const REQUEST_ID_HEADER = "X-Request-Id";
/** A caller's request id is kept when it is this plain (a proxy's or a load balancer's); else a new one. */
const REQUEST_ID = /^[\w.:-]{1,64}$/;
/** Each readiness check's deadline: a probe must answer even when the database does not. */
export const READINESS_TIMEOUT_MS = 3_000;
const PROBES = new Set(["/livez", "/readyz", "/healthz", "/metrics"]);
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** The request's id (set by `requestObserver`, for the load context's logger). */
export function requestIdOf(res: Response): string | undefined {
  const id: unknown = res.locals.requestId;
  return typeof id === "string" ? id : undefined;
}

/**
 * Times every request into the HTTP metrics and logs it once answered (not the probes' and static files').
 * `remixRoute` names the route pattern of a request that reached the Remix app.
 */
export function requestObserver(deps: { logger: Logger; metrics: AppMetrics; remixRoute?: (pathname: string) => string }): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    const given = req.get(REQUEST_ID_HEADER);
    const requestId = given && REQUEST_ID.test(given) ? given : randomUUID();
    res.locals.requestId = requestId;
    res.setHeader(REQUEST_ID_HEADER, requestId);
    res.on("finish", () => {
      const seconds = (performance.now() - started) / 1000;
      const route = routeOf(req, deps.remixRoute);
      const method = METHODS.has(req.method) ? req.method : "other";
      deps.metrics.httpRequest(method, route, res.statusCode, seconds);
      if (route === "static" || PROBES.has(route)) return;
      // The route pattern, never the path: a path can carry a token (a reset link) or an id.
      deps.logger.info("[http] request", { requestId, method, route, status: res.statusCode, durationMs: Math.round(seconds * 1000) });
    });
    next();
  };
}

function routeOf(req: Request, remixRoute?: (pathname: string) => string): string {
  const expressRoute: unknown = (req.route as { path?: unknown } | undefined)?.path;
  // The Remix handler is Express's catch-all route ("*"): its own router names the page.
  if (typeof expressRoute === "string" && expressRoute !== "*") return expressRoute;
  if (expressRoute === "*") return remixRoute ? remixRoute(req.path) : "remix";
  // Answered before any route: a static file, or refused by a guard (same origin, NUL bytes).
  return req.path.startsWith("/assets/") || req.path.startsWith("/widget/") || /\.\w+$/.test(req.path) ? "static" : "other";
}

export type Readiness = {
  /** The process is shutting down: it should get no new work. */
  shuttingDown(): boolean;
  checks: Record<string, () => Promise<unknown>>;
};

export function operationsRoutes(deps: { metrics: AppMetrics; metricsToken: string | undefined; readiness: Readiness }): Router {
  const router = Router();
  const noStore = (res: Response) => res.set("Cache-Control", "no-store");

  router.get("/livez", (_req, res) => {
    noStore(res).json({ status: "ok" });
  });

  router.get("/readyz", async (_req, res) => {
    const results: Record<string, string> = {};
    if (deps.readiness.shuttingDown()) results.process = "shutting down";
    await Promise.all(
      Object.entries(deps.readiness.checks).map(async ([name, check]) => {
        results[name] = (await withinMs(check(), READINESS_TIMEOUT_MS)) ? "ok" : "unreachable";
      }),
    );
    const ready = Object.values(results).every((r) => r === "ok");
    noStore(res)
      .status(ready ? 200 : 503)
      .json({ status: ready ? "ready" : "not ready", checks: results });
  });

  const expected = deps.metricsToken ? digest(deps.metricsToken) : null;
  router.get("/metrics", async (req, res) => {
    noStore(res);
    if (!expected) return res.status(404).type("text/plain").send("Not Found");
    const header = req.get("Authorization") ?? "";
    const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
    // Digests of equal length, compared in constant time: the answer's timing says nothing of the token.
    if (!token || !timingSafeEqual(digest(token), expected)) {
      return res.status(401).set("WWW-Authenticate", 'Bearer realm="metrics"').type("text/plain").send("Unauthorized");
    }
    const text = await deps.metrics.scrape();
    // Written as is: Express's send() would reorder the content type's parameters.
    res.status(200).setHeader("Content-Type", deps.metrics.contentType);
    res.end(text);
  });

  return router;
}

function digest(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}

/** Whether `work` succeeds within `ms` (a check that hangs counts as failed). */
async function withinMs(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
    timer.unref();
  });
  try {
    return await Promise.race([work.then(() => true, () => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
