// widget.js: the script the host page loads (classic script, IIFE, short cache). It draws the launcher
// in a shadow root and nothing else; the chat (Preact UI + socket client, chat-HASH.js, long cache) is
// downloaded when the browser is idle after load and imported on the first open. It writes no storage
// and opens no connection: the chat chunk does that when the visitor opens the panel. One global:
// window.LeadBroom.
import type { ChatController, ChatModule, LeadBroomApi } from "./types.ts";
import css from "./launcher.css?inline";

const CHAT_ICON =
  '<svg class="lb-c" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H9l-5 4v-4H4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zm3 6.5a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zm5 0a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zm5 0a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3z"/></svg>' +
  '<svg class="lb-x" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M18.3 5.7a1 1 0 0 0-1.4 0L12 10.6 7.1 5.7a1 1 0 0 0-1.4 1.4l4.9 4.9-4.9 4.9a1 1 0 1 0 1.4 1.4l4.9-4.9 4.9 4.9a1 1 0 0 0 1.4-1.4L13.4 12l4.9-4.9a1 1 0 0 0 0-1.4z"/></svg>';

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
  const test = data.test === "true";

  // Only read storage here: an earlier page view may have left the panel open and an accent colour.
  let storage: Storage | null = null;
  let saved: { open?: unknown; config?: { accentColor?: unknown } } | null = null;
  try {
    storage = window.localStorage;
    saved = JSON.parse(storage.getItem(`leadbroom:${siteKey}`) || "null");
  } catch {
    // Storage refused (privacy settings): the chat keeps its state in memory.
  }

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
  root.innerHTML = `<div class="lb"><button type="button" class="lb-launcher" aria-label="Open chat" aria-expanded="false">${CHAT_ICON}</button></div>`;
  const frame = root.lastChild as HTMLElement;
  const launcher = frame.firstChild as HTMLButtonElement;
  addStyles(css);

  const setAccent = (color: unknown): void => {
    if (typeof color === "string" && CSS.supports("color", color)) frame.style.setProperty("--lb-accent", color);
  };
  setAccent(saved?.config?.accentColor);

  let isOpen = false;
  let hidden = false;
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
          storage,
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

  const attach = (): void => {
    document.body.appendChild(host);
    // Re-open after a navigation (the visitor left it open) or for the test page; focus stays put.
    if (data.open === "true" || saved?.open === true) open(false);
    else {
      // When idle after load, download the chat chunk into the HTTP cache (it is immutable and
      // long-cached), so opening is instant without the chunk being parsed or run on the page's main
      // thread before the visitor asks for it. Same request mode as the later import (CORS, no cookies).
      const prefetch = (): void => void fetch(chatUrl, { mode: "cors", credentials: "omit" }).catch(() => {});
      const idle = (): void => {
        const w = window as Window & { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number };
        if (w.requestIdleCallback) w.requestIdleCallback(prefetch, { timeout: 10_000 });
        else setTimeout(prefetch, 3000);
      };
      if (document.readyState === "complete") idle();
      else window.addEventListener("load", idle, { once: true });
    }
  };
  if (document.body) attach();
  else document.addEventListener("DOMContentLoaded", attach, { once: true });
}

boot(
  (document.currentScript as HTMLScriptElement | null) ??
    document.querySelector<HTMLScriptElement>('script[src*="widget.js"][data-site-key]'),
);
