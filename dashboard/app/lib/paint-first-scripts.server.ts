// Public pages fetch their scripts after the first paint (issue 32.10, decision 0089).
//
// Remix's <Scripts> writes a <link rel="modulepreload"> per module and an inline module script whose
// static imports load the route modules. Chromium fetches all of them at High priority while it parses
// the page, so on a phone's connection about 100 KB of script shares the line with the page's CSS before
// anything shows, and Lighthouse counts every High-priority script that finished before the first paint
// as render-blocking. Here the same elements stay in the page, so hydration meets the tree it rendered,
// but they start nothing on their own: each preload's href moves to `data-paint-first` (and its rel to an
// inert one, since a module preload without an address draws a console warning). The task after the
// first frame makes them prefetches, so the whole module graph downloads in parallel into the cache;
// a prefetch only downloads, where a module preload also compiles each module as it arrives, in tasks
// of up to 60 ms on a phone (decision 0092).
//
// The module script's static imports become dynamic imports, run on the visitor's first sign of life
// (decision 0092), with the preloads back as module preloads: compiling and evaluating the modules and
// hydrating cost a phone about a second of main-thread work, which a reader who only reads and follows
// links never needs. A click on a button or a POST form's submission before hydration has finished is
// held, and replayed once React has hydrated the page, so it is neither lost nor handled twice (React 18
// replays events on its own only once it listens).

import { HYDRATED_EVENT, INTENT_EVENTS } from "./intent-hydration";

const PRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g;
const ROUTE_SCRIPT = /(<script(?: nonce="[^"]*")? type="module" async="">)([\s\S]*?)(<\/script>)/;
const ROUTE_IMPORT = /^import \* as (route\d+) from ("[^"]+");$/gm;
/** Imports for their side effects only (Remix's HMR runtime and route manifest, when inlined so). */
const SIDE_IMPORT = /import ("[^"]+");/g;

/** The loader the module script becomes: the route imports, the names they bind, and the rest of Remix's script. */
const loader = (imports: string, names: string, body: string) =>
  `(() => {
const links = () => document.querySelectorAll("link[data-paint-first]");
let prefetching = false;
const prefetch = () => {
  if (prefetching) return;
  prefetching = true;
  const waiting = [...links()];
  // A few per task: starting a request costs the main thread a millisecond or two, 20 of them in one
  // task would block a phone's main thread for over 100 ms.
  const next = () => {
    for (const link of waiting.splice(0, 3)) {
      if (link.rel !== "paint-first") continue; // already a module preload (the visitor came first)
      link.crossOrigin = "anonymous"; // as a module script is fetched, so that it is served from the cache
      link.href = link.dataset.paintFirst;
      link.rel = "prefetch";
    }
    if (waiting.length) setTimeout(next, 0);
  };
  next();
};
const preload = () => {
  for (const link of links()) {
    link.href = link.dataset.paintFirst; // the address first: a module preload without one is warned about
    link.rel = "modulepreload";
    delete link.dataset.paintFirst;
  }
};
const intents = ${JSON.stringify(INTENT_EVENTS)};
const listening = { capture: true, passive: true };
const held = [];
const hold = (event) => {
  if (event.type === "submit") {
    const form = event.target;
    if (form.method !== "post") return; // a GET form loads its page, as a link does
    event.preventDefault();
    event.stopImmediatePropagation();
    const submitter = event.submitter && event.submitter.form === form ? event.submitter : undefined;
    held.push(() => form.isConnected && form.requestSubmit(submitter));
  } else {
    const button = event.target instanceof Element ? event.target.closest("button") : null;
    if (!button || button.disabled || (button.type === "submit" && button.form)) return; // a submit button's submit is held
    event.stopImmediatePropagation();
    held.push(() => button.isConnected && button.click());
  }
  hydrate();
};
const release = (replay) => {
  removeEventListener("click", hold, true);
  removeEventListener("submit", hold, true);
  for (const action of held.splice(0)) if (replay) action();
};
addEventListener("click", hold, true);
addEventListener("submit", hold, true);
addEventListener(${JSON.stringify(HYDRATED_EVENT)}, () => release(true), { once: true });
let hydrating = false;
const hydrate = () => {
  if (hydrating) return;
  hydrating = true;
  for (const type of intents) removeEventListener(type, hydrate, listening);
  preload();
  Promise.all([${imports}]).then(([${names}]) => {${body}}).catch((error) => {
    release(false); // what the visitor does next gets the browser's own behaviour
    reportError(error);
  });
};
for (const type of intents) addEventListener(type, hydrate, listening);
if (document.visibilityState !== "visible") return prefetch();
requestAnimationFrame(() => setTimeout(prefetch, 0));
setTimeout(prefetch, 500);
})();`;

/**
 * Rewrites a rendered document so that its scripts load after the first paint and run on the first sign
 * of life. Returns the document unchanged when it does not hold Remix's route module script (the page
 * then loads as before).
 */
export function paintFirstScripts(html: string): string {
  const script = ROUTE_SCRIPT.exec(html);
  if (!script) return html;
  const [whole, open, body, close] = script as unknown as [string, string, string, string];
  const routes = [...body.matchAll(ROUTE_IMPORT)];
  const withoutRoutes = body.replace(ROUTE_IMPORT, "");
  const sideEffects = [...withoutRoutes.matchAll(SIDE_IMPORT)];
  const rest = withoutRoutes.replace(SIDE_IMPORT, "").replace(/^\s*;\s*$/m, "");
  const imports = [...routes.map((r) => `import(${r[2]})`), ...sideEffects.map((s) => `import(${s[1]})`)].join(", ");
  const names = routes.map((r) => r[1]).join(", ");
  const rewritten = `${open}${loader(imports, names, rest)}${close}`;
  return html
    .replace(whole, () => rewritten)
    .replace(PRELOAD, (_link, href: string) => `<link rel="paint-first" data-paint-first="${href}"/>`);
}
