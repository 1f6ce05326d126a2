// "Test Chatbot": a page of the app (its own origin is always allowed) that embeds the owner's widget
// with the test flag, so conversations started here are flagged as tests and kept apart.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { getBusinessChatbot } from "#server/chatbots/chatbots.server.ts";
import { requireWorkspace } from "~/lib/session.server";
import { signTestToken } from "#server/chat/test-token.ts";

export const meta: MetaFunction = () => [{ title: "Test your chatbot | LeadBroom" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const workspace = await requireWorkspace(request, context);
  const chatbot = await getBusinessChatbot(context.services.db, workspace.business.id);
  return {
    businessName: workspace.business.name,
    siteKey: chatbot?.siteKey ?? null,
    isActive: chatbot?.isActive ?? false,
    // The widget on this page carries it, so its conversations are flagged as tests (10 minutes).
    testToken: chatbot ? signTestToken(context.services.signingSecret, chatbot.id) : null,
  };
}

export default function TestChatbot() {
  const { businessName, siteKey, isActive, testToken } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="mx-auto max-w-3xl px-6 py-12">
      <h1 className="text-3xl font-bold text-slate-900">Test your chatbot</h1>
      <p className="mt-3 text-slate-700">
        This page shows {businessName}&apos;s chatbot exactly as your visitors see it. Conversations started here are
        marked as tests: any lead they create is flagged as a test lead and kept apart from real ones.
      </p>
      {!isActive ? (
        <p role="status" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-900">
          Your chatbot is inactive, so it does not appear on your website or here. Activate it on the AI Chatbot page.
        </p>
      ) : null}
      {siteKey && testToken ? <TestWidget siteKey={siteKey} testToken={testToken} /> : null}
    </main>
  );
}

/**
 * The widget's loader, added after hydration (as SiteWidget does): it appends its launcher to <body>,
 * which React owns while hydrating the document, so a server-rendered tag that ran first (a slow page)
 * made hydration fail and React's client re-render removed the chat.
 */
function TestWidget({ siteKey, testToken }: { siteKey: string; testToken: string }) {
  useEffect(() => {
    if (document.querySelector("script[data-leadbroom-test-widget]")) return;
    const script = document.createElement("script");
    script.src = "/widget.js";
    script.async = true;
    script.dataset.siteKey = siteKey;
    script.dataset.test = testToken;
    script.dataset.open = "true";
    script.dataset.leadbroomTestWidget = "true";
    document.body.appendChild(script);
  }, [siteKey, testToken]);
  return null;
}
