// @postgres: the dump's snapshot runs beside the chats' own connections on a server (MVCC, not PGlite's one connection), and the restore goes into a new database there.
// Backup and restore (issue 35, decision 0073): the demo business seeded, visitors chatting, `npm run
// backup`'s command taken in the middle of it (on PGlite through the running app's ops socket); the
// file restored into an empty data directory / database holds exactly the snapshot (every table's rows
// and the leads' checksum as the manifest counted them, no dangling reference), and the app starts on
// it. Truncated, corrupted, foreign and newer files, and targets that are not empty, are refused with a
// clear message and nothing changes. The nightly job writes a backup and keeps 7 daily / 4 weekly.
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createScratchDatabase, startTestServer, type TestServer } from "../support/test-server.ts";
import { copyPgliteTemplate } from "../support/pglite-template.ts";
import { newClientMessageId, Visitor } from "../support/widget-client.ts";
import { DEMO } from "#server/demo/demo-credentials.ts";
import { openDatabase } from "#server/db/client.server.ts";
import { BackupError, backupFileName, backupFileTime, LEADS_CHECKSUM_SQL, MANIFEST_SUFFIX, type BackupManifest } from "#server/backup/backup-format.ts";
import { backupCommand, runCli } from "#server/backup/commands.server.ts";
import { backupNow, backupsDir } from "#server/backup/backups.server.ts";
import { startOpsSocket, type OpsSocket } from "#server/backup/ops-socket.server.ts";
import { restoreBackup, type RestoreTarget } from "#server/backup/restore.server.ts";
import { verifyBackup } from "#server/backup/read-backup.server.ts";
import { applyRetention } from "#server/backup/retention.ts";
import { BACKUP_NIGHTLY_TICK } from "#server/jobs/queue/queues.ts";

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const onPostgres = Boolean(process.env.DATABASE_URL);
const VISITORS = 8;
const ANSWERS = ["Regular Commercial Cleaning", "20,000–50,000 sq ft", "Daily", "$5,000–$10,000", "Immediately", "Casey Backup", "Acme Property Group"];

type Load = { acks: number; maxAckMs: number; duringBackupMaxAckMs: number };

/** One visitor slot: qualifies one lead after another until `done` says so (after its first turn past the backup). */
async function chatUntil(url: string, slot: number, load: Load, backup: { running: boolean; finishedAt: number }): Promise<void> {
  for (let round = 0; ; round++) {
    const visitor = new Visitor(url, { siteKey: DEMO.siteKey, localAddress: `127.0.0.${30 + slot}` });
    await visitor.connect();
    try {
      await visitor.open();
      for (const [i, text] of [...ANSWERS, `slot${slot}.round${round}@backup.example`].entries()) {
        const sent = Date.now();
        // A generous deadline: on PGlite a turn waits for the snapshot's reads; it must not fail.
        const ack = await visitor.send(text, newClientMessageId(), 120_000);
        if (!ack.ok) throw new Error(`visitor ${slot}: message ${i} refused: ${ack.error}`);
        const ms = Date.now() - sent;
        load.acks += 1;
        load.maxAckMs = Math.max(load.maxAckMs, ms);
        if (backup.running) load.duringBackupMaxAckMs = Math.max(load.duringBackupMaxAckMs, ms);
        await visitor.nextBotMessage(ack.message.seq, 120_000);
        if (backup.finishedAt && sent > backup.finishedAt) return;
      }
    } finally {
      visitor.disconnect();
    }
  }
}

