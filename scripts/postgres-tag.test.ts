// CI's PostgreSQL pass runs only the integration files whose first line is `// @postgres: <why>`
// (.ci/run, decision 0065). A file that looks at the database server it runs on (DATABASE_URL,
// REDIS_URL, a server's databaseUrl) has something to check there, and one that skips without it would
// otherwise run nowhere: such a file must carry the tag, with its reason.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const dir = path.resolve(import.meta.dirname, "../tests/integration");
const files = readdirSync(dir)
  .filter((name) => name.endsWith(".test.ts"))
  .map((name) => ({ name, text: readFileSync(path.join(dir, name), "utf8") }));
const TAG = /^\/\/ @postgres: \S.*\n/;

describe("the @postgres tag of integration files", () => {
  it("marks every file that looks at DATABASE_URL, REDIS_URL or a server's databaseUrl", () => {
    const untagged = files.filter((f) => /DATABASE_URL|REDIS_URL|databaseUrl/.test(f.text) && !TAG.test(f.text)).map((f) => f.name);
    expect(untagged).toEqual([]);
  });

  it("is written only as the first line, with a reason", () => {
    const misplaced = files.filter((f) => f.text.includes("@postgres") && !TAG.test(f.text)).map((f) => f.name);
    expect(misplaced).toEqual([]);
    expect(files.filter((f) => TAG.test(f.text)).length).toBeGreaterThan(0);
  });
});
