// Vite configuration of the widget: two builds into widget/dist/.
//  - "chat": src/chat.tsx as an ES module with a content hash in its name (chat-HASH.js), long-cached.
//  - "loader": src/loader.ts as a classic script (IIFE) named widget.js, short-cached; it gets the chat's
//    file name through `define`.
// `npx tsx widget/build.ts` runs both (chat first) and writes dist/manifest.json. The CLI works too:
// `vite build -c widget/vite.config.ts` (chat), then `LB_CHAT_FILE=chat-HASH.js vite build -c
// widget/vite.config.ts --mode loader`.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type InlineConfig, type Plugin } from "vite";

export const widgetDir = fileURLToPath(new URL(".", import.meta.url));
export const defaultOutDir = fileURLToPath(new URL("./dist", import.meta.url));
const require = createRequire(import.meta.url);
const engineIoDir = path.dirname(require.resolve("engine.io-client/package.json", { paths: [path.dirname(require.resolve("socket.io-client/package.json"))] }));
const engineIoTransports = path.join(engineIoDir, "build/esm/transports");
const TRANSPORTS_ID = "\0leadbroom:engine.io-transports";

/**
 * engine.io-client imports all its transports (polling, WebSocket, WebTransport) from one module.
 * The widget uses WebSocket and polling only (io() is given `transports: ["websocket", "polling"]`);
 * replacing that module leaves WebTransport out of the bundle (about 0.8 KB gzip). build.ts checks
 * that the replacement happened.
 */
function pollingAndWebSocketOnly(): Plugin {
  return {
    name: "leadbroom:engine.io-transports",
    enforce: "pre",
    resolveId(source, importer) {
      if (source === "./transports/index.js" && importer?.startsWith(path.join(engineIoDir, "build/esm"))) return TRANSPORTS_ID;
      return null;
    },
    load(id) {
      if (id !== TRANSPORTS_ID) return null;
      const file = (name: string) => JSON.stringify(path.join(engineIoTransports, name));
      return `import { XHR } from ${file("polling-xhr.js")};\nimport { WS } from ${file("websocket.js")};\nexport const transports = { websocket: WS, polling: XHR };\n`;
    },
  };
}
const version = (JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }).version;

export type WidgetBuildOptions = { outDir?: string; minify?: boolean };

function base(options: WidgetBuildOptions): InlineConfig {
  const minify = options.minify ?? true;
  return {
    configFile: false,
    root: widgetDir,
    publicDir: false,
    logLevel: "warn",
    // Preact's automatic JSX runtime (the repository's tsconfig is set up for React).
    esbuild: { jsx: "automatic", jsxImportSource: "preact", legalComments: "none" },
    plugins: [pollingAndWebSocketOnly()],
    define: { __LB_VERSION__: JSON.stringify(version) },
    build: {
      outDir: options.outDir ?? defaultOutDir,
      emptyOutDir: false,
      target: "es2020",
      // terser (two compress passes) writes the chat chunk smaller than esbuild (DESIGN §9 size budget).
      minify: minify ? "terser" : false,
      terserOptions: { compress: { passes: 2 }, format: { comments: false } },
      cssMinify: minify,
      modulePreload: false,
      copyPublicDir: false,
      reportCompressedSize: false,
      sourcemap: false,
    },
  };
}

export function chatConfig(options: WidgetBuildOptions = {}): InlineConfig {
  const config = base(options);
  return {
    ...config,
    build: {
      ...config.build,
      // Not lib mode: Vite keeps whitespace in ES library output; an app build minifies fully.
      rollupOptions: {
        input: fileURLToPath(new URL("./src/chat.tsx", import.meta.url)),
        preserveEntrySignatures: "exports-only",
        output: { format: "es", entryFileNames: "chat-[hash].js", inlineDynamicImports: true },
      },
    },
  };
}

export function loaderConfig(options: WidgetBuildOptions & { chatFile: string }): InlineConfig {
  const config = base(options);
  return {
    ...config,
    define: { ...config.define, __LB_CHAT__: JSON.stringify(options.chatFile) },
    build: {
      ...config.build,
      lib: {
        entry: fileURLToPath(new URL("./src/loader.ts", import.meta.url)),
        formats: ["iife"],
        name: "LeadBroomLoader",
        fileName: () => "widget.js",
      },
    },
  };
}

export default defineConfig(({ mode }) =>
  mode === "loader" ? loaderConfig({ chatFile: process.env.LB_CHAT_FILE ?? "chat.js" }) : chatConfig(),
);
