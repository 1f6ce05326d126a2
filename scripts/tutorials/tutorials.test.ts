// The committed video tutorials (decision 0081) against their manifest: every file it names exists,
// each duration is the one the WebM file states, each video is at most 1280×720, and each captions file
// is WebVTT with its cues in order inside the video. Re-record with `npm run tutorials:record`.
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { formatVideoDuration, spokenVideoDuration } from "#shared/public-site/tutorials.ts";
import { tutorialManifestSchema } from "./manifest.ts";
import { readWebmInfo } from "./webm.ts";
import { parseWebVtt, writeWebVtt } from "./webvtt.ts";

const dir = path.resolve(import.meta.dirname, "../../dashboard/public/tutorials");
const manifest = tutorialManifestSchema.parse(JSON.parse(readFileSync(path.join(dir, "tutorials.json"), "utf8")));

describe("the recorded tutorials", () => {
  it("are the three flows, each with its own files, small enough to commit", () => {
    expect(manifest.tutorials.map((t) => t.id)).toEqual(["install-snippet", "visitor-to-lead", "work-a-lead"]);
    let total = 0;
    for (const t of manifest.tutorials) {
      const size = statSync(path.join(dir, t.video)).size;
      expect(size, t.video).toBe(t.bytes);
      total += size;
      expect(statSync(path.join(dir, t.captions)).isFile(), t.captions).toBe(true);
      if (t.poster) expect([...readFileSync(path.join(dir, t.poster)).subarray(0, 3)], t.poster).toEqual([0xff, 0xd8, 0xff]);
    }
    expect(total).toBeLessThan(12 * 1024 * 1024);
  });

  it.each(manifest.tutorials.map((t) => [t.id, t] as const))("%s: the manifest's duration and size are the WebM file's own", (_id, t) => {
    const info = readWebmInfo(readFileSync(path.join(dir, t.video)));
    expect(Math.abs(info.durationSeconds - t.durationSeconds)).toBeLessThan(0.01);
    expect(info.durationSeconds).toBeGreaterThan(10);
    expect({ width: info.width, height: info.height }).toEqual({ width: t.width, height: t.height });
  });

  it.each(manifest.tutorials.map((t) => [t.id, t] as const))("%s: captions are WebVTT, in order, inside the video", (_id, t) => {
    const cues = parseWebVtt(readFileSync(path.join(dir, t.captions), "utf8"));
    expect(cues.length).toBeGreaterThanOrEqual(4);
    let previousEnd = 0;
    for (const cue of cues) {
      expect(cue.start).toBeGreaterThanOrEqual(previousEnd - 0.001);
      expect(cue.end).toBeLessThanOrEqual(t.durationSeconds + 0.001);
      previousEnd = cue.end;
    }
  });
});

describe("tutorial file formats", () => {
  it("writes and reads WebVTT, and refuses what is not", () => {
    const cues = [
      { start: 0, end: 2.5, text: "First step" },
      { start: 2.5, end: 61.25, text: "Second </body> step" },
    ];
    const text = writeWebVtt(cues);
    expect(text).toContain("00:00:02.500 --> 00:01:01.250\nSecond &lt;/body&gt; step");
    expect(parseWebVtt(text)).toEqual(cues);
    expect(() => parseWebVtt("00:00:00.000 --> 00:00:01.000\nNo header")).toThrow("no WEBVTT header");
    expect(() => parseWebVtt("WEBVTT\n\n00:00:02.000 --> 00:00:01.000\nBackwards")).toThrow("ends before it starts");
    expect(() => parseWebVtt("WEBVTT\n\n0:1 --> 0:2\nBad")).toThrow("not a WebVTT timestamp");
  });

  it("refuses a file that is not WebM", () => {
    expect(() => readWebmInfo(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toThrow();
    expect(() => readWebmInfo(new TextEncoder().encode("WEBVTT"))).toThrow();
  });

  it("shows durations as m:ss and says them in words", () => {
    expect(formatVideoDuration(59.6)).toBe("1:00");
    expect(formatVideoDuration(125.4)).toBe("2:05");
    expect(spokenVideoDuration(125.4)).toBe("2 minutes 5 seconds");
    expect(spokenVideoDuration(60.2)).toBe("1 minute");
    expect(spokenVideoDuration(41)).toBe("41 seconds");
  });
});
