// Exponential backoff with jitter: attempt 0 waits 0.5–1 s, then doubles up to `cap` (30 s).
// Half of the delay is fixed and half random, so many visitors refused at once do not retry in step.
export function backoff(attempt: number, random: () => number = Math.random, base = 1000, cap = 30_000): number {
  const ceiling = Math.min(cap, base * 2 ** Math.max(0, Math.min(attempt, 20)));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
