// The recorded video tutorials on /resources (decision 0081): `npm run tutorials:record` drives the
// running product through three real flows and writes the WebM files, their WebVTT captions and this
// manifest to dashboard/public/tutorials/. The page reads the manifest; the tests check it against
// the files (scripts/tutorials/tutorials.test.ts).
import { z } from "zod";
import { plural } from "../format/plural.ts";

/** Where the files live, relative to dashboard/public/ and to the site's root URL. */
export const TUTORIALS_PATH = "/tutorials";

const fileName = z.string().regex(/^[a-z0-9-]+\.(webm|vtt|jpg)$/, "a plain file name in the tutorials folder");

export const tutorialSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  title: z.string().min(1),
  /** One sentence for the card. */
  text: z.string().min(1),
  /** The static guide covering the same steps. */
  guide: z.object({ to: z.string().startsWith("/docs/"), title: z.string().min(1) }),
  video: fileName.refine((f) => f.endsWith(".webm"), "a .webm file"),
  captions: fileName.refine((f) => f.endsWith(".vtt"), "a .vtt file"),
  poster: fileName.refine((f) => f.endsWith(".jpg"), "a .jpg file").optional(),
  /** Seconds, as measured from the WebM file the recorder wrote. */
  durationSeconds: z.number().positive(),
  width: z.number().int().positive().max(1280),
  height: z.number().int().positive().max(720),
  bytes: z.number().int().positive(),
});

export const tutorialManifestSchema = z.object({
  recordedAt: z.string().datetime(),
  /** The git commit the product was built from when recorded ("unknown" outside a checkout). */
  commit: z.string().min(1),
  tutorials: z.array(tutorialSchema).min(1),
});

export type Tutorial = z.infer<typeof tutorialSchema>;
export type TutorialManifest = z.infer<typeof tutorialManifestSchema>;

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
