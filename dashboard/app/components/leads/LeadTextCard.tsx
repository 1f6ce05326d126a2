// The lead page's "Text" action (two-way SMS, decision 0068): a short composer that texts the lead's
// phone through the business's Twilio number (a job: consent, STOP and the allowance apply).
import { leadTextSchema } from "#shared/sms/twilio-input.ts";
import { IntentTextareaCard } from "./IntentTextareaCard";

const TEXT_FIELD = { id: "lead-text", name: "text", label: "Text message", maxLength: 480 };

export function TextCard() {
  return <IntentTextareaCard id="text" title="Text" intent="text" schema={leadTextSchema} field={TEXT_FIELD} submit={{ idle: "Send text", busy: "Sending..." }} />;
}
