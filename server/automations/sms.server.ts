// SMS for automation steps through Twilio's official library, made only when TWILIO_ACCOUNT_SID,
// TWILIO_AUTH_TOKEN and TWILIO_FROM_NUMBER are all set; otherwise there is no sender and an SMS step
// is recorded as skipped with "SMS is not configured" (runs.server.ts).
import twilio from "twilio";
import type { Env } from "../config/env.server.ts";
import type { SmsSender } from "./runs.server.ts";

export function createSmsSender(env: Pick<Env, "TWILIO_ACCOUNT_SID" | "TWILIO_AUTH_TOKEN" | "TWILIO_FROM_NUMBER">): SmsSender | undefined {
  const { TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: token, TWILIO_FROM_NUMBER: from } = env;
  if (!sid || !token || !from) return undefined;
  const client = twilio(sid, token);
  return {
    async send({ to, body, idempotencyKey }) {
      // Twilio honours I-Twilio-Idempotency-Token on retries of the same step.
      await client.request({
        method: "post",
        uri: `https://api.twilio.com/2010-04-01/Accounts/${sid}/Messages.json`,
        data: { To: to, From: from, Body: body },
        headers: { "I-Twilio-Idempotency-Token": idempotencyKey },
      }).then((response) => {
        if (response.statusCode >= 400) {
          const detail = (response.body as { message?: string } | undefined)?.message ?? `HTTP ${response.statusCode}`;
          throw new Error(`Twilio refused the SMS: ${detail}`);
        }
      });
    },
  };
}
