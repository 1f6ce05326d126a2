// A live conversation in the workspace (live takeover, DESIGN §14): the transcript so far, updated as the
// visitor and the bot write; Join / Leave (and Take over when another member has it); a composer while
// joined; the visitor's typing. Each action shows its loading state and its error.
import { useEffect, useMemo, useRef, useState } from "react";
import type { ConversationAgentEvent, Message, TakeoverErrorCode } from "#server/realtime/protocol.ts";
import { Button } from "~/components/ui/Button";
import { emitWorkspace, useWorkspaceEvents } from "./use-workspace-events";

export type LiveMessage = Pick<Message, "id" | "seq" | "role" | "text" | "createdAt"> & { authorName?: string | null; channel?: string | null };

const ROLE_LABEL = { visitor: "Visitor", bot: "Chatbot", agent: "Agent", system: "System" } as const;

const ERRORS: Record<TakeoverErrorCode, string> = {
  invalid_payload: "That could not be sent. Check the message and try again.",
  message_too_long: "Messages can be at most 2,000 characters.",
  not_found: "This conversation was not found.",
  conversation_closed: "This conversation has ended.",
  taken: "Another team member has joined this chat.",
  not_joined: "Join the chat to write in it.",
  forbidden: "Your trial has ended: subscribe to join live chats.",
  rate_limited: "Too many messages at once. Wait a moment and try again.",
  server_error: "Something went wrong on our side. Try again.",
};

function newClientMessageId(): string {
  return `a_${crypto.randomUUID().replace(/-/g, "")}`;
}

