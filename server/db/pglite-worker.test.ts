// The embedded database behind its worker thread: Prisma queries, interactive transactions, errors
// (with their SQLSTATE, so unique violations are still recognised) and the migration runner's SQL.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "./client.server.ts";
import { isUniqueViolation } from "./errors.ts";
import { loadMigrations, migrate } from "./migrate.server.ts";

let dir: string;
let db: Database;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "lb-pglite-worker-"));
  db = await openDatabase({ dataDir: dir });
  await migrate(db.sql, await loadMigrations());
}, 60_000);

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
});
