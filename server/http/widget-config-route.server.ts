// GET /widget/config?key=SITE_KEY: the loader's first and only request before the visitor opens the
// chat (server/chatbots/widget-config.server.ts says what it answers). Cached by the browser for a
// minute, per Origin; readable from any origin, since a refused one must learn why (the loader tells the
// site owner in the console) and the answer holds nothing but what the widget itself shows.
import type { Request, RequestHandler } from "express";
import type { Db } from "../db/client.server.ts";
import type { Logger } from "../shared/logger.ts";
import { widgetConfigFor } from "../chatbots/widget-config.server.ts";
import { noteInstallation } from "../onboarding/installation.server.ts";
import { noteImpression } from "../analytics/impressions.server.ts";
import { normalizeOrigin } from "../chatbots/origin.ts";

export const WIDGET_CONFIG_MAX_AGE_SECONDS = 60;

/**
 * The page's origin: the Origin header (every cross-origin fetch has one). A same-origin GET carries
 * none, so the browser's `Sec-Fetch-Site: same-origin` stands for the app's own origin (the Test
 * Chatbot page), or, where browsers send no Sec-Fetch-* headers (plain http other than localhost), a
 * Referer on the app's origin. All of them can be forged by a non-browser client: the answer is public.
 */
export function requestOrigin(req: Pick<Request, "headers">, appOrigin: string): string | undefined {
  const { origin, referer } = req.headers;
  if (typeof origin === "string" && origin !== "null") return origin;
  if (req.headers["sec-fetch-site"] === "same-origin") return appOrigin;
  if (req.headers["sec-fetch-site"] === undefined && typeof referer === "string" && normalizeOrigin(referer) === appOrigin) return appOrigin;
  return undefined;
}

export function widgetConfigRoute(deps: {
  db: Db;
  appUrl: string;
  logger: Logger;
  /** The chatbot was first seen on a website of the business (the checklist's "installation verified"). */
  onInstalled: (businessId: string, origin: string) => void;
}): RequestHandler {
  const appOrigin = normalizeOrigin(deps.appUrl) ?? deps.appUrl;
  return async (req, res) => {
    const origin = requestOrigin(req, appOrigin);
    res.setHeader("Vary", "Origin, Sec-Fetch-Site");
    if (typeof req.headers.origin === "string") res.setHeader("Access-Control-Allow-Origin", req.headers.origin);
    res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
    try {
      const answer = await widgetConfigFor(deps.db, { siteKey: req.query.key, origin, appOrigin });
      res.setHeader("Cache-Control", `public, max-age=${WIDGET_CONFIG_MAX_AGE_SECONDS}`);
      res.json(answer.body);
      // Not awaited by the response: one conditional UPDATE; the first writer pushes the news.
      if (answer.impression) noteImpression(deps, answer.impression);
      if (answer.installation) noteInstallation({ db: deps.db, logger: deps.logger, onFirst: deps.onInstalled }, answer.installation);
    } catch (error) {
      deps.logger.error("[widget] the config request failed", error);
      res.setHeader("Cache-Control", "no-store");
      res.status(500).json({ error: "server_error" });
    }
  };
}
