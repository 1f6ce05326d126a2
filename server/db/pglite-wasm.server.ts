// PostgreSQL's WebAssembly (PGlite's pglite.wasm, 9 MB), compiled once per process and handed to each
// PGlite worker thread it starts (pglite-proxy.server.ts, decision 0109). A worker left to load it
// itself compiled it again in its own isolate: 0.6–0.7 s of CPU of the 1.4 s a PGlite open cost, paid by
// every database a process opens. A server opens one, but a test run opens one per test server: over a
// hundred. A compiled module is immutable and V8 shares its code between the threads it is sent to, so
// one promise for the process is safe to share; a failed compile is not kept, the next open tries again.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";

let compiled: Promise<WebAssembly.Module> | undefined;

export function pgliteWasmModule(): Promise<WebAssembly.Module> {
  if (!compiled) {
    const file = path.join(path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite")), "pglite.wasm");
    compiled = readFile(file).then((bytes) => WebAssembly.compile(bytes));
    compiled.catch(() => (compiled = undefined));
  }
  return compiled;
}
