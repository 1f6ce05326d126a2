// The embedded database behind its worker thread: Prisma queries, interactive transactions, errors
// (with their SQLSTATE, so unique violations are still recognised) and the migration runner's SQL.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "./client.server.ts";
import { isUniqueViolation } from "./errors.ts";
import { Prisma } from "./generated/client.ts";
import { loadMigrations, migrate } from "./migrate.server.ts";
import { queryPrepared } from "./prepared.ts";

let dir: string;
let db: Database;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "lb-pglite-worker-"));
  db = await openDatabase({ dataDir: dir });
  await migrate(db.sql, await loadMigrations());
}, 120_000);

afterAll(async () => {
  await db?.close();
  await rm(dir, { recursive: true, force: true });
});

const business = (name: string) => db.prisma.business.create({ data: { name }, select: { id: true } });

describe("PGlite in a worker thread", () => {
  it("runs Prisma queries with their types intact", async () => {
    const created = await db.prisma.business.create({
      data: { name: "Types Ltd", serviceAreas: ["Austin", "Round Rock"], trialEnd: new Date("2026-12-01T10:00:00.000Z") },
    });
    const found = await db.prisma.business.findUniqueOrThrow({ where: { id: created.id } });
    expect(found.serviceAreas).toEqual(["Austin", "Round Rock"]);
    expect(found.trialEnd?.toISOString()).toBe("2026-12-01T10:00:00.000Z");
    expect(found.notifyHighPriorityEmail).toBe(true);
  });

  it("surfaces a unique violation the way Prisma reports it", async () => {
    const { id } = await business("Unique Ltd");
    await db.prisma.chatbot.create({ data: { businessId: id, siteKey: "dup-key", businessName: "Unique Ltd", welcomeMessage: "Hi" } });
    const error = await db.prisma.chatbot
      .create({ data: { businessId: id, siteKey: "dup-key", businessName: "Unique Ltd", welcomeMessage: "Hi" } })
      .catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
  });

  it("commits an interactive transaction and rolls one back on error", async () => {
    const { id } = await business("Tx Ltd");
    await db.prisma.$transaction(async (tx) => {
      await tx.business.update({ where: { id }, data: { city: "Austin" } });
    });
    await expect(
      db.prisma.$transaction(async (tx) => {
        await tx.business.update({ where: { id }, data: { city: "Dallas" } });
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect((await db.prisma.business.findUniqueOrThrow({ where: { id } })).city).toBe("Austin");
  });

  it("serves the migration runner's SQL, transactions included", async () => {
    await db.sql.exec(`CREATE TABLE worker_probe (n int PRIMARY KEY)`);
    await db.sql.transaction(async (tx) => {
      await tx.query(`INSERT INTO worker_probe VALUES ($1)`, [1]);
    });
    await expect(
      db.sql.transaction(async (tx) => {
        await tx.query(`INSERT INTO worker_probe VALUES ($1)`, [2]);
        await tx.query(`INSERT INTO worker_probe VALUES ($1)`, [1]);
      }),
    ).rejects.toThrow(/duplicate key/);
    expect(await db.sql.query<{ n: number }>(`SELECT n FROM worker_probe ORDER BY n`)).toEqual([{ n: 1 }]);
  });

  it("runs marked statements directly, with the rows Prisma's raw query would give and unique violations recognised", async () => {
    const { id } = await business("Direct Ltd");
    const statement = (siteKey: string) => Prisma.sql`
      INSERT INTO "Chatbot" ("id", "businessId", "siteKey", "businessName", "welcomeMessage", "hoursDays", "settings", "updatedAt")
      VALUES (${`cb-${siteKey}`}, ${id}, ${siteKey}, 'Direct Ltd', 'Hi', ${"{1,3}"}::int[], ${JSON.stringify({ a: 1 })}::jsonb, now())
      RETURNING "siteKey", "isActive", "hoursDays", "settings", "marketPriceCents", "serviceTypes"`;
    const direct = await queryPrepared<Record<string, unknown>>(db.prisma, statement("direct-1"));
    const viaPrisma = await db.prisma.$queryRaw<Record<string, unknown>[]>(statement("direct-2"));
    expect(direct).toEqual([{ siteKey: "direct-1", isActive: true, hoursDays: [1, 3], settings: { a: 1 }, marketPriceCents: 1000, serviceTypes: [] }]);
    expect(direct.map((row) => ({ ...row, siteKey: "direct-2" }))).toEqual(viaPrisma);
    const error = await queryPrepared(db.prisma, statement("direct-1")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(isUniqueViolation(error)).toBe(true);
  });

  it("starts PostgreSQL with PGlite's settings and creates WAL segments without zeroing them (decision 0112)", async () => {
    const settings = await db.sql.query<{ name: string; setting: string }>(
      `SELECT name, setting FROM pg_settings WHERE name IN ('wal_init_zero', 'search_path', 'exit_on_error') ORDER BY name`,
    );
    expect(settings).toEqual([
      { name: "exit_on_error", setting: "off" },
      { name: "search_path", setting: "public" },
      { name: "wal_init_zero", setting: "off" },
    ]);
  });
});
