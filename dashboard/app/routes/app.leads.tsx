import type { LoaderFunctionArgs } from "@remix-run/node";
import { ComingSoon } from "~/components/workspace/ComingSoon";
import { workspaceMeta } from "~/components/workspace/WorkspaceShell";
import { requireWorkspace } from "~/lib/session.server";

export const meta = workspaceMeta("Leads");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const workspace = await requireWorkspace(request, context);
  return { businessName: workspace.business.name };
}

export default function LeadsPage() {
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Manage Your Leads</h1>
        <p className="mt-1 text-slate-600">Every lead your chatbot captures, scored and sorted by priority.</p>
      </header>
      <ComingSoon
        title="Lead list"
        description="Your leads will be listed here with their score out of 10 and High, Medium or Low priority, filters for All, High Priority and Needs Follow-up, follow-up reminders and each lead's full history."
      />
    </div>
  );
}
