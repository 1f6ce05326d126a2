/** @jsxImportSource preact */
// chat-HASH.js: the chat panel (Preact) and the socket client. The loader downloads it when the
// visitor shows intent and imports it on the first open; `mount` is called then, and only then is storage
// written and the socket opened.
import { render } from "preact";
import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import { io } from "socket.io-client";
import type { WidgetAuth } from "#server/realtime/protocol.ts";
import { createClient, MAX_LENGTH, type ChatClient, type FatalReason, type SocketLike } from "./client.ts";
import { createStore, type Store } from "./store.ts";
import { setMarker } from "./visit-marker.ts";
import { ORIGIN_WARNING } from "./texts.ts";
import type { ChatController, MountContext } from "./types.ts";
import css from "./panel.css?inline";

/** The counter shows from this length on. */
const COUNTER_FROM = 1800;

let warnedOrigin = false;

export function mount(ctx: MountContext): ChatController {
  ctx.addStyles(css);
  const container = document.createElement("div");
  // Before the launcher, so Tab from the panel's last control reaches the launcher.
  ctx.frame.prepend(container);

  let client: ChatClient | null = null;
  let store: Store | null = null;
  let isOpen = false;

  const start = (): ChatClient => {
    store = createStore(ctx.storage, ctx.siteKey);
    // Tells the loader on later page views that there is saved state worth reading (visit-marker.ts).
    if (ctx.storage) setMarker(ctx.siteKey);
    if (store.state.config) ctx.setAccent(store.state.config.accentColor);
    const c = createClient({
      store,
      siteKey: ctx.siteKey,
      test: ctx.test,
      connect: (auth: WidgetAuth) =>
        // WebSocket first (one connection, no upgrade in flight when a connection is refused), HTTP
        // long-polling as the fallback where WebSocket is blocked. WebTransport is left out of the
        // bundle (vite.config.ts), so it must not be listed.
        io(`${ctx.origin}/widget`, {
          auth,
          transports: ["websocket", "polling"],
          tryAllTransports: true,
          withCredentials: false,
          reconnectionDelayMax: 10_000,
        }) as unknown as SocketLike,
      // The page's origin and path, and of its query only the campaign parameters (utm_*, ad click ids)
      // for channel attribution (DESIGN §13): a query or fragment can carry secrets (a reset token, a
      // session id in a URL). Of the referrer, only its origin.
      pageUrl: () => location.origin + location.pathname + location.search.replace(/[?&](?!utm_|\w*clid=|msclkid=|[gw]braid=)[^&]*/g, "").replace(/^&/, "?"),
      referrer: () => document.referrer.replace(/^(\w+:\/\/[^/]+).*/, "$1"),
      onConfig: (config) => ctx.setAccent(config.accentColor),
      onFatal: (reason: FatalReason) => {
        if (reason === "origin_not_allowed" && !warnedOrigin) {
          warnedOrigin = true;
          console.warn(ORIGIN_WARNING);
        }
        render(null, container);
        ctx.hide();
      },
    });
    c.start();
    return c;
  };

  const draw = (): void => {
    if (client) render(<Panel client={client} open={isOpen} origin={ctx.origin} onClose={ctx.requestClose} />, container);
  };

  return {
    open(focus) {
      client ||= start();
      isOpen = true;
      store?.setOpen(true);
      draw();
      if (focus) container.querySelector("textarea")?.focus();
    },
    close() {
      isOpen = false;
      store?.setOpen(false);
      draw();
    },
  };
}

type PanelProps = { client: ChatClient; open: boolean; origin: string; onClose(): void };

