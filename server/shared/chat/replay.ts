// Conversation replay timing: the wait before each message, at the original pace divided by the speed.
// Pure (shared with the browser). Long silences are shortened so a replay never stalls for minutes.

export const REPLAY_SPEEDS = [1, 2, 4] as const;
export type ReplaySpeed = (typeof REPLAY_SPEEDS)[number];

/** Gaps longer than this (at 1×) are shortened to it. */
export const MAX_REPLAY_GAP_MS = 10_000;

/** Milliseconds to wait before showing message i (the first one shows at once). */
export function replayDelays(createdAt: readonly string[], speed: ReplaySpeed, maxGapMs = MAX_REPLAY_GAP_MS): number[] {
  return createdAt.map((at, i) => {
    if (i === 0) return 0;
    const gap = Date.parse(at) - Date.parse(createdAt[i - 1]!);
    const bounded = Number.isFinite(gap) ? Math.min(Math.max(gap, 0), maxGapMs) : 0;
    return Math.round(bounded / speed);
  });
}

/** "+1:05" style offset of a message from the conversation's start. */
export function formatOffset(startIso: string, atIso: string): string {
  const seconds = Math.max(0, Math.round((Date.parse(atIso) - Date.parse(startIso)) / 1000));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const mm = h > 0 ? String(m).padStart(2, "0") : String(m);
  return `+${h > 0 ? `${h}:` : ""}${mm}:${String(s).padStart(2, "0")}`;
}
