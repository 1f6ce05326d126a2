// Every case of the corpus, with unique ids.
import { allCases } from "./cases/groups.ts";
import type { Case } from "./types.ts";

export const CORPUS: Case[] = allCases();

const seen = new Set<string>();
for (const c of CORPUS) {
  if (seen.has(c.id)) throw new Error(`Duplicate corpus case id ${c.id}`);
  seen.add(c.id);
}
