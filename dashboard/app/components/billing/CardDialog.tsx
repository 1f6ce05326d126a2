// The card modals' common frame (spec §4, §8): the Stripe card field, idle → processing → the success
// text, closing 2 seconds later; buttons disabled while processing and after success; every error in
// the red box above the buttons; without Stripe configured, only the "not configured" alert. What a
// submission does with the new payment method is `perform`'s: an ActionResult (the success's data is
// a note added to the success text).
import { useCallback, useId, useState, type ReactNode } from "react";
import { BILLING_ERRORS } from "#shared/billing/billing-display.ts";
import type { ActionResult } from "#shared/forms/action-result.ts";
import { CardField, type CardHandle } from "./CardField";
import { Dialog } from "~/components/ui/Dialog";
import { errorBox, labelClass, successBox } from "./ui";
import { useAutoClose } from "./use-auto-close";
import { Button } from "~/components/ui/Button";

type Phase = "idle" | "processing" | "success";

export function CardDialog(props: {
  title: string;
  /** Null when billing is not configured on this server. */
  publishableKey: string | null;
  onClose: () => void;
  /** After the success text has shown for 2 seconds (the dialog then closes). */
  onDone: () => void;
  /** The message when Stripe cannot create the payment method and says nothing. */
  createFallback: string;
  submitLabel: string;
  successText: string;
  perform: (handle: NonNullable<CardHandle>, paymentMethodId: string) => Promise<ActionResult<string | undefined>>;
  /** The fields above the card (disabled while busy). */
  children?: (busy: boolean) => ReactNode;
}) {
  const { onClose, onDone } = props;
  const [phase, setPhase] = useState<Phase>("idle");
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | undefined>(undefined);
  const [handle, setHandle] = useState<CardHandle>(null);
  const cardLabelId = useId();
  const done = useCallback(() => {
    onDone();
    onClose();
  }, [onClose, onDone]);
  useAutoClose(phase === "success", done);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (phase !== "idle") return;
    setError(null);
    if (!handle) {
      setError(BILLING_ERRORS.cardElementNotFound);
      return;
    }
    setPhase("processing");
    try {
      const created = await handle.stripe.createPaymentMethod({ type: "card", card: handle.card });
      const result = created.error || !created.paymentMethod ? null : await props.perform(handle, created.paymentMethod.id);
      if (!result || !result.ok) {
        setError(result ? result.error : (created.error?.message ?? props.createFallback));
        setPhase("idle");
        return;
      }
      setNote(result.data);
      setPhase("success");
    } catch {
      setError(BILLING_ERRORS.unexpected);
      setPhase("idle");
    }
  }

  const busy = phase !== "idle";
  return (
    <Dialog title={props.title} onClose={onClose} initialFocus="title">
      {props.publishableKey === null ? (
        <div className="mt-4 space-y-4">
          <p role="alert" className={errorBox}>
            {BILLING_ERRORS.notConfigured}
          </p>
          <div className="flex justify-end">
            <Button type="button" variant="secondary" onClick={onClose}>
              Close
            </Button>
          </div>
        </div>
      ) : (
        <form className="mt-4 space-y-5" onSubmit={submit} noValidate>
          {props.children?.(busy)}
          <div>
            <span id={cardLabelId} className={labelClass}>
              Card details
            </span>
            <CardField publishableKey={props.publishableKey} onReady={setHandle} labelId={cardLabelId} />
          </div>
          {error ? (
            <p role="alert" className={errorBox}>
              {error}
            </p>
          ) : null}
          {phase === "success" ? (
            <p role="status" className={successBox}>
              {props.successText}
              {note ? ` ${note}` : ""}
            </p>
          ) : null}
          <div className="flex justify-end gap-3">
            <Button type="button" variant="secondary" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {phase === "processing" ? "Processing..." : props.submitLabel}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
