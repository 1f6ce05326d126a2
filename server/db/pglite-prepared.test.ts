import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPreparedClient, type PreparedClient } from "./pglite-prepared.ts";
import { PREPARED_MARKER as P } from "./prepared-marker.ts";

let pglite: PGlite;
let client: PreparedClient;

beforeAll(async () => {
  pglite = await PGlite.create();
  await pglite.exec(`
    CREATE TABLE item (id text PRIMARY KEY, n int NOT NULL, tags text[] NOT NULL DEFAULT '{}', data jsonb, at timestamp(3));
  `);
  client = createPreparedClient(pglite);
});

afterAll(async () => {
  await pglite?.close();
});

describe("prepared PGlite client", () => {
  it("returns what PGlite.query returns, preparing each marked statement text once", async () => {
    const insert = `${P} INSERT INTO item (id, n, tags, data, at) VALUES ($1, $2::int, $3::text[], $4::jsonb, $5::timestamp) RETURNING *`;
    const before = client.preparedCount();
    for (let i = 0; i < 8; i += 1) {
      await client.query(insert, [`p${i}`, i, ["a", "b"], JSON.stringify({ i }), "2026-11-23 10:00:00.123"], { rowMode: "array" });
    }
    expect(client.preparedCount()).toBe(before + 1);
    const select = `${P} SELECT id, n, tags, data, at FROM item WHERE n >= $1 ORDER BY n`;
    const mine = await client.query(select, [5], { rowMode: "array" });
    const theirs = await pglite.query(select, [5], { rowMode: "array" });
    expect(mine.rows).toEqual(theirs.rows);
    expect(mine.fields).toEqual(theirs.fields);
    expect(mine.rows).toHaveLength(3);
    expect(client.preparedCount()).toBe(before + 2);
    // Unmarked statements (Prisma's own, the leads search) run as PGlite runs them, never prepared.
    await client.query(`SELECT count(*) FROM item WHERE n > $1`, [0]);
    await client.query(`SELECT count(*) FROM item WHERE n > $1`, [1]);
    expect(client.preparedCount()).toBe(before + 2);
    const objects = await client.query<{ id: string; n: number }>(`${P} SELECT id, n FROM item WHERE id = $1`, ["p3"]);
    expect(objects.rows).toEqual([{ id: "p3", n: 3 }]);
    const nulls = await client.query(`${P} SELECT $1::text IS NULL AS missing`, [null]);
    expect(nulls.rows).toEqual([{ missing: true }]);
  });

  it("raises PostgreSQL's errors and keeps working after them", async () => {
    const insert = `${P} INSERT INTO item (id, n) VALUES ($1, $2::int)`;
    await client.query(insert, ["dup", 1]);
    await expect(client.query(insert, ["dup", 2])).rejects.toMatchObject({ code: "23505" });
    await expect(client.query(`${P} SELEC nonsense`, [])).rejects.toMatchObject({ code: "42601" });
    const after = await client.query<{ n: number }>(`${P} SELECT n FROM item WHERE id = $1`, ["dup"]);
    expect(after.rows).toEqual([{ n: 1 }]);
  });

  it("waits for an open transaction, as PGlite.query does", async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const tx = client.transaction(async (t) => {
      await t.query(`INSERT INTO item (id, n) VALUES ('tx', 1)`);
      order.push("tx wrote");
      await held;
      order.push("tx done");
    });
    await new Promise((r) => setTimeout(r, 20));
    const read = client.query<{ c: number }>(`${P} SELECT count(*)::int AS c FROM item WHERE id = $1`, ["tx"]).then((r) => {
      order.push("query ran");
      return r.rows[0]!.c;
    });
    await new Promise((r) => setTimeout(r, 20));
    release();
    await tx;
    expect(await read).toBe(1);
    expect(order).toEqual(["tx wrote", "tx done", "query ran"]);
  });
});
