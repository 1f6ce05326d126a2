// Everything a request, socket or job needs, created once at start-up and passed down explicitly
// (Remix load context, socket.io factory). No module-level state.
import { createHmac } from "node:crypto";
import path from "node:path";
import type { Cookie } from "@remix-run/node";
import { Redis } from "ioredis";
import type { Env } from "./config/env.server.ts";
import type { Db } from "./db/client.server.ts";
import { createAuthLimiter, type AuthLimiter, type AuthLimits } from "./auth/limiter.server.ts";
import { createMailer, type Mailer } from "./mail/mailer.server.ts";
import type { Logger } from "./shared/logger.ts";
import { createSandboxCookie, createSessionCookie } from "./http/session-cookie.server.ts";
import { SANDBOX_TTL_MS } from "./demo/sandbox.server.ts";
import type { Assistant } from "./conversation/assistant.ts";
import { createAssistant } from "./ai/create-assistant.server.ts";
import type { SiteAssistant } from "./site-assistant/assistant.server.ts";
import { createSiteAssistantFromEnv } from "./site-assistant/create.server.ts";
import { createSmsAvailability, type SmsAvailability } from "./sms/availability.server.ts";
import { createChatbotCache, type ChatbotCache } from "./chatbots/chatbot-cache.server.ts";
import { findChatbotById } from "./chatbots/profile.server.ts";
import { createWidgetLimiter, type WidgetLimiter, type WidgetLimits } from "./realtime/rate-limits.server.ts";
import { createBillingServices, type BillingServices } from "./billing/billing-services.server.ts";
import { setBillingOff } from "./shared/billing/billing-mode.ts";
import { createApiLimiter, type ApiLimiter, type ApiLimits } from "./api/api-limiter.server.ts";
import type { JobQueue } from "./jobs/queue/job-queue.server.ts";
import type { SmsSender } from "./automations/runs.server.ts";
import { createSmsSender } from "./automations/sms.server.ts";
import type { WebhookSettings } from "./webhooks/endpoints.server.ts";
import { createSecretBox, deriveSecretBoxKey } from "./webhooks/secret-box.server.ts";
import { systemResolver } from "./webhooks/safe-request.server.ts";
import { loadVapidKeys, type VapidKeys } from "./push/vapid.server.ts";
import { createMetrics, type AppMetrics } from "./observability/metrics.server.ts";
import { QUEUES } from "./jobs/queue/queues.ts";

export type AppServices = {
  env: Env;
  db: Db;
  /**
   * The same database for the job layer's handlers (Database.background.prisma, decision 0097): few of
   * its statements in flight at once, so that a burst of jobs never queues in front of the chat.
   */
  backgroundDb: Db;
  mailer: Mailer;
  authLimiter: AuthLimiter;
  sessionCookie: Cookie;
  /** Names the browser's demo sandbox (decision 0026). */
  sandboxCookie: Cookie;
  logger: Logger;
  outboxDir: string;
  redis: Redis | null;
  assistant: Assistant;
  /** LeadBroom's own site assistant: the operator business's chatbot (decision 0063). */
  siteAssistant: SiteAssistant;
  widgetLimiter: WidgetLimiter;
  /** REST API requests per key (server/api). */
  apiLimiter: ApiLimiter;
  /** Chatbot profiles for the widget's hot path (short TTL; forget a business after changing it). */
  chatbotCache: ChatbotCache;
  /** Whether a business can text, cached per process (server/sms/availability.server.ts, issue 28). */
  smsAvailability: SmsAvailability;
  /** The durable job layer (DESIGN §10): every side effect that leaves a request is a job. */
  jobs: JobQueue;
  /** Signs and verifies short-lived tokens (the Test Chatbot page's), derived from the session secret. */
  signingSecret: string;
  /** Twilio SMS for automations, when TWILIO_* is set. */
  sms?: SmsSender;
  /** Outgoing webhooks: the secrets' encryption, the SSRF policy and resolver, the timeout (DESIGN §15). */
  webhooks: WebhookSettings;
  /** The VAPID key pair of Web Push (DESIGN §20): from VAPID_* or DATA_DIR/vapid.json. */
  vapid: VapidKeys;
  /** This instance's Prometheus metrics (decision 0075), read by GET /metrics. */
  metrics: AppMetrics;
} & BillingServices;

export function createServices(options: {
  env: Env;
  db: Db;
  backgroundDb: Db;
  jobs: JobQueue;
  sessionSecret: string;
  logger?: Logger;
  authLimits?: Partial<AuthLimits>;
  widgetLimits?: Partial<WidgetLimits>;
  apiLimits?: ApiLimits;
  /** How long a chatbot's profile is served from memory (default 2 s, decision 0007). */
  chatbotCacheTtlMs?: number;
  /** The instance's metrics, made at boot so the job queue counts into them too (else new ones). */
  metrics?: AppMetrics;
}): AppServices {
  const { env, db } = options;
  const logger = options.logger ?? console;
  const outboxDir = path.resolve(env.DATA_DIR, "outbox");
  const redis = env.REDIS_URL ? new Redis(env.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 2 }) : null;
  // BILLING=off: the plan and subscription rules give every business everything (decision 0072).
  setBillingOff(env.BILLING === "off");
  return {
    env,
    db,
    backgroundDb: options.backgroundDb,
    jobs: options.jobs,
    sms: createSmsSender(env),
    signingSecret: createHmac("sha256", options.sessionSecret).update("leadbroom-signing").digest("base64url"),
    webhooks: {
      box: createSecretBox(deriveSecretBoxKey(options.sessionSecret)),
      policy: { allowLoopback: env.WEBHOOKS_ALLOW_LOOPBACK },
      resolver: systemResolver,
      timeoutMs: env.WEBHOOK_TIMEOUT_MS,
    },
    vapid: loadVapidKeys(env),
    metrics: options.metrics ?? createMetrics({ queues: QUEUES.map((q) => q.name) }),
    logger,
    outboxDir,
    redis,
    mailer: createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir, logger }),
    authLimiter: createAuthLimiter({ redis: redis ?? undefined, limits: options.authLimits }),
    widgetLimiter: createWidgetLimiter({ redis: redis ?? undefined, limits: options.widgetLimits }),
    apiLimiter: createApiLimiter({ redis: redis ?? undefined, limits: options.apiLimits }),
    assistant: createAssistant({ env, db, logger }),
    siteAssistant: createSiteAssistantFromEnv({ env, db, logger }),
    chatbotCache: createChatbotCache({ load: (chatbotId) => findChatbotById(db, chatbotId), ttlMs: options.chatbotCacheTtlMs }),
    smsAvailability: createSmsAvailability({ db, env }),
    ...createBillingServices({ env }),
    sessionCookie: createSessionCookie(options.sessionSecret, cookiesMustBeSecure(env)),
    sandboxCookie: createSandboxCookie(options.sessionSecret, cookiesMustBeSecure(env), Math.floor(SANDBOX_TTL_MS / 1000)),
  };
}

export async function closeServices(services: AppServices): Promise<void> {
  // Test files share a process (vitest isolate: false): the next server starts from the default.
  if (services.env.BILLING === "off") setBillingOff(false);
  await services.jobs.stop();
  services.mailer.close();
  await services.redis?.quit();
  services.metrics.close();
}

/** Secure cookies over https, and always in production except on a loopback host (local trials). */
function cookiesMustBeSecure(env: Env): boolean {
  const url = new URL(env.PUBLIC_APP_URL);
  if (url.protocol === "https:") return true;
  const loopback = ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
  return env.NODE_ENV === "production" && !loopback;
}
