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

/** A table with this many rows is read in slices (small ones are read several to a statement, up to this many rows). */
const BIG_TABLE_ROWS = 20_000;
/** A big table's slice: 512 pages of 8 KiB, 4 MiB of table. */
const SLICE_PAGES = 512;
/** Rows per cursor fetch (a big partitioned table). */
const FETCH_ROWS = 2_000;
/** A dump may take long on a big database; another writer waits up to a minute for PGlite's one connection. */
const DUMP_TRANSACTION = { maxWait: 60_000, timeout: 6 * 60 * 60_000 };

/** The job layer's tables worth keeping: queued, delayed and recent jobs. Its queues and schedules are made at start. */
export const JOB_TABLES = ["job", "archive"];

/** The tables a dump holds: the public schema's (but the migration log, which the restore writes) and the job layer's. */
export const DUMPED_TABLES_SQL = `
  SELECT n.nspname::text AS schema, c.relname::text AS table, c.relkind::text AS kind
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
      const refs = await tx.$queryRawUnsafe<(TableRef & { kind: string })[]>(DUMPED_TABLES_SQL);
      // Every table's rows counted in one statement: empty tables cost no further round trip, small ones
      // one, and the rows streamed must come to these counts (the same snapshot), which is checked.
      const counted = await tx.$queryRawUnsafe<{ n: number | bigint }[]>(
        refs.map((ref, i) => `SELECT ${i} AS i, (SELECT count(*) FROM ${qualified(ref)})::int AS n`).join(" UNION ALL ") + " ORDER BY i",
      );
      const expected = refs.map((_, i) => Number(counted[i]?.n ?? 0));
      // Rows leave the database joined into one text per table or slice (string_agg): a round trip and
      // a result row cost more than the rows' text. Small tables come several to a statement; a big one
      // in slices of its pages (a TID range scan sees the snapshot like any other), or through a cursor
      // when partitioned (no pages of its own).
      const small = new Map<number, { n: number; rows: string | null }>();
      const smallIds = refs.map((_, i) => i).filter((i) => expected[i]! > 0 && expected[i]! < BIG_TABLE_ROWS);
      for (let from = 0; from < smallIds.length; ) {
        const group: number[] = [];
        let sum = 0;
        while (from < smallIds.length && (group.length === 0 || sum + expected[smallIds[from]!]! <= BIG_TABLE_ROWS)) {
          sum += expected[smallIds[from]!]!;
          group.push(smallIds[from++]!);
        }
        const union = group.map((i) => `SELECT ${i} AS i, count(*)::int AS n, string_agg(row_to_json(t)::text, E'\\n') AS rows FROM ${qualified(refs[i]!)} t`).join(" UNION ALL ");
        for (const { i, n, rows } of await tx.$queryRawUnsafe<{ i: number; n: number; rows: string | null }[]>(union)) small.set(Number(i), { n: Number(n), rows });
      }
      for (const [i, ref] of refs.entries()) {
        await write(`#table ${JSON.stringify({ schema: ref.schema, table: ref.table })}\n`);
        let rows = 0;
        if (expected[i]! >= BIG_TABLE_ROWS && ref.kind === "r") {
          const [size] = await tx.$queryRawUnsafe<{ pages: number }[]>(
            `SELECT (pg_relation_size('${qualified(ref).replaceAll("'", "''")}') / current_setting('block_size')::int)::int AS pages`,
          );
          for (let page = 0; page < Number(size?.pages ?? 0); page += SLICE_PAGES) {
            const [slice] = await tx.$queryRawUnsafe<{ n: number; rows: string | null }[]>(
              `SELECT count(*)::int AS n, string_agg(row_to_json(t)::text, E'\\n') AS rows FROM ${qualified(ref)} t WHERE ctid >= '(${page},0)'::tid AND ctid < '(${page + SLICE_PAGES},0)'::tid`,
            );
            rows += Number(slice?.n ?? 0);
            if (slice?.rows) await write(`${slice.rows}\n`);
          }
        } else if (expected[i]! >= BIG_TABLE_ROWS) {
          // Cursors close with the transaction: one name per table, no CLOSE round trip.
          await tx.$executeRawUnsafe(`DECLARE lb_backup_${i} NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS row FROM ${qualified(ref)} t`);
          for (;;) {
            const slice = await tx.$queryRawUnsafe<{ row: string }[]>(`FETCH FORWARD ${FETCH_ROWS} FROM lb_backup_${i}`);
            rows += slice.length;
            if (slice.length) await write(`${slice.map((r) => r.row).join("\n")}\n`);
            if (slice.length < FETCH_ROWS) break;
          }
        } else if (expected[i]! > 0) {
          const table = small.get(i);
          rows = table?.n ?? 0;
          if (table?.rows) await write(`${table.rows}\n`);
        }
        if (rows !== expected[i]) throw new Error(`${tableKey(ref)}: counted ${expected[i]} rows but read ${rows} in the same snapshot`);
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
