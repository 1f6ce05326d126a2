// The test servers' start-up (not a DESIGN §9 budget; the suite's own time, README "Keep npm test under
// 10 minutes"): startTestServer on a new PGlite directory, N times without the migrated template, N
// times with it (tests/support/pglite-template.ts), seeding the demo data as most suites do, and N times
// with the demo template too, which is what the Vitest global setup gives the suites (decision 0098: the
// demo's seeding varies more than a start's own steps). Prints each start and the medians.
// Run: npx tsx tests/bench/test-server-start.ts [--runs=3]
import { rm } from "node:fs/promises";
import { performance } from "node:perf_hooks";
import { createPgliteDemoTemplate, createPgliteTemplate, DEMO_TEMPLATE_ENV, TEMPLATE_ENV } from "../support/pglite-template.ts";
import { startTestServer } from "../support/test-server.ts";
import { machine, percentile } from "./support/child.ts";

const runs = Number(process.argv.find((a) => a.startsWith("--runs="))?.split("=")[1] ?? 3);

async function timeStarts(label: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    const server = await startTestServer();
    times.push(performance.now() - started);
    await server.close();
  }
  const median = percentile([...times].sort((a, b) => a - b), 50);
  console.log(`${label.padEnd(34)} ${times.map((t) => `${t.toFixed(0)} ms`).join(", ")}; median ${median.toFixed(0)} ms`);
  return median;
}

async function main(): Promise<void> {
  if (process.env.DATABASE_URL) throw new Error("this measures PGlite start-up: unset DATABASE_URL");
  console.log(machine());
  delete process.env[TEMPLATE_ENV];
  const without = await timeStarts("without the template (initdb)");
  const madeAt = performance.now();
  const template = await createPgliteTemplate();
  console.log(`template made once in ${(performance.now() - madeAt).toFixed(0)} ms`);
  process.env[TEMPLATE_ENV] = template;
  let demoTemplate: string | undefined;
  try {
    const withTemplate = await timeStarts("with the template (copy)");
    console.log(`saved per server start: ${(without - withTemplate).toFixed(0)} ms`);
    demoTemplate = await createPgliteDemoTemplate(template);
    process.env[DEMO_TEMPLATE_ENV] = demoTemplate;
    await timeStarts("with the demo template (the suites')");
  } finally {
    await rm(template, { recursive: true, force: true });
    if (demoTemplate) await rm(demoTemplate, { recursive: true, force: true });
  }
}

await main();
