// A lead page card with one textarea posted under an intent (a note, a text message): its loading
// state, its error and its notice, from the intent's action result.
import { Form } from "@remix-run/react";
import type { z } from "zod";
import { FormError, FormNotice } from "~/components/auth/AuthCard";
import { Button } from "~/components/ui/Button";
import { smallInputClass } from "./classes";
import { Card, useIntentResult } from "./LeadDetailParts";
import type { Intent } from "~/routes/app.leads_.$leadId";

export function IntentTextareaCard(props: {
  id: string;
  title: string;
  intent: Intent;
  schema: z.ZodType;
  field: { id: string; name: string; label: string; maxLength: number };
  submit: { idle: string; busy: string };
}) {
  const { formRef, busy, error, notice, formProps } = useIntentResult(props.intent, props.schema);
  return (
    <Card id={props.id} title={props.title}>
      <Form method="post" ref={formRef} className="space-y-3" {...formProps}>
        <input type="hidden" name="intent" value={props.intent} />
        <FormError message={error} />
        <FormNotice message={notice} />
        <div>
          <label htmlFor={props.field.id} className="block text-sm font-medium text-slate-800">
            {props.field.label}
          </label>
          <textarea id={props.field.id} name={props.field.name} rows={3} maxLength={props.field.maxLength} className={smallInputClass} />
        </div>
        <Button type="submit" loading={busy}>
          {busy ? props.submit.busy : props.submit.idle}
        </Button>
      </Form>
    </Card>
  );
}
