// Twilio's REST API through its official library (Programmable Messaging), with the account resolved
// per business (connection.server.ts). The idempotency token makes a retried job's second request a
// no-op at Twilio.
import twilio from "twilio";
import type { SmsAccount } from "./connection.server.ts";

export async function sendThroughTwilio(
  account: SmsAccount,
  sms: { to: string; body: string; idempotencyKey: string; statusCallback?: string },
): Promise<{ sid: string }> {
  const client = twilio(account.username, account.password, { accountSid: account.accountSid });
  const response = await client.request({
    method: "post",
    uri: `https://api.twilio.com/2010-04-01/Accounts/${account.accountSid}/Messages.json`,
    data: { To: sms.to, From: account.phoneNumber, Body: sms.body, ...(sms.statusCallback ? { StatusCallback: sms.statusCallback } : {}) },
    headers: { "I-Twilio-Idempotency-Token": sms.idempotencyKey },
  });
  const body = (typeof response.body === "string" ? JSON.parse(response.body) : response.body) as { sid?: string; message?: string } | undefined;
  if (response.statusCode >= 400) throw new Error(`Twilio refused the SMS: ${body?.message ?? `HTTP ${response.statusCode}`}`);
  if (!body?.sid) throw new Error("Twilio answered without a message SID");
  return { sid: body.sid };
}
