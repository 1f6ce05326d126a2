// The PostgreSQL path through the server's own tools (decision 0073): `npm run backup -- --pg-dump` runs
// `pg_dump --format=custom` on a snapshot exported from a REPEATABLE READ transaction that stays open
// while pg_dump reads, and counts the manifest's rows and leads checksum in that same snapshot; the
// manifest (checksum: SHA-256 of the dump file) is written beside it. `npm run restore -- FILE.pgdump`
// checks the file against its manifest and the migration level, then runs `pg_restore` into the empty
// database. Without pg_dump on the machine, the default logical dump (dump.server.ts) does the same job.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Db } from "../db/client.server.ts";
import { BACKUP_FORMAT_VERSION, BackupError, LEADS_CHECKSUM_SQL, MANIFEST_SUFFIX, qualified, tableKey, type BackupManifest, type TableRef } from "./backup-format.ts";
import { appVersion, DUMPED_TABLES_SQL, MIGRATION_LEVEL_SQL, type DumpResult } from "./dump.server.ts";

export const PG_DUMP_EXTENSION = ".pgdump";

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("error", (error: NodeJS.ErrnoException) =>
      reject(error.code === "ENOENT" ? new BackupError("failed", `${command} is not installed here: install the PostgreSQL client tools, or use the logical dump (without --pg-dump)`) : error),
    );
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new BackupError("failed", `${command} failed (exit ${code}): ${stderr.trim()}`))));
  });
}

async function sha256(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

export async function pgDumpDatabase(db: Db, databaseUrl: string, file: string): Promise<DumpResult> {
  const started = Date.now();
  const target = path.resolve(file);
  await mkdir(path.dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  let snapshotMs = 0;
  try {
    const facts = await db.$transaction(
      async (tx) => {
        const opened = Date.now();
        await tx.$executeRawUnsafe("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY");
        const [snapshot] = await tx.$queryRawUnsafe<{ id: string }[]>("SELECT pg_export_snapshot() AS id");
        const [level] = await tx.$queryRawUnsafe<{ level: string | null }[]>(MIGRATION_LEVEL_SQL);
        if (!level?.level) throw new Error("the database has no applied migrations: nothing to back up");
        const [version] = await tx.$queryRawUnsafe<{ version: string }[]>("SELECT version() AS version");
        const [leads] = await tx.$queryRawUnsafe<{ checksum: string }[]>(LEADS_CHECKSUM_SQL);
        const tables: Record<string, number> = {};
        for (const ref of await tx.$queryRawUnsafe<TableRef[]>(DUMPED_TABLES_SQL)) {
          const [row] = await tx.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM ${qualified(ref)}`);
          tables[tableKey(ref)] = Number(row?.n ?? 0);
        }
        // pg_dump reads the very snapshot these counts saw (the transaction stays open until it is done).
        await run("pg_dump", ["--format=custom", `--snapshot=${snapshot!.id}`, `--file=${partial}`, `--dbname=${databaseUrl}`]);
        snapshotMs = Date.now() - opened;
        return { level: level.level, serverVersion: version?.version ?? "", leadsChecksum: leads?.checksum ?? "", tables };
      },
      { maxWait: 60_000, timeout: 6 * 60 * 60_000 },
    );
    const manifest: BackupManifest = {
      format: "leadbroom-backup",
      formatVersion: BACKUP_FORMAT_VERSION,
      appVersion: await appVersion(),
      migrationLevel: facts.level,
      database: "postgres",
      serverVersion: facts.serverVersion,
      createdAt: new Date().toISOString(),
      tables: facts.tables,
      leadsChecksum: facts.leadsChecksum,
      checksum: await sha256(partial),
    };
    await writeFile(`${target}${MANIFEST_SUFFIX}`, `${JSON.stringify(manifest, null, 2)}\n`);
    await rename(partial, target);
    return { file: target, manifest, bytes: (await stat(target)).size, ms: Date.now() - started, snapshotMs };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/** Checks a pg_dump file against the manifest beside it; resolves to the manifest. */
export async function verifyPgDump(file: string): Promise<BackupManifest> {
  const manifestFile = `${file}${MANIFEST_SUFFIX}`;
  const text = await readFile(manifestFile, "utf8").catch(() => null);
  if (text === null) throw new BackupError("foreign", `${manifestFile} is missing: a pg_dump backup is restored with the manifest written beside it. Nothing was changed.`);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(text) as BackupManifest;
  } catch {
    throw new BackupError("corrupted", `${manifestFile} is not valid JSON. Nothing was changed.`);
  }
  if (manifest.format !== "leadbroom-backup" || typeof manifest.checksum !== "string") throw new BackupError("foreign", `${manifestFile} is not a LeadBroom manifest. Nothing was changed.`);
  const digest = await sha256(file).catch(() => null);
  if (digest === null) throw new BackupError("foreign", `${file} does not exist. Nothing was changed.`);
  if (digest !== manifest.checksum) throw new BackupError("corrupted", `${file} is corrupted or truncated (checksum mismatch). Nothing was changed; restore another backup.`);
  return manifest;
}

/** pg_restore into the (checked empty) database; objects are owned by the connecting role. */
export function pgRestore(file: string, databaseUrl: string): Promise<void> {
  return run("pg_restore", ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", `--dbname=${databaseUrl}`, file]);
}
