// The live inbox (live takeover, DESIGN §14): visitors on the business's site now, with their page, score
// so far and last message, updated live from the /workspace socket; open one to watch it and join.
import { plural, pluralWord } from "#shared/format/plural.ts";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useCallback, useEffect, useState } from "react";
import type { LiveVisitor } from "#server/realtime/protocol.ts";
import { Button } from "~/components/ui/Button";
import { workspaceMeta } from "~/components/workspace/WorkspaceShell";
import { emitWorkspace, useWorkspaceEvents } from "~/components/live/use-workspace-events";
import { useDebouncedCall } from "~/components/live/use-debounced-call";
import { requireWorkspace } from "~/lib/session.server";

export const meta = workspaceMeta("Live chats");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const workspace = await requireWorkspace(request, context);
  return { subscribed: workspace.subscribed };
}

type State = { kind: "loading" } | { kind: "error"; message: string } | { kind: "ready"; visitors: LiveVisitor[] };

export default function LiveChatsPage() {
  const { subscribed } = useLoaderData<typeof loader>();
  const [state, setState] = useState<State>({ kind: "loading" });

  const load = useCallback(async () => {
    const ack = await emitWorkspace("presence:list", {});
    setState(ack.ok ? { kind: "ready", visitors: ack.visitors } : { kind: "error", message: "Live chats could not be loaded." });
  }, []);
  const refresh = useDebouncedCall(() => void load(), 500);

  useEffect(() => void load(), [load]);
  useWorkspaceEvents({
    "presence:changed": refresh,
    "conversation:message": refresh,
    "conversation:agent": refresh,
    "lead:updated": refresh,
    reconnect: refresh,
  });

  const chatting = state.kind === "ready" ? state.visitors.filter((v) => v.conversationId) : [];
  const browsing = state.kind === "ready" ? state.visitors.length - chatting.length : 0;

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Live chats</h1>
        <p className="mt-1 text-sm text-slate-600">Visitors chatting on your website now. Open one to watch it and join the chat.</p>
      </header>
      {!subscribed ? (
        <p className="text-slate-700">
          Your trial has ended. Subscribe to join live chats.{" "}
          <Link to="/app/settings/billing" className="font-semibold text-brand-700 underline">
            Choose a plan
          </Link>
        </p>
      ) : null}
      {state.kind === "loading" ? (
        <p role="status" className="text-slate-700">
          Loading live chats…
        </p>
      ) : state.kind === "error" ? (
        <div role="alert" className="space-y-2">
          <p className="text-red-700">{state.message}</p>
          <Button
            type="button"
            variant="secondary"
            onClick={() => {
              setState({ kind: "loading" });
              void load();
            }}
          >
            Retry
          </Button>
        </div>
      ) : (
        <section aria-labelledby="chatting-now" className="space-y-3">
          <h2 id="chatting-now" className="text-lg font-semibold text-slate-900">
            Chatting now ({chatting.length})
          </h2>
          {chatting.length === 0 ? (
            <p className="text-slate-700">Nobody is chatting right now. New chats appear here as they start.</p>
          ) : (
            <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm">
              {chatting.map((v) => (
                <li key={v.visitorId} className="flex flex-col gap-1 p-4 sm:flex-row sm:items-center sm:justify-between">
                  <div className="min-w-0">
                    <Link to={`/app/conversations/${v.conversationId}`} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
                      {v.channel === "sms" ? `Texting from ${v.phone ?? "a phone"} (SMS)` : `${v.isTest ? "Test visitor" : "Visitor"} on ${v.pageUrl ?? "your website"}`}
                    </Link>
                    <p className="truncate text-sm text-slate-700">
                      {v.lastMessage ? `${v.lastMessage.role === "visitor" ? "Visitor" : v.lastMessage.role === "agent" ? "Agent" : "Chatbot"}: ${v.lastMessage.text}` : "No messages yet"}
                    </p>
                  </div>
                  <p className="shrink-0 text-sm text-slate-700">
                    {v.score !== null ? `Score ${v.score.toFixed(1)}` : "Not scored yet"}
                    {v.agent ? ` · ${v.agent.name} joined` : ""}
                  </p>
                </li>
              ))}
            </ul>
          )}
          {browsing > 0 ? (
            <p className="text-sm text-slate-600">
              {plural(browsing, "visitor")} {pluralWord(browsing, "has", "have")} the chat open without writing yet.
            </p>
          ) : null}
        </section>
      )}
    </div>
  );
}
