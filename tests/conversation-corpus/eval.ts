// npm run eval:conversation [-- --verbose] [-- --group <text>] [-- --id <text>]: plays the corpus through
// the rules engine and prints per-field accuracy, conversations with every field right, re-asks per
// conversation and reply expectations met; --verbose prints each failing case with its transcript.
import { CORPUS } from "./corpus.ts";
import { evaluate } from "./play.ts";

const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const group = arg("--group");
const id = arg("--id");
const verbose = args.includes("--verbose") || Boolean(id);
const cases = CORPUS.filter((c) => (!group || c.group.includes(group)) && (!id || c.id.includes(id)));

const pct = (n: number, d: number) => (d === 0 ? "-" : `${((100 * n) / d).toFixed(1)} %`);
const started = performance.now();
const s = await evaluate(cases);
const ms = Math.round(performance.now() - started);

if (verbose) {
  for (const r of s.results) {
    if (r.wrong.length === 0 && r.expectations.failed.length === 0) continue;
    console.log(`\n=== ${r.id} (${r.group})`);
    for (const w of r.wrong) console.log(`  field ${w.field}: want ${JSON.stringify(w.want)}, got ${JSON.stringify(w.got)}`);
    for (const f of r.expectations.failed) console.log(`  reply ${f}`);
    console.log(r.transcript.map((l) => `    ${l}`).join("\n"));
  }
}

console.log(`\nConversation corpus: ${s.conversations} conversations (${ms} ms)`);
console.log("\nField accuracy:");
for (const [field, { right, total }] of Object.entries(s.fields)) console.log(`  ${field.padEnd(20)} ${String(right).padStart(4)}/${total}  ${pct(right, total)}`);
console.log(`\nAll fields right:     ${s.allRight}/${s.conversations}  ${pct(s.allRight, s.conversations)}`);
console.log(`Fields right:         ${s.fieldsRight}/${s.fieldsTotal}  ${pct(s.fieldsRight, s.fieldsTotal)}`);
console.log(`Re-asks per conv.:    ${(s.reasks / Math.max(1, s.conversations)).toFixed(3)} (${s.reasks} in all)`);
console.log(`Reply expectations:   ${s.expectationsMet}/${s.expectationsTotal}  ${pct(s.expectationsMet, s.expectationsTotal)}`);

const groups = new Map<string, { n: number; right: number; exp: number; met: number }>();
for (const r of s.results) {
  const g = groups.get(r.group) ?? { n: 0, right: 0, exp: 0, met: 0 };
  g.n++;
  if (r.wrong.length === 0) g.right++;
  g.exp += r.expectations.total;
  g.met += r.expectations.met;
  groups.set(r.group, g);
}
console.log("\nBy group (all fields right, reply expectations met):");
for (const [name, g] of [...groups].sort()) console.log(`  ${name.padEnd(48)} ${String(g.right).padStart(3)}/${g.n}   ${g.met}/${g.exp}`);
