// Vitest global setup: one migrated PGlite template for the run's test servers (pglite-template.ts),
// removed at the end. Not needed when the suites run on PostgreSQL (DATABASE_URL).
import { rm } from "node:fs/promises";
import { createPgliteDemoTemplate, createPgliteTemplate, DEMO_TEMPLATE_ENV, TEMPLATE_ENV } from "./pglite-template.ts";

export default async function setup(): Promise<() => Promise<void>> {
  if (process.env.DATABASE_URL) return async () => {};
  const template = await createPgliteTemplate();
  process.env[TEMPLATE_ENV] = template;
  const demoTemplate = await createPgliteDemoTemplate(template);
  process.env[DEMO_TEMPLATE_ENV] = demoTemplate;
  return async () => {
    await rm(template, { recursive: true, force: true });
    await rm(demoTemplate, { recursive: true, force: true });
  };
}
