// A marked statement (queryPrepared) run with an interactive transaction's client joins that
// transaction. Prisma copies the base client's own properties onto each transaction client, so the
// direct line to the driver (withDirectSql) came along, and the statement ran outside the transaction:
// on PGlite's one connection it waited for the transaction, which waited for it, until the transaction
// expired (a site-assistant lead counted against the plan inside createLead was lost this way); on
// PostgreSQL it would have committed on its own, whatever the transaction did.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openDatabase, type Database } from "./client.server.ts";
import { Prisma } from "./generated/client.ts";
import { queryPrepared } from "./prepared.ts";

let db: Database;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "lb-prepared-tx-"));
  db = await openDatabase({ dataDir: dir });
  await db.prisma.$executeRawUnsafe(`CREATE TABLE "PreparedProbe" ("id" text PRIMARY KEY)`);
}, 120_000);

afterAll(async () => {
  await db?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

it("joins the transaction of the client it is given: rolled back with it, and no wait on itself", async () => {
  await expect(
    db.prisma.$transaction(
      async (tx) => {
        const rows = await queryPrepared<{ id: string }>(tx, Prisma.sql`INSERT INTO "PreparedProbe" ("id") VALUES (${"in-tx"}) RETURNING "id"`);
        expect(rows).toEqual([{ id: "in-tx" }]);
        // Visible inside the transaction only.
        expect(await queryPrepared(tx, Prisma.sql`SELECT "id" FROM "PreparedProbe"`)).toEqual([{ id: "in-tx" }]);
        throw new Error("roll back");
      },
      { timeout: 30_000 },
    ),
  ).rejects.toThrow("roll back");
  expect(await queryPrepared(db.prisma, Prisma.sql`SELECT "id" FROM "PreparedProbe"`)).toEqual([]);
}, 120_000);
