// The Twilio connection form (Settings → SMS & calls) and the test SMS form: checked in the browser
// and again on the server (decision 0032). Pure.
import { z } from "zod";
import { normalizePhone } from "./sms-text.ts";

export const e164Phone = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const phone = normalizePhone(value);
    if (!phone) {
      ctx.addIssue({ code: "custom", message: "Enter a phone number like +15551234567" });
      return z.NEVER;
    }
    return phone;
  });

export const twilioConnectionSchema = z
  .object({
    accountSid: z.string().trim().regex(/^AC[0-9a-fA-F]{32}$/, "An Account SID starts with AC followed by 32 letters and digits"),
    authToken: z.string().trim().min(16, "Paste the auth token from the Twilio Console").max(200),
    apiKeySid: z
      .string()
      .trim()
      .regex(/^SK[0-9a-fA-F]{32}$/, "An API key SID starts with SK followed by 32 letters and digits")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    apiKeySecret: z.string().trim().max(200).optional().or(z.literal("").transform(() => undefined)),
    phoneNumber: e164Phone,
    forwardTo: e164Phone.optional().or(z.literal("").transform(() => undefined)),
    consentText: z.string().trim().min(10, "Write the consent wording visitors agree to (at least 10 characters)").max(300, "Keep the consent wording under 300 characters"),
  })
  .refine((v) => !v.apiKeySid || Boolean(v.apiKeySecret), { message: "Give the API key's secret too", path: ["apiKeySecret"] });

export type TwilioConnectionInput = z.output<typeof twilioConnectionSchema>;

export const testSmsSchema = z.object({ to: e164Phone });

/** The lead page's "Text" composer. */
export const leadTextSchema = z.object({
  text: z.string({ error: "Write the text message" }).trim().min(1, "Write the text message").max(480, "Text messages are limited to 480 characters"),
});
