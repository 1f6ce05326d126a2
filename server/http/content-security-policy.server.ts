// Content-Security-Policy (issue 13), in production: scripts only from our origin, Stripe.js, and the
// inline scripts Remix writes into each page, which carry this response's nonce. A script injected
// into a page by an XSS has neither. Styles may be inline (React style attributes, the widget's
// styles inside its shadow root). Development (Vite's HMR client) runs without it.
import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";

export function cspPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' https://js.stripe.com`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https://*.stripe.com",
    "font-src 'self' data:",
    // The workspace's and the chat's socket.io connections to this origin, and Stripe's API.
    "connect-src 'self' ws: wss: https://api.stripe.com",
    "frame-src https://js.stripe.com https://hooks.stripe.com",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join("; ");
}

/** Sets the policy with a fresh nonce, which it leaves in res.locals.cspNonce for the page's render. */
export const contentSecurityPolicy: RequestHandler = (_req, res, next) => {
  const nonce = randomBytes(16).toString("base64");
  res.locals.cspNonce = nonce;
  res.setHeader("Content-Security-Policy", cspPolicy(nonce));
  next();
};
