import type { LoaderFunctionArgs } from "@remix-run/node";
import { ComingSoon } from "~/components/workspace/ComingSoon";
import { workspaceMeta } from "~/components/workspace/WorkspaceShell";
import { requireWorkspace } from "~/lib/session.server";
import { useLoaderData } from "@remix-run/react";
import { hasFeature } from "../../../server/billing/entitlements.ts";
import { billingConfigured } from "../../../server/billing/stripe-client.server.ts";
import { LockedFeature } from "~/components/billing/LockedFeature";

export const meta = workspaceMeta("Cold Outreach");

export async function loader({ request, context }: LoaderFunctionArgs) {
  // A paid feature: without a subscription (an expired trial) the guard sends the owner to /pricing.
  const workspace = await requireWorkspace(request, context, { requireSubscription: true });
  // A PRO feature (server/billing/entitlements.ts): below Pro the page is locked with Unlock buttons.
  const { env, stripe } = context.services;
  return {
    businessName: workspace.business.name,
    locked: !hasFeature(workspace.business, "cold_outreach"),
    isOwner: workspace.role === "owner",
    publishableKey: billingConfigured(env, stripe) ? (env.STRIPE_PUBLISHABLE_KEY ?? null) : null,
  };
}

export default function OutreachPage() {
  const { locked, isOwner, publishableKey } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <header>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Cold Outreach</h1>
          <span className="rounded-full bg-amber-100 px-2.5 py-1 text-xs font-bold tracking-wide text-amber-900">
            PRO FEATURE
          </span>
        </div>
        <p className="mt-1 text-slate-600">Reach the buildings you want to clean, not only the ones that find you.</p>
      </header>
      {locked ? (
        <div className="grid gap-6 md:grid-cols-2">
          <LockedFeature
            feature="cold_outreach"
            title="LinkedIn Automation"
            description="Find prospects by job title, location and industry and send connection requests with automatic follow-ups."
            publishableKey={publishableKey}
            canUpgrade={isOwner}
          />
          <LockedFeature
            feature="cold_outreach"
            title="Email Campaigns"
            description="Automated e-mail sequences with follow-up delays, sent at the time you choose."
            publishableKey={publishableKey}
            canUpgrade={isOwner}
          />
        </div>
      ) : null}
      {locked ? null : <ComingSoon
        title="LinkedIn prospecting and email sequences"
        description="A PRO feature: find prospects by job title, location and industry, import and export prospect lists as CSV, and run automated LinkedIn messages and email sequences with follow-ups."
      />}
    </div>
  );
}
