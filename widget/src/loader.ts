// widget.js: the script the host page loads (classic script, IIFE, short cache). It asks the app whether
// the chatbot is active for this website (GET widget/config, cached by the browser for a minute) and
// only then draws the launcher in a shadow root, and nothing else: an inactive chatbot, an unknown site
// key or a refused origin draw nothing; the chat (Preact UI + socket client, chat-HASH.js, long cache) is
// downloaded when the visitor shows intent (pointer, touch or focus on the launcher) and imported on
// the first open. It writes no storage and opens no socket: the chat chunk does that when the
// visitor opens the panel. It reads
// localStorage only for a visitor who has opened the chat on this site before (visit-marker.ts). One
// global: window.LeadBroom.
import type { WidgetConfigResponse } from "#server/realtime/protocol.ts";
import type { ChatController, ChatModule, LeadBroomApi } from "./types.ts";
import { ORIGIN_WARNING } from "./texts.ts";
import css from "./launcher.css?inline";
import { mayHaveSavedState } from "./visit-marker.ts";

type Saved = { open?: unknown } | null;

type Win = Window & { LeadBroom?: LeadBroomApi };

function boot(script: HTMLScriptElement | null): void {
  const win = window as Win;
  if (win.LeadBroom || document.getElementById("leadbroom-widget")) return; // snippet pasted twice
  const siteKey = script?.dataset.siteKey;
  if (!script || !siteKey) {
    console.warn("LeadBroom: the widget script needs a data-site-key attribute.");
    return;
  }
  const data = script.dataset;
  const scriptUrl = new URL(script.src, location.href);
  const test = data.test || undefined;
  // First, so the answer is on its way while the rest is set up. No cookies; the browser caches it.
  const config = fetch(new URL(`widget/config?key=${encodeURIComponent(siteKey)}`, scriptUrl).href, { mode: "cors", credentials: "omit" })
    .then((r) => (r.ok ? (r.json() as Promise<WidgetConfigResponse>) : null))
    .catch(() => null);

  // localStorage, read at most once and only when needed: on a first open, or when an earlier page view
  // of a returning chat visitor may have left the panel open.
  let storage: Storage | null | undefined;
  const getStorage = (): Storage | null => {
    if (storage === undefined) {
      try {
        storage = window.localStorage;
      } catch {
        storage = null; // refused (privacy settings): the chat keeps its state in memory
      }
    }
    return storage;
  };
  const readSaved = (): Saved => {
    try {
      return JSON.parse(getStorage()?.getItem(`leadbroom:${siteKey}`) || "null") as Saved;
    } catch {
      return null;
    }
  };

  const host = document.createElement("div");
  host.id = "leadbroom-widget";
  // The page's own rules (`div {…}`, `* { letter-spacing… }`) beat `:host`; an inline !important reset
  // does not lose. No box of its own: the launcher and the panel are position: fixed.
  host.style.cssText = "all:initial!important;display:contents!important";
  const root = host.attachShadow({ mode: "open" });
  const addStyles = (text: string): void => {
    try {
      // A constructable stylesheet is not subject to the page's CSP style-src (a <style> element is).
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(text);
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    } catch {
      const style = document.createElement("style");
      style.textContent = text;
      root.prepend(style);
    }
  };
  const frame = document.createElement("div");
  frame.className = "lb";
  const launcher = document.createElement("button");
  launcher.type = "button";
  launcher.className = "lb-launcher";
  launcher.setAttribute("aria-label", "Open chat");
  launcher.setAttribute("aria-expanded", "false");
  frame.appendChild(launcher);
  root.appendChild(frame);
  addStyles(css);

  const setAccent = (color: unknown): void => {
    if (typeof color === "string" && CSS.supports("color", color)) frame.style.setProperty("--lb-accent", color);
  };

  let isOpen = false;
  /** Until the config says the chatbot is active, and again after a refused connection. */
  let hidden = true;
  let chat: ChatController | null = null;
  let loading: Promise<ChatModule> | null = null;

  const chatUrl = new URL(`widget/${__LB_CHAT__}`, scriptUrl).href;
  const load = (): Promise<ChatModule> =>
    (loading ||= import(/* @vite-ignore */ chatUrl).catch((err: unknown) => {
      loading = null; // let a later click try again
      throw err;
    }) as Promise<ChatModule>);

  const draw = (): void => {
    frame.classList.toggle("lb-open", isOpen);
    launcher.setAttribute("aria-label", isOpen ? "Close chat" : "Open chat");
    launcher.setAttribute("aria-expanded", String(isOpen));
  };

  const open = (focus: boolean): void => {
    if (isOpen || hidden) return;
    isOpen = true;
    draw();
    load().then(
      (mod) => {
        if (hidden) return;
        chat ||= mod.mount({
          root,
          frame,
          siteKey,
          origin: scriptUrl.origin,
          test,
          storage: getStorage(),
          requestClose: () => close(true),
          hide,
          setAccent,
          addStyles,
        });
        if (isOpen) chat.open(focus);
      },
      () => {
        console.warn("LeadBroom: the chat could not be loaded.");
        isOpen = false;
        draw();
      },
    );
  };

  const close = (focus: boolean): void => {
    if (!isOpen) return;
    const hadFocus = !!root.activeElement;
    isOpen = false;
    draw();
    chat?.close();
    // Focus returns to the launcher, also when closed by script while focus was in the panel.
    if (focus || hadFocus) launcher.focus();
  };

  function hide(): void {
    hidden = true;
    isOpen = false;
    host.remove();
  }

  launcher.addEventListener("click", () => (isOpen ? close(true) : open(true)));
  frame.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && isOpen) close(true);
  });

  win.LeadBroom = {
    version: __LB_VERSION__,
    open: () => open(true),
    close: () => close(false),
    toggle: () => (isOpen ? close(false) : open(true)),
    isOpen: () => isOpen,
  };

  // The first sign that the visitor may open the chat (the pointer over the launcher, a touch on it, or
  // keyboard focus) downloads the chat chunk into the HTTP cache (immutable, long-cached), so the click
  // that follows finds it there. Nothing is fetched for visitors who never go near the launcher: a
  // request costs the host page's main thread about 2 ms (tests/bench/widget-main-thread.ts). Same
  // request mode as the later import (CORS, no cookies).
  let warmed = false;
  const warm = (): void => {
    if (warmed || loading) return;
    warmed = true;
    fetch(chatUrl, { mode: "cors", credentials: "omit" }).catch(() => (warmed = false));
  };
  for (const type of ["pointerenter", "touchstart", "focus"]) launcher.addEventListener(type, warm, { passive: true });

  const attach = (): void => {
    hidden = false;
    document.body.appendChild(host);
    // The test page opens at once; focus stays put.
    if (data.open === "true") return open(false);
    // A returning chat visitor: re-open after a navigation (they left it open).
    void mayHaveSavedState(siteKey).then((maybe) => {
      const saved = maybe && !isOpen && !hidden ? readSaved() : null;
      if (!saved) return;
      if (saved.open === true) open(false);
    });
  };
  void config.then((answer) => {
    if (!answer?.active) {
      if (answer?.reason === "origin_not_allowed") console.warn(ORIGIN_WARNING);
      return;
    }
    setAccent(answer.config.accentColor);
    if (document.body) attach();
    else document.addEventListener("DOMContentLoaded", attach, { once: true });
  });
}

boot(
  (document.currentScript as HTMLScriptElement | null) ??
    document.querySelector<HTMLScriptElement>('script[src*="widget.js"][data-site-key]'),
);
