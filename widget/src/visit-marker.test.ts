import { describe, expect, it } from "vitest";
import { markerName, mayHaveSavedState, setMarker } from "./visit-marker.ts";

/** An IDBFactory stand-in: a set of database names; open() adds one and answers success. */
function fakeIdb(names: string[], opts: { listing?: "unsupported" | "rejects" } = {}) {
  const opened: string[] = [];
  const idb = {
    open(name: string) {
      opened.push(name);
      if (!names.includes(name)) names.push(name);
      const request = { result: { close: () => opened.push(`closed:${name}`) } } as unknown as IDBOpenDBRequest;
      queueMicrotask(() => request.onsuccess?.call(request, new Event("success")));
      return request;
    },
    databases:
      opts.listing === "unsupported"
        ? undefined
        : () => (opts.listing === "rejects" ? Promise.reject(new Error("denied")) : Promise.resolve(names.map((name) => ({ name, version: 1 })))),
  };
  return { idb, opened, names };
}

describe("visit marker", () => {
  it("reports no saved state for a visitor who never opened this site's chat", async () => {
    const { idb } = fakeIdb(["leadbroom:other-site", "host-page-db"]);
    expect(await mayHaveSavedState("site-1", idb)).toBe(false);
  });

  it("is set on open, closed again, and found on the next page view", async () => {
    const { idb, opened } = fakeIdb([]);
    setMarker("site-1", idb);
    await Promise.resolve();
    expect(opened).toEqual([markerName("site-1"), `closed:${markerName("site-1")}`]);
    expect(await mayHaveSavedState("site-1", idb)).toBe(true);
    expect(markerName("site-1")).toBe("leadbroom:site-1");
  });

  it("falls back to reading storage when the browser cannot list databases or refuses to", async () => {
    expect(await mayHaveSavedState("site-1", fakeIdb([], { listing: "unsupported" }).idb)).toBe(true);
    expect(await mayHaveSavedState("site-1", fakeIdb([], { listing: "rejects" }).idb)).toBe(true);
    expect(await mayHaveSavedState("site-1", null)).toBe(true);
  });

  it("ignores a browser that refuses IndexedDB when setting the marker", () => {
    const idb = {
      open: () => {
        throw new DOMException("denied", "SecurityError");
      },
    };
    expect(() => setMarker("site-1", idb)).not.toThrow();
    expect(() => setMarker("site-1", null)).not.toThrow();
  });
});
