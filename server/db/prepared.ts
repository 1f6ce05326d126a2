// Opt-in prepared statements (decision 0007): a raw statement wrapped in `prepared(...)` starts with a
// marker comment, and the database clients (pglite-prepared.ts for PGlite, pg-prepared.ts for
// PostgreSQL) parse such a text once and then only bind and execute it. Only statements whose plan does
// not depend on their parameters' values are marked (the chat turn's CTEs): a generic plan for, say,
// the leads search would be worse than planning it each time.
import { Prisma } from "./generated/client.ts";

export const PREPARED_MARKER = "/* lb:prepared */";

export function prepared(sql: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`${Prisma.raw(PREPARED_MARKER)} ${sql}`;
}

export function isMarkedPrepared(text: string): boolean {
  return text.startsWith(PREPARED_MARKER);
}
