// Vitest global setup: one migrated PGlite template for the run's test servers (pglite-template.ts),
// removed at the end. On PostgreSQL (DATABASE_URL), two template databases instead (postgres-template.ts).
import { rm } from "node:fs/promises";
import { createPgliteDemoTemplate, createPgliteTemplate, DEMO_TEMPLATE_ENV, TEMPLATE_ENV } from "./pglite-template.ts";
import { setupPostgresTemplates } from "./postgres-template.ts";

export default async function setup(): Promise<() => Promise<void>> {
  const adminUrl = process.env.DATABASE_URL;
  // Both projects' global setups run in one process: the first one makes the templates.
  if (adminUrl) return setupPostgresTemplates(adminUrl);
  const template = await createPgliteTemplate();
  process.env[TEMPLATE_ENV] = template;
  const demoTemplate = await createPgliteDemoTemplate(template);
  process.env[DEMO_TEMPLATE_ENV] = demoTemplate;
  return async () => {
    await rm(template, { recursive: true, force: true });
    await rm(demoTemplate, { recursive: true, force: true });
  };
}
