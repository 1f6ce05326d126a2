// The job outbox's rows about a person or a business (decision 0074): pg-boss keeps queued jobs in
// `job` and finished ones in `archive` (pg-boss 10); both are cleared. Answers the rows deleted.
import type { Db } from "../db/client.server.ts";
import { Prisma } from "../db/generated/client.ts";
import type { TransactionClient } from "../events/command-context.server.ts";
import { JOB_SCHEMA } from "../jobs/queue/job-queue.server.ts";

export async function deleteJobRows(tx: Db | TransactionClient, where: Prisma.Sql): Promise<number> {
  let deleted = 0;
  for (const table of ["job", "archive"]) {
    // A layout without the table has nothing to clear there (checked first: an error would end the transaction).
    const [exists] = await tx.$queryRaw<{ ok: boolean }[]>`SELECT to_regclass(${`${JOB_SCHEMA}.${table}`}::text) IS NOT NULL AS ok`;
    if (exists?.ok) deleted += await tx.$executeRaw`DELETE FROM ${Prisma.raw(`"${JOB_SCHEMA}"."${table}"`)} WHERE ${where}`;
  }
  return deleted;
}
