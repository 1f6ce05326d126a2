// The layering rules of `npm run lint` (decisions 0030, 0049) refuse what they say they refuse: a route
// reaching the database client by the `#server/...` alias as by a relative path, and two server folders
// importing each other.
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { folderEdges, KNOWN, mutualPairs } from "./folder-cycles.ts";

const root = path.resolve(import.meta.dirname, "..");
const eslint = new ESLint({ cwd: root });

async function routeErrors(source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(root, "dashboard/app/routes/zz-lint-probe.tsx") });
  return result!.messages.filter((m) => m.severity === 2).map((m) => m.message);
}

describe("routes do not touch the database client", () => {
  it.each([
    ['import { openDatabase } from "#server/db/client.server.ts";', "the #server alias"],
    ['import { openDatabase } from "../../../server/db/client.server.ts";', "a relative path"],
  ])("%s (%s) fails lint", async (line) => {
    const errors = await routeErrors(`${line}\nexport const loader = () => openDatabase;\n`);
    expect(errors.some((e) => e.includes("Routes call domain functions in server/"))).toBe(true);
  }, 60_000);

  it("a domain function by the alias passes", async () => {
    expect(await routeErrors('import { getLeadDetail } from "#server/leads/lead-detail.server.ts";\nexport const loader = () => getLeadDetail;\n')).toEqual([]);
  }, 60_000);
});

describe("folder cycles", () => {
  const file = (rel: string) => path.join(root, "server", rel);

  it("finds two folders importing each other, by relative path or alias, type imports included", () => {
    const pairs = mutualPairs(
      folderEdges(
        new Map([
          [file("alpha/a.ts"), 'import type { B } from "../beta/b.ts";\n'],
          [file("beta/b.ts"), 'import { a } from "#server/alpha/a.ts";\n'],
          [file("gamma/c.ts"), 'import { a } from "../alpha/a.ts";\n'],
          [file("main.ts"), 'import { c } from "./gamma/c.ts";\n'],
        ]),
      ),
    );
    expect([...pairs.keys()]).toEqual(["alpha <-> beta"]);
    expect(pairs.get("alpha <-> beta")!.map((e) => e.file)).toEqual(["server/alpha/a.ts", "server/beta/b.ts"]);
  });

  it("keeps its list of known pairs sorted and short", () => {
    expect([...KNOWN].sort()).toEqual(KNOWN);
    expect(KNOWN.length).toBeLessThanOrEqual(5);
  });
});
