// Vitest global setup, first in every project's list (decision 0101): the run's temporary files (every
// test server's PGlite directory copied from the template, the templates themselves, the crash suites'
// data, backups, browser profiles) go to a directory of their own on a RAM file system when the machine
// has one with room, instead of the disk. On this project's 2-core machines a copy of the 45 MB, 1,600-file
// template took 1.5 s of kernel CPU on the disk's ext4 and 0.06 s on tmpfs, and each server's own writes
// cost the same way: the integration project used 373 s of CPU on the disk and 294 s on tmpfs.
// The files are the same files (a killed server finds its data as it left it, as on a disk): only a
// machine's power cut would tell them apart, which no test makes. LB_TEST_TMPDIR names another place
// (`LB_TEST_TMPDIR=/tmp npm test` keeps the disk). The directory is removed when the run's process exits.
import { mkdtempSync, rmSync, statfsSync } from "node:fs";
import path from "node:path";

/** The RAM file system Linux mounts for shared memory, and the room a run needs there. */
const RAM_DIR = "/dev/shm";
const NEEDED_BYTES = 4 * 1024 ** 3;
const MARK = "LB_TEST_TMP_OWNED";

function ramRoom(): boolean {
  try {
    const stats = statfsSync(RAM_DIR);
    return stats.type === 0x01021994 /* TMPFS_MAGIC */ && stats.bavail * stats.bsize >= NEEDED_BYTES;
  } catch {
    return false;
  }
}

export default function setup(): void {
  // Another project's setup in this run got there first: its directory serves the whole run.
  if (process.env[MARK]) return;
  const root = process.env.LB_TEST_TMPDIR ?? (ramRoom() ? RAM_DIR : undefined);
  if (!root) return;
  const dir = mkdtempSync(path.join(root, "leadbroom-test-run-"));
  // os.tmpdir() reads TMPDIR on every call; the workers start after the global setups and inherit it.
  process.env.TMPDIR = dir;
  process.env[MARK] = dir;
  // Removed when the run's process ends, after every project's teardown (the browser's, the
  // templates') has used it: teardowns run project by project.
  process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
}
