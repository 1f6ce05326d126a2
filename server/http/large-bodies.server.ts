// Bodies over the default limit (issue 27): 80 anonymous 10 MB posts to /app/outreach once took the
// server from 586 to 1,192 MB, each read whole before its action said "sign in". A request that may carry
// more than DEFAULT_BODY_LIMIT to a raised-limit route is let in only when its caller may use that
// route (checked from the cookie or API key, before a byte of the body is read), and only while few
// such bodies are being read: per client IP and in all. A caller who may not is handed to the route
// with an empty body, so the route's own guard answers (a redirect to /login, 403) in its own format.
import type { IncomingMessage } from "node:http";
import { hashApiKey, parseBearerKey } from "../api/api-key-secret.ts";
import { getSessionUser } from "../auth/sessions.server.ts";
import { getWorkspace, type Workspace } from "../businesses/workspace.server.ts";
import { hasFeature } from "../shared/billing/entitlements.ts";
import type { AppServices } from "../services.server.ts";
import { DEFAULT_BODY_LIMIT } from "./body-limit.server.ts";

/** Large bodies read at once from one client IP, and in all (each up to its route's limit, ~10 MB). */
export const LARGE_BODY_SLOTS = { perIp: 2, total: 8 };
/** Seconds a refused upload is told to wait. */
export const LARGE_BODY_RETRY_AFTER_SECONDS = 5;

/** Whether the body may be over the default limit: declared so, or of unknown length (chunked). */
export function mayExceedDefaultLimit(req: IncomingMessage): boolean {
  const declared = req.headers["content-length"];
  if (declared !== undefined) return Number(declared) > DEFAULT_BODY_LIMIT;
  return req.headers["transfer-encoding"] !== undefined;
}

export type SlotGrant = { ok: true; release(): void } | { ok: false; scope: "ip" | "total" };

export type LargeBodySlots = {
  acquire(ip: string): SlotGrant;
  inUse(): number;
};

/** Counts large bodies being read, per IP and in all; a grant is released once (extra calls do nothing). */
export function createLargeBodySlots(limits: { perIp: number; total: number } = LARGE_BODY_SLOTS): LargeBodySlots {
  const byIp = new Map<string, number>();
  let total = 0;
  return {
    acquire(ip) {
      if (total >= limits.total) return { ok: false, scope: "total" };
      const held = byIp.get(ip) ?? 0;
      if (held >= limits.perIp) return { ok: false, scope: "ip" };
      byIp.set(ip, held + 1);
      total++;
      let released = false;
      return {
        ok: true,
        release() {
          if (released) return;
          released = true;
          total--;
          const left = (byIp.get(ip) ?? 1) - 1;
          if (left > 0) byIp.set(ip, left);
          else byIp.delete(ip);
        },
      };
    },
    inUse: () => total,
  };
}

type Services = Pick<AppServices, "db" | "sessionCookie">;

async function sessionWorkspace(services: Services, req: IncomingMessage): Promise<Workspace | null> {
  const token: unknown = await services.sessionCookie.parse(req.headers.cookie ?? null);
  const user = await getSessionUser(services.db, typeof token === "string" ? token : null);
  if (!user) return null;
  const workspace = await getWorkspace(services.db, user.userId);
  const expired = workspace?.business.sandboxExpiresAt && workspace.business.sandboxExpiresAt.getTime() <= Date.now();
  return expired ? null : workspace;
}

/** An active API key of a business whose plan has the API (what authenticateApiRequest checks, read-only). */
async function apiKeyEntitled(services: Services, req: IncomingMessage): Promise<boolean> {
  const secret = parseBearerKey(req.headers.authorization);
  if (!secret) return false;
  const key = await services.db.apiKey.findUnique({
    where: { hash: hashApiKey(secret) },
    select: { revokedAt: true, business: { select: { subscriptionStatus: true, trialEnd: true, isDemo: true, plan: true } } },
  });
  return Boolean(key && !key.revokedAt && hasFeature(key.business, "api_access"));
}

/**
 * Whether the caller may send a large body to `route` (bodyRouteOf): the same rule as the route's own
 * guard. Routes not named here are public (the careers form's résumé) and only the slots apply.
 */
export async function mayPostLargeBody(services: Services, route: string, req: IncomingMessage): Promise<boolean> {
  if (route === "/app/settings/profile") return (await sessionWorkspace(services, req))?.role === "owner"; // requireOwner
  if (route === "/app/outreach") {
    const workspace = await sessionWorkspace(services, req);
    return workspace !== null && hasFeature(workspace.business, "cold_outreach"); // requireOutreach
  }
  if (route.startsWith("/api/v1/")) return apiKeyEntitled(services, req);
  return true;
}
