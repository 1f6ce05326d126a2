// The lead page's "Text" action (two-way SMS, decision 0068): a short composer that texts the lead's
// phone through the business's Twilio number (a job: consent, STOP and the allowance apply).
import { Form } from "@remix-run/react";
import { leadTextSchema } from "#shared/sms/twilio-input.ts";
import { FormError, FormNotice } from "~/components/auth/AuthCard";
import { Button } from "~/components/ui/Button";
import { smallInputClass } from "./classes";
import { Card, useIntentResult } from "./LeadDetailParts";

export function TextCard() {
  const { formRef, busy, error, notice, formProps } = useIntentResult("text", leadTextSchema);
  return (
    <Card id="text" title="Text">
      <Form method="post" ref={formRef} className="space-y-3" {...formProps}>
        <input type="hidden" name="intent" value="text" />
        <FormError message={error} />
        <FormNotice message={notice} />
        <div>
          <label htmlFor="lead-text" className="block text-sm font-medium text-slate-800">
            Text message
          </label>
          <textarea id="lead-text" name="text" rows={3} maxLength={480} className={smallInputClass} />
        </div>
        <Button type="submit" loading={busy}>
          {busy ? "Sending..." : "Send text"}
        </Button>
      </Form>
    </Card>
  );
}
