// The recorded video tutorials on /resources (decision 0081): `npm run tutorials:record` drives the
// running product through three real flows and writes the WebM files, their WebVTT captions and this
// manifest to dashboard/public/tutorials/. The page reads the manifest (typed here, no Zod: this ships
// to the browser); scripts/tutorials/manifest.ts validates it for the recorder and the tests.
import { plural } from "../format/plural.ts";

/** Where the files live, relative to dashboard/public/ and to the site's root URL. */
export const TUTORIALS_PATH = "/tutorials";

export type Tutorial = {
  id: string;
  title: string;
  /** One sentence for the card. */
  text: string;
  /** The static guide covering the same steps. */
  guide: { to: string; title: string };
  /** File names in the tutorials folder. */
  video: string;
  captions: string;
  poster?: string;
  /** Seconds, as read from the WebM file the recorder wrote. */
  durationSeconds: number;
  width: number;
  height: number;
  bytes: number;
};

export type TutorialManifest = {
  recordedAt: string;
  /** The git commit the product was recorded from ("+changes": with uncommitted edits). */
  commit: string;
  tutorials: Tutorial[];
};

/** "2:05" for 125.4 seconds (whole seconds, rounded). */
export function formatVideoDuration(seconds: number): string {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/** "2 minutes 5 seconds", for screen readers. */
export function spokenVideoDuration(seconds: number): string {
  const whole = Math.round(seconds);
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  const parts: string[] = [];
  if (minutes) parts.push(plural(minutes, "minute"));
  if (rest || !minutes) parts.push(plural(rest, "second"));
  return parts.join(" ");
}

export const tutorialUrl = (file: string) => `${TUTORIALS_PATH}/${file}`;
