// Shapes shared by the loader (widget.js) and the chat chunk (chat-HASH.js). Type-only: the two are
// separate bundles and talk only through `mount(context)`.

/** What the loader hands to the chat chunk's `mount`. */
export type MountContext = {
  /** The open shadow root on `<div id="leadbroom-widget">`. */
  root: ShadowRoot;
  /** The element inside the shadow root that carries the widget's CSS variables; the panel goes in here. */
  frame: HTMLElement;
  siteKey: string;
  /** Origin of the app host that served widget.js (socket.io connects here). */
  origin: string;
  /** `data-test` on the script tag: the Test Chatbot page's signed token; conversations are flagged as tests. */
  test: string | undefined;
  /** localStorage, or null when the browser refuses it (the widget then keeps state in memory). */
  storage: Storage | null;
  /** Ask the loader to close the panel (Escape, the panel's own minimize button); focus returns to the launcher. */
  requestClose(): void;
  /** Remove the whole widget for this page view (refused connection). */
  hide(): void;
  /** Apply the chatbot's accent colour to the launcher and the panel. */
  setAccent(color: string): void;
  /** Add CSS to the shadow root (a constructable stylesheet, or a <style> element where unsupported). */
  addStyles(css: string): void;
};

export type ChatController = {
  /** Show the panel; `focus` moves keyboard focus into it (not done when re-opened automatically). */
  open(focus: boolean): void;
  close(): void;
};

export type ChatModule = { mount(context: MountContext): ChatController };

/** The one global: `window.LeadBroom`. */
export type LeadBroomApi = {
  readonly version: string;
  open(): void;
  close(): void;
  toggle(): void;
  isOpen(): boolean;
};
