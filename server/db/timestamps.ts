// TIMESTAMP(3) columns hold UTC. Raw statements convert explicitly rather than trust the driver: values
// go in as `timestamptz AT TIME ZONE 'UTC'` and come back as ISO text (utcText) or as Dates.
import { Prisma } from "./generated/client.ts";

/** A Date as a UTC timestamp parameter of a raw statement. */
export function sqlUtc(date: Date): Prisma.Sql {
  return Prisma.sql`(${date.toISOString()}::timestamptz AT TIME ZONE 'UTC')`;
}

/** A timestamp read back from a raw statement: a Date, or text without a zone, which is UTC by construction. */
export function asUtcDate(value: Date | string): Date {
  if (value instanceof Date) return value;
  return new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value.replace(" ", "T")}Z`);
}

/** A timestamp column read back as ISO text in UTC (`…T…Z`), the same from every driver (asUtcDate reads it). */
export function utcText(column: string): Prisma.Sql {
  return Prisma.raw(`to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
}
