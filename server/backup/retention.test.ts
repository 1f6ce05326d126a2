import { describe, expect, it } from "vitest";
import { applyRetention } from "./retention.ts";
import { backupFileName, backupFileTime } from "./backup-format.ts";

const at = (iso: string) => ({ name: backupFileName(new Date(iso)), at: new Date(iso) });

describe("applyRetention", () => {
  it("keeps the newest backup of each of the last 7 days and of each of the last 4 weeks", () => {
    // 60 nightly backups at 03:30 UTC, from 2026-09-29 to 2026-11-27 (a Friday), and a manual one on the last day.
    const nightly = Array.from({ length: 60 }, (_, i) => at(new Date(Date.UTC(2026, 10, 27 - i, 3, 30)).toISOString()));
    const manual = at("2026-11-27T09:15:00Z");
    const { keep, remove } = applyRetention([...nightly, manual], { daily: 7, weekly: 4 });
    const kept = keep.map((name) => backupFileTime(name)!.toISOString());
    expect(kept).toEqual([
      "2026-11-27T09:15:00.000Z", // today's newest (the manual one), also this week's
      "2026-11-26T03:30:00.000Z",
      "2026-11-25T03:30:00.000Z",
      "2026-11-24T03:30:00.000Z",
      "2026-11-23T03:30:00.000Z", // Monday: the daily ones reach back 7 days
      "2026-11-22T03:30:00.000Z", // Sunday: also the newest of the week of Nov 16
      "2026-11-21T03:30:00.000Z",
      "2026-11-15T03:30:00.000Z", // the week of Nov 9
      "2026-11-08T03:30:00.000Z", // the week of Nov 2
    ]);
    expect(remove).toHaveLength(61 - kept.length);
    expect(remove).toContain(backupFileName(new Date("2026-11-27T03:30:00Z")));
  });

  it("keeps everything while there are fewer backups than the policy holds", () => {
    const files = [at("2026-11-27T03:30:00Z"), at("2026-11-26T03:30:00Z")];
    expect(applyRetention(files, { daily: 7, weekly: 4 })).toEqual({ keep: files.map((f) => f.name), remove: [] });
  });

  it("reads back only its own file names", () => {
    expect(backupFileTime("leadbroom-backup-20261127T033000Z.lbbackup")?.toISOString()).toBe("2026-11-27T03:30:00.000Z");
    expect(backupFileTime("leadbroom-backup-20261127T033000Z.lbbackup.manifest.json")).toBeNull();
    expect(backupFileTime("notes.txt")).toBeNull();
  });
});
