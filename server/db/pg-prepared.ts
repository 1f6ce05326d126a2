// PostgreSQL mode (decision 0007): statements marked by `prepared()` (server/db/prepared.ts) and sent
// outside transactions run as named prepared statements, so each pooled connection parses a text once
// and then only binds and executes it (node-postgres keeps the per-connection cache; the name is a hash
// of the text, so one name never stands for two texts). At most MAX_NAMED distinct texts are named; the
// rest, and every unmarked statement, run unnamed as before. The PGlite twin is pglite-prepared.ts.
import { createHash } from "node:crypto";
import type pg from "pg";
import { isMarkedPrepared } from "./prepared-marker.ts";

export const MAX_NAMED = 256;

type QueryConfig = { text?: unknown; name?: unknown };

export function namePoolStatements(pool: pg.Pool): pg.Pool {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    const known = names.get(text);
    if (known || names.size >= MAX_NAMED || !isMarkedPrepared(text)) return known;
    const name = `lb_${createHash("sha1").update(text).digest("hex").slice(0, 20)}`;
    names.set(text, name);
    return name;
  };
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  // Only the object form with values (what Prisma's adapter sends) is named; scripts and plain strings are not.
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest: unknown[]) => {
    if (config && typeof config === "object" && typeof (config as QueryConfig).text === "string" && !(config as QueryConfig).name) {
      const name = nameOf((config as { text: string }).text);
      if (name) return query({ ...(config as object), name }, ...rest);
    }
    return query(config, ...rest);
  };
  return pool;
}
