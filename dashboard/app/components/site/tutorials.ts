// The recorded tutorials' manifest (decision 0081), bundled with the page and checked on import: a
// manifest that does not fit the schema fails the build's pages, not a visitor's click.
import { tutorialManifestSchema } from "#shared/public-site/tutorials.ts";
import manifest from "../../../public/tutorials/tutorials.json";

export const TUTORIALS = tutorialManifestSchema.parse(manifest).tutorials;
