// Keeps one lead's detail page live: when the lead changes elsewhere (a teammate, the chatbot capturing
// more answers) or its conversation gets a message, the route's loader runs again through a fetcher and
// its data replaces the page's. A fetcher (not a revalidation) leaves the action's notice and every form
// as they are, so a note being typed is never wiped. Whichever data was loaded last wins.
import { useFetcher, useLocation } from "@remix-run/react";
import type { LeadSummary, Message } from "#server/realtime/protocol.ts";
import { useDebouncedCall } from "./use-debounced-call";
import { useWorkspaceEvents } from "./use-workspace-events";

const RELOAD_DELAY_MS = 300;

type LiveDetail = { loadedAt: number; lead: { id: string; conversationId: string | null } };

/** Pure: the newer of the route's data and the live reload's (by load time), for the same lead only. */
export function newestDetail<T extends LiveDetail>(routeData: T, live: T | undefined): T {
  return live && live.lead.id === routeData.lead.id && live.loadedAt > routeData.loadedAt ? live : routeData;
}

export function useLiveLead<T extends LiveDetail>(routeData: T): T {
  const fetcher = useFetcher();
  const location = useLocation();
  const live = fetcher.data as T | undefined;
  const current = newestDetail(routeData, live);
  const reload = useDebouncedCall(() => fetcher.load(location.pathname), RELOAD_DELAY_MS);

  useWorkspaceEvents({
    "lead:updated": ({ lead }: { lead: LeadSummary }) => {
      if (lead.id === current.lead.id) reload();
    },
    "conversation:message": ({ message }: { message: Message }) => {
      if (current.lead.conversationId && message.conversationId === current.lead.conversationId) reload();
    },
    reconnect: reload,
  });
  return current;
}
