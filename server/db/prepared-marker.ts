// The marker of a statement to run prepared (decision 0007; `prepared()` in prepared.ts adds it). A
// module of its own, without Prisma's client, because the PGlite worker thread reads it
// (pglite-prepared.ts): loading the generated client there cost every database open a third of a second.
export const PREPARED_MARKER = "/* lb:prepared */";

export function isMarkedPrepared(text: string): boolean {
  return text.startsWith(PREPARED_MARKER);
}
