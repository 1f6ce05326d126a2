// The demo business's seeding (issue 18; decision 0026): what a year of sample history costs at every
// first start / `npm run db:seed` (ensureDemoData) and at each press of the /login demo button
// (createSandbox: with a sandbox prepared ahead by the sandbox.prepare job, and without one, whose year
// then comes in the sandbox.history job), on a fresh
// PGlite directory (the migrated template when LB_PGLITE_TEMPLATE is set).
// Not a DESIGN §9 budget; prints the rows made and the times, then the demo's analytics for Last Year.
// Run: npx tsx tests/bench/demo-seed.ts [--sandboxes=3]
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { openDatabase } from "#server/db/client.server.ts";
import { loadMigrations, migrate } from "#server/db/migrate.server.ts";
import { createJobQueue } from "#server/jobs/queue/job-queue.server.ts";
import { ensureDemoData, SEED_TRANSACTION, seedSampleBusiness } from "#server/demo/demo-data.server.ts";
import { addSandboxHistory, createSandbox, prepareSandbox } from "#server/demo/sandbox.server.ts";
import { analyticsReport } from "#server/analytics/analytics.server.ts";
import { machine } from "./support/child.ts";

const sandboxes = Number(process.argv.find((a) => a.startsWith("--sandboxes="))?.split("=")[1] ?? 3);

async function main(): Promise<void> {
  console.log(machine());
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "leadbroom-demo-seed-"));
  const database = await openDatabase({ dataDir });
  const jobs = await createJobQueue({ sql: database.sql, logger: console, soleProcess: true });
  try {
    await migrate(database.sql, await loadMigrations());
    const db = database.prisma;
    let started = performance.now();
    await ensureDemoData(db);
    console.log(`ensureDemoData (first start, db:seed): ${(performance.now() - started).toFixed(0)} ms`);
    const demo = await db.business.findFirstOrThrow({ where: { isDemo: true, sandboxExpiresAt: null }, select: { id: true, timeZone: true } });
    const count = async (table: "lead" | "conversation" | "message" | "leadEvent" | "widgetImpressionDay" | "chatResponseHour") =>
      (db[table] as unknown as { count(args: object): Promise<number> }).count({ where: { businessId: demo.id } });
    for (const table of ["lead", "conversation", "message", "leadEvent", "widgetImpressionDay", "chatResponseHour"] as const) {
      console.log(`  ${table}: ${await count(table)} rows`);
    }
    started = performance.now();
    await ensureDemoData(db);
    console.log(`ensureDemoData again (already there): ${(performance.now() - started).toFixed(0)} ms`);
    const times: number[] = [];
    const histories: number[] = [];
    for (let i = 0; i < sandboxes; i++) {
      started = performance.now();
      const made = await createSandbox({ db, jobs });
      times.push(performance.now() - started);
      started = performance.now();
      if (!(await addSandboxHistory(db, made.businessId))) throw new Error("the cold sandbox already had its history");
      histories.push(performance.now() - started);
    }
    const ms = (list: number[]) => list.map((t) => `${t.toFixed(0)} ms`).join(", ");
    console.log(`createSandbox, none prepared (the demo button's server time; budget 300 ms): ${ms(times)}`);
    console.log(`  then its year of history (the sandbox.history job, off the button's path): ${ms(histories)}`);
    // Decision 0046: the demo button takes a sandbox the sandbox.prepare job seeded ahead.
    const prepared: number[] = [];
    const claimed: number[] = [];
    for (let i = 0; i < sandboxes; i++) {
      started = performance.now();
      if (!(await prepareSandbox(db))) throw new Error("a prepared sandbox was already waiting");
      prepared.push(performance.now() - started);
      started = performance.now();
      const made = await createSandbox({ db, jobs });
      claimed.push(performance.now() - started);
      const left = await db.business.findUniqueOrThrow({ where: { id: made.businessId }, select: { sandboxPreparedAt: true } });
      if (left.sandboxPreparedAt !== null) throw new Error("the button did not take the prepared sandbox");
    }
    console.log(`createSandbox, one prepared ahead (the demo button's server time): ${claimed.map((t) => `${t.toFixed(0)} ms`).join(", ")}`);
    console.log(`  prepareSandbox (the sandbox.prepare job, off the button's path): ${prepared.map((t) => `${t.toFixed(0)} ms`).join(", ")}`);
    // What a sandbox cost before the year of history: the business, its sample leads and its owner.
    const before: number[] = [];
    for (let i = 0; i < sandboxes; i++) {
      started = performance.now();
      await db.$transaction(async (tx) => {
        const { businessId } = await seedSampleBusiness(tx, { siteKey: `bench-${i}-${Date.now()}`, sandboxExpiresAt: new Date(Date.now() + 86_400_000) });
        await tx.user.create({ data: { email: `bench-${i}-${Date.now()}@sandbox.leadbroom.invalid`, passwordHash: "x", displayName: "Bench", memberships: { create: { businessId, role: "owner" } } } });
      }, SEED_TRANSACTION);
      before.push(performance.now() - started);
    }
    console.log(`  of which the sample business without the year (as before, no password hash): ${before.map((t) => `${t.toFixed(0)} ms`).join(", ")}`);
    for (const period of ["7d", "30d", "90d", "1y"] as const) {
      started = performance.now();
      const report = await analyticsReport(db, { businessId: demo.id, timeZone: demo.timeZone, period });
      const k = report.kpis;
      console.log(
        `${period.padEnd(4)} (${(performance.now() - started).toFixed(0)} ms): impressions ${k.impressions.current} (${k.impressions.change}%), conversations ${k.conversations.current} (${k.conversations.change}%), leads ${k.leads.current} (${k.leads.change}%), won ${k.won.current}, revenue $${(k.revenueCents.current / 100).toLocaleString("en-US")}, conversion ${k.conversionRate.current}%, bot ${k.avgResponseSeconds.current}s`,
      );
      if (period === "1y") {
        console.log(`  funnel: ${report.funnel.map((f) => `${f.stage} ${f.count}`).join(" → ")}`);
        console.log(`  quality: ${JSON.stringify(report.quality)}`);
        console.log(`  channels: ${report.channels.map((c) => `${c.label} ${c.leads}/${c.conversion}%/${c.avgScore}/$${c.revenueCents / 100}`).join("; ")}`);
        console.log(`  revenue by month: ${report.revenueByMonth.map((m) => `${m.label.slice(0, 3)} $${Math.round(m.revenueCents / 100_000)}k`).join(", ")}`);
        console.log(`  response by hour (bot s / team min): ${report.responseByHour.map((h) => `${h.hour}:${h.botSeconds ?? "-"}/${h.teamMinutes ?? "-"}`).join(" ")}`);
      }
    }
  } finally {
    await jobs.stop();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
