import type { LoaderFunctionArgs } from "@remix-run/node";
import { ComingSoon } from "~/components/workspace/ComingSoon";
import { workspaceMeta } from "~/components/workspace/WorkspaceShell";
import { requireWorkspace } from "~/lib/session.server";

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
      <ComingSoon
        title="Performance analytics"
        description="This page will show key figures for the last 7 days, 30 days, 90 days or last year: lead quality distribution, response time by hour, revenue growth and performance by channel, with an export to CSV."
      />
    </div>
  );
}
