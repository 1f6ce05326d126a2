// The top bar's notification centre: a bell with an unread dot, and a panel listing the latest
// notifications (loaded when opened, pushed live over the workspace socket), each markable as read.
import { Link, useRevalidator } from "@remix-run/react";
import { Bell } from "lucide-react";
import { useEffect, useId, useState } from "react";
import type { WorkspaceNotification } from "#server/realtime/protocol.ts";
import type { ListedNotification } from "#server/notifications/notifications.server.ts";
import { relativeTime } from "#shared/dashboard/periods.ts";
import { focusRing } from "~/components/chatbot/ui";
import { useWorkspaceEvents } from "~/components/live/use-workspace-events";
import { Icon } from "~/components/ui/Icon";
import { Menu } from "~/components/ui/Menu";
import { useNotificationFeed } from "./use-notification-feed";

export function NotificationCentre({ hasUnread }: { hasUnread: boolean }) {
  const [open, setOpen] = useState(false);
  const headingId = useId();

  // Notifications pushed since the last load (newest first); they count as unread until marked.
  const [live, setLive] = useState<WorkspaceNotification[]>([]);
  const [now, setNow] = useState(() => Date.now());
  // Everything was marked read: the layout's unread flag says so once its loader has run again.
  const [allRead, setAllRead] = useState(false);
  const revalidator = useRevalidator();
  const feed = useNotificationFeed(open, () => revalidator.revalidate());

  useWorkspaceEvents({
    notification: (notification) => {
      setLive((current) => (current.some((n) => n.id === notification.id) ? current : [notification, ...current]));
    },
    // Notifications pushed while disconnected were missed: reload the unread state from the database.
    reconnect: () => {
      setAllRead(false);
      revalidator.revalidate();
      if (open) feed.reload();
    },
  });

  useEffect(() => {
    if (!open) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, [open]);

  useEffect(() => {
    if (!hasUnread) setAllRead(false);
  }, [hasUnread]);

  // Once a load includes the pushed notifications they are no longer kept apart.
  const loaded = feed.loaded;
  useEffect(() => {
    if (!loaded) return;
    setLive((current) => current.filter((n) => !loaded.some((l) => l.id === n.id)));
  }, [loaded]);

  const markingAll = feed.marking !== null && "all" in feed.marking;
  const markingIds = new Set(feed.marking && "ids" in feed.marking ? feed.marking.ids : []);
  const items: ListedNotification[] = [
    ...live.map((n) => ({ ...n, read: false })),
    ...(loaded ?? []).filter((n) => !live.some((l) => l.id === n.id)),
  ].map((n) => (markingAll || markingIds.has(n.id) ? { ...n, read: true } : n));
  const anyUnread = markingAll ? false : (hasUnread && !allRead) || live.length > 0 || items.some((n) => !n.read);

  function markAll() {
    const cleared = live.map((n) => n.id);
    void feed.mark({ all: true }).then((ok) => {
      if (!ok) return;
      // Only a stale "unread" from the layout needs hiding; a false one is already right and, if kept
      // hidden, would hide the next unread notification the layout reports.
      setAllRead(hasUnread);
      setLive((current) => current.filter((n) => !cleared.includes(n.id)));
    });
  }

  function markOne(id: string) {
    void feed.mark({ ids: [id] }).then((ok) => {
      if (ok) setLive((current) => current.filter((n) => n.id !== id));
    });
  }

  return (
    <Menu
      label={anyUnread ? "Notifications (unread)" : "Notifications"}
      onOpenChange={setOpen}
      buttonClassName={`relative inline-flex h-10 w-10 cursor-pointer items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 ${focusRing}`}
      panelAs="section"
      panelLabelledBy={headingId}
      panelClassName="absolute right-0 z-40 mt-2 w-80 max-w-[calc(100vw-1.5rem)] rounded-xl bg-white text-sm shadow-lg ring-1 ring-slate-200"
      button={
        <>
          <Icon icon={Bell} className="h-6 w-6" />
          {anyUnread ? (
            <span
              aria-hidden="true"
              data-testid="notifications-unread-dot"
              className="absolute top-2 right-2 h-2.5 w-2.5 rounded-full bg-red-600 ring-2 ring-white"
            />
          ) : null}
        </>
      }
    >
      {(close) => (
        <>
          <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
            <h2 id={headingId} className="font-semibold text-slate-900">
              Notifications
            </h2>
            {anyUnread ? (
              <button
                type="button"
                onClick={markAll}
                className={`cursor-pointer rounded-md px-2 py-1 text-xs font-semibold text-brand-700 hover:bg-brand-50 ${focusRing}`}
              >
                Mark all as read
              </button>
            ) : null}
          </div>
          {feed.markFailed ? (
            <p role="alert" className="border-b border-slate-200 bg-red-50 px-4 py-2 text-red-800">
              Could not mark notifications as read. Try again.
            </p>
          ) : null}
          {items.length === 0 ? (
            feed.loadFailed && !loaded ? (
              <div role="alert" className="px-4 py-4 text-slate-700">
                <p>Could not load notifications.</p>
                <button
                  type="button"
                  onClick={feed.reload}
                  className={`mt-2 cursor-pointer rounded-md px-2 py-1 text-xs font-semibold text-brand-700 hover:bg-brand-50 ${focusRing}`}
                >
                  Try again
                </button>
              </div>
            ) : (
              <p className="px-4 py-4 text-slate-600">
                {feed.loading && !loaded ? "Loading notifications…" : "You're all caught up. There are no new notifications."}
              </p>
            )
          ) : (
            <ul aria-label="Notifications" className="max-h-96 divide-y divide-slate-100 overflow-y-auto">
              {items.map((n) => (
                <li key={n.id} data-read={n.read ? "true" : "false"} className="flex items-start gap-3 px-4 py-3">
                  <span
                    aria-hidden="true"
                    className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${n.read ? "bg-transparent" : "bg-brand-600"}`}
                  />
                  <div className="min-w-0 flex-1">
                    <p className={n.read ? "text-slate-700" : "font-medium text-slate-900"}>
                      {n.read ? null : <span className="sr-only">Unread: </span>}
                      {n.text}
                    </p>
                    <p className="mt-0.5 text-xs text-slate-600">
                      <time dateTime={n.createdAt}>{relativeTime(n.createdAt, new Date(Math.max(now, Date.parse(n.createdAt))))}</time>
                    </p>
                  </div>
                  {n.read ? null : (
                    <button
                      type="button"
                      onClick={() => markOne(n.id)}
                      className={`shrink-0 cursor-pointer rounded-md px-2 py-1 text-xs font-medium text-slate-700 hover:bg-slate-100 ${focusRing}`}
                    >
                      Mark read<span className="sr-only">: {n.text}</span>
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
          <div className="border-t border-slate-200 px-4 py-2 text-right">
            <Link to="/app/notifications" onClick={close} className={`rounded-md text-xs font-semibold text-brand-700 underline ${focusRing}`}>
              See all notifications
            </Link>
          </div>
        </>
      )}
    </Menu>
  );
}
