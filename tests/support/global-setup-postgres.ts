// Vitest global setup of the "postgres" project (CI's PostgreSQL pass inside `npm test`, decision 0094):
// the two template databases of postgres-template.ts on the server named by LB_POSTGRES_PASS_URL. The
// project's workers get that URL as DATABASE_URL (vitest.config.ts), the main process does not, so the
// PGlite projects' global setup still makes the PGlite templates.
import { createPostgresTemplates, dropTemplate, PG_DEMO_TEMPLATE_ENV, PG_TEMPLATE_ENV } from "./postgres-template.ts";

export default async function setup(): Promise<() => Promise<void>> {
  const adminUrl = process.env.LB_POSTGRES_PASS_URL;
  if (!adminUrl || process.env[PG_TEMPLATE_ENV]) return async () => {};
  const { migrated, demo } = await createPostgresTemplates(adminUrl);
  process.env[PG_TEMPLATE_ENV] = migrated;
  process.env[PG_DEMO_TEMPLATE_ENV] = demo;
  return async () => {
    await dropTemplate(adminUrl, demo);
    await dropTemplate(adminUrl, migrated);
  };
}
