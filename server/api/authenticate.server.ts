// Authenticates a REST API request (decision 0013): `Authorization: Bearer <key>` → the key's hash is
// looked up on every request (a revoked key fails at once), the key's rate limit is consumed, and the
// business's plan is checked now (a downgraded business's keys stop working). Also records lastUsedAt,
// written at most once a minute per key.
import { hasFeature, type PlanState } from "../shared/billing/entitlements.ts";
import type { Db } from "../db/client.server.ts";
import type { Logger } from "../shared/logger.ts";
import { apiError, API_MESSAGES } from "./api-errors.ts";
import type { ApiLimiter } from "./api-limiter.server.ts";
import { hashApiKey, parseBearerKey } from "./api-key-secret.ts";

export const LAST_USED_GRANULARITY_MS = 60_000;

export type ApiCaller = {
  keyId: string;
  businessId: string;
  /** Who created the key: the actor of what the key does (null when that user has gone). */
  createdById: string | null;
  business: PlanState & { id: string; timeZone: string };
  rateLimitHeaders: Record<string, string>;
};

export type ApiAuthDeps = { db: Db; apiLimiter: ApiLimiter; logger: Logger };

const unauthorized = (message: string) =>
  apiError("unauthorized", message, { headers: { "WWW-Authenticate": 'Bearer realm="LeadBroom API"' } });

/** The caller, or the error Response to send (401, 429, 403). */
export async function authenticateApiRequest(deps: ApiAuthDeps, request: Request, now = new Date()): Promise<ApiCaller | Response> {
  const header = request.headers.get("Authorization");
  const secret = parseBearerKey(header);
  if (!secret) return unauthorized(header ? API_MESSAGES.invalidKey : API_MESSAGES.missingKey);

  const key = await deps.db.apiKey.findUnique({
    where: { hash: hashApiKey(secret) },
    select: {
      id: true,
      businessId: true,
      createdById: true,
      lastUsedAt: true,
      revokedAt: true,
      business: { select: { id: true, timeZone: true, subscriptionStatus: true, trialEnd: true, isDemo: true, plan: true } },
    },
  });
  if (!key || key.revokedAt) return unauthorized(API_MESSAGES.invalidKey);

  const rate = await deps.apiLimiter.consume(key.id);
  if (!rate.allowed) {
    return apiError("rate_limited", API_MESSAGES.rateLimited, {
      headers: { "Retry-After": String(rate.retryAfterSeconds), "X-RateLimit-Limit": String(deps.apiLimiter.limit), "X-RateLimit-Remaining": "0" },
    });
  }

  if (!hasFeature(key.business, "api_access", now)) return apiError("plan_required", API_MESSAGES.planRequired);

  if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() >= LAST_USED_GRANULARITY_MS) {
    try {
      await deps.db.apiKey.update({ where: { id: key.id }, data: { lastUsedAt: now } });
    } catch (error) {
      // Bookkeeping only: the request itself goes on.
      deps.logger.error(`[api] recording the use of API key ${key.id} failed`, error);
    }
  }

  return {
    keyId: key.id,
    businessId: key.businessId,
    createdById: key.createdById,
    business: key.business,
    rateLimitHeaders: { "X-RateLimit-Limit": String(deps.apiLimiter.limit), "X-RateLimit-Remaining": String(rate.remaining) },
  };
}
