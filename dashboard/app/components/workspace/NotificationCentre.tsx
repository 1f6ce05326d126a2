// The top bar's notification centre: a bell with an unread dot, and a panel listing the latest
// notifications (loaded when opened, pushed live over the workspace socket), each markable as read.
import { Link, useFetcher, useRevalidator } from "@remix-run/react";
import { Bell } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import type { WorkspaceNotification } from "#server/realtime/protocol.ts";
import type { ListedNotification } from "#server/notifications/notifications.server.ts";
import { relativeTime } from "#shared/dashboard/periods.ts";
import type { action as notificationsAction, loader as notificationsLoader } from "~/routes/app.notifications_.feed";
import { focusRing } from "~/components/chatbot/ui";
import { useWorkspaceEvents } from "~/components/live/use-workspace-events";
import { Icon } from "~/components/ui/Icon";
import { Menu } from "~/components/ui/Menu";

/** The notification centre's data (JSON); the page of them is /app/notifications. */
const NOTIFICATIONS_ROUTE = "/app/notifications/feed";

export function NotificationCentre({ hasUnread }: { hasUnread: boolean }) {
  const [open, setOpen] = useState(false);
  const headingId = useId();

  const list = useFetcher<typeof notificationsLoader>();
  const mark = useFetcher<typeof notificationsAction>();
  // Notifications pushed since the last load (newest first); they count as unread until marked.
  const [live, setLive] = useState<WorkspaceNotification[]>([]);
  const [now, setNow] = useState(() => Date.now());
  const loadRef = useRef(list.load);
  loadRef.current = list.load;

  const revalidator = useRevalidator();
  useWorkspaceEvents({
    notification: (notification) => {
      setLive((current) => (current.some((n) => n.id === notification.id) ? current : [notification, ...current]));
    },
    // Notifications pushed while disconnected were missed: reload the unread state from the database.
    reconnect: () => revalidator.revalidate(),
  });

  useEffect(() => {
    if (!open) return;
    setNow(Date.now());
    loadRef.current(NOTIFICATIONS_ROUTE);
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, [open]);

  // Once a load includes the pushed notifications they are no longer kept apart.
  const loaded = list.data?.notifications;
  useEffect(() => {
    if (!loaded) return;
    setLive((current) => current.filter((n) => !loaded.some((l) => l.id === n.id)));
  }, [loaded]);

  const marking = mark.state !== "idle" ? mark.formData : undefined;
  const markingAll = marking?.get("intent") === "mark-all-read";
  const markingIds = new Set(marking?.getAll("id").map(String) ?? []);
  const items: ListedNotification[] = [
    ...live.map((n) => ({ ...n, read: false })),
    ...(loaded ?? []).filter((n) => !live.some((l) => l.id === n.id)),
  ].map((n) => (markingAll || markingIds.has(n.id) ? { ...n, read: true } : n));
  const anyUnread = markingAll ? false : hasUnread || live.length > 0 || items.some((n) => !n.read);

  function markAll() {
    setLive([]);
    mark.submit({ intent: "mark-all-read" }, { method: "post", action: NOTIFICATIONS_ROUTE });
  }

  function markOne(id: string) {
    setLive((current) => current.filter((n) => n.id !== id));
    mark.submit({ intent: "mark-read", id }, { method: "post", action: NOTIFICATIONS_ROUTE });
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
          {items.length === 0 ? (
            <p className="px-4 py-4 text-slate-600">
              {list.state === "loading" && !loaded
                ? "Loading notifications…"
                : "You're all caught up. There are no new notifications."}
            </p>
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
