import { describe, expect, it } from "vitest";
import { paintFirstScripts } from "./paint-first-scripts.server";

// The end of a public page as Remix 2.17's <Scripts> writes it (v3_singleFetch and lazy route discovery on).
const remixScripts = (nonce: string) =>
  `<link rel="modulepreload" href="/assets/entry.client-A.js"/><link rel="modulepreload" href="/assets/components-B.js"/>` +
  `<link rel="modulepreload" href="/assets/root-C.js"/><link rel="modulepreload" href="/assets/_site-D.js"/>` +
  `<script${nonce} type="module" async="">;
import * as route0 from "/assets/root-C.js";
import * as route1 from "/assets/_site-D.js";
window.__remixManifest = {
  "entry": { "module": "/assets/entry.client-A.js", "imports": ["/assets/components-B.js"], "css": [] },
  "url": "/assets/manifest-1.js",
  "version": "1"
};
window.__remixRouteModules = {"root":route0,"routes/_site":route1};

import("/assets/entry.client-A.js");</script>`;
const page = (nonce = ' nonce="abc=="') => `<!DOCTYPE html><html><head></head><body><main>Hello</main><script${nonce}>window.__remixContext = {};</script>${remixScripts(nonce)}</body></html>`;

type Listener = (event: FakeEvent) => void;
type FakeEvent = { type: string; target?: unknown; submitter?: unknown; defaultPrevented?: boolean; stopped?: boolean; preventDefault(): void; stopImmediatePropagation(): void };
class FakeElement {
  closest(selector: string): unknown {
    return selector === "button" ? (this as unknown as { button?: unknown }).button : null;
  }
}
const event = (type: string, fields: Partial<FakeEvent> = {}): FakeEvent => ({
  type,
  ...fields,
  preventDefault() {
    this.defaultPrevented = true;
  },
  stopImmediatePropagation() {
    this.stopped = true;
  },
});

