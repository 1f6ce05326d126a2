// The add-payment-method modal (spec §4, §7, §8): idle → processing → 'Added!', closing 2 seconds
// later; POST /api/add-payment-method {paymentMethodId} (the user comes from the session).
import { useCallback, useId, useState } from "react";
import { BILLING_ERRORS } from "#shared/billing/billing-display.ts";
import { postBilling } from "./api";
import { CardField, type CardHandle } from "./CardField";
import { Dialog } from "~/components/ui/Dialog";
import { errorBox, labelClass, successBox } from "./ui";
import { useAutoClose } from "./use-auto-close";
import { Button } from "~/components/ui/Button";

type Phase = "idle" | "processing" | "success";

export function AddPaymentMethodModal({ publishableKey, onClose, onAdded }: { publishableKey: string | null; onClose: () => void; onAdded: () => void }) {
  const [phase, setPhase] = useState<Phase>("idle");
  const [error, setError] = useState<string | null>(null);
  const [handle, setHandle] = useState<CardHandle>(null);
  const cardLabelId = useId();
  const done = useCallback(() => {
    onAdded();
    onClose();
  }, [onAdded, onClose]);
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
      if (created.error || !created.paymentMethod) {
        setError(created.error?.message ?? BILLING_ERRORS.paymentMethodFallback);
        setPhase("idle");
        return;
      }
      const answer = await postBilling("/api/add-payment-method", { paymentMethodId: created.paymentMethod.id });
      if (!answer.success) {
        setError(typeof answer.error === "string" && answer.error ? answer.error : BILLING_ERRORS.addPaymentMethodFailed);
        setPhase("idle");
        return;
      }
      setPhase("success");
    } catch {
      setError(BILLING_ERRORS.unexpected);
      setPhase("idle");
    }
  }

  const busy = phase !== "idle";
  return (
    <Dialog title="Add Payment Method" onClose={onClose} initialFocus="title">
      {
        publishableKey === null ? (
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
            <div>
              <span id={cardLabelId} className={labelClass}>
                Card details
              </span>
              <CardField publishableKey={publishableKey} onReady={setHandle} labelId={cardLabelId} />
            </div>
            {error ? (
              <p role="alert" className={errorBox}>
                {error}
              </p>
            ) : null}
            {phase === "success" ? (
              <p role="status" className={successBox}>
                Added!
              </p>
            ) : null}
            <div className="flex justify-end gap-3">
              <Button type="button" variant="secondary" onClick={onClose} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" loading={busy}>
                {phase === "processing" ? "Processing..." : "Add Card"}
              </Button>
            </div>
          </form>
        )
      }
    </Dialog>
  );
}
