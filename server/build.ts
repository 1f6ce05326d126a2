// Builds the production server into build/server/main.mjs (decision 0111): server/main.ts and every module
// of ours it imports, as one ES module, so `npm start` runs plain JavaScript instead of compiling about 260
// TypeScript files through tsx's loader at every start. The packages stay outside the bundle, imported by
// name from node_modules as before. Run: npx tsx server/build.ts
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build, type Plugin } from "esbuild";

// As app.server.ts computes it; importing that would load the whole application into the build script.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const serverEntry = path.join(repoRoot, "server/main.ts");
const serverBundle = path.join(repoRoot, "build/server/main.mjs");

/** `file` relative to the bundle's folder, as a URL path ("../../server/db/migrate.server.ts"). */
const relativeTo = (outfile: string, file: string) => path.relative(path.dirname(outfile), file).split(path.sep).join("/");

/**
 * Each of our modules keeps its own `import.meta.url`: the paths they compute from it (the migrations,
 * package.json, the PGlite worker's sources, Prisma's generated client) stay those of the source tree
 * instead of becoming relative to the bundle.
 */
const ownImportMetaUrl = (outfile: string): Plugin => ({
  name: "own-import-meta-url",
  setup(bundle) {
    bundle.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = await readFile(args.path, "utf8");
      if (!source.includes("import.meta.url")) return undefined;
      const own = `new URL(${JSON.stringify(relativeTo(outfile, args.path))}, import.meta.url).href`;
      return { contents: source.replaceAll("import.meta.url", own), loader: args.path.endsWith(".tsx") ? "tsx" : "ts" };
    });
  },
});

/**
 * The test doubles that development mode loads (`MOCKS=true`, refused in production) stay outside: their
 * packages (msw) are development dependencies, and a bundled copy would import them at every start.
 */
const testsOutside = (outfile: string): Plugin => ({
  name: "tests-outside",
  setup(bundle) {
    bundle.onResolve({ filter: /^\.\.?\/(.*\/)?tests\// }, (args) => ({ path: relativeTo(outfile, path.resolve(args.resolveDir, args.path)), external: true }));
  },
});

/**
 * `outfile` must be inside the repository (the packages are found from its folder up, in node_modules).
 * The tests that start the server as a process bundle the sources as they are into a file of their own.
 */
export async function buildServer(outfile = serverBundle): Promise<{ file: string; modules: number; bytes: number }> {
  const result = await build({
    entryPoints: [serverEntry],
    outfile,
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    packages: "external",
    plugins: [ownImportMetaUrl(outfile), testsOutside(outfile)],
    metafile: true,
    logLevel: "warning",
  });
  const output = Object.values(result.metafile.outputs)[0];
  return { file: outfile, modules: Object.keys(result.metafile.inputs).length, bytes: output?.bytes ?? 0 };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { file, modules, bytes } = await buildServer();
  console.log(`server: ${path.relative(repoRoot, file)} (${modules} modules, ${Math.round(bytes / 1024)} KB)`);
}
