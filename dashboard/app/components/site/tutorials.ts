// The recorded tutorials' manifest (decision 0081), bundled with /resources. Typed, not parsed: the
// type check holds the JSON to the manifest's type, and scripts/tutorials/tutorials.test.ts checks its
// values against the files (no Zod in the public page's bundle).
import type { Tutorial } from "#shared/public-site/tutorials.ts";
import manifest from "../../../public/tutorials/tutorials.json";

export const TUTORIALS: readonly Tutorial[] = manifest.tutorials;
