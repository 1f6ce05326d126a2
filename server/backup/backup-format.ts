// The LeadBroom backup file (decision 0073): one gzip-compressed stream of lines, the same for PGlite and
// PostgreSQL, so a dump of either restores into either.
//
//   LEADBROOM-BACKUP 1                                  the magic line: anything else is a foreign file
//   #table {"schema":"public","table":"Lead"}          a table's section opens
//   {"id":"…","name":"…",…}                             one row, as PostgreSQL's row_to_json wrote it
//   #end {"schema":"public","table":"Lead","rows":2}   the section closes with its row count
//   …
//   #manifest {…}                                       last line: the manifest (BackupManifest)
//
// The manifest's checksum is the SHA-256 of every byte before its own line; gzip's CRC-32 and its
// length trailer catch a damaged or cut file too. A row is a JSON object and never starts with "#".

export const BACKUP_MAGIC = "LEADBROOM-BACKUP 1";
export const BACKUP_FORMAT_VERSION = 1;
export const BACKUP_EXTENSION = ".lbbackup";
export const MANIFEST_SUFFIX = ".manifest.json";

export type TableRef = { schema: string; table: string };

export type BackupManifest = {
  format: "leadbroom-backup";
  formatVersion: number;
  /** package.json's version of the app that wrote it. */
  appVersion: string;
  /** The latest migration applied to the database when it was dumped (prisma/migrations folder name). */
  migrationLevel: string;
  database: "pglite" | "postgres";
  /** PostgreSQL's version() of the source. */
  serverVersion: string;
  createdAt: string;
  /** Rows per table, counted inside the dump's snapshot ("schema.table" → rows). */
  tables: Record<string, number>;
  /** md5 of every lead row (all columns, as JSON) in id order, inside the snapshot. */
  leadsChecksum: string;
  /** SHA-256 (hex) of the decompressed bytes before the manifest line. */
  checksum: string;
};

/** Why a backup cannot be restored (or written); `message` is shown to the operator as is. */
export class BackupError extends Error {
  constructor(
    readonly reason: "foreign" | "truncated" | "corrupted" | "newer" | "unknown_level" | "not_empty" | "app_running" | "failed",
    message: string,
  ) {
    super(message);
    this.name = "BackupError";
  }
}

export const tableKey = (ref: TableRef): string => `${ref.schema}.${ref.table}`;

/** A quoted, schema-qualified name for SQL. */
export const qualified = (ref: TableRef): string => `"${ref.schema.replaceAll('"', '""')}"."${ref.table.replaceAll('"', '""')}"`;

/** The leads' checksum, the same statement on the source (in the snapshot) and on a restored database. */
export const LEADS_CHECKSUM_SQL = `SELECT md5(coalesce(string_agg(to_jsonb(l)::text, E'\\n' ORDER BY l.id), '')) AS checksum FROM "Lead" l`;

/** `leadbroom-backup-20261127T034500Z.lbbackup` */
export function backupFileName(at: Date): string {
  const stamp = at.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}Z$/, "Z");
  return `leadbroom-backup-${stamp}${BACKUP_EXTENSION}`;
}

/** The time in a backup's file name, or null for a file that is not one of ours. */
export function backupFileTime(name: string): Date | null {
  const match = /^leadbroom-backup-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z\.lbbackup$/.exec(name);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match;
  return new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`);
}
