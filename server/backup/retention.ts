// Which backups to keep (decision 0073): the newest backup of each of the last `daily` days that have
// one, and the newest of each of the last `weekly` ISO weeks (Monday to Sunday, UTC) that have one.
// Everything else in the folder that is one of ours goes; other files are never touched.

export type RetentionPolicy = { daily: number; weekly: number };
export type DatedFile = { name: string; at: Date };

const dayKey = (at: Date) => at.toISOString().slice(0, 10);

/** The Monday (UTC) of the ISO week holding `at`, as YYYY-MM-DD. */
function weekKey(at: Date): string {
  const monday = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  return dayKey(monday);
}

function newestPer(files: DatedFile[], key: (at: Date) => string, count: number): string[] {
  const picked = new Map<string, string>();
  for (const file of files) {
    const k = key(file.at);
    if (!picked.has(k) && picked.size < count) picked.set(k, file.name);
  }
  return [...picked.values()];
}

/** Splits backups into those kept and those to delete. */
export function applyRetention(files: DatedFile[], policy: RetentionPolicy): { keep: string[]; remove: string[] } {
  const newestFirst = [...files].sort((a, b) => b.at.getTime() - a.at.getTime());
  const keep = new Set([...newestPer(newestFirst, dayKey, policy.daily), ...newestPer(newestFirst, weekKey, policy.weekly)]);
  return {
    keep: newestFirst.filter((f) => keep.has(f.name)).map((f) => f.name),
    remove: newestFirst.filter((f) => !keep.has(f.name)).map((f) => f.name),
  };
}
