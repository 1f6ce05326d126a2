// Cross-site request forgery (issue 13): every state-changing request from a browser must come from
// the app's own pages. A browser names the page's origin in `Origin` on every cross-origin POST (and
// Fetch Metadata's `Sec-Fetch-Site` in current browsers); a request naming another origin, or marked
// cross-site, is refused with 403 before any route runs. Requests without either header are not from a
// browser page (curl, server-to-server) and cannot carry a victim's cookie by accident: they pass.
// Exempt: what does not authenticate with the session cookie (the signed Stripe webhook, the REST API
// with its Bearer keys).
import type { RequestHandler } from "express";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const EXEMPT_PREFIXES = ["/api/stripe/webhook", "/api/v1/"];

export function sameOriginGuard(publicAppUrl: string): RequestHandler {
  const appOrigin = new URL(publicAppUrl).origin;
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || EXEMPT_PREFIXES.some((prefix) => req.path.startsWith(prefix))) return next();
    const origin = req.get("Origin");
    const fetchSite = req.get("Sec-Fetch-Site");
    // The request's own origin, as the browser addressed it (behind a proxy: its forwarded host).
    const selfOrigin = `${req.protocol}://${req.get("host")}`;
    const crossOrigin = origin !== undefined && origin !== "null" ? origin !== appOrigin && origin !== selfOrigin : origin === "null";
    if (crossOrigin || fetchSite === "cross-site") {
      res.status(403).type("text/plain").send("Cross-site request refused.");
      return;
    }
    next();
  };
}
