// Pricing (spec §2.5, §9): the monthly/annual toggle (monthly by default; annual shows the yearly
// saving), the three plan cards, the FAQ and Contact Sales. Start Free Trial: signed out → /register
// remembering the plan and period; signed in → the subscribe modal, then /app/dashboard.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigate, useSearchParams } from "@remix-run/react";
import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { billingConfigured } from "#server/billing/stripe-client.server.ts";
import {
  annualSavingCents,
  formatUsd,
  monthlyPriceCents,
  parseBillingPeriod,
  parsePlanName,
  PLAN_NAMES,
  PLANS,
  type BillingPeriod,
  type PlanName,
} from "#shared/billing/plans.ts";
import { PRICING_FAQ, pricingDescription } from "#shared/public-site/site-content.ts";
import { Faq } from "~/components/site/Faq";
import { pageMeta } from "~/components/site/seo";
import { CheckIcon, PageHeader, focusRing, textLink } from "~/components/site/ui";
import { buttonClasses } from "~/components/ui/Button";
import { getOptionalWorkspace } from "~/lib/session.server";

export const meta = pageMeta("Pricing", pricingDescription());

export async function loader({ request, context }: LoaderFunctionArgs) {
  const workspace = await getOptionalWorkspace(request, context);
  const { env, stripe } = context.services;
  const url = new URL(request.url);
  return {
    signedIn: workspace !== null,
    isOwner: workspace?.role === "owner",
    publishableKey: billingConfigured(env, stripe) ? (env.STRIPE_PUBLISHABLE_KEY ?? null) : null,
    overageFeeCents: env.LEAD_OVERAGE_FEE_CENTS,
    /** After registration with a chosen plan, or a Start Free Trial link: open that plan's modal. */
    chosen: workspace ? { plan: parsePlanName(url.searchParams.get("plan")), period: parseBillingPeriod(url.searchParams.get("period")) } : null,
  };
}

/**
 * The subscribe modal (its card field, Stripe loader and billing calls) is fetched only when a
 * signed-in owner opens it: a visitor reading the prices never downloads or evaluates it.
 */
const loadSubscribeModal = () => import("~/components/billing/SubscribeModal");
const SubscribeModal = lazy(() => loadSubscribeModal().then((module) => ({ default: module.SubscribeModal })));


