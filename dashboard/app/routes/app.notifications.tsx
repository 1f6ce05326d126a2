// /app/notifications: the notifications page (the list, mark read, mark all read, live). Its data and
// marks are the notification centre's (/app/notifications/feed, JSON), scoped to the session's user,
// served by this route itself: its marks post here, not to the feed route, which no page links to (a
// fetcher to it raced this live page's revalidations into the root "404 Not Found", decision 0108).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useFetcher, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { relativeTime } from "#shared/dashboard/periods.ts";
import { useWorkspaceEvents } from "~/components/live/use-workspace-events";
import { workspaceMeta } from "~/components/workspace/WorkspaceShell";
import { PushDevicesSection } from "~/components/settings/PushDevicesSection";
import { action as feedAction, loader as feedLoader } from "./app.notifications_.feed";
import { focusRing } from "~/components/forms";

export function loader(args: LoaderFunctionArgs) {
  return feedLoader(args);
}

export const action = feedAction;

export const meta = workspaceMeta("Notifications");

const TYPE_LABELS = { "new-lead": "New lead", response: "Response", "follow-up": "Follow-up", "person-requested": "Live chat" } as const;

export default function NotificationsPage() {
  const { notifications, unreadCount, now: loadedAt } = useLoaderData<typeof loader>();
  const mark = useFetcher<typeof feedAction>();
  const revalidator = useRevalidator();
  // New notifications arrive live: reload the list (the unread dot in the top bar follows too).
  useWorkspaceEvents({ notification: () => revalidator.revalidate(), reconnect: () => revalidator.revalidate() });
  const [now, setNow] = useState(loadedAt);
  useEffect(() => {
    setNow(new Date().toISOString());
    const timer = setInterval(() => setNow(new Date().toISOString()), 30_000);
    return () => clearInterval(timer);
  }, [loadedAt]);

  // Optimistic: what is being marked shows as read at once; a failure shows the error and the list as stored.
  const pending = mark.state !== "idle" ? mark.formData : undefined;
  const markingAll = pending?.get("intent") === "mark-all-read";
  const markingIds = new Set(pending?.getAll("id").map(String) ?? []);
  const shown = notifications.map((n) => (markingAll || markingIds.has(n.id) ? { ...n, read: true } : n));
  const beingMarked = notifications.filter((n) => !n.read && markingIds.has(n.id)).length;
  const unread = markingAll ? 0 : Math.max(0, unreadCount - beingMarked);

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Notifications</h1>
          <p className="mt-1 text-slate-600" data-testid="unread-count">
            {unread === 0 ? "You're all caught up." : `${unread} unread`}
          </p>
        </div>
        {unread > 0 ? (
          <mark.Form method="post">
            <input type="hidden" name="intent" value="mark-all-read" />
            <button
              type="submit"
              disabled={mark.state !== "idle"}
              className={`rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50 disabled:opacity-60 ${focusRing}`}
            >
              {markingAll ? "Marking..." : "Mark all as read"}
            </button>
          </mark.Form>
        ) : null}
      </header>
      {shown.length === 0 ? (
        <p className="rounded-2xl bg-white px-5 py-8 text-center text-sm text-slate-600 shadow-sm ring-1 ring-slate-200">
          No notifications yet. New leads, responses and follow-ups due appear here.
        </p>
      ) : (
        <ul aria-label="Notifications" className="divide-y divide-slate-100 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
          {shown.map((n) => (
            <li key={n.id} data-read={n.read ? "true" : "false"} className="flex items-start gap-3 px-4 py-3 sm:px-5">
              <span aria-hidden="true" className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${n.read ? "bg-transparent" : "bg-brand-600"}`} />
              <div className="min-w-0 flex-1">
                <p className={`break-words ${n.read ? "text-slate-700" : "font-medium text-slate-900"}`}>
                  {n.read ? null : <span className="sr-only">Unread: </span>}
                  {n.leadId ? (
                    <Link to={`/app/leads/${n.leadId}`} className={`underline-offset-2 hover:underline ${focusRing}`}>
                      {n.text}
                    </Link>
                  ) : (
                    n.text
                  )}
                </p>
                <p className="mt-0.5 text-xs text-slate-600">
                  {TYPE_LABELS[n.type]} · <time dateTime={n.createdAt}>{relativeTime(n.createdAt, new Date(Math.max(Date.parse(now), Date.parse(n.createdAt))))}</time>
                </p>
              </div>
              {n.read ? null : (
                <mark.Form method="post" className="shrink-0">
                  <input type="hidden" name="intent" value="mark-read" />
                  <input type="hidden" name="id" value={n.id} />
                  <button
                    type="submit"
                    disabled={mark.state !== "idle"}
                    className={`rounded-md px-2 py-1 text-xs font-medium text-slate-700 hover:bg-slate-100 disabled:opacity-60 ${focusRing}`}
                  >
                    Mark read<span className="sr-only">: {n.text}</span>
                  </button>
                </mark.Form>
              )}
            </li>
          ))}
        </ul>
      )}
      {/* Every member (support staff have no Settings) turns on notifications for their devices here. */}
      <PushDevicesSection />
    </div>
  );
}
