// Enqueuing from inside one SQL statement (decision 0022): the chat turn's hot statements (decision
// 0007) write their rows in one CTE, and the job they cause joins that CTE instead of costing a
// transaction and a second round trip. The columns and defaults mirror pg-boss 10's own `insertJobs`
// (job-queue.server.ts enqueues through it everywhere else); tests/integration/jobs-mail.test.ts checks
// that a job written here is picked up like one written by pg-boss.
import { Prisma } from "../../db/generated/client.ts";
import { JOB_SCHEMA } from "./job-queue.server.ts";
import { queueSpec } from "./queues.ts";

/**
 * `INSERT INTO pgboss.job … SELECT … FROM <from>`: one job of `queue` per row of `from` (a CTE name
 * or a table expression), with `data` (jsonb) and `key` (text) computed from that row.
 */
export function insertJobsSql(queue: string, from: Prisma.Sql, data: Prisma.Sql, key: Prisma.Sql): Prisma.Sql {
  queueSpec(queue); // a known queue, or pg-boss would drop the job
  const schema = Prisma.raw(`"${JOB_SCHEMA}"`);
  return Prisma.sql`
    INSERT INTO ${schema}."job" ("id", "name", "data", "singleton_key", "expire_in", "keep_until",
      "retry_limit", "retry_delay", "retry_backoff", "policy")
    SELECT gen_random_uuid(), q."name", ${data}, ${key},
           COALESCE(q."expire_seconds", 900) * interval '1 second',
           now() + COALESCE(q."retention_minutes", 20160) * interval '1 minute',
           q."retry_limit",
           CASE WHEN q."retry_backoff" THEN GREATEST(q."retry_delay", 1) ELSE q."retry_delay" END,
           q."retry_backoff", q."policy"
      FROM ${from} JOIN ${schema}."queue" q ON q."name" = ${queue}`;
}

/**
 * Whether a job of `queue` with this key is waiting (created, or failed and due for a retry); a running
 * one does not count. For a queue that keeps one pending job per key (the takeover idle check).
 */
export function pendingJobSql(queue: string, key: string): Prisma.Sql {
  queueSpec(queue);
  const schema = Prisma.raw(`"${JOB_SCHEMA}"`);
  return Prisma.sql`
    SELECT EXISTS (SELECT 1 FROM ${schema}."job"
                    WHERE "name" = ${queue} AND "singleton_key" = ${key} AND "state" IN ('created', 'retry')) AS "pending"`;
}
