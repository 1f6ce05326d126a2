// `npm run backup` and the nightly job (decision 0073): a logical dump of the whole database (every
// table of the public schema and the job layer's jobs) in one REPEATABLE READ, READ ONLY transaction, so
// the file is one consistent snapshot however busy the chats are. On PostgreSQL the chats go on beside
// it (MVCC); on PGlite, which has one connection, their statements wait for the snapshot's reads and go
// on after it (they are queued, not refused). Rows leave the database in slices through a cursor and
// are compressed while the next slice is read; the file appears under its name only once complete.
import { createHash } from "node:crypto";
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { createGzip } from "node:zlib";
import type { Db } from "../db/client.server.ts";
import { JOB_SCHEMA } from "../jobs/queue/job-queue.server.ts";
import {
  BACKUP_FORMAT_VERSION,
  BACKUP_MAGIC,
  LEADS_CHECKSUM_SQL,
  MANIFEST_SUFFIX,
  qualified,
  tableKey,
  type BackupManifest,
  type TableRef,
} from "./backup-format.ts";

/** Rows per cursor fetch: large enough to keep round trips few, small enough to keep memory flat. */
const FETCH_ROWS = 2_000;
/** A dump may take long on a big database; another writer waits up to a minute for PGlite's one connection. */
const DUMP_TRANSACTION = { maxWait: 60_000, timeout: 6 * 60 * 60_000 };

/** The job layer's tables worth keeping: queued, delayed and recent jobs. Its queues and schedules are made at start. */
export const JOB_TABLES = ["job", "archive"];

/** The tables a dump holds: the public schema's (but the migration log, which the restore writes) and the job layer's. */
export const DUMPED_TABLES_SQL = `
  SELECT n.nspname AS schema, c.relname AS table
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
   WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition
     AND ((n.nspname = 'public' AND c.relname <> '_prisma_migrations')
       OR (n.nspname = '${JOB_SCHEMA}' AND c.relname IN (${JOB_TABLES.map((t) => `'${t}'`).join(", ")})))
   ORDER BY n.nspname <> 'public', n.nspname, c.relname`;

export const MIGRATION_LEVEL_SQL = `SELECT max(migration_name) AS level FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`;

export async function appVersion(): Promise<string> {
  const pkg = JSON.parse(await readFile(new URL("../../package.json", import.meta.url), "utf8")) as { version?: string };
  return pkg.version ?? "unknown";
}

export type DumpResult = { file: string; manifest: BackupManifest; bytes: number; ms: number; snapshotMs: number };

/**
 * Writes a backup of `db` to `file` (its folder is made) and its manifest beside it (`file.manifest.json`).
 * `snapshotMs`: how long the snapshot's transaction was open (on PGlite, how long other statements waited).
 */
export async function dumpDatabase(db: Db, options: { file: string; database: "pglite" | "postgres"; now?: () => Date }): Promise<DumpResult> {
  const started = Date.now();
  const file = path.resolve(options.file);
  await mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  const gzip = createGzip({ level: 6 });
  const out = createWriteStream(partial);
  const written = once(out, "close");
  gzip.pipe(out);
  const failed = new Promise<never>((_, reject) => {
    gzip.once("error", reject);
    out.once("error", reject);
  });
  failed.catch(() => undefined);
  const hash = createHash("sha256");
  const write = async (text: string) => {
    hash.update(text);
    if (!gzip.write(text)) await Promise.race([once(gzip, "drain"), failed]);
  };

  try {
    await write(`${BACKUP_MAGIC}\n`);
    const tables: Record<string, number> = {};
    let snapshotMs = 0;
    const facts = await db.$transaction(async (tx) => {
      const opened = Date.now();
      await tx.$executeRawUnsafe("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY");
      const [level] = await tx.$queryRawUnsafe<{ level: string | null }[]>(MIGRATION_LEVEL_SQL);
      if (!level?.level) throw new Error("the database has no applied migrations: nothing to back up");
      const [version] = await tx.$queryRawUnsafe<{ version: string }[]>("SELECT version() AS version");
      const [leads] = await tx.$queryRawUnsafe<{ checksum: string }[]>(LEADS_CHECKSUM_SQL);
      for (const ref of await tx.$queryRawUnsafe<TableRef[]>(DUMPED_TABLES_SQL)) {
        await write(`#table ${JSON.stringify({ schema: ref.schema, table: ref.table })}\n`);
        await tx.$executeRawUnsafe(`DECLARE lb_backup NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS row FROM ${qualified(ref)} t`);
        let rows = 0;
        for (;;) {
          const slice = await tx.$queryRawUnsafe<{ row: string }[]>(`FETCH FORWARD ${FETCH_ROWS} FROM lb_backup`);
          if (slice.length === 0) break;
          rows += slice.length;
          await write(`${slice.map((r) => r.row).join("\n")}\n`);
        }
        await tx.$executeRawUnsafe("CLOSE lb_backup");
        tables[tableKey(ref)] = rows;
        await write(`#end ${JSON.stringify({ schema: ref.schema, table: ref.table, rows })}\n`);
      }
      snapshotMs = Date.now() - opened;
      return { level: level.level, serverVersion: version?.version ?? "", leadsChecksum: leads?.checksum ?? "" };
    }, DUMP_TRANSACTION);

    const manifest: BackupManifest = {
      format: "leadbroom-backup",
      formatVersion: BACKUP_FORMAT_VERSION,
      appVersion: await appVersion(),
      migrationLevel: facts.level,
      database: options.database,
      serverVersion: facts.serverVersion,
      createdAt: (options.now?.() ?? new Date()).toISOString(),
      tables,
      leadsChecksum: facts.leadsChecksum,
      checksum: hash.digest("hex"),
    };
    gzip.end(`#manifest ${JSON.stringify(manifest)}\n`);
    await Promise.race([written, failed]);
    await writeFile(`${file}${MANIFEST_SUFFIX}`, `${JSON.stringify(manifest, null, 2)}\n`);
    await rename(partial, file);
    const bytes = out.bytesWritten;
    return { file, manifest, bytes, ms: Date.now() - started, snapshotMs };
  } catch (error) {
    gzip.destroy();
    out.destroy();
    await rm(partial, { force: true });
    throw error;
  }
}