function mergeMessages(list: LiveMessage[], more: LiveMessage[]): LiveMessage[] {
  const byId = new Map(list.map((m) => [m.id, m]));
  for (const m of more) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

const fromProtocol = (m: Message): LiveMessage => ({ ...m, authorName: m.author?.name ?? null });

export function LiveChat({
  conversationId,
  userId,
  initialMessages,
  initialAgent,
}: {
  conversationId: string;
  userId: string;
  initialMessages: LiveMessage[];
  initialAgent: { userId: string; name: string } | null;
}) {
  const [messages, setMessages] = useState(initialMessages);
  const [agent, setAgent] = useState(initialAgent);
  const [busy, setBusy] = useState<"join" | "leave" | "send" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [visitorTyping, setVisitorTyping] = useState(false);
  const [text, setText] = useState("");
  const typingTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // New messages scroll into view unless the agent scrolled up to read (issue 32 item 5).
  const listRef = useRef<HTMLOListElement>(null);
  const pinnedToBottom = useRef(true);
  function onListScroll() {
    const list = listRef.current;
    if (list) pinnedToBottom.current = list.scrollHeight - list.scrollTop - list.clientHeight < 48;
  }
  useEffect(() => {
    const list = listRef.current;
    if (list && pinnedToBottom.current) list.scrollTop = list.scrollHeight;
  }, [messages.length]);
  const sentTyping = useRef(false);
  const joined = agent?.userId === userId;

  useWorkspaceEvents({
    "conversation:message": ({ message }) => {
      if (message.conversationId !== conversationId) return;
      setMessages((list) => mergeMessages(list, [fromProtocol(message)]));
      if (message.role === "visitor") setVisitorTyping(false);
    },
    "conversation:typing": (event) => {
      if (event.conversationId !== conversationId) return;
      setVisitorTyping(event.typing);
      if (typingTimer.current) clearTimeout(typingTimer.current);
      // A lost "stopped typing" must not leave the indicator for ever.
      if (event.typing) typingTimer.current = setTimeout(() => setVisitorTyping(false), 30_000);
    },
    "conversation:agent": (event: ConversationAgentEvent) => {
      if (event.conversationId === conversationId) setAgent(event.agent ? { userId: event.agent.userId, name: event.agent.name } : null);
    },
  });
  useEffect(() => () => void (typingTimer.current && clearTimeout(typingTimer.current)), []);

  // Tell the visitor when this member types (only changes are sent).
  const typing = joined && text.trim().length > 0;
  useEffect(() => {
    if (!joined || typing === sentTyping.current) return;
    sentTyping.current = typing;
    void emitWorkspace("agent:typing", { conversationId, typing });
  }, [typing, joined, conversationId]);

  async function join(takeOver: boolean) {
    setBusy("join");
    setError(null);
    const ack = await emitWorkspace("conversation:join", { conversationId, ...(takeOver ? { takeOver: true } : {}) });
    setBusy(null);
    if (!ack.ok) {
      if (ack.error === "taken" && ack.agent) setAgent({ userId: "", name: ack.agent.name });
      return setError(ack.error === "taken" && ack.agent ? `${ack.agent.name} has joined this chat.` : ERRORS[ack.error]);
    }
    setMessages((list) => mergeMessages(list, ack.messages.map(fromProtocol)));
  }

  async function leave() {
    setBusy("leave");
    setError(null);
    const ack = await emitWorkspace("conversation:leave", { conversationId });
    setBusy(null);
    if (!ack.ok) return setError(ERRORS[ack.error]);
    setAgent(null);
  }

  async function send(event: React.FormEvent) {
    event.preventDefault();
    const value = text.trim();
    if (!value) return setError("Write a message first.");
    setBusy("send");
    setError(null);
    const clientMessageId = newClientMessageId();
    // A lost ack is retried once with the same id: the server stores it once.
    let ack = await emitWorkspace("agent:message:send", { conversationId, clientMessageId, text: value });
    if (!ack.ok && ack.error === "server_error") ack = await emitWorkspace("agent:message:send", { conversationId, clientMessageId, text: value });
    setBusy(null);
    if (!ack.ok) return setError(ERRORS[ack.error]);
    setText("");
    setMessages((list) => mergeMessages(list, [fromProtocol(ack.message)]));
  }

  const status = useMemo(() => {
    if (joined) return "You have joined this chat. The chatbot is silent until you leave.";
    if (agent) return `${agent.name} has joined this chat.`;
    return "The chatbot is answering. Join to talk to the visitor yourself.";
  }, [agent, joined]);

  return (
    <section aria-labelledby="live-chat-heading" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="live-chat-heading" className="text-lg font-semibold text-slate-900">
            Live chat
          </h2>
          <p className="text-sm text-slate-700" role="status">
            {status}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {joined ? (
            <Button type="button" variant="secondary" loading={busy === "leave"} disabled={busy !== null} onClick={() => void leave()}>
              {busy === "leave" ? "Leaving…" : "Leave"}
            </Button>
          ) : agent ? (
            <Button type="button" variant="secondary" loading={busy === "join"} disabled={busy !== null} onClick={() => void join(true)}>
              {busy === "join" ? "Taking over…" : "Take over"}
            </Button>
          ) : (
            <Button type="button" loading={busy === "join"} disabled={busy !== null} onClick={() => void join(false)}>
              {busy === "join" ? "Joining…" : "Join"}
            </Button>
          )}
        </div>
      </div>
      <ol ref={listRef} onScroll={onListScroll} tabIndex={0} className="max-h-96 space-y-2 overflow-y-auto rounded-md focus-visible:outline-2 focus-visible:outline-brand-600" aria-label="Messages" aria-live="polite" aria-relevant="additions">
        {messages.map((m) =>
          m.role === "system" ? (
            <li key={m.id} className="text-center text-xs text-slate-600">
              {m.text}
            </li>
          ) : (
            <li
              key={m.id}
              className={`max-w-[85%] rounded-lg px-3 py-2 text-sm break-words whitespace-pre-wrap ${
                m.role === "visitor" ? "bg-slate-100 text-slate-900" : m.role === "agent" ? "ml-auto bg-brand-700 text-white" : "ml-auto border border-slate-200 text-slate-800"
              }`}
            >
              <span className="block text-xs font-semibold">
                {m.role === "agent" && m.authorName ? m.authorName : ROLE_LABEL[m.role]}
                {m.channel === "sms" ? " · SMS" : ""}
              </span>
              {m.text}
            </li>
          ),
        )}
      </ol>
      <p className="min-h-5 text-sm text-slate-600" aria-live="polite">
        {visitorTyping ? "The visitor is typing…" : ""}
      </p>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {joined ? (
        <form onSubmit={(e) => void send(e)} className="flex flex-col gap-2 sm:flex-row">
          <label htmlFor="live-composer" className="sr-only">
            Message to the visitor
          </label>
          <textarea
            id="live-composer"
            rows={2}
            maxLength={2000}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter" && !e.shiftKey) {
                e.preventDefault();
                e.currentTarget.form?.requestSubmit();
              }
            }}
            className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2 text-sm"
            placeholder="Write to the visitor…"
          />
          <Button type="submit" loading={busy === "send"} disabled={busy !== null}>
            {busy === "send" ? "Sending…" : "Send"}
          </Button>
        </form>
      ) : null}
    </section>
  );
}
