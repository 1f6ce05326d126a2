// Recognises a unique-constraint violation however it surfaces: Prisma's P2002, or a driver adapter
// error carrying PostgreSQL's SQLSTATE 23505 (as inside interactive transactions).
import { Prisma } from "./generated/client.ts";

export function isUniqueViolation(error: unknown): boolean {
  if (error instanceof Prisma.PrismaClientKnownRequestError) return error.code === "P2002";
  if (!(error instanceof Error)) return false;
  const withCause = error as Error & { cause?: { originalCode?: string; kind?: string; code?: string } };
  const cause = withCause.cause;
  return (
    cause?.originalCode === "23505" ||
    cause?.kind === "UniqueConstraintViolation" ||
    (error.name === "DriverAdapterError" && /duplicate key value violates unique constraint/.test(error.message))
  );
}
