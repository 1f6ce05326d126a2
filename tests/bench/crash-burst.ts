// The soak-sized kill -9 burst (decision 0096): tests/integration/jobs-crash.test.ts with 50 visitors
// qualifying at once instead of the 20 it uses in `npm test`: every lead stored before the kill gets its
// owner's alert exactly once after the restart. Runs the test file itself (one copy of the scenario),
// on PGlite, or on PostgreSQL when DATABASE_URL is set (as CI's PostgreSQL pass runs the file).
//   npm run build && npx tsx tests/bench/crash-burst.ts [--visitors=50]
import { spawnSync } from "node:child_process";
import { machine, repoRoot } from "./support/child.ts";

const visitors = Number(process.argv.find((a) => a.startsWith("--visitors="))?.split("=")[1] ?? 50);
console.log(machine());
const result = spawnSync("npx", ["vitest", "run", "--project", "integration", "tests/integration/jobs-crash.test.ts"], {
  cwd: repoRoot,
  stdio: "inherit",
  env: { ...process.env, LB_CRASH_BURST_VISITORS: String(visitors) },
});
console.log(result.status === 0 ? `PASS (${visitors} visitors, kill -9 mid-burst, every stored lead alerted once)` : "FAIL");
process.exit(result.status === 0 ? 0 : 1);
