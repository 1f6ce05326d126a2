import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ComingSoon } from "~/components/workspace/ComingSoon";
import { workspaceMeta } from "~/components/workspace/WorkspaceShell";
import { requireWorkspace } from "~/lib/session.server";

export const meta = workspaceMeta("Dashboard");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const workspace = await requireWorkspace(request, context);
  return { businessName: workspace.business.name };
}

export default function DashboardPage() {
  const { businessName } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Welcome back, {businessName}</h1>
        <p className="mt-1 text-slate-600">Here is how your lead capture is doing.</p>
      </header>
      <ComingSoon
        title="Your dashboard"
        description="This page will show four stat cards (new leads this week, conversion rate, average response time and revenue this month), your recent leads with All, High Priority and Needs Follow-up filters, a live chat preview of your chatbot and your recent activity."
      />
    </div>
  );
}
