// Public pages fetch their scripts after the first paint (issue 32.10, decision 0089).
//
// Remix's <Scripts> writes a <link rel="modulepreload"> per module and an inline module script whose
// static imports load the route modules. Chromium fetches all of them at High priority while it parses
// the page, so on a phone's connection about 100 KB of script shares the line with the page's CSS before
// anything shows, and Lighthouse counts every High-priority script that finished before the first paint
// as render-blocking. Here the same elements stay in the page, so hydration meets the tree it rendered,
// but they start nothing on their own: each preload's href moves to `data-paint-first` (and its rel to an
// inert one, since a module preload without an address draws a console warning), and the module
// script's static imports become dynamic imports started in the task after the first frame. That task
// also gives the preloads their hrefs back, so the whole module graph still downloads in parallel.

const PRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g;
const ROUTE_SCRIPT = /(<script(?: nonce="[^"]*")? type="module" async="">)([\s\S]*?)(<\/script>)/;
const ROUTE_IMPORT = /^import \* as (route\d+) from ("[^"]+");$/gm;
/** Imports for their side effects only (Remix's HMR runtime and route manifest, when inlined so). */
const SIDE_IMPORT = /import ("[^"]+");/g;

/** The loader the module script becomes: the route imports, the names they bind, and the rest of Remix's script. */
const loader = (imports: string, names: string, body: string) =>
  `(() => {
const start = () => {
  for (const link of document.querySelectorAll("link[data-paint-first]")) {
    link.href = link.dataset.paintFirst; // the address first: a module preload without one is warned about
    link.rel = "modulepreload";
  }
  Promise.all([${imports}]).then(([${names}]) => {${body}});
};
if (document.visibilityState !== "visible") return start();
let started = false;
const once = () => { if (!started) { started = true; start(); } };
requestAnimationFrame(() => setTimeout(once, 0));
setTimeout(once, 500);
})();`;

/**
 * Rewrites a rendered document so that its scripts load after the first paint. Returns the document
 * unchanged when it does not hold Remix's route module script (the page then loads as before).
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
