import { useState, type FormEvent } from "react";
import type { FieldResult } from "../../../../server/auth/validation.ts";

/**
 * Runs the form's shared validation rule in the browser before submitting, so the spec's message shows
 * at once; the server runs the same rule again. Returns the message to show and the submit handler.
 */
export function useClientValidation(validate: (form: FormData) => FieldResult<unknown> | null) {
  const [clientError, setClientError] = useState<string | null>(null);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
    const result = validate(form);
    if (result && !result.ok) {
      event.preventDefault();
      setClientError(result.error);
    } else {
      setClientError(null);
    }
  }
  return { clientError, onSubmit };
}
