// The Billing tab of /app/settings/billing (spec §2.14, §4, §8): Current Plan, lead usage, Payment
// Methods, Billing History and the customer portal buttons, with the subscribe and add-card modals.
import { SandboxNotice, sandboxNoticeId } from "../settings/SandboxNotice";
import { Link, useRevalidator, useSearchParams } from "@remix-run/react";
import { useCallback, useEffect, useState } from "react";
import type { BillingOverview } from "#server/billing/overview.server.ts";
import { BILLING_ERRORS, formatLongDate } from "#shared/billing/billing-display.ts";
import { formatUsd, parseBillingPeriod, parsePlanName, type BillingPeriod, type PlanName } from "#shared/billing/plans.ts";
import { AddPaymentMethodModal } from "./AddPaymentMethodModal";
import { postBilling } from "./api";
import { SubscribeModal } from "./SubscribeModal";
import { smsUsageText } from "#shared/automations/sms-allowance.ts";
import { UsageMeter } from "./UsageMeter";
import { useWorkspaceEvents } from "../live/use-workspace-events";
import { cardClass, errorBox, focusRing } from "./ui";
import { Button } from "~/components/ui/Button";
import { TableHead } from "~/components/ui/TableHead";

export function BillingSection({ overview, sandbox = false }: { overview: BillingOverview; sandbox?: boolean }) {
  const { subscription, configured } = overview;
  // A plan chosen on /pricing before registering (?plan=&period=) opens its subscribe modal.
  const [searchParams, setSearchParams] = useSearchParams();
  const chosenPlan = parsePlanName(searchParams.get("plan"));
  const initialPlan: { plan: PlanName; period: BillingPeriod } | null = chosenPlan
    ? { plan: chosenPlan, period: parseBillingPeriod(searchParams.get("period")) ?? "monthly" }
    : null;
  const revalidator = useRevalidator();
  const [modal, setModal] = useState<"subscribe" | "add-card" | null>(initialPlan && !sandbox ? "subscribe" : null);
  const [portalError, setPortalError] = useState<string | null>(null);
  const [portalBusy, setPortalBusy] = useState(false);
  const refresh = useCallback(() => revalidator.revalidate(), [revalidator]);
  // The cards and invoices are our copy of Stripe's (decision 0038): a refresh job pushes when it lands.
  useWorkspaceEvents({
    "billing:updated": (update) => {
      if ("mirror" in update) refresh();
    },
    reconnect: refresh,
  });
  // In case the push is missed (no socket), look again while a refresh is on its way.
  useEffect(() => {
    if (!overview.refreshing) return;
    const timer = setTimeout(refresh, 4000);
    return () => clearTimeout(timer);
  }, [overview, refresh]);
  const close = useCallback(() => {
    setModal(null);
    // Forget the plan chosen before registering, so a reload does not reopen the modal.
    if (searchParams.has("plan")) setSearchParams({ tab: "billing" }, { replace: true, preventScrollReset: true });
  }, [searchParams, setSearchParams]);
  const current = overview.planCard;
  const publishableKey = configured ? overview.publishableKey : null;
  const [modalPlan, setModalPlan] = useState<PlanName | null>(null);
  function openSubscribe(plan: PlanName) {
    setModalPlan(plan);
    setModal("subscribe");
  }

  async function openPortal() {
    setPortalError(null);
    setPortalBusy(true);
    try {
      const answer = await postBilling("/api/billing-portal", {}, BILLING_ERRORS.portal);
      if (answer.ok && typeof answer.data?.url === "string") {
        window.location.assign(answer.data.url);
        return;
      }
      setPortalError(configured ? BILLING_ERRORS.portal : BILLING_ERRORS.notConfigured);
    } catch {
      setPortalError(BILLING_ERRORS.portal);
    }
    setPortalBusy(false);
  }

  const planForModal = initialPlan ?? {
    plan: modalPlan ?? current.subscribe?.plan ?? parsePlanName(subscription.plan) ?? "Pro",
    period: parseBillingPeriod(subscription.billingPeriod) ?? "monthly",
  };

  const sandboxNote = sandbox ? sandboxNoticeId("billing") : undefined;
  return (
    <div className="space-y-6">
      {sandbox ? <SandboxNotice action="billing" /> : null}
      {current.notConfigured ? (
        <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {current.notConfigured}
        </p>
      ) : null}
      {overview.stripeError ? (
        <p role="alert" className={errorBox}>
          {overview.stripeError}
        </p>
      ) : null}

      <section aria-labelledby="billing-current-plan" className={cardClass} data-billing-state={current.state}>
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0">
            <h2 id="billing-current-plan" className="text-lg font-semibold text-slate-900">
              Current Plan
            </h2>
            <p className="mt-2 flex flex-wrap items-center gap-3">
              <span className="text-2xl font-bold text-slate-900" data-testid="plan-label">
                {current.planLabel}
              </span>
              <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${current.status.className}`} data-testid="status-label">
                {current.status.label}
              </span>
            </p>
            <p className="mt-1 text-sm text-slate-700" data-testid="plan-detail">
              {current.detail}
            </p>
            {subscription.amountCents !== null && current.state === "active" ? (
              <p className="mt-1 text-sm text-slate-600">
                {formatUsd(subscription.amountCents)} / {subscription.billingPeriod === "annual" ? "year" : "month"}
              </p>
            ) : null}
            {current.note ? (
              <p className="mt-2 text-sm text-slate-700" data-testid="plan-note">
                {current.note}
              </p>
            ) : null}
          </div>
          <div className="flex flex-wrap gap-2">
            {current.portal ? (
              <Button type="button" onClick={openPortal} disabled={portalBusy || sandbox} aria-describedby={sandboxNote}>
                {current.state === "past_due" ? "Update Payment Method" : "Manage Subscription"}
              </Button>
            ) : null}
            {current.subscribe ? (
              <Button type="button" variant={current.portal ? "secondary" : "primary"} onClick={() => openSubscribe(current.subscribe!.plan)} disabled={sandbox} aria-describedby={sandboxNote}>
                {current.subscribe.label}
              </Button>
            ) : null}
            {current.upgrades.map((plan) => (
              <Button key={plan} type="button" variant="secondary" onClick={() => openSubscribe(plan)} disabled={sandbox} aria-describedby={sandboxNote}>
                Upgrade to {plan}
              </Button>
            ))}
          </div>
        </div>
        {current.noSubscription ? (
          <div className="mt-4 rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-700">
            <p>You don't have an active subscription yet.</p>
            <Link to="/pricing" className={`mt-1 inline-block font-semibold text-brand-700 underline ${focusRing}`}>
              View Plans
            </Link>
          </div>
        ) : null}
        <div className="mt-5 border-t border-slate-200 pt-4">
          <UsageMeter usage={overview.usage} limitText={current.limitText} overageFeeCents={overview.overageFeeCents} timeZone={overview.timeZone} />
          {overview.smsUsage ? (
            <p className="mt-3 text-sm text-slate-700" data-testid="sms-usage">
              {smsUsageText(overview.smsUsage)}
              {overview.smsUsage.used >= overview.smsUsage.allowance ? " · Allowance used up: SMS are not sent until it renews on the 1st." : ""}
            </p>
          ) : null}
        </div>
      </section>

      {overview.refreshing ? (
        <p role="status" className="text-sm text-slate-600" data-testid="billing-refreshing">
          Updating your payment methods and billing history…
        </p>
      ) : null}
      {portalBusy ? (
        <p role="status" className="text-sm text-slate-600">
          Opening the customer portal…
        </p>
      ) : null}
      <section aria-labelledby="billing-payment-methods" className={cardClass}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="billing-payment-methods" className="text-lg font-semibold text-slate-900">
            Payment Methods
          </h2>
          <Button type="button" variant="secondary" onClick={() => setModal("add-card")} disabled={sandbox} aria-describedby={sandboxNote}>
            Add New
          </Button>
        </div>
        {overview.cards.length > 0 ? (
          <ul className="mt-4 divide-y divide-slate-200">
            {overview.cards.map((card) => (
              <li key={card.id} className="flex items-center justify-between py-3 text-sm">
                <span className="font-medium text-slate-900">
                  <span className="capitalize">{card.brand}</span> ending in {card.last4}
                </span>
                <span className="text-slate-600">
                  Expires {String(card.expMonth).padStart(2, "0")}/{card.expYear}
                  {card.isDefault ? <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">Default</span> : null}
                </span>
              </li>
            ))}
          </ul>
        ) : overview.card ? (
          <p className="mt-4 text-sm text-slate-700">
            Card ending in {overview.card.lastFour}
            {overview.card.expMonth && overview.card.expYear ? `, expires ${String(overview.card.expMonth).padStart(2, "0")}/${overview.card.expYear}` : ""}
          </p>
        ) : (
          <p className="mt-4 text-sm text-slate-600">No payment method on file.</p>
        )}
        {subscription.hasStripeSubscription ? (
          <button type="button" className={`mt-3 text-sm font-semibold text-brand-700 underline ${focusRing}`} onClick={openPortal} disabled={portalBusy || sandbox} aria-describedby={sandboxNote}>
            Update Payment Method
          </button>
        ) : null}
      </section>

      <section aria-labelledby="billing-history" className={cardClass}>
        <h2 id="billing-history" className="text-lg font-semibold text-slate-900">
          Billing History
        </h2>
        {overview.invoices.length > 0 ? (
          <div className="mt-4 overflow-x-auto">
            <table className="stack-table min-w-full text-left text-sm">
              <TableHead className="border-b border-slate-200 text-slate-600" columns={["Date", "Description", "Amount", "Status"]} />
              <tbody className="divide-y divide-slate-100">
                {overview.invoices.map((invoice) => (
                  <tr key={invoice.id}>
                    <td data-label="Date" className="py-2 pr-4 whitespace-nowrap">{formatLongDate(invoice.date, overview.timeZone)}</td>
                    <td data-label="Description" className="py-2 pr-4">
                      {invoice.url ? (
                        <a href={invoice.url} target="_blank" rel="noreferrer" className={`text-brand-700 underline ${focusRing}`}>
                          {invoice.description}
                        </a>
                      ) : (
                        invoice.description
                      )}
                    </td>
                    <td data-label="Amount" className="py-2 pr-4 whitespace-nowrap">{formatUsd(invoice.amountCents)}</td>
                    <td data-label="Status" className="py-2">{invoice.status}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="mt-4 text-sm text-slate-600">No invoices yet.</p>
        )}
        {subscription.hasStripeSubscription ? (
          <button type="button" className={`mt-3 text-sm font-semibold text-brand-700 underline ${focusRing}`} onClick={openPortal} disabled={portalBusy || sandbox} aria-describedby={sandboxNote}>
            View Full Billing History
          </button>
        ) : null}
      </section>

      {portalError ? (
        <p role="alert" className={errorBox}>
          {portalError}
        </p>
      ) : null}

      {modal === "subscribe" ? (
        <SubscribeModal plan={planForModal.plan} period={planForModal.period} publishableKey={publishableKey} onClose={close} onSubscribed={refresh} />
      ) : null}
      {modal === "add-card" ? <AddPaymentMethodModal publishableKey={publishableKey} onClose={close} onAdded={refresh} /> : null}
    </div>
  );
}
