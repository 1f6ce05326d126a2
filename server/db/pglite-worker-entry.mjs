// Worker-thread entry for the embedded database: loads the TypeScript worker through tsx, so it runs
// the same way under `tsx server/main.ts`, vitest and the benchmarks (a worker gets no loader of its own).
import { tsImport } from "tsx/esm/api";

await tsImport("./pglite-worker.ts", import.meta.url);
