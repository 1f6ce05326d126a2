// The tutorials manifest's schema (decision 0081): checked when the recorder writes it and by the tests
// that compare it with the files. The browser only reads its type (#shared/public-site/tutorials.ts).
import { z } from "zod";
import type { Tutorial, TutorialManifest } from "#shared/public-site/tutorials.ts";

const fileName = (ext: string) => z.string().regex(new RegExp(`^[a-z0-9-]+\\.${ext}$`), `a plain .${ext} file name in the tutorials folder`);

export const tutorialSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  title: z.string().min(1),
  text: z.string().min(1),
  guide: z.object({ to: z.string().startsWith("/docs/"), title: z.string().min(1) }),
  video: fileName("webm"),
  captions: fileName("vtt"),
  poster: fileName("jpg").optional(),
  durationSeconds: z.number().positive(),
  width: z.number().int().positive().max(1280),
  height: z.number().int().positive().max(720),
  bytes: z.number().int().positive(),
}) satisfies z.ZodType<Tutorial>;

export const tutorialManifestSchema = z.object({
  recordedAt: z.string().datetime(),
  commit: z.string().min(1),
  tutorials: z.array(tutorialSchema).min(1),
}) satisfies z.ZodType<TutorialManifest>;
