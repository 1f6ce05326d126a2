// Reads a backup file (backup-format.ts) line by line and checks everything it can on the way: the gzip
// stream (a cut or damaged file fails its CRC or its end), the magic line (a foreign file), the sections'
// row counts and, at the end, the SHA-256 against the manifest. `verifyBackup` reads it all before a
// restore touches anything; the restore then reads it again, handing each table's rows over in batches.
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { open, stat } from "node:fs/promises";
import { createGunzip } from "node:zlib";
import { BACKUP_FORMAT_VERSION, BACKUP_MAGIC, BackupError, tableKey, type BackupManifest, type TableRef } from "./backup-format.ts";

const NEWLINE = 0x0a;
/** A line longer than this before the magic was found is no LeadBroom backup. */
const MAGIC_WINDOW = 64;

export type BackupVisitor = {
  /** A batch of one table's rows (JSON text each), in file order. */
  rows?(ref: TableRef, rows: string[]): Promise<void>;
};

const foreign = (file: string, why: string) =>
  new BackupError("foreign", `${file} is not a LeadBroom backup (${why}). Nothing was changed.`);
const truncated = (file: string) =>
  new BackupError("truncated", `${file} is truncated: it ends before its manifest (an interrupted copy or a full disk?). Nothing was changed.`);
const corrupted = (file: string, why: string) =>
  new BackupError("corrupted", `${file} is corrupted (${why}). Nothing was changed; restore another backup.`);

/** Splits the decompressed stream into lines (UTF-8 decoded per whole line). */
async function* lines(file: string): AsyncGenerator<string> {
  const input = createReadStream(file);
  const gunzip = createGunzip();
  input.on("error", (error) => gunzip.destroy(error));
  input.pipe(gunzip);
  let rest: Buffer = Buffer.alloc(0);
  let first = true;
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      let buffer = rest.length ? Buffer.concat([rest, chunk]) : chunk;
      let at: number;
      while ((at = buffer.indexOf(NEWLINE)) !== -1) {
        yield buffer.subarray(0, at).toString("utf8");
        first = false;
        buffer = buffer.subarray(at + 1);
      }
      if (first && buffer.length > MAGIC_WINDOW) throw foreign(file, "it does not start with the backup header");
      rest = buffer;
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "Z_BUF_ERROR" || /unexpected end of file/i.test(String((error as Error).message))) throw truncated(file);
    if (typeof code === "string" && code.startsWith("Z_")) throw corrupted(file, `the compressed data is damaged: ${(error as Error).message}`);
    throw error;
  } finally {
    input.destroy();
  }
  if (rest.length) yield rest.toString("utf8");
}

/**
 * Reads the whole file; resolves to its manifest once every check passed. Throws a BackupError
 * (foreign, truncated, corrupted) otherwise. `visitor.rows` gets the rows in batches of `batchRows`.
 */
export async function readBackup(file: string, visitor: BackupVisitor = {}, batchRows = 1_000): Promise<BackupManifest> {
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) throw new BackupError("foreign", `${file} does not exist or is not a file. Nothing was changed.`);
  const head = Buffer.alloc(2);
  const handle = await open(file, "r");
  try {
    await handle.read(head, 0, 2, 0);
  } finally {
    await handle.close();
  }
  if (head[0] !== 0x1f || head[1] !== 0x8b) throw foreign(file, "it is not gzip-compressed");

  const hash = createHash("sha256");
  let lineNo = 0;
  let manifest: BackupManifest | null = null;
  let section: { ref: TableRef; rows: number; batch: string[] } | null = null;
  const counted: Record<string, number> = {};
  const flush = async () => {
    if (section && section.batch.length) {
      const batch = section.batch;
      section.batch = [];
      await visitor.rows?.(section.ref, batch);
    }
  };

  for await (const line of lines(file)) {
    lineNo += 1;
    if (lineNo === 1) {
      if (line !== BACKUP_MAGIC) throw foreign(file, "it does not start with the backup header");
      hash.update(`${line}\n`);
      continue;
    }
    if (manifest) throw corrupted(file, `data after the manifest at line ${lineNo}`);
    if (line.startsWith("#manifest ")) {
      manifest = parseManifest(file, line.slice("#manifest ".length));
      continue;
    }
    hash.update(`${line}\n`);
    if (line.startsWith("#table ")) {
      if (section) throw corrupted(file, `table section not closed before line ${lineNo}`);
      const ref = parseJson<TableRef>(file, line.slice(7), lineNo);
      section = { ref: { schema: String(ref.schema), table: String(ref.table) }, rows: 0, batch: [] };
    } else if (line.startsWith("#end ")) {
      const end = parseJson<TableRef & { rows: number }>(file, line.slice(5), lineNo);
      if (!section || tableKey(end) !== tableKey(section.ref) || end.rows !== section.rows) {
        throw corrupted(file, `the section ending at line ${lineNo} does not match its rows`);
      }
      await flush();
      counted[tableKey(section.ref)] = section.rows;
      section = null;
    } else {
      if (!section || !line.startsWith("{")) throw corrupted(file, `unexpected line ${lineNo}`);
      section.rows += 1;
      section.batch.push(line);
      if (section.batch.length >= batchRows) await flush();
    }
  }
  if (!manifest) throw lineNo === 0 ? foreign(file, "it is empty") : truncated(file);
  if (section) throw corrupted(file, "a table section is not closed");
  const digest = hash.digest("hex");
  if (digest !== manifest.checksum) throw corrupted(file, `checksum mismatch: the manifest says ${manifest.checksum.slice(0, 12)}…, the data hashes to ${digest.slice(0, 12)}…`);
  for (const [key, rows] of Object.entries(manifest.tables)) {
    if (counted[key] !== rows) throw corrupted(file, `the manifest counts ${rows} rows in ${key}, the file holds ${counted[key] ?? 0}`);
  }
  if (Object.keys(counted).length !== Object.keys(manifest.tables).length) throw corrupted(file, "the file holds tables its manifest does not list");
  return manifest;
}

/** Reads the file through every check without doing anything with its rows. */
export const verifyBackup = (file: string): Promise<BackupManifest> => readBackup(file);

function parseJson<T>(file: string, text: string, lineNo: number): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    throw corrupted(file, `line ${lineNo} is not valid`);
  }
}

function parseManifest(file: string, text: string): BackupManifest {
  let value: Partial<BackupManifest>;
  try {
    value = JSON.parse(text) as Partial<BackupManifest>;
  } catch {
    throw corrupted(file, "its manifest is not valid JSON");
  }
  if (value.format !== "leadbroom-backup" || typeof value.migrationLevel !== "string" || typeof value.checksum !== "string" || !value.tables) {
    throw corrupted(file, "its manifest lacks the format, migration level, checksum or table counts");
  }
  if (value.formatVersion !== BACKUP_FORMAT_VERSION) {
    throw new BackupError("newer", `${file} is written in backup format ${value.formatVersion}; this LeadBroom reads format ${BACKUP_FORMAT_VERSION}. Nothing was changed.`);
  }
  return value as BackupManifest;
}
