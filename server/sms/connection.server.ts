// A business's Twilio connection (DESIGN §19, decision 0068): its own account and number, entered in
// Settings → Integrations, the secret sealed like webhook secrets (server/webhooks/secret-box.server.ts);
// the operator's TWILIO_* is the fallback for businesses that connected none. Sending and webhook
// verification both resolve the account here.
import type { Db } from "../db/client.server.ts";
import type { Env } from "../config/env.server.ts";
import type { SecretBox } from "../webhooks/secret-box.server.ts";
import { DEFAULT_CONSENT_TEXT } from "../shared/sms/sms-text.ts";
import type { TwilioConnectionInput } from "../shared/sms/twilio-input.ts";

export type TwilioEnv = Pick<Env, "TWILIO_ACCOUNT_SID" | "TWILIO_AUTH_TOKEN" | "TWILIO_FROM_NUMBER">;

/** How SMS are sent and webhooks verified for one business. */
export type SmsAccount = {
  source: "business" | "platform";
  accountSid: string;
  /** The REST API's Basic auth: an API key (SK…) and its secret, or the account SID and auth token. */
  username: string;
  password: string;
  /** Twilio signs webhooks with the account's auth token. */
  authToken: string;
  phoneNumber: string;
  forwardTo: string | null;
  consentText: string;
};

type SealedSecret = { authToken: string; apiKeySecret?: string };

function platformAccount(env: TwilioEnv): SmsAccount | null {
  const { TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: token, TWILIO_FROM_NUMBER: from } = env;
  if (!sid || !token || !from) return null;
  return { source: "platform", accountSid: sid, username: sid, password: token, authToken: token, phoneNumber: from, forwardTo: null, consentText: DEFAULT_CONSENT_TEXT };
}

function openConnection(box: SecretBox, row: { accountSid: string; apiKeySid: string | null; sealedSecret: string; phoneNumber: string; forwardTo: string | null; consentText: string }): SmsAccount | null {
  let secret: SealedSecret;
  try {
    secret = JSON.parse(box.open(row.sealedSecret)) as SealedSecret;
  } catch {
    return null; // the session secret changed: the owner enters the token again
  }
  const useKey = Boolean(row.apiKeySid && secret.apiKeySecret);
  return {
    source: "business",
    accountSid: row.accountSid,
    username: useKey ? (row.apiKeySid as string) : row.accountSid,
    password: useKey ? (secret.apiKeySecret as string) : secret.authToken,
    authToken: secret.authToken,
    phoneNumber: row.phoneNumber,
    forwardTo: row.forwardTo,
    consentText: row.consentText,
  };
}

const connectionSelect = { businessId: true, accountSid: true, apiKeySid: true, sealedSecret: true, phoneNumber: true, forwardTo: true, consentText: true } as const;

/** The business's own account, else the platform's; null when SMS is not configured at all. */
export async function smsAccountFor(deps: { db: Db; box: SecretBox; env: TwilioEnv }, businessId: string): Promise<SmsAccount | null> {
  const row = await deps.db.twilioConnection.findUnique({ where: { businessId }, select: connectionSelect });
  if (row) return openConnection(deps.box, row);
  return platformAccount(deps.env);
}

/**
 * Which business a webhook to `to` (our number) from `from` is for: the business whose own number it is;
 * on the platform's shared number, the business that last texted `from` (or whose lead it is).
 */
export async function businessForNumber(deps: { db: Db; box: SecretBox; env: TwilioEnv }, to: string, from: string | null): Promise<{ businessId: string; account: SmsAccount } | null> {
  const own = await deps.db.twilioConnection.findFirst({ where: { phoneNumber: to }, orderBy: { createdAt: "asc" }, select: connectionSelect });
  if (own) {
    const account = openConnection(deps.box, own);
    return account ? { businessId: own.businessId, account } : null;
  }
  const platform = platformAccount(deps.env);
  if (!platform || platform.phoneNumber !== to || !from) return null;
  const last = await deps.db.smsMessage.findFirst({
    where: { direction: "outbound", toPhone: from, fromPhone: to },
    orderBy: { createdAt: "desc" },
    select: { businessId: true },
  });
  const consent = last ? null : await deps.db.smsConsent.findFirst({ where: { phone: from }, orderBy: { createdAt: "desc" }, select: { businessId: true } });
  const businessId = last?.businessId ?? consent?.businessId;
  return businessId ? { businessId, account: platform } : null;
}

export type TwilioConnectionView = {
  accountSid: string;
  apiKeySid: string | null;
  phoneNumber: string;
  forwardTo: string | null;
  consentText: string;
  updatedAt: string;
} | null;

export async function twilioConnectionView(db: Db, businessId: string): Promise<TwilioConnectionView> {
  const row = await db.twilioConnection.findUnique({ where: { businessId }, select: { accountSid: true, apiKeySid: true, phoneNumber: true, forwardTo: true, consentText: true, updatedAt: true } });
  return row ? { ...row, updatedAt: row.updatedAt.toISOString() } : null;
}

/** Connects (or replaces) the business's Twilio account; the secret is sealed before it is stored. */
export async function saveTwilioConnection(deps: { db: Db; box: SecretBox }, businessId: string, input: TwilioConnectionInput): Promise<void> {
  const secret: SealedSecret = { authToken: input.authToken, ...(input.apiKeySid && input.apiKeySecret ? { apiKeySecret: input.apiKeySecret } : {}) };
  const data = {
    accountSid: input.accountSid,
    apiKeySid: input.apiKeySid ?? null,
    sealedSecret: deps.box.seal(JSON.stringify(secret)),
    phoneNumber: input.phoneNumber,
    forwardTo: input.forwardTo ?? null,
    consentText: input.consentText,
  };
  await deps.db.twilioConnection.upsert({ where: { businessId }, create: { businessId, ...data }, update: data });
}

export async function removeTwilioConnection(db: Db, businessId: string): Promise<boolean> {
  const removed = await db.twilioConnection.deleteMany({ where: { businessId } });
  return removed.count > 0;
}
