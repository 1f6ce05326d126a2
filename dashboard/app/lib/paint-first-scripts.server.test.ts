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

/** Runs the rewritten module script in a stand-in browser and records what it loads, and when. */
function run(html: string, visibility: "visible" | "hidden" = "visible") {
  const body = /<script[^>]* type="module" async="">([\s\S]*?)<\/script>/.exec(html)![1]!;
  const links = [...html.matchAll(/<link rel="paint-first" data-paint-first="([^"]+)"\/>/g)].map((m) => ({ dataset: { paintFirst: m[1] }, rel: "paint-first", href: "" }));
  const frames: (() => void)[] = [];
  const timers: (() => void)[] = [];
  const imported: string[] = [];
  const win: Record<string, unknown> = {};
  const load = (url: string) => {
    imported.push(url);
    return Promise.resolve({ url });
  };
  const document = { visibilityState: visibility, querySelectorAll: (selector: string) => (selector === "link[data-paint-first]" ? links : []) };
  new Function("document", "window", "requestAnimationFrame", "setTimeout", "load", body.replace(/\bimport\(/g, "load("))(
    document,
    win,
    (callback: () => void) => frames.push(callback),
    (callback: () => void) => timers.push(callback),
    load,
  );
  return { links, frames, timers, imported, win };
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

  it("loads the route modules after the first frame's paint, then the preloads, the route map and the entry", async () => {
    const browser = run(paintFirstScripts(page()));
    expect(browser.imported).toEqual([]);
    expect(browser.frames).toHaveLength(1);
    browser.frames[0]!(); // the frame callback runs before the paint: it only queues a task
    expect(browser.imported).toEqual([]);
    browser.timers.slice(-1)[0]!(); // the task after the paint
    expect(browser.links.map((link) => link.href)).toEqual(["/assets/entry.client-A.js", "/assets/components-B.js", "/assets/root-C.js", "/assets/_site-D.js"]);
    expect(browser.links.every((link) => link.rel === "modulepreload")).toBe(true);
    expect(browser.imported).toEqual(["/assets/root-C.js", "/assets/_site-D.js"]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(browser.win.__remixRouteModules).toEqual({ root: { url: "/assets/root-C.js" }, "routes/_site": { url: "/assets/_site-D.js" } });
    expect((browser.win.__remixManifest as { version: string }).version).toBe("1");
    expect(browser.imported).toEqual(["/assets/root-C.js", "/assets/_site-D.js", "/assets/entry.client-A.js"]);
  });

  it("starts once, from whichever comes first: the task after the first paint or the 500 ms bound", () => {
    const browser = run(paintFirstScripts(page()));
    browser.timers[0]!(); // the 500 ms bound (frames stopped)
    browser.frames[0]!();
    browser.timers.slice(-1)[0]!();
    expect(browser.imported).toEqual(["/assets/root-C.js", "/assets/_site-D.js"]);
  });

  it("starts at once on a hidden page, which paints nothing", () => {
    const browser = run(paintFirstScripts(page()), "hidden");
    expect(browser.frames).toEqual([]);
    expect(browser.imported).toEqual(["/assets/root-C.js", "/assets/_site-D.js"]);
  });

  it("works without a CSP nonce and leaves a document without Remix's module script as it was", () => {
    expect(run(paintFirstScripts(page(""))).frames).toHaveLength(1);
    const plain = "<!DOCTYPE html><html><body><p>Not found</p></body></html>";
    expect(paintFirstScripts(plain)).toBe(plain);
  });
});
