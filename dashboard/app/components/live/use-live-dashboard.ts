// Keeps the dashboard's lists live: workspace events are merged into the loader's data at once, and a
// debounced revalidation then reloads the loaders (stats, activity and the layout's unread dot) so the
// page converges on what the database says.
import { useRevalidator } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState } from "react";
import type { LeadSummary, Message } from "#server/realtime/protocol.ts";
import type { DashboardData, LiveChat, RecentLeads } from "#server/dashboard/dashboard.server.ts";
import { useWorkspaceEvents } from "./use-workspace-events";
import { needsFollowUp } from "#shared/leads/follow-up.ts";

const RECENT_LEADS = 5;
const LIVE_CHATS = 4;
const PREVIEW_MESSAGES = 3;
const REVALIDATE_DELAY_MS = 500;

function byNewest<T>(time: (item: T) => string) {
  return (a: T, b: T) => (time(a) < time(b) ? 1 : time(a) > time(b) ? -1 : 0);
}

/** Pure: the three tab lists from the loader's lists with live leads laid over them. */
export function mergeLeads(base: RecentLeads, live: LeadSummary[], take = RECENT_LEADS): RecentLeads {
  const known = new Map<string, LeadSummary>();
  for (const lead of [...base.all, ...base.high, ...base.followUp]) known.set(lead.id, lead);
  for (const lead of live) if (!lead.isTest) known.set(lead.id, lead);
  const sorted = [...known.values()].sort(byNewest((l) => l.createdAt));
  return {
    all: sorted.slice(0, take),
    high: sorted.filter((l) => l.priority === "high").slice(0, take),
    followUp: sorted.filter(needsFollowUp).slice(0, take),
  };
}

/** Pure: a conversation message applied to the known conversations; null when the conversation is unknown. */
export function applyMessage(chats: LiveChat[], message: Message): LiveChat[] | null {
  const index = chats.findIndex((c) => c.conversationId === message.conversationId);
  if (index < 0) return null;
  const chat = chats[index]!;
  // Details hidden (an expired trial): the preview keeps its messages out, live ones included.
  if (chat.detailsHidden) return chats;
  const messages = [...chat.messages.filter((m) => m.id !== message.id), message]
    .sort((a, b) => a.seq - b.seq)
    .slice(-PREVIEW_MESSAGES);
  const updated: LiveChat = {
    ...chat,
    messages,
    lastMessageAt: message.createdAt > chat.lastMessageAt ? message.createdAt : chat.lastMessageAt,
  };
  return [updated, ...chats.filter((_, i) => i !== index)].sort(byNewest((c) => c.lastMessageAt)).slice(0, LIVE_CHATS);
}

export function useLiveDashboard(data: DashboardData) {
  const revalidator = useRevalidator();
  const revalidateRef = useRef(revalidator.revalidate);
  revalidateRef.current = revalidator.revalidate;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const [liveLeads, setLiveLeads] = useState<LeadSummary[]>([]);
  const [chats, setChats] = useState<LiveChat[]>(data.liveChats);
  const [now, setNow] = useState(data.now);
  const chatsRef = useRef(chats);

  // Fresh loader data already contains everything pushed before it was loaded.
  useEffect(() => {
    setLiveLeads([]);
    chatsRef.current = data.liveChats;
    setChats(data.liveChats);
  }, [data]);

  // Relative times: the server's clock for the first render (no hydration mismatch), then the browser's.
  useEffect(() => {
    setNow(new Date().toISOString());
    const interval = setInterval(() => setNow(new Date().toISOString()), 30_000);
    return () => clearInterval(interval);
  }, [data]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  // At most one revalidation per delay however busy the chatbot is (each visitor turn updates its lead).
  function scheduleRevalidate() {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      revalidateRef.current();
    }, REVALIDATE_DELAY_MS);
  }

  function onLead({ lead }: { lead: LeadSummary }) {
    if (lead.isTest) return;
    setLiveLeads((current) => [...current.filter((l) => l.id !== lead.id), lead]);
    scheduleRevalidate();
  }

  useWorkspaceEvents({
    "lead:created": onLead,
    "lead:updated": onLead,
    "conversation:message": ({ message }) => {
      const next = applyMessage(chatsRef.current, message);
      if (next) {
        chatsRef.current = next;
        setChats(next);
      } else if (message.role === "visitor") {
        // A conversation not shown yet appears once its visitor speaks (the loader decides what is shown).
        scheduleRevalidate();
      }
    },
    reconnect: scheduleRevalidate,
  });

  const recentLeads = useMemo(() => mergeLeads(data.recentLeads, liveLeads), [data.recentLeads, liveLeads]);
  return { recentLeads, liveChats: chats, now };
}
