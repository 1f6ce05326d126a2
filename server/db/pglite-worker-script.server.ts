// The PGlite worker thread's code (server/db/pglite-worker.ts and the few modules it imports), bundled
// into one ES module for `new Worker` (decision 0098). A worker thread gets no TypeScript loader of its
// own: it used to register tsx and load the TypeScript itself, which cost every database open about
// half a second (tsx's loader thread and transforms, per worker), paid by each server start, and by every
// test server: over a hundred per test run. esbuild bundles the same sources in the opening thread in
// tens of milliseconds. The packages stay outside the bundle, imported by their resolved file URLs, so
// PGlite still finds its WebAssembly and data files beside its own module; and since the bundle names
// every import absolutely it runs from a data: URL, with no file written anywhere.
import { fileURLToPath, pathToFileURL } from "node:url";
import { build, type Plugin } from "esbuild";

const ENTRY = fileURLToPath(new URL("./pglite-worker.ts", import.meta.url));
/** Set on esbuild's own resolution of a package, so the plugin lets it through instead of recursing. */
const RESOLVING = Symbol("resolving");

/** Bare imports (packages) stay external, by the file URL that esbuild resolves for an ES module. */
const packagesByFileUrl: Plugin = {
  name: "packages-by-file-url",
  setup(bundle) {
    bundle.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === RESOLVING) return undefined;
      if (args.path.startsWith("node:")) return { external: true };
      const resolved = await bundle.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: RESOLVING });
      if (resolved.errors.length > 0) return { errors: resolved.errors };
      return { path: pathToFileURL(resolved.path).href, external: true };
    });
  },
};

/** The worker's code as a data: URL for `new Worker(url)`. */
export async function pgliteWorkerScript(): Promise<URL> {
  const result = await build({
    entryPoints: [ENTRY],
    bundle: true,
    write: false,
    format: "esm",
    platform: "node",
    target: "node20",
    plugins: [packagesByFileUrl],
    logLevel: "silent",
  });
  const code = result.outputFiles[0]?.text;
  if (!code) throw new Error("bundling the PGlite worker produced no output");
  return new URL(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`);
}
