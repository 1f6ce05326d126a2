// `npm run db:diff -- <name>`: writes prisma/migrations/<timestamp>_<name>/migration.sql with the SQL
// that takes the previous schema snapshot to prisma/schema.prisma, without any database, then
// refreshes the snapshot. Review the SQL before committing it.
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

const name = (process.argv[2] ?? "").replace(/[^a-z0-9_]+/gi, "_").toLowerCase();
if (!name) {
  console.error("Usage: npm run db:diff -- <migration_name>");
  process.exit(1);
}
const root = path.resolve(import.meta.dirname, "..");
const schema = path.join(root, "prisma", "schema.prisma");
const snapshot = path.join(root, "prisma", "migrations", "schema.snapshot.prisma");
const from = existsSync(snapshot) ? ["--from-schema-datamodel", snapshot] : ["--from-empty"];
const sql = execFileSync(
  path.join(root, "node_modules", ".bin", "prisma"),
  ["migrate", "diff", ...from, "--to-schema-datamodel", schema, "--script"],
  { encoding: "utf8", env: { ...process.env, DATABASE_URL: process.env.DATABASE_URL ?? "postgresql://pglite.invalid/unused" } },
);
if (!/\b(CREATE|ALTER|DROP)\b/.test(sql)) {
  console.log("No schema changes.");
  process.exit(0);
}
const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
const dir = path.join(root, "prisma", "migrations", `${stamp}_${name}`);
mkdirSync(dir, { recursive: true });
writeFileSync(path.join(dir, "migration.sql"), sql);
copyFileSync(schema, snapshot);
console.log(`Wrote ${path.relative(root, dir)}/migration.sql`);
