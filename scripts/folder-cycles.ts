// Folder-level import cycles (decision 0049), run by `npm run lint` after ESLint. ESLint's
// import-x/no-cycle sees cycles between single modules; this sees them between folders: the folders of
// server/ (server/leads, server/jobs/queue, server/shared/time, …) form a graph by their modules'
// imports (type-only imports included: a type ties two folders as much as a value; tests excluded).
// Two folders that import each other can be neither understood, moved nor tested apart: that fails.
// The composition root (server/*.ts: main, app, services) sits above every folder and is no node.
//
// KNOWN lists the mutual pairs that existed when the rule came (issue 30) and are not removed yet: a
// ratchet. A new pair fails; a listed pair that is gone fails too, until it is struck from the list.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const serverDir = path.join(root, "server");

export const KNOWN: readonly string[] = [
  // REST hooks manage webhook endpoints; webhook payloads reuse the API's lead and conversation JSON.
  "api <-> webhooks",
  // The chat captures its lead (decision 0007); the lead page shows its conversation's transcript.
  "chat <-> leads",
  // Unsubscribing stops outreach sequences; outreach e-mails go through mail.
  "mail <-> outreach",
];

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (path.relative(serverDir, full) !== path.join("db", "generated")) out.push(...sourceFiles(full));
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")) {
      out.push(full);
    }
  }
  return out;
}

/** The folder of a file under server/ ("leads", "jobs/queue"), or null for the composition root. */
export function folderOf(file: string): string | null {
  const rel = path.relative(serverDir, file);
  if (rel.startsWith("..")) return null;
  // The realtime contract (types only, spoken by server, widget and dashboard; decision 0039) is a
  // node of its own: a domain folder naming a message type does not depend on the socket transport.
  if (rel === path.join("realtime", "protocol.ts")) return "realtime/protocol.ts";
  const dir = path.dirname(rel);
  return dir === "." ? null : dir.split(path.sep).join("/");
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?\sfrom\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

export type FolderEdge = { from: string; to: string; file: string; specifier: string };

/** The folder-to-folder imports of these modules (`sources` maps a file to its text). */
export function folderEdges(sources: Map<string, string>): FolderEdge[] {
  const edges: FolderEdge[] = [];
  for (const [file, text] of sources) {
    const from = folderOf(file);
    if (!from) continue;
    for (const match of text.matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2]!;
      let target: string | null = null;
      if (specifier.startsWith(".")) target = path.resolve(path.dirname(file), specifier);
      else if (specifier.startsWith("#server/")) target = path.join(serverDir, specifier.slice("#server/".length));
      else if (specifier.startsWith("#shared/")) target = path.join(serverDir, "shared", specifier.slice("#shared/".length));
      const to = target ? folderOf(target) : null;
      if (to && to !== from) edges.push({ from, to, file: path.relative(root, file), specifier });
    }
  }
  return edges;
}

/** Pairs of folders that import each other, as "a <-> b" (a before b), each with one import either way. */
export function mutualPairs(edges: FolderEdge[]): Map<string, [FolderEdge, FolderEdge]> {
  const first = new Map<string, FolderEdge>();
  for (const e of edges) if (!first.has(`${e.from}->${e.to}`)) first.set(`${e.from}->${e.to}`, e);
  const pairs = new Map<string, [FolderEdge, FolderEdge]>();
  for (const e of first.values()) {
    const back = first.get(`${e.to}->${e.from}`);
    if (back && e.from < e.to) pairs.set(`${e.from} <-> ${e.to}`, [e, back]);
  }
  return new Map([...pairs].sort(([a], [b]) => a.localeCompare(b)));
}

function main(): void {
  const sources = new Map(sourceFiles(serverDir).map((file) => [file, readFileSync(file, "utf8")]));
  const pairs = mutualPairs(folderEdges(sources));
  const problems: string[] = [];
  for (const [pair, [there, back]] of pairs) {
    if (KNOWN.includes(pair)) continue;
    problems.push(`Folders import each other: ${pair}\n  ${there.file} imports ${there.specifier}\n  ${back.file} imports ${back.specifier}`);
  }
  for (const pair of KNOWN) if (!pairs.has(pair)) problems.push(`${pair} is no longer a cycle: strike it from KNOWN in scripts/folder-cycles.ts`);
  if (problems.length) {
    console.error(`${problems.join("\n\n")}\n\nMove what both need to one side (or to server/shared), or invert the dependency.`);
    process.exitCode = 1;
  } else {
    console.log(`folder-cycles: no new import cycles between the folders of server/ (${KNOWN.length} known, issue 30)`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) main();
