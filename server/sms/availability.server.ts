// Whether a business can text at all (its own Twilio connection, or the operator's TWILIO_* for every
// business), for the paths that run per visitor or per member message (issue 28): a phone given in the
// chat asks for consent, and a member's reply may go out by SMS, only when it can. The answer is kept
// per process for `ttlMs`, so a business that never connected Twilio costs no statement on those paths
// (one read per business per TTL at most). A change made through this process (Settings → SMS & calls)
// forgets the entry at once; other processes see it within the TTL.
import type { Db } from "../db/client.server.ts";
import type { TwilioEnv } from "./connection.server.ts";

export type SmsAvailability = {
  canText(businessId: string): Promise<boolean>;
  /** The business connected or disconnected Twilio (this process). */
  forget(businessId: string): void;
};

export function createSmsAvailability(options: {
  db: Pick<Db, "twilioConnection">;
  env: TwilioEnv;
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
}): SmsAvailability {
  const { env } = options;
  const ttlMs = options.ttlMs ?? 30_000;
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? (() => performance.now());
  const platform = Boolean(env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM_NUMBER);
  const entries = new Map<string, { at: number; value: Promise<boolean> }>();
  return {
    canText(businessId) {
      if (platform) return Promise.resolve(true);
      const cached = entries.get(businessId);
      if (cached && now() - cached.at < ttlMs) return cached.value;
      if (entries.size >= maxEntries) entries.clear();
      const value = options.db.twilioConnection
        .count({ where: { businessId } })
        .then((n) => n > 0)
        .catch((error: unknown) => {
          entries.delete(businessId); // never cache a failure
          throw error;
        });
      entries.set(businessId, { at: now(), value });
      return value;
    },
    forget(businessId) {
      entries.delete(businessId);
    },
  };
}
