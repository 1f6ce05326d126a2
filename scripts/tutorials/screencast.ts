// Records one page to a WebM file (decision 0081). Chromium's DevTools screencast (Page.startScreencast)
// sends a JPEG whenever the page repaints; each is kept on disk with the moment it arrived. When the
// recording stops, Debian's ffmpeg turns them into a constant-rate VP9 WebM, each picture shown from its
// arrival to the next one's, so the video's clock is the wall clock of the recording and the captions,
// timed on the same clock, stay in step. Encoding after the fact keeps a loaded machine from dropping
// or delaying frames while the flow runs.
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { promisify } from "node:util";
import type { CDPSession, Page } from "playwright-core";

export type ScreencastOptions = { width: number; height: number; fps: number };

export const ffmpegPath = () => process.env.FFMPEG_PATH ?? "ffmpeg";

export class Screencast {
  private readonly frames: { at: number; file: string }[] = [];
  private saving: Promise<unknown>[] = [];
  private readonly startedAt = performance.now();

  private constructor(
    private readonly session: CDPSession,
    private readonly dir: string,
    private readonly options: ScreencastOptions,
  ) {}

  /** Seconds since the recording began: the video's own clock. */
  now(): number {
    return (performance.now() - this.startedAt) / 1000;
  }

  static async start(page: Page, options: ScreencastOptions): Promise<Screencast> {
    const dir = await mkdtemp(path.join(os.tmpdir(), "leadbroom-screencast-"));
    const session = await page.context().newCDPSession(page);
    const cast = new Screencast(session, dir, options);
    session.on("Page.screencastFrame", (event) => {
      cast.frame(Buffer.from(event.data, "base64"));
      session.send("Page.screencastFrameAck", { sessionId: event.sessionId }).catch(() => undefined);
    });
    await session.send("Page.startScreencast", { format: "jpeg", quality: 80, maxWidth: options.width, maxHeight: options.height, everyNthFrame: 1 });
    return cast;
  }

  private frame(jpeg: Buffer) {
    const file = path.join(this.dir, `${String(this.frames.length).padStart(6, "0")}.jpg`);
    this.frames.push({ at: this.now(), file });
    this.saving.push(writeFile(file, jpeg));
  }

  /** Ends the recording now and encodes it to `output` (VP9 WebM). */
  async stop(output: string): Promise<void> {
    const end = this.now();
    await this.session.send("Page.stopScreencast").catch(() => undefined);
    await this.session.detach().catch(() => undefined);
    await Promise.all(this.saving);
    try {
      if (this.frames.length === 0) throw new Error("the screencast sent no frame");
      // ffmpeg's concat list: each picture for as long as it was on screen; the first from 0 s, the last
      // to the stop (named twice: the demuxer ignores the last entry's duration).
      const lines = ["ffconcat version 1.0"];
      this.frames.forEach((f, i) => {
        const from = i === 0 ? 0 : f.at;
        const to = this.frames[i + 1]?.at ?? end;
        lines.push(`file '${f.file}'`, `duration ${Math.max(to - from, 0.001).toFixed(3)}`);
      });
      lines.push(`file '${this.frames.at(-1)!.file}'`);
      const list = path.join(this.dir, "frames.txt");
      await writeFile(list, `${lines.join("\n")}\n`);
      const { width, height, fps } = this.options;
      await promisify(execFile)(ffmpegPath(), [
        ...["-loglevel", "error", "-f", "concat", "-safe", "0", "-i", list, "-an"],
        ...["-vf", `fps=${fps},scale=${width}:${height}:force_original_aspect_ratio=decrease,pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2:white,format=yuv420p`],
        ...["-c:v", "libvpx-vp9", "-b:v", "0", "-crf", "42", "-deadline", "good", "-cpu-used", "4", "-row-mt", "1", "-g", String(fps * 10)],
        ...["-t", end.toFixed(3), "-y", output],
      ]);
    } finally {
      await rm(this.dir, { recursive: true, force: true });
    }
  }
}
