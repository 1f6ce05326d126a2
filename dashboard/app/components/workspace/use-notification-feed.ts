// The notification centre's list and its "mark read" requests (decision 0107), through plain fetch() to the JSON route
// instead of Remix fetchers. With lazy route discovery, a fetcher to this never-linked route racing the
// live dashboard's revalidations replaced the whole page with the root boundary's "404 Not Found"
// (remix-run/remix#10263; seen in the live-dashboard e2e test under load): a request of the component's
// own is outside the router, so the router has nothing to discover or revalidate for it. Signed out
// meanwhile, the route redirects: the browser goes to sign in, as with a fetcher (leave-for-redirect.ts).
import { useCallback, useEffect, useRef, useState } from "react";
import { isJsonAnswer, isRedirectedAway, leaveFor } from "~/lib/leave-for-redirect";
import type { ListedNotification } from "#server/notifications/notifications.server.ts";

/** The notification centre's data (JSON: app.notifications_.feed.ts); the page of them is /app/notifications. */
export const NOTIFICATIONS_FEED = "/app/notifications/feed";

/** What is being marked read: every unread notification, or the given ones. */
export type MarkRequest = { all: true } | { ids: string[] };

export type NotificationFeed = {
  /** The latest notifications with their read flags, once loaded. */
  loaded: ListedNotification[] | null;
  loading: boolean;
  loadFailed: boolean;
  reload(): void;
  /** The request being sent, shown as done meanwhile. */
  marking: MarkRequest | null;
  markFailed: boolean;
  /** Resolves to whether the server took it. */
  mark(request: MarkRequest): Promise<boolean>;
};

/** Loads the list while `open`; `onMarked` runs after a mark request succeeded (the page's unread dot is the layout's). */
export function useNotificationFeed(open: boolean, onMarked: () => void): NotificationFeed {
  const [loaded, setLoaded] = useState<ListedNotification[] | null>(null);
  const [loading, setLoading] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const [marking, setMarking] = useState<MarkRequest | null>(null);
  const [markFailed, setMarkFailed] = useState(false);
  const inFlight = useRef<AbortController | null>(null);
  const onMarkedRef = useRef(onMarked);
  onMarkedRef.current = onMarked;

  const reload = useCallback(() => {
    inFlight.current?.abort();
    const request = new AbortController();
    inFlight.current = request;
    setLoading(true);
    setLoadFailed(false);
    fetch(NOTIFICATIONS_FEED, { headers: { Accept: "application/json" }, signal: request.signal })
      .then(async (res) => {
        if (isRedirectedAway(res)) return leaveFor(res.url);
        if (!res.ok) throw new Error(`notifications: ${res.status}`);
        const body = (await res.json()) as { notifications: ListedNotification[] };
        setLoaded(body.notifications);
      })
      .catch(() => {
        if (!request.signal.aborted) setLoadFailed(true);
      })
      .finally(() => {
        if (inFlight.current === request) setLoading(false);
      });
  }, []);

  useEffect(() => {
    if (!open) return;
    reload();
    return () => inFlight.current?.abort();
  }, [open, reload]);

  const mark = useCallback(async (request: MarkRequest) => {
    setMarking(request);
    setMarkFailed(false);
    const body = new URLSearchParams({ intent: "all" in request ? "mark-all-read" : "mark-read" });
    if ("ids" in request) for (const id of request.ids) body.append("id", id);
    try {
      const res = await fetch(NOTIFICATIONS_FEED, { method: "POST", body, headers: { Accept: "application/json" } });
      if (isRedirectedAway(res)) return await leaveFor(res.url);
      if (!res.ok || !isJsonAnswer(res)) throw new Error(`notifications: ${res.status}`);
      const isMarked = (n: ListedNotification) => "all" in request || request.ids.includes(n.id);
      setLoaded((current) => current?.map((n) => (isMarked(n) ? { ...n, read: true } : n)) ?? null);
      onMarkedRef.current();
      return true;
    } catch {
      setMarkFailed(true);
      return false;
    } finally {
      setMarking(null);
    }
  }, []);

  return { loaded, loading, loadFailed, reload, marking, markFailed, mark };
}
