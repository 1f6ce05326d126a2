import type { RequestHandler } from "express";

/**
 * Baseline security headers for every response of the app host. Served over https (PUBLIC_APP_URL),
 * browsers are also told to use https only for a year (HSTS), so a first plain-http visit on a hostile
 * network cannot be downgraded.
 */
export function securityHeaders(publicAppUrl: string): RequestHandler {
  const https = new URL(publicAppUrl).protocol === "https:";
  return (_req, res, next) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "SAMEORIGIN");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    if (https) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}
