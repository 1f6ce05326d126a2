import { createCookie, type Cookie } from "@remix-run/node";
import { SESSION_TTL_MS } from "../auth/sessions.server.ts";

export const SESSION_COOKIE_NAME = "lb_session";

/** HttpOnly, SameSite=Lax, signed; Secure when the app is served over https. */
export function createSessionCookie(secret: string, secure: boolean): Cookie {
  return createCookie(SESSION_COOKIE_NAME, {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    secrets: [secret],
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}

export const SANDBOX_COOKIE_NAME = "lb_sandbox";

/** The browser's demo sandbox (its business id), signed like the session cookie; it lives as long as the sandbox. */
export function createSandboxCookie(secret: string, secure: boolean, maxAgeSeconds: number): Cookie {
  return createCookie(SANDBOX_COOKIE_NAME, { httpOnly: true, sameSite: "lax", secure, path: "/", secrets: [secret], maxAge: maxAgeSeconds });
}
