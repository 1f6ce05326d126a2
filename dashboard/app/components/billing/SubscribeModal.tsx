// The subscribe modal (spec §2.5, §4, §8): plan and billing period, the Stripe card field, 'Subscribed!'
// and closing 2 seconds later; buttons disabled while processing and after success; every error in
// the red box above the buttons. The server decides prices and state; this only sends the choice.
import { useCallback, useId, useState } from "react";
import { BILLING_ERRORS } from "#shared/billing/billing-display.ts";
import { BILLING_PERIODS, formatUsd, monthlyPriceCents, PLAN_NAMES, type BillingPeriod, type PlanName } from "#shared/billing/plans.ts";
import { postBilling } from "./api";
import { CardField, type CardHandle } from "./CardField";
import { Dialog } from "~/components/ui/Dialog";
import { errorBox, labelClass, successBox } from "./ui";
import { useAutoClose } from "./use-auto-close";
import { Button } from "~/components/ui/Button";

type Phase = "idle" | "processing" | "success";

export function SubscribeModal({
  plan: initialPlan,
  period: initialPeriod,
  publishableKey,
  title = "Subscribe",
  onClose,
  onSubscribed,
}: {
  plan: PlanName;
  period: BillingPeriod;
  /** Null when billing is not configured on this server. */
  publishableKey: string | null;
  title?: string;
  onClose: () => void;
  onSubscribed: () => void;
}) {
  const [plan, setPlan] = useState<PlanName>(initialPlan);
  const [period, setPeriod] = useState<BillingPeriod>(initialPeriod);
  const [phase, setPhase] = useState<Phase>("idle");
  const [error, setError] = useState<string | null>(null);
  const [scheduledNote, setScheduledNote] = useState<string | null>(null);
  const [handle, setHandle] = useState<CardHandle>(null);
  const cardLabelId = useId();
  const done = useCallback(() => {
    onSubscribed();
    onClose();
  }, [onClose, onSubscribed]);
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
        setError(created.error?.message ?? BILLING_ERRORS.paymentFallback);
        setPhase("idle");
        return;
      }
      const answer = await postBilling("/api/subscribe", { plan, period, paymentMethodId: created.paymentMethod.id });
      if (!answer.success) {
        setError(typeof answer.error === "string" && answer.error ? answer.error : BILLING_ERRORS.paymentFallback);
        setPhase("idle");
        return;
      }
      if (answer.state === "requires_confirmation" && typeof answer.clientSecret === "string") {
        const confirmed =
          answer.intent === "setup"
            ? await handle.stripe.confirmCardSetup(answer.clientSecret, { payment_method: created.paymentMethod.id })
            : await handle.stripe.confirmCardPayment(answer.clientSecret, { payment_method: created.paymentMethod.id });
        if (confirmed.error) {
          setError(confirmed.error.message ?? BILLING_ERRORS.paymentFallback);
          setPhase("idle");
          return;
        }
      }
      // The check-subscription step: the server asks Stripe and stores what Stripe says.
      await postBilling("/api/check-subscription");
      if (answer.state === "scheduled" && typeof answer.effectiveAt === "string") {
        setScheduledNote(`Your plan changes to ${plan} on ${new Date(answer.effectiveAt).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" })}.`);
      }
      setPhase("success");
    } catch {
      setError(BILLING_ERRORS.unexpected);
      setPhase("idle");
    }
  }

  const busy = phase !== "idle";
  return (
    <Dialog title={title} onClose={onClose} initialFocus="title">
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
            <fieldset>
              <legend className={labelClass}>Plan</legend>
              <div className="mt-2 grid grid-cols-3 gap-2">
                {PLAN_NAMES.map((name) => (
                  <label key={name} className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm has-checked:border-brand-600 has-checked:bg-brand-50">
                    <input type="radio" name="plan" value={name} checked={plan === name} onChange={() => setPlan(name)} disabled={busy} />
                    {name}
                  </label>
                ))}
              </div>
            </fieldset>
            <fieldset>
              <legend className={labelClass}>Billing</legend>
              <div className="mt-2 grid grid-cols-2 gap-2">
                {BILLING_PERIODS.map((value) => (
                  <label key={value} className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm has-checked:border-brand-600 has-checked:bg-brand-50">
                    <input type="radio" name="period" value={value} checked={period === value} onChange={() => setPeriod(value)} disabled={busy} />
                    {value === "monthly" ? "Monthly" : "Annual"}
                  </label>
                ))}
              </div>
            </fieldset>
            <p className="text-sm text-slate-700" data-testid="subscribe-price">
              {plan}: {formatUsd(monthlyPriceCents(plan, period))}/month{period === "annual" ? `, billed ${formatUsd(monthlyPriceCents(plan, period) * 12)} yearly` : ""}
            </p>
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
                Subscribed!{scheduledNote ? ` ${scheduledNote}` : ""}
              </p>
            ) : null}
            <div className="flex justify-end gap-3">
              <Button type="button" variant="secondary" onClick={onClose} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" loading={busy}>
                {phase === "processing" ? "Processing..." : "Subscribe"}
              </Button>
            </div>
          </form>
        )
      }
    </Dialog>
  );
}