/** Rows of each table the manifest lists, the leads' checksum and dangling foreign keys, read from a database. */
async function inspect(target: RestoreTarget, tables: string[]) {
  const database = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
  try {
    const counts: Record<string, number> = {};
    for (const key of tables) {
      const [schema, table] = key.split(".") as [string, string];
      const [row] = await database.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${schema}"."${table}"`);
      counts[key] = row!.n;
    }
    const [leads] = await database.sql.query<{ checksum: string }>(LEADS_CHECKSUM_SQL);
    const foreignKeys = await database.sql.query<{ name: string; child: string; parent: string; joined: string; present: string }>(`
      SELECT c.conname AS name, c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent,
             (SELECT string_agg(format('c.%I = p.%I', a.attname, b.attname), ' AND ') FROM unnest(c.conkey, c.confkey) AS k(ck, pk)
                JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.ck JOIN pg_attribute b ON b.attrelid = c.confrelid AND b.attnum = k.pk) AS joined,
             (SELECT string_agg(format('c.%I IS NOT NULL', a.attname), ' AND ') FROM unnest(c.conkey) AS k(ck)
                JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.ck) AS present
        FROM pg_constraint c WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace`);
    const dangling: string[] = [];
    for (const fk of foreignKeys) {
      const [row] = await database.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${fk.child} c WHERE ${fk.present} AND NOT EXISTS (SELECT 1 FROM ${fk.parent} p WHERE ${fk.joined})`);
      if (row!.n) dangling.push(`${fk.name}: ${row!.n}`);
    }
    return { counts, leadsChecksum: leads!.checksum, foreignKeys: foreignKeys.length, dangling };
  } finally {
    await database.close();
  }
}

/**
 * An empty target: a new database on the PostgreSQL server, or a new data directory; with `migrated`, this
 * run's migrated PGlite template with no rows in it (as `npm run db:migrate` leaves a new one: initdb and
 * the migrations in WebAssembly take a minute on a loaded 2-core machine; the restore into a bare
 * directory runs them itself, as the refusals below and `npm run restore` by hand do).
 */
async function emptyTarget(cleanUps: (() => Promise<void>)[], migrated = false): Promise<RestoreTarget> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "lb-restore-"));
  cleanUps.push(() => rm(dataDir, { recursive: true, force: true }));
  if (!onPostgres) {
    if (migrated) await copyPgliteTemplate(dataDir);
    return { dataDir };
  }
  const scratch = await createScratchDatabase(process.env.DATABASE_URL!);
  cleanUps.push(() => scratch.drop());
  return { dataDir, databaseUrl: scratch.url };
}

async function targetIsEmpty(target: RestoreTarget): Promise<boolean> {
  if (!target.databaseUrl) return (await readdir(path.join(target.dataDir, "pglite")).catch(() => [])).length === 0;
  const pg = (await import("pg")).default;
  const client = new pg.Client({ connectionString: target.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname IN ('public', 'pgboss')`);
    return rows[0]!.n === 0;
  } finally {
    await client.end();
  }
}

/** Rewrites a backup's decompressed text and compresses it again (a well-formed gzip with altered content). */
async function rewritten(file: string, name: string, change: (text: string) => string): Promise<string> {
  const out = path.join(path.dirname(file), name);
  await writeFile(out, gzipSync(change(gunzipSync(await readFile(file)).toString("utf8"))));
  return out;
}

