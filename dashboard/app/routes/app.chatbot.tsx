import type { LoaderFunctionArgs } from "@remix-run/node";
import { ComingSoon } from "~/components/workspace/ComingSoon";
import { workspaceMeta } from "~/components/workspace/WorkspaceShell";
import { requireWorkspace } from "~/lib/session.server";

export const meta = workspaceMeta("AI Chatbot");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const workspace = await requireWorkspace(request, context);
  return { businessName: workspace.business.name };
}

export default function ChatbotPage() {
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">AI Chatbot</h1>
        <p className="mt-1 text-slate-600">The assistant that answers your website visitors 24/7 and qualifies them for you.</p>
      </header>
      <ComingSoon
        title="Chatbot management"
        description="This page will have Overview, Settings, Installation and Analytics tabs: switch the chatbot on or off, test it in a new window, adjust its welcome message, service areas and hours, and copy the widget snippet for your website."
      />
    </div>
  );
}
