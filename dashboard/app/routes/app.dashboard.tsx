import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { isReturningMember } from "#server/team/profile.server.ts";
import { useLoaderData, useRevalidator } from "@remix-run/react";
import { effectivePlan, leadDetailsHidden } from "#shared/billing/entitlements.ts";
import { loadDashboard } from "#server/dashboard/dashboard.server.ts";
import { LiveChatPreview, RecentActivity, UpgradeBanner } from "~/components/dashboard/Panels";
import { RecentLeads } from "~/components/dashboard/RecentLeads";
import { StatCards } from "~/components/dashboard/StatCards";
import { OnboardingChecklist } from "~/components/dashboard/OnboardingChecklist";
import { useWorkspaceEvents } from "~/components/live/use-workspace-events";
import { PLANS } from "#shared/billing/plans.ts";
import { loadOnboarding, setOnboardingDismissed } from "#server/onboarding/checklist.server.ts";
import { useLiveDashboard } from "~/components/live/use-live-dashboard";
import { workspaceMeta } from "~/components/workspace/WorkspaceShell";
import { requireOwner, requireWorkspace } from "~/lib/session.server";

export const meta = workspaceMeta("Dashboard");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const workspace = await requireWorkspace(request, context);
  const started = performance.now();
  // An expired trial sees no lead details here either (decision 0010), exactly as in the leads list.
  const [dashboard, onboarding, returning] = await Promise.all([
    loadDashboard(context.services.db, { businessId: workspace.business.id, detailsHidden: leadDetailsHidden(workspace.business) }),
    // The first-run checklist is the owner's: the steps are owner-only screens.
    workspace.role === "owner" ? loadOnboarding(context.services.db, workspace.business.id) : null,
    isReturningMember(context.services.db, workspace.userId),
  ]);
  const ms = performance.now() - started;
  // The banner offers Pro: only to a business whose plan now is below it (a trial without a chosen
  // plan is a trial of Pro, decision 0010; an expired trial chooses a plan on the billing tab).
  const plan = effectivePlan(workspace.business);
  return data(
    {
      businessName: workspace.business.name,
      greeting: returning ? "Welcome back" : "Welcome",
      showUpgrade: plan !== null && PLANS[plan].rank < PLANS.Pro.rank,
      dashboard,
      onboarding: onboarding?.visible ? onboarding : null,
    },
    // The dashboard queries' time, for the benchmark (tests/bench/dashboard-page.ts) and the devtools.
    { headers: { "Server-Timing": `dashboard;dur=${ms.toFixed(1)}` } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const workspace = await requireOwner(request, context);
  const form = await request.formData();
  if (form.get("intent") !== "dismiss-onboarding") return data({ ok: false, message: "Unknown action." }, { status: 400 });
  await setOnboardingDismissed(context.services.db, workspace.business.id, true);
  return { ok: true };
}

export const headers: HeadersFunction = ({ loaderHeaders }) => {
  const timing = loaderHeaders.get("Server-Timing");
  return timing ? { "Server-Timing": timing } : new Headers();
};

export default function DashboardPage() {
  const { businessName, greeting, showUpgrade, dashboard, onboarding } = useLoaderData<typeof loader>();
  const live = useLiveDashboard(dashboard);
  // A checklist fact recorded elsewhere (the widget loaded on the owner's site, a test conversation):
  // reload the checklist. New leads already reload the dashboard (useLiveDashboard).
  const revalidator = useRevalidator();
  useWorkspaceEvents({ "onboarding:updated": () => revalidator.revalidate() });
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{greeting}, {businessName}</h1>
        <p className="mt-1 text-slate-600">Here is how your lead capture is doing.</p>
      </header>
      {onboarding ? <OnboardingChecklist onboarding={onboarding} /> : null}
      <StatCards stats={dashboard.stats} />
      <div className="grid gap-6 lg:grid-cols-3">
        {/* min-w-0: a grid item is as wide as its content by default, which pushed the page sideways on phones. */}
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <RecentLeads leads={live.recentLeads} now={live.now} />
          <LiveChatPreview chats={live.liveChats} now={live.now} />
        </div>
        <div className="min-w-0 space-y-6">
          <RecentActivity items={dashboard.activity} now={live.now} />
        </div>
      </div>
      {showUpgrade ? <UpgradeBanner /> : null}
    </div>
  );
}
