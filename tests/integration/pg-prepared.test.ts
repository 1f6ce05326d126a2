// @postgres: PostgreSQL's named statements (the driver's own code).
// PostgreSQL mode's named statements (server/db/pg-prepared.ts) against the real server: each text is
// prepared once per connection and its results are those of an unnamed query. Runs when DATABASE_URL is set.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_NAMED, namePoolStatements } from "#server/db/pg-prepared.ts";
import { openDatabase, type Database } from "#server/db/client.server.ts";
import { isUniqueViolation } from "#server/db/errors.ts";
import { Prisma } from "#server/db/generated/client.ts";
import { PREPARED_MARKER as P } from "#server/db/prepared-marker.ts";
import { queryPrepared } from "#server/db/prepared.ts";

const url = process.env.DATABASE_URL;

describe.skipIf(!url)("named statements on PostgreSQL", () => {
  let pool: pg.Pool;
  let plain: pg.Pool;
  const table = `lb_prepared_${process.pid}`;

  beforeAll(async () => {
    pool = namePoolStatements(new pg.Pool({ connectionString: url, max: 1 }));
    plain = new pg.Pool({ connectionString: url, max: 1 });
    await plain.query(`CREATE TABLE ${table} (id text PRIMARY KEY, n int NOT NULL)`);
  });

  afterAll(async () => {
    await plain?.query(`DROP TABLE IF EXISTS ${table}`);
    await pool?.end();
    await plain?.end();
  });

  it("prepares a marked text once on a connection and returns what an unnamed query returns", async () => {
    const insert = `${P} INSERT INTO ${table} (id, n) VALUES ($1, $2::int) RETURNING id, n`;
    for (let i = 0; i < 5; i += 1) {
      const r = await pool.query({ text: insert, values: [`k${i}`, i], rowMode: "array" });
      expect(r.rows).toEqual([[`k${i}`, i]]);
    }
    const statements = await pool.query<{ name: string; statement: string }>({
      text: "SELECT name, statement FROM pg_prepared_statements WHERE statement LIKE $1",
      values: [`${P} INSERT INTO ${table}%`],
    });
    expect(statements.rows).toHaveLength(1);
    expect(statements.rows[0]!.name).toMatch(/^lb_[0-9a-f]{20}$/);
    const select = `${P} SELECT id, n FROM ${table} WHERE n >= $1 ORDER BY n`;
    const named = await pool.query({ text: select, values: [3] });
    const unnamed = await plain.query({ text: select, values: [3] });
    expect(named.rows).toEqual(unnamed.rows);
    expect(named.rows).toEqual([{ id: "k3", n: 3 }, { id: "k4", n: 4 }]);
    // Unmarked statements are never named.
    await pool.query({ text: `SELECT n FROM ${table} WHERE id = $1`, values: ["k1"] });
    const all = await pool.query<{ statement: string }>({ text: `${P} SELECT statement FROM pg_prepared_statements`, values: [] });
    expect(all.rows.every((r) => r.statement.startsWith(P))).toBe(true);
  });

  it("passes PostgreSQL's errors through and keeps the connection usable", async () => {
    const insert = `${P} INSERT INTO ${table} (id, n) VALUES ($1, $2::int)`;
    await pool.query({ text: insert, values: ["dup", 1] });
    await expect(pool.query({ text: insert, values: ["dup", 2] })).rejects.toMatchObject({ code: "23505" });
    const after = await pool.query({ text: `${P} SELECT n FROM ${table} WHERE id = $1`, values: ["dup"] });
    expect(after.rows).toEqual([{ n: 1 }]);
  });

  it("names at most MAX_NAMED distinct texts", async () => {
    for (let i = 0; i < MAX_NAMED + 5; i += 1) {
      await pool.query({ text: `${P} SELECT $1::int + ${i} AS v`, values: [1] });
    }
    const prepared = await pool.query<{ c: string }>({ text: "SELECT count(*) AS c FROM pg_prepared_statements", values: [] });
    expect(Number(prepared.rows[0]!.c)).toBeLessThanOrEqual(MAX_NAMED);
  });
});

describe.skipIf(!url)("direct statements on PostgreSQL (queryPrepared)", () => {
  let db: Database;
  const table = `lb_direct_${process.pid}`;

  beforeAll(async () => {
    db = await openDatabase({ databaseUrl: url, dataDir: "unused" });
    await db.sql.exec(`CREATE TABLE ${table} (id text PRIMARY KEY)`);
  });

  afterAll(async () => {
    await db?.sql.exec(`DROP TABLE IF EXISTS ${table}`);
    await db?.close();
  });

  it("returns the rows Prisma's raw query returns for the types such statements use", async () => {
    const statement = Prisma.sql`SELECT ${"text"}::text AS t, ${42}::int AS i, ${true}::boolean AS b, ${2.5}::float8 AS f,
      ARRAY[1, 2]::int[] AS ints, ARRAY['a', 'b']::text[] AS texts, ${JSON.stringify({ x: [1] })}::jsonb AS j, NULL::text AS n`;
    const direct = await queryPrepared<Record<string, unknown>>(db.prisma, statement);
    expect(direct).toEqual([{ t: "text", i: 42, b: true, f: 2.5, ints: [1, 2], texts: ["a", "b"], j: { x: [1] }, n: null }]);
    expect(direct).toEqual(await db.prisma.$queryRaw(statement));
  });

  it("reports a unique violation so that isUniqueViolation recognises it", async () => {
    const insert = Prisma.sql`INSERT INTO ${Prisma.raw(table)} (id) VALUES (${"once"})`;
    await queryPrepared(db.prisma, insert);
    const error = await queryPrepared(db.prisma, insert).catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
  });
});
