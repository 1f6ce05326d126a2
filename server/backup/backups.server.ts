// Backups of the running process's database (decision 0073): one backup written into DATA_DIR/backups
// (for `npm run backup` through the ops socket, and the nightly job), and the nightly job's retention.
import { readdir, rm } from "node:fs/promises";
import path from "node:path";
import type { Db } from "../db/client.server.ts";
import type { Logger } from "../shared/logger.ts";
import { backupFileName, backupFileTime, MANIFEST_SUFFIX } from "./backup-format.ts";
import { dumpDatabase, type DumpResult } from "./dump.server.ts";
import { applyRetention, type RetentionPolicy } from "./retention.ts";

export const backupsDir = (dataDir: string): string => path.resolve(dataDir, "backups");

export type BackupTarget = { db: Db; database: "pglite" | "postgres"; dataDir: string };

/** Writes one backup, to `file` or a new file in DATA_DIR/backups. */
export function backupNow(target: BackupTarget, file?: string, now = new Date()): Promise<DumpResult> {
  return dumpDatabase(target.db, { file: file ?? path.join(backupsDir(target.dataDir), backupFileName(now)), database: target.database, now: () => now });
}

/** Deletes the backups (and their manifests) of DATA_DIR/backups that the policy does not keep; returns their names. */
export async function pruneBackups(dataDir: string, policy: RetentionPolicy): Promise<string[]> {
  const dir = backupsDir(dataDir);
  const names = await readdir(dir).catch(() => [] as string[]);
  const dated = names.flatMap((name) => {
    const at = backupFileTime(name);
    return at ? [{ name, at }] : [];
  });
  const { remove } = applyRetention(dated, policy);
  for (const name of remove) {
    await rm(path.join(dir, name), { force: true });
    await rm(path.join(dir, `${name}${MANIFEST_SUFFIX}`), { force: true });
  }
  return remove;
}

/** The nightly job (PGlite only: a PostgreSQL server's backups are its operator's, docs/operations.md). */
export async function nightlyBackup(options: BackupTarget & { policy: RetentionPolicy; logger: Logger; now?: Date }): Promise<DumpResult> {
  const result = await backupNow(options, undefined, options.now);
  const removed = await pruneBackups(options.dataDir, options.policy);
  options.logger.info(
    `[backup] ${path.basename(result.file)}: ${(result.bytes / 1024).toFixed(0)} KiB in ${result.ms} ms (snapshot ${result.snapshotMs} ms)` +
      (removed.length ? `; ${removed.length} old backup(s) removed` : ""),
  );
  return result;
}