export default function PricingPage() {
  const { signedIn, isOwner, publishableKey, overageFeeCents, chosen } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [period, setPeriod] = useState<BillingPeriod>(chosen?.period ?? parseBillingPeriod(searchParams.get("period")) ?? "monthly");
  const [modalPlan, setModalPlan] = useState<PlanName | null>(chosen?.plan && isOwner ? chosen.plan : null);
  const close = useCallback(() => setModalPlan(null), []);
  const subscribed = useCallback(() => navigate("/app/dashboard"), [navigate]);
  // The modal is drawn after hydration only (a lazy component has nothing to hydrate against).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  return (
    <>
      <PageHeader eyebrow="Pricing" title="Simple plans that pay for themselves">
        Every plan includes the 24/7 AI chatbot and a 14-day free trial. No credit card required.
      </PageHeader>

      <section className="mx-auto max-w-6xl px-4 pb-16 sm:px-6 lg:px-8">
        <div className="flex justify-center">
          {/* A form, so that a click before the scripts have run still switches (as /pricing?period=annual). */}
          <Form method="get" reloadDocument>
            <div role="group" aria-label="Billing period" className="inline-flex rounded-full bg-slate-100 p-1">
              {(["monthly", "annual"] as const).map((value) => (
                <button
                  key={value}
                  type="submit"
                  name="period"
                  value={value}
                  aria-pressed={period === value}
                  onClick={(event) => {
                    event.preventDefault();
                    setPeriod(value);
                  }}
                  className={`rounded-full px-5 py-2 text-sm font-semibold ${focusRing} ${period === value ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900"}`}
                >
                  {value === "monthly" ? "Monthly" : "Annual"}
                  {value === "annual" ? <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs text-green-800">Save 20%</span> : null}
                </button>
              ))}
            </div>
          </Form>
        </div>

        <div className="mt-10 grid gap-6 lg:grid-cols-3">
          {PLAN_NAMES.map((name) => {
            const plan = PLANS[name];
            const featured = name === "Pro";
            const price = monthlyPriceCents(name, period);
            return (
              <article
                key={name}
                aria-labelledby={`plan-${name}`}
                data-testid={`plan-${name.toLowerCase()}`}
                className={`flex flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ${featured ? "ring-2 ring-brand-600" : "ring-slate-200"}`}
              >
                <div className="flex items-center justify-between">
                  <h2 id={`plan-${name}`} className="text-xl font-bold text-slate-900">
                    {name}
                  </h2>
                  {featured ? <span className="rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-700">Most popular</span> : null}
                </div>
                <p className="mt-2 text-sm text-slate-600">{plan.tagline}</p>
                <p className="mt-6">
                  <span className="text-4xl font-extrabold tracking-tight text-slate-900" data-testid="plan-price">
                    {formatUsd(price)}
                  </span>
                  <span className="text-slate-600">/month</span>
                </p>
                <p className="mt-1 min-h-10 text-sm text-slate-600" data-testid="plan-billing">
                  {period === "annual" ? (
                    <>
                      Billed {formatUsd(price * 12)} yearly.{" "}
                      <span className="font-semibold text-green-700">Save {formatUsd(annualSavingCents(name))} a year</span>
                    </>
                  ) : (
                    "Billed monthly"
                  )}
                </p>
                <ul className="mt-6 flex-1 space-y-3 text-sm text-slate-700">
                  {plan.features.map((feature) => (
                    <li key={feature} className="flex gap-2">
                      <CheckIcon />
                      {feature}
                    </li>
                  ))}
                </ul>
                <div className="mt-8">
                  {signedIn ? (
                    <button
                      type="button"
                      className={buttonClasses({ variant: featured ? "primary" : "secondary", size: "lg", block: true })}
                      onClick={() => (isOwner ? setModalPlan(name) : navigate("/app/settings/billing"))}
                      // Fetched as the owner reaches for the button, so it opens without a wait.
                      onPointerEnter={isOwner ? loadSubscribeModal : undefined}
                      onFocus={isOwner ? loadSubscribeModal : undefined}
                    >
                      Start Free Trial
                    </button>
                  ) : (
                    <Link
                      to={`/register?${new URLSearchParams({ plan: name.toLowerCase(), period })}`}
                      className={buttonClasses({ variant: featured ? "primary" : "secondary", size: "lg", block: true })}
                    >
                      Start Free Trial
                    </Link>
                  )}
                </div>
              </article>
            );
          })}
        </div>
        <p className="mt-6 text-center text-sm text-slate-600">
          Over your monthly lead limit? Every lead is still captured; extra leads are {formatUsd(overageFeeCents)} each.
        </p>
      </section>

      <section className="bg-slate-50 py-16">
        <div className="mx-auto max-w-3xl px-4 sm:px-6 lg:px-8">
          <h2 className="text-center text-3xl font-bold tracking-tight text-slate-900">Frequently asked questions</h2>
          <Faq items={PRICING_FAQ} />
          <div className="mt-10 text-center">
            <p className="text-slate-700">Need more locations, a custom contract or invoicing?</p>
            <Link to="/contact" className={`${textLink} mt-2 inline-block`}>
              Contact Sales
            </Link>
          </div>
        </div>
      </section>

      {modalPlan && hydrated ? (
        <Suspense fallback={null}>
          <SubscribeModal plan={modalPlan} period={period} title={`Subscribe to ${modalPlan}`} publishableKey={publishableKey} onClose={close} onSubscribed={subscribed} />
        </Suspense>
      ) : null}
    </>
  );
}