describe("backup and restore", () => {
  let server: TestServer;
  let ops: OpsSocket | null = null;
  let work: string;
  let backup: { file: string; manifest: BackupManifest } | undefined;
  const cleanUps: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    work = await mkdtemp(path.join(os.tmpdir(), "lb-backups-"));
    const dataDir = server.services.env.DATA_DIR;
    // As server/main.ts does on PGlite: `npm run backup` reaches the running app through DATA_DIR/ops.sock.
    if (!onPostgres) ops = await startOpsSocket({ dataDir, backup: (file) => backupNow({ db: server.database.prisma, database: "pglite", dataDir }, file), logger: quiet });
  }, 180_000);

  afterAll(async () => {
    await ops?.close();
    await server?.close();
    for (const cleanUp of cleanUps.reverse()) await cleanUp().catch(() => undefined);
    if (work) await rm(work, { recursive: true, force: true });
  });

  it("backs up while chats write, restores into an empty target, and the app starts on exactly that snapshot", { timeout: 600_000 }, async () => {
    const env = { DATABASE_URL: server.databaseUrl, DATA_DIR: server.services.env.DATA_DIR };
    const before = await server.database.prisma.message.count();
    const load: Load = { acks: 0, maxAckMs: 0, duringBackupMaxAckMs: 0 };
    const state = { running: false, finishedAt: 0 };
    const chats = Promise.all(Array.from({ length: VISITORS }, (_, slot) => chatUntil(server.url, slot, load, state)));
    chats.catch(() => undefined);
    while (load.acks < VISITORS * 2) await Promise.race([chats, new Promise((r) => setTimeout(r, 25))]);

    state.running = true;
    const result = await backupCommand(env, { out: path.join(work, "under-load.lbbackup") });
    state.running = false;
    state.finishedAt = Date.now();
    await chats;
    backup = result;
    const after = await server.database.prisma.message.count();
    console.info(
      `[backup] ${result.via}: ${(result.bytes / 1024).toFixed(0)} KiB, ${result.ms} ms, snapshot ${result.snapshotMs} ms; ` +
        `${load.acks} chat acks, slowest ${load.maxAckMs} ms (${load.duringBackupMaxAckMs} ms during the backup)`,
    );

    expect(result.via).toBe(onPostgres ? "direct" : "running app");
    expect(result.manifest.migrationLevel).toMatch(/^\d{14}_\w+$/);
    expect(result.manifest.appVersion).toMatch(/^\d+\.\d+\.\d+/);
    expect(await readFile(`${result.file}${MANIFEST_SUFFIX}`, "utf8").then(JSON.parse)).toEqual(result.manifest);
    // The chats wrote before the snapshot and went on after it.
    const inSnapshot = result.manifest.tables["public.Message"]!;
    expect(inSnapshot).toBeGreaterThan(before);
    expect(after).toBeGreaterThan(inSnapshot);
    expect(result.manifest.tables["public.Lead"]).toBeGreaterThan(0);
    expect(Object.keys(result.manifest.tables)).toEqual(expect.arrayContaining(["public.Business", "public.Conversation", "pgboss.job"]));

    const target = await emptyTarget(cleanUps, true);
    const restored = await restoreBackup(result.file, target);
    expect(restored.rows).toEqual(Object.fromEntries(Object.entries(result.manifest.tables).filter(([, n]) => n > 0)));
    const seen = await inspect(target, Object.keys(result.manifest.tables));
    expect(seen.counts).toEqual(result.manifest.tables);
    expect(seen.leadsChecksum).toBe(result.manifest.leadsChecksum);
    expect(seen.foreignKeys).toBeGreaterThan(10);
    expect(seen.dangling).toEqual([]);

    // The app starts on the restored data, and the demo owner's leads are there.
    const restarted = await startTestServer({ ...target, seedDemo: false });
    try {
      expect((await fetch(`${restarted.url}/healthz`)).status).toBe(200);
      expect(await restarted.services.db.business.count()).toBe(result.manifest.tables["public.Business"]);
      expect(await restarted.services.db.lead.count()).toBeGreaterThanOrEqual(result.manifest.tables["public.Lead"]!);
    } finally {
      await restarted.close();
    }
  });

  it("refuses truncated, corrupted, foreign and newer files and targets that are not empty, changing nothing", { timeout: 300_000 }, async () => {
    expect(backup).toBeDefined();
    const good = backup!.file;
    const bytes = await readFile(good);
    const target = await emptyTarget(cleanUps);
    const refusal = async (file: string, into: RestoreTarget = target) => {
      const error = await restoreBackup(file, into).then(() => null, (e: unknown) => e);
      expect(error).toBeInstanceOf(BackupError);
      expect(await targetIsEmpty(target)).toBe(true);
      return error as BackupError;
    };

    const truncated = path.join(work, "truncated.lbbackup");
    await writeFile(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const cut = await refusal(truncated);
    expect(cut.reason).toBe("truncated");
    expect(cut.message).toContain("is truncated");

    // A flipped bit in gzip's own CRC-32 of the data, and a row changed then compressed again (our SHA-256).
    const damaged = Buffer.from(bytes);
    damaged[damaged.length - 6]! ^= 0x01;
    await writeFile(path.join(work, "crc.lbbackup"), damaged);
    expect((await refusal(path.join(work, "crc.lbbackup"))).message).toContain("is corrupted");
    const altered = await rewritten(good, "altered.lbbackup", (text) => text.replace(/\n\{"/, '\n{"altered":true,"'));
    const mismatch = await refusal(altered);
    expect(mismatch.reason).toBe("corrupted");
    expect(mismatch.message).toContain("checksum mismatch");

    await writeFile(path.join(work, "notes.txt"), "these are not the rows you are looking for\n");
    expect((await refusal(path.join(work, "notes.txt"))).message).toContain("is not a LeadBroom backup (it is not gzip-compressed)");
    await writeFile(path.join(work, "other.gz"), gzipSync("-- PostgreSQL database dump\nSET statement_timeout = 0;\n"));
    expect((await refusal(path.join(work, "other.gz"))).reason).toBe("foreign");

    const newer = await rewritten(good, "newer.lbbackup", (text) => text.replace(/"migrationLevel":"[^"]+"/, '"migrationLevel":"99991231235959_from_the_future"'));
    const future = await refusal(newer);
    expect(future.reason).toBe("newer");
    expect(future.message).toContain("comes from a newer LeadBroom (migration level 99991231235959_from_the_future)");

    // The live app's own data: in use (PGlite: the app answers on its socket) or not empty (PostgreSQL).
    const live = await refusal(good, { dataDir: server.services.env.DATA_DIR, databaseUrl: server.databaseUrl });
    expect(live.reason).toBe(onPostgres ? "not_empty" : "app_running");

    // The CLI says why and exits 1.
    const errors: string[] = [];
    const code = await runCli("restore", [truncated], { DATA_DIR: target.dataDir, DATABASE_URL: target.databaseUrl }, () => {}, (line) => errors.push(line));
    expect(code).toBe(1);
    expect(errors.join("\n")).toMatch(/truncated\.lbbackup is truncated: it ends before its manifest.*Nothing was changed\./);
    expect(await targetIsEmpty(target)).toBe(true);
  });

  it.skipIf(!onPostgres)("on PostgreSQL, backs up with pg_dump on the manifest's own snapshot and restores with pg_restore", { timeout: 300_000 }, async () => {
    const env = { DATABASE_URL: server.databaseUrl, DATA_DIR: server.services.env.DATA_DIR };
    const result = await backupCommand(env, { out: path.join(work, "server.pgdump"), pgDump: true });
    expect(result.manifest.database).toBe("postgres");
    const target = await emptyTarget(cleanUps);
    await restoreBackup(result.file, target);
    const seen = await inspect(target, Object.keys(result.manifest.tables));
    expect(seen.counts).toEqual(result.manifest.tables);
    expect(seen.leadsChecksum).toBe(result.manifest.leadsChecksum);

    const bytes = await readFile(result.file);
    const cut = path.join(work, "cut.pgdump");
    await writeFile(cut, bytes.subarray(0, bytes.length - 100));
    await writeFile(`${cut}${MANIFEST_SUFFIX}`, await readFile(`${result.file}${MANIFEST_SUFFIX}`));
    const fresh = await emptyTarget(cleanUps);
    const error = await restoreBackup(cut, fresh).then(() => null, (e: unknown) => e);
    expect((error as BackupError).message).toContain("checksum mismatch");
    expect(await targetIsEmpty(fresh)).toBe(true);
  });

  it.skipIf(onPostgres)("runs the nightly backup as a job and keeps 7 daily and 4 weekly backups", { timeout: 300_000 }, async () => {
    const dataDir = server.services.env.DATA_DIR;
    const dir = backupsDir(dataDir);
    // Forty nights of earlier backups (their content does not matter to the retention).
    const now = Date.now();
    const old = Array.from({ length: 40 }, (_, i) => backupFileName(new Date(now - (i + 1) * 86_400_000)));
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    for (const name of old) {
      await writeFile(path.join(dir, name), "old");
      await writeFile(path.join(dir, `${name}${MANIFEST_SUFFIX}`), "{}");
    }
    await writeFile(path.join(dir, "keep-me.txt"), "not a backup");

    await server.services.jobs.enqueue(server.services.db, [{ name: BACKUP_NIGHTLY_TICK, data: {}, key: `backup-test-${now}` }]);
    server.services.jobs.wake(BACKUP_NIGHTLY_TICK);
    await server.services.jobs.idle([BACKUP_NIGHTLY_TICK], { timeoutMs: 240_000 });
    expect(await server.services.jobs.counts(BACKUP_NIGHTLY_TICK)).not.toHaveProperty("failed");

    const names = await readdir(dir);
    const backups = names.filter((n) => n.endsWith(".lbbackup"));
    const fresh = backups.filter((n) => !old.includes(n));
    expect(fresh).toHaveLength(1);
    const manifest = await verifyBackup(path.join(dir, fresh[0]!));
    expect(manifest.database).toBe("pglite");
    const expected = applyRetention([...old, fresh[0]!].map((name) => ({ name, at: backupFileTime(name)! })), { daily: 7, weekly: 4 });
    expect(backups.sort()).toEqual(expected.keep.sort());
    expect(backups.length).toBeGreaterThanOrEqual(7);
    expect(backups.length).toBeLessThanOrEqual(11);
    expect(names.filter((n) => n.endsWith(MANIFEST_SUFFIX)).sort()).toEqual(expected.keep.map((n) => `${n}${MANIFEST_SUFFIX}`).sort());
    expect(names).toContain("keep-me.txt");
  });
});