function Panel({ client, open, origin, onClose }: PanelProps) {
  const [s, setState] = useState(client.getState());
  useEffect(() => client.subscribe(() => setState(client.getState())), [client]);
  const [text, setText] = useState("");
  const list = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);

  const name = s.config?.businessName;
  const speaker = name || "Assistant";
  const welcome = s.config?.welcomeMessage;
  const showWelcome = !!welcome && !s.messages.some((m) => m.role !== "visitor" && m.text === welcome);
  const last = s.messages[s.messages.length - 1];
  const replies =
    last && last.role !== "visitor" && !s.drafts.length && !s.pending.length && !s.typing ? last.quickReplies ?? [] : [];

  // A team member in the chat sees that the visitor is typing.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the client sends only changes
  useEffect(() => client.typing(!!text.trim()), [text]);

  // Keep the newest message in view.
  useLayoutEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [s, open]);

  // Grow the textarea with its content (up to its CSS max-height).
  useLayoutEffect(() => {
    const el = input.current;
    if (!el || !open) return;
    el.style.height = "auto";
    el.style.height = `${el.scrollHeight + 2}px`;
  }, [text, open]);

  // message_too_long: hand the text back to the input (or keep it visible if the visitor typed on).
  useEffect(() => {
    if (!s.restore) return;
    if (input.current && !input.current.value.trim()) setText(s.restore.text);
    else client.keepFailed(s.restore.text);
    // Runs once per refusal (its counter), not when the client or the rest of the state changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [s.restore?.n]);

  const send = (value: string): void => {
    if (client.send(value)) setText("");
    input.current?.focus();
  };

  const errorId = s.error ? "lb-err" : undefined;
  const counterId = text.length >= COUNTER_FROM ? "lb-count" : undefined;

  return (
    <div class="lb-panel" role="dialog" aria-label={`Chat with ${name || "us"}`} hidden={!open}>
      <div class="lb-head">
        <h2 class="lb-title">{name || "Chat"}</h2>
        <button type="button" class="lb-icon" aria-label="Minimize chat" onClick={onClose}>
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M5 11h14a1 1 0 0 1 0 2H5a1 1 0 0 1 0-2z" />
          </svg>
        </button>
      </div>
      {s.status === "reconnecting" && (
        <div class="lb-banner" role="status">
          Reconnecting…
        </div>
      )}
      {/* The conversation is a log (an aria-live region): new bot messages are announced. A visitor's own
          messages are not (aria-live="off"), a streamed reply only once it is final (the draft is hidden
          from assistive technology and the final message is a new element). It takes keyboard focus, so a
          long conversation can be scrolled without a mouse (axe: scrollable-region-focusable). */}
      <div class="lb-log" ref={list} role="log" aria-live="polite" aria-relevant="additions" aria-label="Messages" tabIndex={0}>
        <ol class="lb-msgs">
          {showWelcome && <Bubble key="welcome" who={speaker} text={welcome} />}
          {s.messages.map((m) =>
            m.role === "system" ? (
              <li key={m.id} class="lb-note">
                {m.text}
              </li>
            ) : (
              <Bubble key={m.id} who={m.role === "visitor" ? null : m.author?.name ?? speaker} av={m.author?.initials} text={m.text} />
            ),
          )}
          {s.drafts.map((d) => (
            <Bubble key={`d:${d.id}`} who={speaker} text={d.text} draft />
          ))}
          {s.pending.map((p) => (
            <Bubble key={p.clientMessageId} who={null} text={p.text} state={p.failed ? "failed" : "pending"} />
          ))}
          {s.typing && (
            <li class="lb-msg lb-bot lb-typing" aria-hidden="true">
              <i />
              <i />
              <i />
            </li>
          )}
          {s.status === "connecting" && !s.messages.length && <li class="lb-note">Connecting…</li>}
        </ol>
      </div>
      {s.consent && (
        <div class="lb-replies" role="group" aria-label={s.consent.question}>
          <p class="lb-note">
            <b>{s.consent.question}</b> {s.consent.phone}. {s.consent.wording}
          </p>
          <button type="button" onClick={() => client.consent(true)}>
            Yes, text me
          </button>
          <button type="button" onClick={() => client.consent(false)}>
            No thanks
          </button>
        </div>
      )}
      {replies.length > 0 && (
        <div class="lb-replies" role="group" aria-label="Quick replies">
          {replies.map((r) => (
            <button type="button" key={r} onClick={() => send(r)}>
              {r}
            </button>
          ))}
        </div>
      )}
      <form
        class="lb-form"
        onSubmit={(e) => {
          e.preventDefault();
          send(text);
        }}
      >
        <textarea
          ref={input}
          class="lb-input"
          rows={1}
          aria-label="Type your message"
          aria-invalid={s.error ? "true" : undefined}
          aria-describedby={[errorId, counterId].filter(Boolean).join(" ") || undefined}
          placeholder="Type your message…"
          maxLength={MAX_LENGTH}
          value={text}
          onInput={(e) => {
            setText(e.currentTarget.value);
            client.clearError();
          }}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey && !e.isComposing) {
              e.preventDefault();
              send(text);
            }
          }}
        />
        <button type="submit" class="lb-icon lb-send" aria-label="Send message" disabled={!text.trim()}>
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M3.4 20.4 21 12 3.4 3.6 3.4 10l12.6 2-12.6 2z" />
          </svg>
        </button>
      </form>
      {counterId && (
        <p class="lb-count" id={counterId}>
          {text.length.toLocaleString("en-US")} / 2,000 characters
        </p>
      )}
      {s.error && (
        <p class="lb-err" id={errorId} role="alert">
          {s.error}
        </p>
      )}
      {!s.config?.whiteLabel && (
        <a class="lb-pw" href={origin} target="_blank" rel="noopener">
          Powered by LeadBroom
        </a>
      )}
    </div>
  );
}

/** `av`: an agent's initials (live takeover), shown with their name. */
type BubbleProps = { who: string | null; av?: string; text: string; draft?: boolean; state?: "pending" | "failed" };

/** One message; `who` null is the visitor. */
function Bubble({ who, av, text, draft, state }: BubbleProps) {
  return (
    <li
      class={`lb-msg ${who === null ? "lb-me" : "lb-bot"}${state ? ` lb-${state}` : ""}`}
      aria-live={who === null ? "off" : undefined}
      aria-hidden={draft ? "true" : undefined}
    >
      {av ? (
        <small>
          <b aria-hidden="true">{av}</b>
          {who}
        </small>
      ) : (
        <span class="lb-sr">{who ?? "You"}: </span>
      )}
      {text}
      {state === "failed" ? <small>Not sent</small> : state === "pending" ? <span class="lb-sr"> (sending)</span> : null}
    </li>
  );
}
