import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getBusinessChatbot, widgetSnippet } from "../../../server/chatbots/chatbots.server.ts";
import { ComingSoon } from "~/components/workspace/ComingSoon";
import { workspaceMeta } from "~/components/workspace/WorkspaceShell";
import { requireWorkspace } from "~/lib/session.server";

export const meta = workspaceMeta("AI Chatbot");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const workspace = await requireWorkspace(request, context);
  const chatbot = await getBusinessChatbot(context.services.db, workspace.business.id);
  return {
    isActive: chatbot?.isActive ?? false,
    snippet: chatbot ? widgetSnippet(context.services.env.PUBLIC_APP_URL, chatbot.siteKey) : null,
  };
}

export default function ChatbotPage() {
  const { isActive, snippet } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">AI Chatbot</h1>
          <p className="mt-1 text-slate-600">The assistant that answers your website visitors 24/7 and qualifies them for you.</p>
        </div>
        <div className="flex items-center gap-3">
          <span
            className={`rounded-full px-3 py-1 text-sm font-semibold ${isActive ? "bg-green-100 text-green-800" : "bg-slate-200 text-slate-800"}`}
          >
            {isActive ? "Active" : "Inactive"}
          </span>
          <a
            href="/test-chatbot"
            target="_blank"
            rel="noopener"
            className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
          >
            Test Chatbot
          </a>
        </div>
      </header>
      {snippet ? (
        <section aria-labelledby="install-heading" className="rounded-xl border border-slate-200 bg-white p-5">
          <h2 id="install-heading" className="text-lg font-semibold text-slate-900">
            Installation
          </h2>
          <p className="mt-1 text-sm text-slate-600">Paste this snippet just before the closing &lt;/body&gt; tag of your website.</p>
          <pre className="mt-3 overflow-x-auto rounded-lg bg-slate-900 p-3 text-sm text-slate-100">
            <code>{snippet}</code>
          </pre>
        </section>
      ) : null}
      <ComingSoon
        title="Chatbot management"
        description="Overview, Settings and Analytics tabs arrive next: switch the chatbot on or off, adjust its welcome message, service areas and hours, and see its statistics."
      />
    </div>
  );
}
