// Runs tasks one after another per key (e.g. per conversation) and concurrently across keys.
// Owned by whoever creates it; no module state.

export type KeyedQueue = {
  run<T>(key: string, task: () => Promise<T>): Promise<T>;
  /** Whether a task for this key is queued or running. */
  busy(key: string): boolean;
  /** Resolves when every task queued so far has settled. */
  idle(): Promise<void>;
};

export function createKeyedQueue(): KeyedQueue {
  const tails = new Map<string, Promise<unknown>>();
  return {
    run(key, task) {
      const previous = tails.get(key) ?? Promise.resolve();
      const next = previous.then(task, task);
      const tail = next.catch(() => undefined);
      tails.set(key, tail);
      void tail.then(() => {
        if (tails.get(key) === tail) tails.delete(key);
      });
      return next;
    },
    busy: (key) => tails.has(key),
    async idle() {
      while (tails.size > 0) await Promise.all([...tails.values()]);
    },
  };
}
