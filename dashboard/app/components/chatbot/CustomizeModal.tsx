import { useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { Dialog } from "~/components/ui/Dialog";
import type { action } from "~/routes/app.chatbot";
import { CopySnippet } from "./CopySnippet";
import { SettingsFields, type SettingsValues } from "./SettingsFields";
import { useSettingsSave } from "./use-settings-save";
import { Button } from "~/components/ui/Button";
import { SaveButton } from "~/components/forms";

/** The chatbot customisation modal (spec §2.14): same settings as the Settings tab; closes on backdrop click. */
export function CustomizeModal({
  values,
  snippet,
  onClose,
  onSaved,
}: {
  values: SettingsValues;
  snippet: string | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const fetcher = useFetcher<typeof action>({ key: "chatbot-customize" });
  const { result, errors, formError, formProps } = useSettingsSave({ id: "chatbot-customize", fetcher, fetcherOnly: true });
  const submitted = useRef(false);

  useEffect(() => {
    if (submitted.current && result?.ok) {
      submitted.current = false;
      onSaved(result.message ?? "");
    }
  }, [result, onSaved]);

  return (
    <Dialog title="Customize your chatbot" onClose={onClose} size="lg">
      <fetcher.Form
        method="post"
        action="/app/chatbot"
        className="mt-5 space-y-5"
        {...formProps}
        onSubmit={(event) => {
          formProps.onSubmit(event);
          submitted.current = !event.defaultPrevented;
        }}
      >
        <input type="hidden" name="intent" value="save" />
        <SettingsFields values={values} errors={errors ?? {}} variant="modal" />
        {snippet ? (
          <div>
            <p className="text-sm font-medium text-slate-800">Installation code</p>
            <div className="mt-1">
              <CopySnippet snippet={snippet} confirmation="Copied!" buttonLabel="Copy" />
            </div>
          </div>
        ) : null}
        {formError ? (
          <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {formError}
          </div>
        ) : null}
        <div className="flex justify-end gap-3">
          <Button type="button" onClick={onClose} variant="secondary">
            Cancel
          </Button>
          <SaveButton busy={fetcher.state !== "idle"} />
        </div>
      </fetcher.Form>
    </Dialog>
  );
}
