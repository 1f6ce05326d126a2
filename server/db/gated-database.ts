// The background client of a database (decision 0097): the same connection (the PGlite worker, or the
// pg pool), with every statement and transaction paced by the background gate (background-gate.ts).
// A statement waits for a slot; an interactive transaction holds one from its start to its end, and
// the statements inside it, sent through the transaction's own client, pass freely.
import type { BackgroundGate } from "./background-gate.ts";
import type { PrismaClient } from "./generated/client.ts";
import type { SqlRunner } from "./migrate.server.ts";

/**
 * The Prisma client for background work: the app's client extended (an extension shares the client's
 * engine and connection, so it costs nothing to make) with each operation gated, and `$transaction`
 * holding a slot around the base client's own.
 */
export function gatedPrisma(prisma: PrismaClient, gate: BackgroundGate): PrismaClient {
  const transaction = prisma.$transaction.bind(prisma) as (...args: unknown[]) => Promise<unknown>;
  const extended = prisma.$extends({
    query: {
      // Model operations and raw statements alike. An operation of an array-form `$transaction` runs
      // inside the transaction, whose slot is held below: Prisma (6.19) marks it in the hook's
      // `__internalParams.transaction`; gating it too would leave it waiting for its own batch's slot.
      $allOperations: (params) => {
        const { args, query } = params;
        return (params as { __internalParams?: { transaction?: unknown } }).__internalParams?.transaction ? query(args) : gate.run(() => query(args));
      },
    },
    client: {
      $transaction: (...args: unknown[]) => gate.run(() => transaction(...args)),
    },
  });
  // An extension with no model members and the same `$transaction`: the app's client type, as the
  // domain code that receives it expects.
  return extended as unknown as PrismaClient;
}

export function gatedRunner(sql: SqlRunner, gate: BackgroundGate): SqlRunner {
  return {
    exec: (text) => gate.run(() => sql.exec(text)),
    query: <T>(text: string, params?: unknown[]) => gate.run(() => sql.query<T>(text, params)),
    ...(sql.listen ? { listen: sql.listen.bind(sql) } : {}),
    transaction: (fn) => gate.run(() => sql.transaction(fn)),
  };
}
