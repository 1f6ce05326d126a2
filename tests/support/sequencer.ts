// The order in which Vitest starts the files of a project (decision 0109). Vitest's own order on a fresh
// clone (no results cache) is the largest file first, which put the files that mostly wait (servers
// started in child processes and killed, recovery and retry timers, a graceful shutdown's drain) at the
// end of the integration project and of the PostgreSQL pass: a CI run's last 45 s were those files
// alone, with the cores mostly idle. Started first in their project instead, their waits overlap the
// other files' work.
import { existsSync } from "node:fs";
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** Files that spend most of their time waiting (CI, per-file CPU log: under 0.3 CPU-s per second). */
export const WAITING_FILES = [
  "tests/integration/lead-crash.test.ts",
  "tests/integration/jobs-crash.test.ts",
  "tests/integration/graceful-shutdown.test.ts",
  "tests/integration/webhook-deadline.test.ts",
  "tests/integration/job-dispatch.test.ts",
];

const missing = WAITING_FILES.filter((file) => !existsSync(file));
if (missing.length > 0) throw new Error(`tests/support/sequencer.ts lists files that do not exist: ${missing.join(", ")}`);

export class WaitingFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const waits = (spec: TestSpecification) => WAITING_FILES.includes(path.relative(this.ctx.config.root, spec.moduleId).split(path.sep).join("/"));
    // The projects keep Vitest's order (a pool runs its projects in the order their first file comes):
    // moving the waiting files to the very front put the unit project last, alone at the run's end.
    const projects = [...new Set(sorted.map((spec) => spec.project.name))];
    const rank = (spec: TestSpecification) => projects.indexOf(spec.project.name) * 2 + (waits(spec) ? 0 : 1);
    return sorted.map((spec, index) => ({ spec, index })).sort((a, b) => rank(a.spec) - rank(b.spec) || a.index - b.index).map(({ spec }) => spec);
  }
}
