// DESIGN §9: outreach CSV import, 10,000 rows in ≤ 5 s with a per-row error report. Times the
// product's own import (csv-parse, validation, deduplication by e-mail, the batched upserts) on a
// fresh, migrated PGlite directory (or a scratch PostgreSQL database with DATABASE_URL): a first
// import (all new), then the same file again (all updates), and the parse alone.
// Run: npx tsx tests/bench/outreach-import.ts [--rows=10000]
import "./support/production-mode.ts";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { machine } from "./support/child.ts";
import { openDatabase } from "#server/db/client.server.ts";
import { loadMigrations, migrate } from "#server/db/migrate.server.ts";
import { importProspects } from "#server/outreach/prospects.server.ts";
import { parseProspectCsv } from "#server/outreach/prospect-csv.ts";
import { createScratchDatabase } from "../support/test-server.ts";

const BUDGET_MS = 5000;
const rows = Number(process.argv.find((a) => a.startsWith("--rows="))?.split("=")[1] ?? 10_000);
const titles = ["Facility Manager", "Office Manager", "Director of Operations", "Property Manager", "Building Engineer"];
const cities = ['"Austin, TX"', '"Dallas, TX"', '"Chicago, IL"', '"Denver, CO"', "Portland"];
const industries = ["Healthcare", "Education", "Real Estate", "Manufacturing", "Hospitality"];
const lines = ["Full Name,Job Title,Company,Location,Industry,Email,LinkedIn URL"];
for (let i = 0; i < rows; i++) {
  // One row in 200 is broken (a bad address): the report names each of them.
  const email = i % 200 === 199 ? `broken-${i}` : `prospect${i}@company${i % 977}.example`;
  lines.push(`Prospect ${i},${titles[i % 5]},"Company ${i % 977}, Inc.",${cities[i % 5]},${industries[i % 5]},${email},https://www.linkedin.com/in/prospect-${i}`);
}
const csv = Buffer.from(lines.join("\r\n"));

const dir = await mkdtemp(path.join(os.tmpdir(), "lb-outreach-bench-"));
const scratch = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL) : null;
const db = await openDatabase({ databaseUrl: scratch?.url, dataDir: dir });
try {
  await migrate(db.sql, await loadMigrations());
  const business = await db.prisma.business.create({ data: { name: "Bench Cleaning" }, select: { id: true } });
  console.log(machine());
  console.log(`database: ${db.kind}; file: ${rows.toLocaleString("en-US")} rows, ${(csv.length / 1024 / 1024).toFixed(2)} MB`);

  let t = performance.now();
  const parsed = parseProspectCsv(csv);
  const parseMs = performance.now() - t;
  if (!parsed.ok) throw new Error(parsed.error);

  t = performance.now();
  const first = await importProspects(db.prisma, { businessId: business.id, fileName: "prospects.csv", data: csv });
  const firstMs = performance.now() - t;
  t = performance.now();
  const second = await importProspects(db.prisma, { businessId: business.id, fileName: "prospects.csv", data: csv });
  const secondMs = performance.now() - t;
  if (!first.ok || !second.ok) throw new Error("import failed");
  const stored = await db.prisma.prospect.count({ where: { businessId: business.id } });

  console.log(`parse only: ${parseMs.toFixed(0)} ms`);
  console.log(`first import: ${firstMs.toFixed(0)} ms (imported ${first.value.imported}, updated ${first.value.updated}, skipped ${first.value.skipped.length})`);
  console.log(`same file again: ${secondMs.toFixed(0)} ms (imported ${second.value.imported}, updated ${second.value.updated}, skipped ${second.value.skipped.length})`);
  console.log(`prospects stored: ${stored}`);
  const expectedSkipped = Math.floor(rows / 200);
  const correct = stored === rows - expectedSkipped && first.value.skipped.length === expectedSkipped && second.value.updated === stored;
  const pass = correct && Math.max(firstMs, secondMs) <= BUDGET_MS;
  console.log(`${pass ? "PASS" : "FAIL"}: slowest import ${Math.max(firstMs, secondMs).toFixed(0)} ms (budget ${BUDGET_MS} ms)${correct ? "" : "; counts wrong"}`);
  process.exitCode = pass ? 0 : 1;
} finally {
  await db.close();
  await scratch?.drop();
  await rm(dir, { recursive: true, force: true });
}
