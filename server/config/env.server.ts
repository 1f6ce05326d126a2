// The one place that reads the environment (DESIGN §7). Parsed once at start-up; a bad value
// stops the process with a message naming the variable. The application reads its settings only here;
// the one exception is the PGlite worker thread (server/db/pglite-worker.ts), which reads two
// diagnostics switches (LB_PGLITE_PREPARED, LB_PGLITE_STATS) in its own thread, where this module is not loaded.
import { z } from "zod";
import { parseTrustProxy } from "../http/client-ip.ts";

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const urlWithProtocols = (protocols: string[]) =>
  optionalString.refine(
    (v) => {
      if (v === undefined) return true;
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(" or ")}` },
  );

const prefixed = (prefix: string) =>
  optionalString.refine((v) => v === undefined || v.startsWith(prefix), {
    message: `must start with "${prefix}"`,
  });

const booleanFlag = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

/** PostgreSQL pool size when DATABASE_POOL_MAX is unset: with ten, a busy event loop's slower round trips kept every connection taken under chat load (issue 28, decision 0083). */
export const DEFAULT_DATABASE_POOL_MAX = 20;

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  PUBLIC_APP_URL: urlWithProtocols(["http:", "https:"]),
  SESSION_SECRET: optionalString.refine((v) => v === undefined || v.length >= 32, {
    message: "must be at least 32 characters",
  }),
  DATA_DIR: z.string().default(".data"),
  /** Backups (decision 0073): the nightly backup on PGlite into DATA_DIR/backups ("false" turns it off), and how many to keep. */
  BACKUP_NIGHTLY: z.enum(["true", "false", "1", "0"]).default("true").transform((v) => v === "true" || v === "1"),
  BACKUP_KEEP_DAILY: z.coerce.number().int().min(1).max(365).default(7),
  BACKUP_KEEP_WEEKLY: z.coerce.number().int().min(0).max(520).default(4),
  DATABASE_URL: urlWithProtocols(["postgres:", "postgresql:"]),
  /** PostgreSQL only: connections in the process's pool (issue 28). */
  DATABASE_POOL_MAX: z.coerce.number().int().min(2).max(200).default(DEFAULT_DATABASE_POOL_MAX),
  /** Background statements or transactions (the job layer's) in flight at once; unset: 2 on PGlite, 4 on PostgreSQL (decision 0097). */
  DATABASE_BACKGROUND_SLOTS: z.coerce.number().int().min(1).max(200).optional(),
  REDIS_URL: urlWithProtocols(["redis:", "rediss:"]),
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: urlWithProtocols(["http:", "https:"]),
  OPENAI_MODEL: z.string().default("gpt-4o-mini"),
  /** AI assistant guard rails (server/ai/): per-call timeout, caps per conversation and per business per UTC day. */
  AI_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(8_000),
  AI_MAX_CALLS_PER_CONVERSATION: z.coerce.number().int().min(0).default(40),
  AI_MAX_TOKENS_PER_CONVERSATION: z.coerce.number().int().min(0).default(40_000),
  AI_MAX_CALLS_PER_BUSINESS_DAY: z.coerce.number().int().min(0).default(2_000),
  AI_MAX_TOKENS_PER_BUSINESS_DAY: z.coerce.number().int().min(0).default(2_000_000),
  /** Development only: answer OpenAI calls with the MSW handlers of tests/mocks/openai.ts (no key needed). */
  MOCKS: booleanFlag,
  /**
   * "off": self-hosting without a billing provider (issue 32, decision 0072): every feature on for every
   * business, no plan limits, no billing screens, and no call to Stripe even when its keys are set.
   */
  BILLING: z.enum(["on", "off"]).default("on"),
  STRIPE_SECRET_KEY: prefixed("sk_"),
  STRIPE_PUBLISHABLE_KEY: prefixed("pk_"),
  STRIPE_WEBHOOK_SECRET: prefixed("whsec_"),
  STRIPE_PRICE_STARTER_MONTHLY: prefixed("price_"),
  STRIPE_PRICE_STARTER_ANNUAL: prefixed("price_"),
  STRIPE_PRICE_PRO_MONTHLY: prefixed("price_"),
  STRIPE_PRICE_PRO_ANNUAL: prefixed("price_"),
  STRIPE_PRICE_ENTERPRISE_MONTHLY: prefixed("price_"),
  STRIPE_PRICE_ENTERPRISE_ANNUAL: prefixed("price_"),
  /** Metered prices for leads over the plan's limit (server/billing/, `npm run stripe:setup` prints them). */
  STRIPE_PRICE_OVERAGE_MONTHLY: prefixed("price_"),
  STRIPE_PRICE_OVERAGE_ANNUAL: prefixed("price_"),
  /** The Stripe billing meter's event name that counts overage leads. */
  STRIPE_OVERAGE_METER_EVENT: z.string().trim().min(1).default("leadbroom_overage_lead"),
  /** The per-lead overage fee in cents (shown on the pricing page; `stripe:setup` creates the metered price with it). */
  LEAD_OVERAGE_FEE_CENTS: z.coerce.number().int().min(0).max(100_000).default(50),
  SMTP_URL: urlWithProtocols(["smtp:", "smtps:"]),
  MAIL_FROM: z.string().default("LeadBroom <no-reply@leadbroom.test>"),
  /**
   * Seed the fixed demo business and account at start-up when missing (DESIGN §5). Its password is
   * published, so it is off by default under NODE_ENV=production (parseEnv): the /login demo button's
   * per-browser sandboxes are the public demo there (issue 27 item 6).
   */
  SEED_DEMO: z
    .enum(["true", "false", "1", "0"])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === "true" || v === "1")),
  /**
   * The site key of the chatbot on LeadBroom's own public pages. Unknown at start: a chatbot of a
   * member-less "LeadBroom" business is made for it (server/demo/site-chatbot.server.ts).
   */
  SITE_CHATBOT_KEY: z.string().trim().regex(/^[A-Za-z0-9_-]{1,100}$/, "must be a site key").default("leadbroom-site"),
  /**
   * Behind reverse proxies: how many there are ("1") or their addresses/CIDRs ("10.0.0.1, 10.1.0.0/16");
   * the client IP is then the nearest X-Forwarded-For entry that is not a trusted proxy. "true" is
   * refused (it would trust what the client writes).
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      try {
        return parseTrustProxy(value);
      } catch (error) {
        ctx.addIssue({ code: "custom", message: (error as Error).message });
        return z.NEVER;
      }
    }),
  /** Socket connections (engine.io) open at once from one client IP, per process. */
  MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(1).default(200),
  /** How often open workspace sockets have their sessions checked (expired or deleted: disconnected). */
  SESSION_RECHECK_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  /** A socket that joins no namespace within this many milliseconds is closed. */
  SOCKET_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** Public site: where contact-form messages and job applications are e-mailed; shown as the contact address. */
  CONTACT_EMAIL: z.string().trim().email("must be an e-mail address").default("hello@leadbroom.com"),
  /** Public site: the external scheduling page opened by Book a Demo and Schedule a Call. */
  SCHEDULING_URL: z.string().trim().url("must be a URL").default("https://calendly.com/leadbroom/demo"),
  /** SMS steps of automations (Twilio's official library); without all three, SMS is not configured. */
  TWILIO_ACCOUNT_SID: prefixed("AC"),
  TWILIO_AUTH_TOKEN: z.string().trim().min(1).optional(),
  /** The Twilio number (E.164) SMS are sent from. */
  TWILIO_FROM_NUMBER: z.string().trim().regex(/^\+[1-9]\d{6,14}$/, "must be an E.164 phone number like +15551234567").optional(),
  /**
   * Quiet hours of automated SMS in the business's time zone (DESIGN §19): "HH:MM-HH:MM" (default
   * 21:00-08:00), or "off" (tests that run at any hour).
   */
  SMS_QUIET_HOURS: z
    .string()
    .trim()
    .regex(/^(off|([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d)$/, 'must be "HH:MM-HH:MM" or "off"')
    .default("21:00-08:00"),
  /**
   * Web Push (DESIGN §20): the VAPID key pair (base64url, as `web-push generate-vapid-keys` prints
   * them), both or neither; without them a pair is generated once into DATA_DIR/vapid.json.
   */
  VAPID_PUBLIC_KEY: z.string().trim().regex(/^[A-Za-z0-9_-]{87}$/, "must be a base64url P-256 public key (87 characters)").optional(),
  VAPID_PRIVATE_KEY: z.string().trim().regex(/^[A-Za-z0-9_-]{43}$/, "must be a base64url P-256 private key (43 characters)").optional(),
  /** Who push services may contact about our pushes: `mailto:` or `https:`; by default PUBLIC_APP_URL (https) or MAIL_FROM's address. */
  VAPID_SUBJECT: z.string().trim().regex(/^(mailto:|https:\/\/)\S+$/, "must start with mailto: or https://").optional(),
  /**
   * Development and tests only: outgoing webhooks may go to http:// URLs and loopback addresses (a
   * receiver on this machine). Private and link-local addresses are refused always (SSRF, DESIGN §15).
   */
  WEBHOOKS_ALLOW_LOOPBACK: booleanFlag,
  /** One deadline for each webhook delivery: connecting, the receiver's answer and its whole body. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(10_000),
  /**
   * A chat turn left unfinished by a crash (a visitor message unanswered, a lead due but not captured)
   * is finished by a recovery job once the conversation has not changed for this many seconds: longer
   * than any live turn takes, AI calls included (server/chat/turn-recovery.server.ts, decision 0044).
   */
  CHAT_RECOVERY_AFTER_SECONDS: z.coerce.number().int().min(1).max(3_600).default(30),
  /** Tests only: the process kills itself at this point of a chat turn (tests/integration/lead-crash.test.ts). */
  TEST_CRASH_AT: z.enum(["before-reply", "before-capture"]).optional(),
  /**
   * Graceful shutdown (SIGTERM, DESIGN §21): connected clients reconnect (to another instance) after a
   * random delay within this window, and everything (turns, jobs) must be done this long after the signal.
   */
  SHUTDOWN_RECONNECT_WINDOW_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(120_000).default(10_000),
  /**
   * Operations (decision 0075): `GET /metrics` answers only when this is set, and only to
   * `Authorization: Bearer <METRICS_TOKEN>` (16+ characters); unset, /metrics is 404.
   */
  METRICS_TOKEN: optionalString.refine((v) => v === undefined || v.length >= 16, { message: "must be at least 16 characters" }),
  /** The lowest level written to the JSON log (stdout): info by default; debug shows what info masks. */
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** A chat turn slower than this (ms, from the visitor's message to the stored reply) is logged at warn with its conversation id; 0 logs every turn. */
  LOG_SLOW_TURN_MS: z.coerce.number().int().min(0).default(5_000),
});

export type EnvInput = z.input<typeof envSchema>;
export type Env = Omit<z.output<typeof envSchema>, "SEED_DEMO"> & { PUBLIC_APP_URL: string; SEED_DEMO: boolean };

export class EnvError extends Error {
  constructor(public readonly issues: string[]) {
    super(`Invalid environment configuration:\n${issues.map((i) => `  - ${i}`).join("\n")}`);
    this.name = "EnvError";
  }
}

/** Parses an environment record (normally process.env). Throws EnvError naming each bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  // An empty value (`PORT=` in an env file) means unset, so defaults apply.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value.trim() !== ""));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    throw new EnvError(
      result.error.issues.map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`),
    );
  }
  const env = result.data;
  const publicAppUrl = (env.PUBLIC_APP_URL ?? `http://localhost:${env.PORT || 3000}`).replace(/\/+$/, "");
  if (env.NODE_ENV === "production" && env.DATABASE_URL === undefined && env.REDIS_URL !== undefined) {
    throw new EnvError([
      "REDIS_URL: scale-out needs a shared database; set DATABASE_URL too (PGlite is single-process)",
    ]);
  }
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
    throw new EnvError(["VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both (a key pair) or neither"]);
  }
  if (env.NODE_ENV === "production" && env.WEBHOOKS_ALLOW_LOOPBACK) {
    throw new EnvError(["WEBHOOKS_ALLOW_LOOPBACK: webhooks to loopback addresses are for development only; unset it in production"]);
  }
  if (env.NODE_ENV === "production" && env.TEST_CRASH_AT) {
    throw new EnvError(["TEST_CRASH_AT: the crash hook is for tests only; unset it in production"]);
  }
  if (env.NODE_ENV === "production" && env.MOCKS) {
    throw new EnvError(["MOCKS: the OpenAI mocks are for development only; unset MOCKS in production"]);
  }
  return { ...env, PUBLIC_APP_URL: publicAppUrl, SEED_DEMO: env.SEED_DEMO ?? env.NODE_ENV !== "production" };
}

/** What reaches the browser: an explicit allow-list, nothing else. */
export type PublicEnv = {
  PUBLIC_APP_URL: string;
  STRIPE_PUBLISHABLE_KEY: string | null;
};

export function publicEnv(env: Env): PublicEnv {
  return {
    PUBLIC_APP_URL: env.PUBLIC_APP_URL,
    STRIPE_PUBLISHABLE_KEY: env.STRIPE_PUBLISHABLE_KEY ?? null,
  };
}
