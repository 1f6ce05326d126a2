import { data, type HeadersFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { leadDetailsHidden } from "../../../server/billing/entitlements.ts";
import { loadDashboard } from "../../../server/dashboard/dashboard.server.ts";
import { LiveChatPreview, RecentActivity, UpgradeBanner } from "~/components/dashboard/Panels";
import { RecentLeads } from "~/components/dashboard/RecentLeads";
import { StatCards } from "~/components/dashboard/StatCards";
import { useLiveDashboard } from "~/components/live/use-live-dashboard";
import { workspaceMeta } from "~/components/workspace/WorkspaceShell";
import { requireWorkspace } from "~/lib/session.server";

export const meta = workspaceMeta("Dashboard");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const workspace = await requireWorkspace(request, context);
  const started = performance.now();
  // An expired trial sees no lead details here either (decision 0010), exactly as in the leads list.
  const dashboard = await loadDashboard(context.services.db, { businessId: workspace.business.id, detailsHidden: leadDetailsHidden(workspace.business) });
  const ms = performance.now() - started;
  const plan = workspace.business.plan;
  return data(
    {
      businessName: workspace.business.name,
      // Pro and Enterprise already have what the banner offers.
      showUpgrade: plan !== "Pro" && plan !== "Enterprise",
      dashboard,
    },
    // The dashboard queries' time, for the benchmark (tests/bench/dashboard-page.ts) and the devtools.
    { headers: { "Server-Timing": `dashboard;dur=${ms.toFixed(1)}` } },
  );
}

export const headers: HeadersFunction = ({ loaderHeaders }) => {
  const timing = loaderHeaders.get("Server-Timing");
  return timing ? { "Server-Timing": timing } : new Headers();
};

export default function DashboardPage() {
  const { businessName, showUpgrade, dashboard } = useLoaderData<typeof loader>();
  const live = useLiveDashboard(dashboard);
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Welcome back, {businessName}</h1>
        <p className="mt-1 text-slate-600">Here is how your lead capture is doing.</p>
      </header>
      <StatCards stats={dashboard.stats} />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <RecentLeads leads={live.recentLeads} now={live.now} />
          <LiveChatPreview chats={live.liveChats} now={live.now} />
        </div>
        <div className="space-y-6">
          <RecentActivity items={dashboard.activity} now={live.now} />
        </div>
      </div>
      {showUpgrade ? <UpgradeBanner /> : null}
    </div>
  );
}
