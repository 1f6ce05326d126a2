// WebVTT captions: written by the recorder from the steps it performs (each cue from the moment the
// step began to the next step), and parsed back by the tests.

export type Cue = { start: number; end: number; text: string };

function timestamp(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor(ms / 60_000) % 60;
  const s = Math.floor(ms / 1000) % 60;
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}.${String(ms % 1000).padStart(3, "0")}`;
}

/** Cue text is markup: "<" would open a tag ("</body>" vanish), "&" an entity. */
const escapeText = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
const unescapeText = (text: string) => text.replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&");

export function writeWebVtt(cues: Cue[]): string {
  return `WEBVTT\n\n${cues.map((c, i) => `${i + 1}\n${timestamp(c.start)} --> ${timestamp(c.end)}\n${escapeText(c.text)}\n`).join("\n")}`;
}

function seconds(text: string): number {
  const match = /^(?:(\d+):)?(\d{2}):(\d{2})\.(\d{3})$/.exec(text);
  if (!match) throw new Error(`not a WebVTT timestamp: ${text}`);
  return Number(match[1] ?? 0) * 3600 + Number(match[2]) * 60 + Number(match[3]) + Number(match[4]) / 1000;
}

/** Parses cues (identifiers optional, settings after the end time ignored, text unescaped); throws on a malformed file. */
export function parseWebVtt(source: string): Cue[] {
  const blocks = source.replace(/\r\n?/g, "\n").split(/\n{2,}/);
  if (!/^(\uFEFF)?WEBVTT([ \t].*)?$/.test(blocks[0]!.split("\n")[0]!)) throw new Error("no WEBVTT header");
  const cues: Cue[] = [];
  for (const block of blocks.slice(1)) {
    const lines = block.split("\n").filter((l) => l !== "");
    if (lines.length === 0 || /^NOTE($|\s)/.test(lines[0]!)) continue;
    const timing = lines.findIndex((l) => l.includes("-->"));
    if (timing < 0 || timing > 1) throw new Error(`a cue without timings: ${block}`);
    const [from, rest] = lines[timing]!.split("-->").map((s) => s.trim());
    const cue = { start: seconds(from!), end: seconds(rest!.split(/\s+/)[0]!), text: unescapeText(lines.slice(timing + 1).join("\n")) };
    if (!(cue.end > cue.start)) throw new Error(`a cue that ends before it starts: ${lines[timing]}`);
    if (!cue.text) throw new Error(`a cue without text: ${lines[timing]}`);
    cues.push(cue);
  }
  return cues;
}
