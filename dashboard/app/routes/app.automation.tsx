import type { LoaderFunctionArgs } from "@remix-run/node";
import { ComingSoon } from "~/components/workspace/ComingSoon";
import { workspaceMeta } from "~/components/workspace/WorkspaceShell";
import { requireWorkspace } from "~/lib/session.server";

export const meta = workspaceMeta("Automation");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const workspace = await requireWorkspace(request, context);
  return { businessName: workspace.business.name };
}

export default function AutomationPage() {
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Automation</h1>
        <p className="mt-1 text-slate-600">Follow up with every lead automatically, based on its score.</p>
      </header>
      <ComingSoon
        title="Lead-nurturing automations"
        description="Here you will see your active automations, runs today, success rate and total executions, and create automations from templates (high-priority lead response, medium-priority follow-up, appointment scheduler, lead nurturing) that you can pause, resume, edit or delete."
      />
    </div>
  );
}
