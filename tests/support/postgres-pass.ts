// CI's PostgreSQL pass (the "postgres" project, decisions 0094 and 0096) runs the integration files
// tagged `// @postgres: <why>` a second time, on the server. A tagged file's cases that cannot differ
// there (form validation, pages, permissions: the same SQL through the same Prisma client, one request
// at a time) go in `describeOnPgliteOnly`: the PGlite run of the file has them as before, the PostgreSQL
// pass does not register them (they are neither run nor counted there), and keeps the file's cases that
// can differ on a server (concurrency, locks, the driver's own paths), which the tag names. `npm run
// test:pg` (the whole integration suite on PostgreSQL, not this pass) still runs every case.
import { describe } from "vitest";

/** True in the workers of the "postgres" project (vitest.config.ts sets it there only). */
export const inPostgresPass = process.env.LB_POSTGRES_PASS === "1";

/** A describe whose cases cannot differ on a database server: registered except in CI's PostgreSQL pass. */
export function describeOnPgliteOnly(name: string, cases: () => void): void {
  if (!inPostgresPass) describe(name, cases);
}
