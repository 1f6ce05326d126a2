// createApplication: one HTTP server hosting the Remix dashboard, static assets and socket.io
// (DESIGN §1). Used by server/main.ts and by the integration tests (random port, fresh database).
import { createServer, type Server as HttpServer } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { Server as SocketServer } from "socket.io";
import { createRequestMemo } from "./http/request-memo.ts";
import type { AppServices } from "./services.server.ts";
import { securityHeaders } from "./http/security-headers.server.ts";
import { sameOriginGuard } from "./http/same-origin.server.ts";
import { nulAddressGuard } from "./http/nul-guard.server.ts";
import { contentSecurityPolicy } from "./http/content-security-policy.server.ts";
import { widgetAssets } from "./http/widget-assets.server.ts";
import { widgetConfigRoute } from "./http/widget-config-route.server.ts";
import { WIDGET_CONFIG_PATH, WIDGET_NAMESPACE, WORKSPACE_NAMESPACE } from "./realtime/protocol.ts";
import { remixRequestHandler } from "./http/remix-handler.server.ts";
import { createLargeBodySlots, mayPostLargeBody, type LargeBodySlots } from "./http/large-bodies.server.ts";
import { attachRealtime, type WorkspaceEvents } from "./realtime/realtime.server.ts";
import { createConnectionCap } from "./realtime/connection-cap.server.ts";
import type { ChatService } from "./chat/chat-service.server.ts";
import { drainRealtime, type DrainOptions, type DrainResult } from "./realtime/drain.server.ts";
import { operationsRoutes, requestIdOf, requestObserver } from "./observability/operations.server.ts";
import { remixRoutePatterns } from "./observability/route-patterns.server.ts";
import { waitingJobs } from "./observability/sources.server.ts";
import { withLogFields } from "./shared/logger.ts";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** Where `npm run build` writes the dashboard. */
export const dashboardBuildDir = path.join(repoRoot, "build", "dashboard");

export type AppMode = "production" | "development";

export type Application = {
  httpServer: HttpServer;
  io: SocketServer;
  chat: ChatService;
  /** Pushes to open workspaces, for what happens outside a request (jobs). */
  workspaceEvents: WorkspaceEvents;
  /** Large request bodies being read now (issue 27): per client IP and in all. */
  largeBodySlots: LargeBodySlots;
  /**
   * The first step of a graceful shutdown (SIGTERM, DESIGN §21): refuses new connections, tells this
   * instance's sockets to reconnect elsewhere with jitter, waits for them to go (closing the rest at the
   * window's end) and for the chat turns in flight, within `deadline`. Then call close().
   */
  drain(options: DrainOptions): Promise<DrainResult>;
  close(): Promise<void>;
};

