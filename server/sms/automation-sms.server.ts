// Automation SMS steps on the two-way SMS channel (decision 0068): sent from the business's own Twilio
// account (the platform's TWILIO_* as fallback), never to a number that replied STOP or gave no
// consent, and never in the lead's quiet hours (21:00–08:00 in the business's zone): the step waits as
// a delayed job until they end.
import type { SmsSender } from "../automations/runs.server.ts";
import { SMS_NOT_CONFIGURED } from "../automations/runs.server.ts";
import { parseQuietHours, quietHoursEnd } from "../shared/sms/sms-text.ts";
import { smsAccountFor } from "./connection.server.ts";
import { hasConsent, isSuppressed, SMS_NO_CONSENT_TEXT, SMS_SUPPRESSED_TEXT, type SmsDeps } from "./outbound.server.ts";
import { sendThroughTwilio } from "./twilio-client.server.ts";

export function automationSmsSender(deps: SmsDeps & { quietHours: string }): SmsSender {
  const quiet = parseQuietHours(deps.quietHours);
  return {
    async configured(businessId) {
      return Boolean(await smsAccountFor(deps, businessId));
    },
    async gate({ businessId, to, now }) {
      if (!(await smsAccountFor(deps, businessId))) return { skip: SMS_NOT_CONFIGURED };
      if (await isSuppressed(deps.db, businessId, to)) return { skip: SMS_SUPPRESSED_TEXT };
      if (!(await hasConsent(deps.db, businessId, to))) return { skip: SMS_NO_CONSENT_TEXT };
      const business = await deps.db.business.findUnique({ where: { id: businessId }, select: { timeZone: true } });
      const until = quietHoursEnd(now, business?.timeZone ?? "UTC", quiet);
      return until ? { until } : null;
    },
    async send({ businessId, to, body, idempotencyKey }) {
      const account = businessId ? await smsAccountFor(deps, businessId) : null;
      if (!account) throw new Error(SMS_NOT_CONFIGURED);
      try {
        await sendThroughTwilio(account, { to, body, idempotencyKey });
      } catch (error) {
        deps.onSmsOutcome?.("retry"); // the automation's step job tries again
        throw error;
      }
      deps.onSmsOutcome?.("sent");
    },
  };
}
