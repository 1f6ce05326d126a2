// A database client for measuring one call of a domain function: every `$queryRaw` it makes is run as
// `EXPLAIN (ANALYZE, BUFFERS)` first, and the statement's first line, its execution time and the plan's
// top lines are collected. Everything else goes to the real client.
import type { Db } from "#server/db/client.server.ts";
import type { Prisma } from "#server/db/generated/client.ts";

export type ExplainedStatement = { statement: string; executionMs: number; plan: string[] };

export function explainingDb(db: Db): { db: Db; statements: ExplainedStatement[] } {
  const statements: ExplainedStatement[] = [];
  const proxy = new Proxy(db, {
    get(target, prop, receiver) {
      if (prop !== "$queryRaw") return Reflect.get(target, prop, receiver);
      return async (query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]) => {
        const sql = "strings" in query && "values" in query && !Array.isArray(query) ? (query as Prisma.Sql) : null;
        const text = sql ? sql.sql : (query as TemplateStringsArray).reduce((acc, part, i) => acc + (i ? `$${i}` : "") + part, "");
        const params = sql ? sql.values : values;
        const plan = await target.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, ...params);
        const lines = plan.map((r) => r["QUERY PLAN"]);
        const execution = lines.find((l) => l.startsWith("Execution Time"));
        statements.push({
          statement: text.replace(/\s+/g, " ").trim().slice(0, 110),
          executionMs: execution ? Number(execution.replace(/[^0-9.]/g, "")) : NaN,
          plan: lines,
        });
        return target.$queryRawUnsafe(text, ...params);
      };
    },
  });
  return { db: proxy, statements };
}
