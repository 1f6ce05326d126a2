// The order in which `vitest run` hands files to its workers (decision 0096). Vitest's own order on a
// fresh clone (no results cache) is the largest file first; its two workers then take the next file as
// each one frees, and a project's last file holds up the next project. The crash suites are short files
// whose tests start child servers: they came last and ran alone at the end of the integration project
// and of the PostgreSQL pass (jobs-crash: its last 30 s with the other worker idle). The files measured
// slowest go first, longest first, so the short ones fill in beside them; the rest keep Vitest's order
// (its results cache on a developer's machine: failed first, then slowest).
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** The slowest files of CI's runs (decision 0096), slowest first; in each project that has them. */
export const SLOW_FILES = [
  "tests/e2e/first-week.test.ts",
  "tests/e2e/public-site.test.ts",
  "tests/integration/demo-sandbox.test.ts",
  "tests/integration/lead-crash.test.ts",
  "tests/integration/jobs-crash.test.ts",
  "tests/integration/analytics-rollup.test.ts",
  "tests/integration/automations.test.ts",
  "tests/integration/data-rights.test.ts",
];

function rank(spec: TestSpecification): number {
  const index = SLOW_FILES.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
  return index === -1 ? SLOW_FILES.length : index;
}

export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // Array.prototype.sort is stable: the files not listed keep Vitest's order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
