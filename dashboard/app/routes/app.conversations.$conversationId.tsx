// One conversation's replay (support staff and owners). A conversation of another business answers 404.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { conversationExists, getTranscript } from "#server/chat/transcripts.server.ts";

import { formatDateTime, PRIORITY_LABEL } from "~/components/conversations/format";
import { Replay } from "~/components/conversations/Replay";
import { LiveChat } from "~/components/live/LiveChat";
import { workspaceMeta } from "~/components/workspace/WorkspaceShell";
import { requireWorkspace } from "~/lib/session.server";
import { leadDetailsHidden } from "#shared/billing/entitlements.ts";
import { buttonClasses } from "~/components/ui/Button";

export const meta = workspaceMeta("Conversation replay");

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const workspace = await requireWorkspace(request, context);
  const { db } = context.services;
  const conversationId = params.conversationId ?? "";
  // An expired trial keeps its conversations but replays them only after subscribing (decision 0010).
  if (leadDetailsHidden(workspace.business)) {
    if (!(await conversationExists(db, workspace.business.id, conversationId))) throw new Response("Conversation not found", { status: 404 });
    return { transcript: null, timeZone: "UTC", userId: workspace.userId };
  }
  const transcript = conversationId.length <= 64 ? await getTranscript(db, workspace.business.id, conversationId) : null;
  if (!transcript) throw new Response("Conversation not found", { status: 404 });
  return { transcript, timeZone: workspace.business.timeZone, userId: workspace.userId };
}

export default function ConversationReplayPage() {
  const { transcript, timeZone, userId } = useLoaderData<typeof loader>();
  if (!transcript) {
    return (
      <div className="mx-auto max-w-4xl space-y-4">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Conversation replay</h1>
        <p className="text-slate-700">
          Your trial has ended. This conversation is kept; subscribe to see it.{" "}
          <Link to="/app/settings/billing" className="font-semibold text-brand-700 underline">
            Choose a plan
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Conversation replay</h1>
          <p className="mt-1 text-sm text-slate-600">
            Started {formatDateTime(transcript.createdAt, timeZone)}
            {transcript.isTest ? " · Test conversation" : ""}
            {transcript.pageUrl ? ` · on ${transcript.pageUrl}` : ""}
            {transcript.lead ? ` · Lead: ${transcript.lead.name ?? "Unnamed"} (${PRIORITY_LABEL[transcript.lead.priority]})` : " · No lead"}
          </p>
        </div>
        <Link to="/app/conversations" className={buttonClasses({ variant: "secondary" })}>
          All conversations
        </Link>
      </header>
      {transcript.status === "open" ? (
        <LiveChat conversationId={transcript.id} userId={userId} initialMessages={transcript.messages} initialAgent={transcript.agent} />
      ) : null}
      <Replay transcript={transcript} timeZone={timeZone} />
    </div>
  );
}
