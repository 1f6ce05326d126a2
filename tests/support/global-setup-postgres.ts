// Vitest global setup of the "postgres" project (CI's PostgreSQL pass inside `npm test`, decision 0094):
// the two template databases of postgres-template.ts on the server named by LB_POSTGRES_PASS_URL. The
// project's workers get that URL as DATABASE_URL (vitest.config.ts), the main process does not, so the
// PGlite projects' global setup still makes the PGlite templates.
import { setupPostgresTemplates } from "./postgres-template.ts";

export default async function setup(): Promise<() => Promise<void>> {
  const adminUrl = process.env.LB_POSTGRES_PASS_URL;
  return adminUrl ? setupPostgresTemplates(adminUrl) : async () => {};
}
