// Conversations (support staff and owners): the chatbot's conversations, filtered by lead, test/real and
// date, each linking to its replay. Scoped to the signed-in user's business.
import { plural } from "#shared/format/plural.ts";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { parseConversationFilters } from "#server/chat/conversation-filters.ts";
import { listConversations } from "#server/chat/transcripts.server.ts";
import { cardClass, focusRing, inputClass, labelClass, selectClass } from "~/components/chatbot/ui";
import { formatDateTime, PRIORITY_CLASS, PRIORITY_LABEL } from "~/components/conversations/format";
import { workspaceMeta } from "~/components/workspace/WorkspaceShell";
import { requireWorkspace } from "~/lib/session.server";
import { leadDetailsHidden } from "#shared/billing/entitlements.ts";
import { HIDDEN_LEAD_NAME } from "#server/billing/lead-visibility.ts";
import { Button, buttonClasses } from "~/components/ui/Button";

export const meta = workspaceMeta("Conversations");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const workspace = await requireWorkspace(request, context);
  const { db } = context.services;
  const parsed = parseConversationFilters(new URL(request.url).searchParams);
  const { timeZone } = workspace.business;
  const listed = await listConversations(db, workspace.business.id, parsed.filters, timeZone);
  // An expired trial keeps its conversations but shows what visitors wrote only after subscribing (decision 0010).
  const page = leadDetailsHidden(workspace.business)
    ? {
        ...listed,
        items: listed.items.map((item) => ({
          ...item,
          preview: item.preview === null ? null : "Subscribe to see this conversation.",
          lead: item.lead ? { ...item.lead, name: HIDDEN_LEAD_NAME, company: null } : null,
        })),
      }
    : listed;
  return { filters: parsed.filters, filterError: parsed.ok ? null : parsed.error, timeZone, ...page };
}

export default function ConversationsPage() {
  const { filters, filterError, timeZone, items, page, hasMore } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const pageLink = (n: number) => {
    const params = new URLSearchParams();
    if (filters.lead !== "all") params.set("lead", filters.lead);
    if (filters.kind !== "all") params.set("kind", filters.kind);
    if (filters.from) params.set("from", filters.from);
    if (filters.to) params.set("to", filters.to);
    if (n > 1) params.set("page", String(n));
    return `?${params}`;
  };

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Conversations</h1>
          <p className="mt-1 text-slate-600">Everything your chatbot said to visitors. Open one to replay it.</p>
        </div>
        <Link to="/app/chatbot" className={buttonClasses({ variant: "secondary" })}>
          Back to AI Chatbot
        </Link>
      </header>

      <Form method="get" className={`${cardClass} grid gap-4 sm:grid-cols-2 lg:grid-cols-5`} aria-label="Filter conversations">
        <div>
          <label htmlFor="filter-lead" className={labelClass}>
            Lead
          </label>
          <select id="filter-lead" name="lead" defaultValue={filters.lead} className={selectClass}>
            <option value="all">All conversations</option>
            <option value="with">With a lead</option>
            <option value="without">Without a lead</option>
          </select>
        </div>
        <div>
          <label htmlFor="filter-kind" className={labelClass}>
            Type
          </label>
          <select id="filter-kind" name="kind" defaultValue={filters.kind} className={selectClass}>
            <option value="all">Real and test</option>
            <option value="real">Real only</option>
            <option value="test">Test only</option>
          </select>
        </div>
        <div>
          <label htmlFor="filter-from" className={labelClass}>
            From
          </label>
          <input id="filter-from" name="from" type="date" defaultValue={filters.from ?? ""} className={inputClass} />
        </div>
        <div>
          <label htmlFor="filter-to" className={labelClass}>
            To
          </label>
          <input id="filter-to" name="to" type="date" defaultValue={filters.to ?? ""} className={inputClass} />
        </div>
        <div className="flex items-end gap-2">
          <Button type="submit">
            Apply filters
          </Button>
          <Link to="/app/conversations" className={`text-sm font-semibold text-brand-700 underline ${focusRing}`}>
            Clear
          </Link>
        </div>
      </Form>
      {filterError ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {filterError} Showing all conversations instead.
        </div>
      ) : null}

      <section aria-labelledby="conversation-list" aria-busy={navigation.state === "loading"} className={`${cardClass} p-0`}>
        <h2 id="conversation-list" className="sr-only">
          Conversation list
        </h2>
        {items.length === 0 ? (
          <p className="p-6 text-sm text-slate-600">No conversations match these filters.</p>
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="conversation-list">
            {items.map((c) => (
              <li key={c.id} className="flex flex-wrap items-center gap-4 px-5 py-4">
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2 text-sm">
                    <span className="font-semibold text-slate-900">{formatDateTime(c.createdAt, timeZone)}</span>
                    {c.isTest ? (
                      <span className="rounded-full bg-purple-100 px-2 py-0.5 text-xs font-semibold text-purple-800">Test</span>
                    ) : null}
                    {c.lead ? (
                      <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${PRIORITY_CLASS[c.lead.priority]}`}>
                        Lead: {c.lead.name ?? "Unnamed"} · {c.lead.score.toFixed(1)} ({PRIORITY_LABEL[c.lead.priority]})
                      </span>
                    ) : (
                      <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">No lead</span>
                    )}
                  </p>
                  <p className="mt-1 truncate text-sm text-slate-700">{c.preview ?? "The visitor has not written yet."}</p>
                  <p className="mt-0.5 text-xs text-slate-600">
                    {plural(c.messageCount, "message")}
                    {c.pageUrl ? ` · ${c.pageUrl}` : ""}
                  </p>
                </div>
                <Link to={`/app/conversations/${c.id}`} className={buttonClasses({ variant: "secondary" })}>
                  Replay<span className="sr-only"> conversation of {formatDateTime(c.createdAt, timeZone)}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      {page > 1 || hasMore ? (
        <nav aria-label="Pages" className="flex justify-between">
          {page > 1 ? (
            <Link to={pageLink(page - 1)} className={buttonClasses({ variant: "secondary" })}>
              Previous
            </Link>
          ) : (
            <span />
          )}
          {hasMore ? (
            <Link to={pageLink(page + 1)} className={buttonClasses({ variant: "secondary" })}>
              Next
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
