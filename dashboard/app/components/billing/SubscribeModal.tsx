// The subscribe modal (spec §2.5, §4, §8): plan and billing period, the Stripe card field, 'Subscribed!'
// and closing 2 seconds later (CardDialog). The server decides prices and state; this only sends the
// choice, confirms the card when Stripe asks, then runs the check-subscription step.
import { useState } from "react";
import { BILLING_ERRORS } from "#shared/billing/billing-display.ts";
import { BILLING_PERIODS, formatUsd, monthlyPriceCents, PLAN_NAMES, type BillingPeriod, type PlanName } from "#shared/billing/plans.ts";
import { failure, success, type ActionResult } from "#shared/forms/action-result.ts";
import { postBilling } from "./api";
import { CardDialog } from "./CardDialog";
import type { CardHandle } from "./CardField";
import { labelClass } from "./ui";

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

  /** Subscribes with the new card; the success's data is the note of a plan change scheduled for later. */
  async function subscribe(handle: NonNullable<CardHandle>, paymentMethodId: string): Promise<ActionResult<string | undefined>> {
    const answer = await postBilling("/api/subscribe", { plan, period, paymentMethodId }, BILLING_ERRORS.paymentFallback);
    if (!answer.ok) return answer;
    const { state, intent, clientSecret, effectiveAt } = answer.data ?? {};
    if (state === "requires_confirmation" && typeof clientSecret === "string") {
      const confirmed =
        intent === "setup"
          ? await handle.stripe.confirmCardSetup(clientSecret, { payment_method: paymentMethodId })
          : await handle.stripe.confirmCardPayment(clientSecret, { payment_method: paymentMethodId });
      if (confirmed.error) return failure(confirmed.error.message ?? BILLING_ERRORS.paymentFallback);
    }
    // The check-subscription step: the server asks Stripe and stores what Stripe says.
    await postBilling("/api/check-subscription", {}, BILLING_ERRORS.unexpected);
    if (state === "scheduled" && typeof effectiveAt === "string") {
      return success(`Your plan changes to ${plan} on ${new Date(effectiveAt).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" })}.`);
    }
    return success();
  }

  return (
    <CardDialog
      title={title}
      publishableKey={publishableKey}
      onClose={onClose}
      onDone={onSubscribed}
      createFallback={BILLING_ERRORS.paymentFallback}
      submitLabel="Subscribe"
      successText="Subscribed!"
      perform={subscribe}
    >
      {(busy) => (
        <>
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
        </>
      )}
    </CardDialog>
  );
}
