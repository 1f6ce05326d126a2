import type { LoaderFunctionArgs } from "@remix-run/node";
import { ComingSoon } from "~/components/workspace/ComingSoon";
import { workspaceMeta } from "~/components/workspace/WorkspaceShell";
import { requireWorkspace } from "~/lib/session.server";
import { Link } from "@remix-run/react";

export const meta = workspaceMeta("Analytics");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const workspace = await requireWorkspace(request, context);
  return { businessName: workspace.business.name };
}

export default function AnalyticsPage() {
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Analytics</h1>
        <p className="mt-1 text-slate-600">See where your leads come from and how quickly you convert them.</p>
      </header>
      <Link
        to="/app/analytics/competitors"
        className="block rounded-2xl border border-slate-200 bg-white p-5 shadow-sm hover:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <span className="flex items-center gap-2">
          <span className="text-lg font-semibold text-slate-900">Competitor analysis</span>
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-900">PRO</span>
        </span>
        <span className="mt-1 block text-sm text-slate-700">Why leads were lost, the competitors you lose to most and your win rate against each, and budgets against your market price.</span>
      </Link>
      <ComingSoon
        title="Performance analytics"
        description="This page will show key figures for the last 7 days, 30 days, 90 days or last year: lead quality distribution, response time by hour, revenue growth and performance by channel, with an export to CSV."
      />
    </div>
  );
}