/** Runs the rewritten module script in a stand-in browser and records what it loads, and when. */
function run(html: string, visibility: "visible" | "hidden" = "visible") {
  const body = /<script[^>]* type="module" async="">([\s\S]*?)<\/script>/.exec(html)![1]!;
  const links = [...html.matchAll(/<link rel="paint-first" data-paint-first="([^"]+)"\/>/g)].map((m) => ({ dataset: { paintFirst: m[1] } as { paintFirst?: string }, rel: "paint-first", href: "", crossOrigin: null as string | null }));
  const frames: (() => void)[] = [];
  const timers: (() => void)[] = [];
  const imported: string[] = [];
  const win: Record<string, unknown> = {};
  const listeners = new Map<string, Set<Listener>>();
  let failImports = false;
  const reported: unknown[] = [];
  const load = (url: string) => {
    imported.push(url);
    return failImports ? Promise.reject(new Error("offline")) : Promise.resolve({ url });
  };
  const document = {
    visibilityState: visibility,
    querySelectorAll: (selector: string) => (selector === "link[data-paint-first]" ? links.filter((link) => link.dataset.paintFirst) : []),
  };
  new Function("document", "window", "requestAnimationFrame", "setTimeout", "addEventListener", "removeEventListener", "Element", "reportError", "load", body.replace(/\bimport\(/g, "load("))(
    document,
    win,
    (callback: () => void) => frames.push(callback),
    (callback: () => void) => timers.push(callback),
    (type: string, listener: Listener) => (listeners.get(type) ?? listeners.set(type, new Set()).get(type)!).add(listener),
    (type: string, listener: Listener) => listeners.get(type)?.delete(listener),
    FakeElement,
    (error: unknown) => reported.push(error),
    load,
  );
  /** Dispatches an event at the window's capture phase, as the browser would first. */
  const dispatch = (e: FakeEvent) => {
    for (const listener of [...(listeners.get(e.type) ?? [])]) listener(e);
    return e;
  };
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return { links, frames, timers, imported, win, dispatch, listeners, settle, reported, failNextImports: () => (failImports = true) };
}

describe("paintFirstScripts", () => {
  it("keeps every element hydration meets, but the preloads fetch nothing and the module script imports nothing statically", () => {
    const html = paintFirstScripts(page());
    expect(html).not.toMatch(/<link rel="modulepreload" href=/);
    expect(html.match(/<link rel="paint-first" data-paint-first="[^"]+"\/>/g)).toHaveLength(4);
    expect(html).toContain('<script nonce="abc==" type="module" async="">');
    expect(html).not.toMatch(/^\s*import \* as/m);
    expect(html).toContain("<main>Hello</main><script nonce=\"abc==\">window.__remixContext = {};</script>");
  });

  it("downloads the modules after the first frame's paint, and runs nothing until the visitor's first sign of life", async () => {
    const browser = run(paintFirstScripts(page()));
    expect(browser.frames).toHaveLength(1);
    browser.frames[0]!(); // the frame callback runs before the paint: it only queues a task
    expect(browser.links.every((link) => link.href === "")).toBe(true);
    browser.timers.slice(-1)[0]!(); // the task after the paint: the first few prefetches
    expect(browser.links.filter((link) => link.rel === "prefetch")).toHaveLength(3);
    expect(browser.timers).toHaveLength(3); // the 500 ms bound, the task after the paint, the next few
    browser.timers[2]!();
    expect(browser.links.map((link) => link.href)).toEqual(["/assets/entry.client-A.js", "/assets/components-B.js", "/assets/root-C.js", "/assets/_site-D.js"]);
    // Downloaded into the cache, not compiled: prefetches, fetched as module scripts are (CORS, same-origin credentials).
    expect(browser.links.every((link) => link.rel === "prefetch" && link.crossOrigin === "anonymous")).toBe(true);
    browser.timers[0]!(); // the 500 ms bound changes nothing once the preloads have their addresses
    expect(browser.links.every((link) => link.rel === "prefetch")).toBe(true);
    expect(browser.imported).toEqual([]);

    browser.dispatch(event("pointermove"));
    expect(browser.links.every((link) => link.rel === "modulepreload")).toBe(true);
    expect(browser.imported).toEqual(["/assets/root-C.js", "/assets/_site-D.js"]);
    await browser.settle();
    expect(browser.win.__remixRouteModules).toEqual({ root: { url: "/assets/root-C.js" }, "routes/_site": { url: "/assets/_site-D.js" } });
    expect((browser.win.__remixManifest as { version: string }).version).toBe("1");
    expect(browser.imported).toEqual(["/assets/root-C.js", "/assets/_site-D.js", "/assets/entry.client-A.js"]);
    // Once: a second sign of life imports nothing more, and the listeners are gone.
    browser.dispatch(event("keydown"));
    expect(browser.imported).toHaveLength(3);
    expect(browser.listeners.get("keydown")?.size ?? 0).toBe(0);
  });

  it("downloads the modules at once on a hidden page, which paints nothing, and still waits for a sign of life to run them", () => {
    const browser = run(paintFirstScripts(page()), "hidden");
    expect(browser.frames).toEqual([]);
    browser.timers[0]!(); // the rest of the prefetches, in the next task
    expect(browser.links.every((link) => link.rel === "prefetch")).toBe(true);
    expect(browser.imported).toEqual([]);
    browser.dispatch(event("focusin"));
    expect(browser.imported).toEqual(["/assets/root-C.js", "/assets/_site-D.js"]);
  });

  it("holds a button's click and a POST form's submission made before hydration, and replays each once after it", () => {
    const browser = run(paintFirstScripts(page()));
    let clicks = 0;
    const button = Object.assign(new FakeElement(), { disabled: false, type: "button", form: null, isConnected: true, click: () => clicks++ });
    const inside = Object.assign(new FakeElement(), { button }); // e.g. the icon inside the button
    const click = browser.dispatch(event("click", { target: inside }));
    expect(click.stopped).toBe(true); // React, once listening, must not see it too
    expect(browser.imported).toHaveLength(2); // the click is a sign of life
    const submitted: unknown[] = [];
    const form = { method: "post", isConnected: true, requestSubmit: (submitter?: unknown) => submitted.push(submitter ?? "none") };
    const sendButton = { form };
    const submit = browser.dispatch(event("submit", { target: form, submitter: sendButton }));
    expect(submit.defaultPrevented).toBe(true); // no native POST to a route without a server action
    const search = browser.dispatch(event("submit", { target: { method: "get" } }));
    expect(search.defaultPrevented).toBeUndefined(); // a GET form loads its page
    expect(clicks).toBe(0);

    browser.dispatch(event("leadbroom:hydrated"));
    expect(clicks).toBe(1);
    expect(submitted).toEqual([sendButton]);
    // After hydration nothing is held: React handles the next click itself.
    const later = browser.dispatch(event("click", { target: inside }));
    expect(later.stopped).toBeUndefined();
    expect(clicks).toBe(1);
  });

  it("leaves links and submit buttons to the browser, and lets go of held input when the scripts cannot load", async () => {
    const browser = run(paintFirstScripts(page()));
    const link = Object.assign(new FakeElement(), { button: null });
    expect(browser.dispatch(event("click", { target: link })).stopped).toBeUndefined();
    const submitButton = Object.assign(new FakeElement(), { disabled: false, type: "submit", form: {} });
    expect(browser.dispatch(event("click", { target: Object.assign(new FakeElement(), { button: submitButton }) })).stopped).toBeUndefined();
    browser.failNextImports();
    let clicks = 0;
    const button = Object.assign(new FakeElement(), { disabled: false, type: "button", form: null, isConnected: true, click: () => clicks++ });
    browser.dispatch(event("click", { target: Object.assign(new FakeElement(), { button }) }));
    await browser.settle();
    expect(String(browser.reported[0])).toContain("offline");
    expect(browser.listeners.get("click")?.size ?? 0).toBe(0);
    browser.dispatch(event("leadbroom:hydrated"));
    expect(clicks).toBe(0);
  });

  it("works without a CSP nonce and leaves a document without Remix's module script as it was", () => {
    expect(run(paintFirstScripts(page(""))).frames).toHaveLength(1);
    const plain = "<!DOCTYPE html><html><body><p>Not found</p></body></html>";
    expect(paintFirstScripts(plain)).toBe(plain);
  });
});