/**
 * How long an idle kept-alive connection stays open (decision 0110): longer than the idle timeout of the
 * proxies and load balancers in front (60 s on the common ones), so that they never reuse a connection
 * this server is closing. With Node's 5 s default, a request sent on such a connection was reset: a 502
 * at the proxy, an upload lost.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export async function createApplication(
  services: AppServices,
  options: { mode: AppMode; /** Another dashboard build (tests of parallel work trees). */ buildDir?: string },
): Promise<Application> {
  const buildDir = options.buildDir ?? dashboardBuildDir;
  const app = express();
  const httpServer = createServer(app);
  httpServer.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  app.disable("x-powered-by");
  // Request ids, the HTTP metrics by route pattern and the access log (decision 0075): first, so every
  // answer is counted, refusals included. The Remix routes' patterns are known once the build is loaded.
  let remixRoute: ((pathname: string) => string) | undefined;
  app.use(requestObserver({ logger: services.logger, metrics: services.metrics, remixRoute: (pathname) => remixRoute?.(pathname) ?? "remix" }));
  // The same rule as the socket.io handshake's (server/http/client-ip.ts): a hop count or addresses.
  if (services.env.TRUST_PROXY !== false) app.set("trust proxy", services.env.TRUST_PROXY);
  app.use(compression());
  app.use(securityHeaders(services.env.PUBLIC_APP_URL));
  app.use(sameOriginGuard(services.env.PUBLIC_APP_URL));
  app.use(nulAddressGuard);
  if (options.mode === "production") app.use(contentSecurityPolicy);

  // Set by drain(): the health check answers 503 so a proxy stops sending new requests here.
  let draining = false;
  app.get("/healthz", (_req, res) => {
    if (draining) res.status(503).json({ ok: false, draining: true });
    else res.json({ ok: true });
  });
  // Liveness, readiness and the Prometheus metrics (server/observability/operations.server.ts).
  let closing = false;
  app.use(
    operationsRoutes({
      metrics: services.metrics,
      metricsToken: services.env.METRICS_TOKEN,
      readiness: {
        shuttingDown: () => closing || draining,
        checks: {
          database: () => services.db.$queryRawUnsafe("SELECT 1"),
          ...(services.redis ? { redis: () => services.redis!.ping() } : {}),
        },
      },
    }),
  );

  // Before the assets: /widget/* is otherwise the chunks' static folder. The push of the checklist's
  // news goes through the workspace namespace, made below (called only at request time).
  app.get(
    WIDGET_CONFIG_PATH,
    widgetConfigRoute({
      db: services.db,
      appUrl: services.env.PUBLIC_APP_URL,
      logger: services.logger,
      onInstalled: (businessId, origin) => workspaceEvents.onboardingUpdated(businessId, { step: "verify", origin }),
    }),
  );
  app.use(widgetAssets(path.join(repoRoot, "widget", "dist")));

  // Widgets connect from customers' origins: CORS is open at the transport level and the /widget
  // handshake checks each chatbot's allowed origins; /workspace accepts only the app's own origin.
  // Raw connections are capped per client IP at the handshake, and a connection that joins no
  // namespace is closed after SOCKET_CONNECT_TIMEOUT_MS (issue 13, realtime/connection-cap.server.ts).
  const connectionCap = createConnectionCap({ maxPerIp: services.env.MAX_CONNECTIONS_PER_IP, trustProxy: services.env.TRUST_PROXY });
  const io = new SocketServer(httpServer, {
    serveClient: false,
    cors: { origin: true, credentials: false },
    // A draining instance takes no new connection: the client's retry goes to another instance.
    allowRequest: (req, callback) => (draining ? callback("draining", false) : connectionCap.allowRequest(req, callback)),
    connectTimeout: services.env.SOCKET_CONNECT_TIMEOUT_MS,
  });
  connectionCap.track(io.engine);
  let quitSubClient: (() => Promise<void>) | undefined;
  if (services.redis) {
    const { createAdapter } = await import("@socket.io/redis-adapter");
    const subClient = services.redis.duplicate();
    io.adapter(createAdapter(services.redis, subClient));
    // Quit after io.close() (which unsubscribes through it), not on the HTTP server's close: a draining
    // instance closes its listener first and still needs the adapter for the turns it finishes.
    quitSubClient = () => subClient.quit().then(() => undefined);
  }
  const { chat, workspaceEvents } = attachRealtime(io, services);
  // Read when Prometheus scrapes: this process's sockets, the database's waiting jobs.
  services.metrics.observe({
    visitors: () => io.of(WIDGET_NAMESPACE).sockets.size,
    members: () => io.of(WORKSPACE_NAMESPACE).sockets.size,
    jobsQueued: () => waitingJobs(services.db),
  });

  let build: ServerBuild | (() => Promise<ServerBuild>);
  let closeVite: (() => Promise<void>) | undefined;
  if (options.mode === "development") {
    const vite = await import("vite");
    const devServer = await vite.createServer({
      configFile: path.join(repoRoot, "dashboard", "vite.config.ts"),
      server: { middlewareMode: true, hmr: { server: httpServer } },
    });
    app.use(devServer.middlewares);
    build = () => devServer.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>;
    closeVite = () => devServer.close();
  } else {
    const clientDir = path.join(buildDir, "client");
    app.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }));
    app.use(express.static(clientDir, { maxAge: "1h", index: false }));
    const serverBuildPath = path.join(buildDir, "server", "index.js");
    build = (await import(serverBuildPath)) as ServerBuild;
    remixRoute = remixRoutePatterns(build);
  }

  const largeBodySlots = createLargeBodySlots();
  app.all(
    "*",
    remixRequestHandler({
      build,
      mode: options.mode,
      getLoadContext: (req, res) => ({
        // The request's own logger: its lines carry the request id of the access log and X-Request-Id.
        services: withRequestLogger(services, requestIdOf(res)),
        realtime: workspaceEvents,
        clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
        requestMemo: createRequestMemo(),
        cspNonce: typeof res.locals.cspNonce === "string" ? res.locals.cspNonce : undefined,
      }),
      largeBodies: { mayPost: (route, req) => mayPostLargeBody(services, route, req), slots: largeBodySlots },
    }),
  );

  return {
    httpServer,
    io,
    chat,
    workspaceEvents,
    largeBodySlots,
    async drain(drainOptions) {
      draining = true;
      return drainRealtime({ io, httpServer, chat }, drainOptions);
    },
    async close() {
      closing = true;
      // io.close() also closes the HTTP server; idle keep-alive connections are dropped so it can.
      const closed = new Promise<void>((resolve) => io.close(() => resolve()));
      httpServer.closeAllConnections();
      await closed;
      await quitSubClient?.().catch(() => undefined);
      await chat.idle();
      await closeVite?.();
    },
  };
}

/** The services with a logger whose lines carry the request id (a copy of the container, per request). */
function withRequestLogger(services: AppServices, requestId: string | undefined): AppServices {
  if (!requestId || !services.logger.child) return services;
  return { ...services, logger: withLogFields(services.logger, { requestId }) };
}
