// "This visitor has opened the chat on this site before": an empty IndexedDB database named after the
// site key, made by the chat chunk on the first open. The loader asks for it with
// indexedDB.databases(), which is asynchronous and creates nothing, so a page view by someone who never
// opened the chat (most of them) does not touch localStorage at all; in Chromium the first localStorage
// access of a page is a synchronous IPC to the browser process that blocks the host page's main thread
// for one to twenty milliseconds (tests/bench/widget-main-thread.ts). Only when the marker exists, or
// the browser cannot list databases, does the loader read the saved state.

export const markerName = (siteKey: string): string => `leadbroom:${siteKey}`;

type Idb = Pick<IDBFactory, "open"> & { databases?: () => Promise<{ name?: string }[]> };

const factory = (): Idb | null => {
  try {
    return (window.indexedDB as Idb | undefined) ?? null;
  } catch {
    return null; // e.g. a sandboxed iframe without allow-same-origin
  }
};

/** Resolves true when the saved state may exist (the marker is there, or the browser cannot tell). */
export function mayHaveSavedState(siteKey: string, idb: Idb | null = factory()): Promise<boolean> {
  if (!idb?.databases) return Promise.resolve(true);
  const name = markerName(siteKey);
  return idb.databases().then(
    (list) => list.some((d) => d.name === name),
    () => true,
  );
}

/** Makes the marker (the chat chunk calls this on open). Failures are ignored: it is only a hint. */
export function setMarker(siteKey: string, idb: Idb | null = factory()): void {
  try {
    const request = idb?.open(markerName(siteKey));
    if (request) {
      request.onsuccess = () => request.result.close();
      request.onerror = (e) => e.preventDefault();
    }
  } catch {
    // Refused (privacy settings): the loader then simply finds no marker.
  }
}
