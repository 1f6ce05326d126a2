// Email Settings (spec §2.14 Settings): the sender name and reply-to of the emails LeadBroom sends to
// leads on the business's behalf (Send Quote, Send Info).
import { useFetcher } from "@remix-run/react";
import { useId } from "react";
import { emailSettingsSchema } from "#shared/businesses/preferences.ts";
import { fieldProps, ResultMessage, SectionCard, useSectionForm, type SettingsActionResult } from "./ui";
import { TextField, SaveButton } from "~/components/forms";

export function EmailSection({
  values,
  businessName,
  mailFromAddress,
  mailFromName,
}: {
  values: { emailSenderName: string; emailReplyTo: string };
  businessName: string;
  mailFromAddress: string;
  mailFromName: string;
}) {
  const fetcher = useFetcher<SettingsActionResult>({ key: "settings-email" });
  const prefix = useId().replace(/:/g, "");
  const { result, errors, clientFailed, formProps } = useSectionForm({ id: "settings-email", schema: emailSettingsSchema, fetcher, intents: ["email"] });
  const busy = fetcher.state !== "idle";
  const sender = fieldProps(prefix, "emailSenderName", errors);
  const replyTo = fieldProps(prefix, "emailReplyTo", errors);
  return (
    <SectionCard
      id="email-heading"
      title="Email Settings"
      description="Used for the emails you send to leads from LeadBroom (Send Quote, Send Info)."
    >
      <fetcher.Form method="post" {...formProps} className="space-y-5" key={JSON.stringify(values)}>
        <input type="hidden" name="intent" value="email" />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            field={sender}
            label="Sender name"
            defaultValue={values.emailSenderName}
            placeholder={`e.g. ${businessName}`}
            hint={
              <>
                Shown as the sender (empty: {mailFromName}); emails come from {mailFromAddress}.
              </>
            }
          />
          <TextField field={replyTo} label="Reply-to address" type="email" defaultValue={values.emailReplyTo} autoComplete="email" hint="Where your leads' replies go." />
        </div>
        <ResultMessage result={clientFailed ? null : result} />
        <SaveButton busy={busy} />
      </fetcher.Form>
    </SectionCard>
  );
}
