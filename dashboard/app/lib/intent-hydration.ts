// Public reading pages hydrate on the visitor's first sign of life (decision 0092). Shared by the
// script the page is rewritten with (paint-first-scripts.server.ts) and entry.client.tsx.

/**
 * What counts as a first sign of life: the page hydrates then, and not before. Links need no script
 * (they navigate); a button or a POST form used before hydration is held and replayed after it.
 */
export const INTENT_EVENTS = ["pointerdown", "pointermove", "mousemove", "touchstart", "keydown", "focusin", "wheel", "scroll"] as const;

/** Dispatched on `window` by entry.client.tsx once React has hydrated the document. */
export const HYDRATED_EVENT = "leadbroom:hydrated";
