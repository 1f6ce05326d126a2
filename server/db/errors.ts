// Recognises a unique-constraint violation however it surfaces: Prisma's P2002, or a driver adapter
// error carrying PostgreSQL's SQLSTATE 23505 (as inside interactive transactions), or the driver's own
// error with that code (statements sent directly, server/db/prepared.ts).
import { Prisma } from "./generated/client.ts";

type AdapterCause = { originalCode?: string; kind?: string; code?: string };

function isUniqueCause(cause: AdapterCause | undefined): boolean {
  return cause?.originalCode === "23505" || cause?.code === "23505" || cause?.kind === "UniqueConstraintViolation";
}

export function isUniqueViolation(error: unknown): boolean {
  if (error instanceof Prisma.PrismaClientKnownRequestError) {
    if (error.code === "P2002") return true;
    // P2010: a raw query failed; the driver adapter's error (with the SQLSTATE) is in meta.
    const meta = error.meta as { driverAdapterError?: { cause?: AdapterCause } } | undefined;
    return error.code === "P2010" && isUniqueCause(meta?.driverAdapterError?.cause);
  }
  if (!(error instanceof Error)) return false;
  const cause = (error as Error & { cause?: AdapterCause }).cause;
  return (
    // A driver's own error (a direct statement, prepared.ts): node-postgres and PGlite set the SQLSTATE.
    (error as Error & { code?: unknown }).code === "23505" ||
    isUniqueCause(cause) ||
    (error.name === "DriverAdapterError" && /duplicate key value violates unique constraint/.test(error.message))
  );
}

/** Prisma's "record to update/delete does not exist" (P2025). */
export function isRecordNotFound(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2025";
}
