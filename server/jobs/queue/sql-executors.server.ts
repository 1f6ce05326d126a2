// The two ways pg-boss reaches our database (decision 0022). pg-boss accepts any `{ executeSql }`, so
// it runs on the process's own connection: the PGlite worker or the pg pool (`Database.sql`), and, for
// the transactional outbox, inside a Prisma interactive transaction, so that a change and the jobs it
// causes commit or roll back together.
import type PgBoss from "pg-boss";
import type { Prisma } from "../../db/generated/client.ts";
import type { SqlExecutor } from "../../db/migrate.server.ts";

/** pg-boss over the migration runner's executor: statements without parameters may hold several commands. */
export function executorDb(sql: SqlExecutor): PgBoss.Db {
  return {
    async executeSql(text, values) {
      try {
        return { rows: await sql.query(text, values ?? []) };
      } catch (error) {
        // pg-boss creates and migrates its schema with multi-statement scripts (no parameters), which
        // only the simple query protocol takes.
        if (values?.length || !/multiple commands/i.test((error as Error).message)) throw error;
        await sql.exec(text);
        return { rows: [] };
      }
    },
  };
}

/** A Prisma client or interactive-transaction client: what domain code holds when it enqueues. */
export type TxClient = Pick<Prisma.TransactionClient, "$queryRawUnsafe" | "$queryRaw">;

