// Opt-in prepared statements (decision 0007): a raw statement wrapped in `prepared(...)` starts with a
// marker comment, and the database clients (pglite-prepared.ts for PGlite, pg-prepared.ts for
// PostgreSQL) parse such a text once and then only bind and execute it. Only statements whose plan does
// not depend on their parameters' values are marked (the chat turn's CTEs): a generic plan for, say,
// the leads search would be worse than planning it each time.
import { Prisma } from "./generated/client.ts";
import type { PrismaClient } from "./generated/client.ts";
import { PREPARED_MARKER } from "./prepared-marker.ts";

export function prepared(sql: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`${Prisma.raw(PREPARED_MARKER)} ${sql}`;
}

/** Sends a statement's text and values to the database driver, and returns its rows. */
export type DirectSql = { query<T>(text: string, values: unknown[]): Promise<T[]> };

const DIRECT_SQL = Symbol("leadbroom.directSql");

/**
 * Gives a Prisma client a direct line to its driver (the PGlite worker or the pg pool) for the chat's
 * hot statements (decision 0007): Prisma's raw-query path costs about as much main-thread time as the
 * rest of a turn. Set by openDatabase only; transaction clients and test doubles do not carry it.
 */
export function withDirectSql(prisma: PrismaClient, direct: DirectSql): PrismaClient {
  // With its owner: Prisma copies a client's own properties onto each interactive transaction's client,
  // so a transaction client carries this line too; it must not use it (the statement would run outside
  // the transaction: on PGlite's one connection it waited for that transaction until it expired).
  Object.defineProperty(prisma, DIRECT_SQL, { value: { owner: prisma, direct }, enumerable: false });
  return prisma;
}

/** The client's own direct line: none on a transaction's client (which carries its owner's) or a test double. */
function ownDirectLine(db: object): DirectSql | undefined {
  const line = (db as { [DIRECT_SQL]?: { owner: unknown; direct: DirectSql } })[DIRECT_SQL];
  return line && line.owner === db ? line.direct : undefined;
}

/**
 * Whether a statement run through `db` commits on its own when it returns: the client itself with its
 * direct line (an autocommit statement), not an interactive transaction's client or a test double.
 */
export function commitsOnItsOwn(db: object): boolean {
  return ownDirectLine(db) !== undefined;
}

/**
 * Runs a marked statement (see `prepared`) and returns its rows: straight through the driver when the
 * client has a direct line, else through Prisma (inside a transaction the statement then joins it).
 * The rows are the driver's: such statements return only text, integers, floats, booleans, arrays and
 * JSON, and timestamps as ISO text (asUtcDate), so both paths read the same.
 */
export function queryPrepared<T>(db: Pick<PrismaClient, "$queryRaw">, statement: Prisma.Sql): Promise<T[]> {
  const marked = prepared(statement);
  const direct = ownDirectLine(db);
  return direct ? direct.query<T>(marked.text, marked.values) : db.$queryRaw<T[]>(marked);
}
