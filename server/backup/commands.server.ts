// What `npm run backup` and `npm run restore` do (decision 0073), as functions the tests call too.
import path from "node:path";
import type { Env } from "../config/env.server.ts";
import { openDatabase } from "../db/client.server.ts";
import { BACKUP_EXTENSION, BackupError, backupFileName } from "./backup-format.ts";
import { backupNow, backupsDir } from "./backups.server.ts";
import { pgDumpDatabase, PG_DUMP_EXTENSION, verifyPgDump } from "./pg-dump.server.ts";
import type { DumpResult } from "./dump.server.ts";
import { opsRequest, type BackupAnswer } from "./ops-socket.server.ts";
import { verifyBackup } from "./read-backup.server.ts";
import { restoreBackup, type RestoreResult } from "./restore.server.ts";

type Out = (line: string) => void;

export type BackupCommandResult = DumpResult & { via: "running app" | "direct" };

/**
 * PostgreSQL: dumps through its own connection (the app keeps running beside it). PGlite: asks the app
 * running on DATA_DIR through its ops socket; with no app running, opens the data directory itself.
 */
export async function backupCommand(env: Pick<Env, "DATABASE_URL" | "DATA_DIR">, options: { out?: string; pgDump?: boolean } = {}): Promise<BackupCommandResult> {
  const file = options.out ? path.resolve(options.out) : undefined;
  if (options.pgDump) {
    if (!env.DATABASE_URL) throw new BackupError("failed", "--pg-dump backs up a PostgreSQL server: set DATABASE_URL (PGlite uses the built-in dump)");
    const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
    try {
      const out = file ?? path.join(backupsDir(env.DATA_DIR), backupFileName(new Date()).replace(BACKUP_EXTENSION, PG_DUMP_EXTENSION));
      return { ...(await pgDumpDatabase(database.prisma, env.DATABASE_URL, out)), via: "direct" };
    } finally {
      await database.close();
    }
  }
  if (!env.DATABASE_URL) {
    const answer = await opsRequest<BackupAnswer>(env.DATA_DIR, "POST", "/backup", file ? { file } : {});
    if (answer) {
      if (!answer.body.ok) throw new BackupError("failed", `The running app could not write the backup: ${answer.body.error}`);
      return { ...answer.body.result, via: "running app" };
    }
  }
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    return { ...(await backupNow({ db: database.prisma, database: database.kind, dataDir: env.DATA_DIR }, file)), via: "direct" };
  } finally {
    await database.close();
  }
}

export function describeBackup(result: BackupCommandResult): string {
  const { manifest } = result;
  const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
  return [
    `Backup written: ${result.file}`,
    `  ${(result.bytes / 1024).toFixed(0)} KiB, ${Object.keys(manifest.tables).length} tables, ${rows} rows, migration level ${manifest.migrationLevel}`,
    `  ${manifest.database} (${result.via === "running app" ? "by the running app" : "opened directly"}), ${result.ms} ms, snapshot held ${result.snapshotMs} ms`,
    `  sha256 ${manifest.checksum}`,
  ].join("\n");
}

export async function restoreCommand(env: Pick<Env, "DATABASE_URL" | "DATA_DIR">, file: string, out: Out): Promise<RestoreResult> {
  const result = await restoreBackup(path.resolve(file), { databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR }, { logger: { info: out, warn: out, error: out } });
  const rows = Object.values(result.rows).reduce((a, b) => a + b, 0);
  out(`Restored ${rows} rows into ${env.DATABASE_URL ? "the PostgreSQL database" : path.resolve(env.DATA_DIR, "pglite")} in ${result.ms} ms. Start LeadBroom to apply any newer migrations.`);
  return result;
}

/** The CLI's body: parses arguments, prints, and sets the exit code (1 on a refusal or failure). */
export async function runCli(command: "backup" | "restore", argv: string[], env: Pick<Env, "DATABASE_URL" | "DATA_DIR">, out: Out = console.log, err: Out = console.error): Promise<number> {
  try {
    if (command === "backup") {
      const outIndex = argv.indexOf("--out");
      const target = outIndex === -1 ? undefined : argv[outIndex + 1];
      if (outIndex !== -1 && !target) throw new BackupError("failed", "--out needs a file name");
      out(describeBackup(await backupCommand(env, { out: target, pgDump: argv.includes("--pg-dump") })));
      return 0;
    }
    const files = argv.filter((a) => !a.startsWith("--"));
    if (files.length !== 1) {
      err("Usage: npm run restore -- FILE        restore FILE into an empty DATA_DIR or DATABASE_URL\n       npm run restore -- --verify FILE   only check FILE and print its manifest");
      return 2;
    }
    if (argv.includes("--verify")) {
      const file = path.resolve(files[0]!);
      out(JSON.stringify(await (file.endsWith(PG_DUMP_EXTENSION) ? verifyPgDump(file) : verifyBackup(file)), null, 2));
      out("The backup is complete and intact.");
      return 0;
    }
    await restoreCommand(env, files[0]!, out);
    return 0;
  } catch (error) {
    err(error instanceof BackupError ? error.message : `${command} failed: ${(error as Error).stack ?? String(error)}`);
    return 1;
  }
}
