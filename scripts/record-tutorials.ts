// `npm run tutorials:record` (decision 0081): records the three video tutorials on /resources from the
// running product. It starts the production build (`npm run build` first) on a fresh database, serves
// the embed-demo site as the customer's website, drives Debian's Chromium through the flows in
// scripts/tutorials/flows.ts at a pace a viewer can follow, and writes to dashboard/public/tutorials/:
// one WebM (VP9, 1280×720) per tutorial, its WebVTT captions, a poster JPEG and tutorials.json with
// each duration as read back from the finished file. Needs ffmpeg (apt-get install -y ffmpeg).
// Commit the result: a fresh clone shows the videos without recording.
import { execFileSync } from "node:child_process";
import { mkdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Browser } from "playwright-core";
import type { Tutorial } from "#shared/public-site/tutorials.ts";
import { tutorialManifestSchema } from "./tutorials/manifest.ts";
import { startEmbedDemo, type EmbedDemo } from "../embed-demo/serve.ts";
import { launchChromium } from "../tests/support/browser.ts";
import { freePort, startTestServer, type TestServer } from "../tests/support/test-server.ts";
import { Director } from "./tutorials/director.ts";
import { FLOWS, type Stage } from "./tutorials/flows.ts";
import { ffmpegPath, Screencast } from "./tutorials/screencast.ts";
import { readWebmInfo } from "./tutorials/webm.ts";
import { writeWebVtt } from "./tutorials/webvtt.ts";

const root = path.resolve(import.meta.dirname, "..");
const tutorialsDir = path.join(root, "dashboard/public/tutorials");
const VIDEO = { width: 1280, height: 720, fps: 10 };

function git(...args: string[]): string {
  try {
    return execFileSync("git", args, { cwd: root, encoding: "utf8" }).trim();
  } catch {
    return "unknown";
  }
}

async function poster(video: string, at: number, file: string) {
  execFileSync(ffmpegPath(), ["-loglevel", "error", "-ss", at.toFixed(2), "-i", video, "-frames:v", "1", "-vf", "scale=640:-2", "-q:v", "6", "-y", file]);
}

async function main() {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  let site: EmbedDemo | undefined;
  try {
    [server, browser] = await Promise.all([startTestServer({ seedDemo: false }), launchChromium()]);
    const app = server;
    const stage: Stage = {
      appUrl: app.url,
      siteUrl: () => {
        if (!site) throw new Error("the customer's site is not started yet");
        return site.url;
      },
      async startSite(siteKey) {
        // Opened as localhost: another origin than the app (127.0.0.1), as a customer's site is.
        const demo = await startEmbedDemo({ port: await freePort(), appUrl: app.url, siteKey, host: "127.0.0.1" });
        site ??= { ...demo, url: demo.url.replace("127.0.0.1", "localhost") };
      },
      async siteKey(email) {
        const user = await app.services.db.user.findUniqueOrThrow({ where: { email }, include: { memberships: true } });
        return (await app.services.db.chatbot.findFirstOrThrow({ where: { businessId: user.memberships[0]!.businessId } })).siteKey;
      },
    };
    // One owner's browser for all three: signed in by the first, as a new customer would be.
    const context = await browser.newContext({ viewport: { width: VIDEO.width, height: VIDEO.height } });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: app.url });
    const page = await context.newPage();
    // A step that cannot happen fails the recording instead of waiting for ever.
    page.setDefaultTimeout(60_000);
    await Director.pointer(page);
    await mkdir(tutorialsDir, { recursive: true });
    const tutorials: Tutorial[] = [];
    for (const flow of FLOWS) {
      await flow.before(page, stage);
      const video = `${flow.id}.webm`;
      const videoPath = path.join(tutorialsDir, video);
      const cast = await Screencast.start(page, VIDEO);
      const director = new Director(page, cast);
      const t0 = Date.now();
      await flow.run(director, stage);
      const cues = await director.finish();
      await cast.stop(videoPath);
      const info = readWebmInfo(await readFile(videoPath));
      const captions = `${flow.id}.vtt`;
      // A cue never runs past the end of the file (the last frame is held to the stop).
      await writeFile(path.join(tutorialsDir, captions), writeWebVtt(cues.map((c) => ({ ...c, end: Math.min(c.end, info.durationSeconds) }))));
      const posterFile = `${flow.id}.jpg`;
      await poster(videoPath, Math.min(info.durationSeconds - 0.5, cues[1]?.start ?? 1), path.join(tutorialsDir, posterFile));
      const bytes = (await stat(videoPath)).size;
      tutorials.push({ id: flow.id, title: flow.title, text: flow.text, guide: flow.guide, video, captions, poster: posterFile, durationSeconds: Math.round(info.durationSeconds * 1000) / 1000, width: info.width, height: info.height, bytes });
      console.log(`${flow.id}: ${info.durationSeconds.toFixed(1)} s, ${(bytes / 1024).toFixed(0)} KB, ${info.width}×${info.height}, ${cues.length} captions (recorded in ${((Date.now() - t0) / 1000).toFixed(0)} s)`);
    }
    const dirty = git("status", "--porcelain", "--", "dashboard/app", "server", "widget") !== "";
    const manifest = tutorialManifestSchema.parse({ recordedAt: new Date().toISOString(), commit: `${git("rev-parse", "HEAD")}${dirty ? "+changes" : ""}`, tutorials });
    await writeFile(path.join(tutorialsDir, "tutorials.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    console.log(`Wrote ${path.relative(root, tutorialsDir)}/tutorials.json`);
  } finally {
    await browser?.close();
    await site?.close();
    await server?.close();
  }
}

await main();
