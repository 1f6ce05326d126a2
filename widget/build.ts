// Builds the widget into widget/dist/: chat-HASH.js (ES module, content-hashed, long cache), then
// widget.js (classic script, the loader, short cache) with the chat's file name compiled in, then
// manifest.json { loader, chat }. Run: npx tsx widget/build.ts
import { mkdir, readdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build, type Rollup } from "vite";
import { chatConfig, defaultOutDir, loaderConfig, type WidgetBuildOptions } from "./vite.config.ts";

export type WidgetManifest = { loader: string; chat: string };

export async function buildWidget(options: WidgetBuildOptions = {}): Promise<WidgetManifest & { outDir: string }> {
  const outDir = options.outDir ?? defaultOutDir;
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });

  const chatOutput = (await build(chatConfig({ ...options, outDir }))) as Rollup.RollupOutput | Rollup.RollupOutput[];
  const chunks = (Array.isArray(chatOutput) ? chatOutput : [chatOutput]).flatMap((o) => o.output);
  const entries = chunks.filter((c): c is Rollup.OutputChunk => c.type === "chunk");
  if (entries.length !== 1 || !entries[0]?.isEntry) {
    throw new Error(`widget: expected one chat chunk, got ${chunks.map((c) => c.fileName).join(", ")}`);
  }
  const chat = entries[0].fileName;
  // The transports plugin of vite.config.ts must have matched (an engine.io-client update could move the module).
  if (hasWebTransport(entries[0].code)) throw new Error("widget: WebTransport is in the chat bundle; update the transports plugin in widget/vite.config.ts");

  await build(loaderConfig({ ...options, outDir, chatFile: chat }));
  const files = (await readdir(outDir)).sort();
  const expected = ["widget.js", chat].sort();
  if (files.join() !== expected.join()) throw new Error(`widget: unexpected files in ${outDir}: ${files.join(", ")}`);

  const manifest: WidgetManifest = { loader: "widget.js", chat };
  await writeFile(path.join(outDir, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  return { ...manifest, outDir };
}

function hasWebTransport(code: string): boolean {
  return code.includes("new WebTransport(");
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const started = Date.now();
  buildWidget().then(
    (m) => console.log(`widget: built ${m.loader} and ${m.chat} in ${path.relative(process.cwd(), m.outDir) || "."} (${Date.now() - started} ms)`),
    (err: unknown) => {
      console.error(err);
      process.exitCode = 1;
    },
  );
}
