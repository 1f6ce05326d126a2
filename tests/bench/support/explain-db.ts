// A database client for measuring one call of a domain function: every `$queryRaw` it makes is also
// run as `EXPLAIN (ANALYZE, BUFFERS)` (its parameters written in as typed literals, as a driver that
// sends them untyped leaves some calls ambiguous), and the statement's first characters, its execution
// time and its plan are collected. The call's own results come from the real client.
import type { Db } from "#server/db/client.server.ts";
import { Prisma } from "#server/db/generated/client.ts";

export type ExplainedStatement = { statement: string; executionMs: number; plan: string[] };

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

function literal(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (value instanceof Date) return `${quote(value.toISOString().replace("T", " ").replace("Z", ""))}::timestamp`;
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (typeof value === "boolean") return value ? "true" : "false";
  return `${quote(String(value))}::text`;
}

export function explainingDb(db: Db): { db: Db; statements: ExplainedStatement[] } {
  const statements: ExplainedStatement[] = [];
  const proxy = new Proxy(db, {
    get(target, prop, receiver) {
      if (prop !== "$queryRaw") return Reflect.get(target, prop, receiver);
      return async (query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]) => {
        const sql = query instanceof Prisma.Sql ? query : Prisma.sql(query as TemplateStringsArray, ...values);
        const text = sql.text.replace(/\$(\d+)/g, (_, n: string) => literal(sql.values[Number(n) - 1]));
        const plan = (await target.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(`EXPLAIN (ANALYZE, BUFFERS) ${text}`)).map((r) => r["QUERY PLAN"]);
        const execution = plan.find((line) => line.startsWith("Execution Time"));
        statements.push({
          statement: sql.text.replace(/\s+/g, " ").trim().slice(0, 110),
          executionMs: execution ? Number(execution.replace(/[^0-9.]/g, "")) : NaN,
          plan,
        });
        return target.$queryRaw(sql);
      };
    },
  });
  return { db: proxy, statements };
}
