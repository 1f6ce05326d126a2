// Reads what a WebM (Matroska/EBML) file says about itself: its duration (Segment > Info > Duration ×
// TimecodeScale) and its video track's size (Segment > Tracks > TrackEntry > Video > PixelWidth/Height).
// Enough of EBML for the files ffmpeg writes; used by the recorder for the manifest and by the test
// that checks the manifest against the files.

const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const TIMECODE_SCALE = 0x2ad7b1;
const DURATION = 0x4489;
const TRACKS = 0x1654ae6b;
const TRACK_ENTRY = 0xae;
const VIDEO = 0xe0;
const PIXEL_WIDTH = 0xb0;
const PIXEL_HEIGHT = 0xba;
const EBML_HEADER = 0x1a45dfa3;

type Element = { id: number; start: number; end: number };

/** An EBML variable-length integer at `pos`: its value (marker bit kept for ids) and length. */
function vint(bytes: Uint8Array, pos: number, keepMarker: boolean): { value: number; length: number; unknown: boolean } {
  const first = bytes[pos];
  if (first === undefined || first === 0) throw new Error(`not an EBML number at byte ${pos}`);
  const length = Math.clz32(first) - 23;
  if (pos + length > bytes.length) throw new Error(`EBML number past the end at byte ${pos}`);
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + bytes[pos + i]!;
    if (bytes[pos + i] !== 0xff) allOnes = false;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

function children(bytes: Uint8Array, start: number, end: number): Element[] {
  const out: Element[] = [];
  let pos = start;
  while (pos < end) {
    const id = vint(bytes, pos, true);
    const size = vint(bytes, pos + id.length, false);
    const dataStart = pos + id.length + size.length;
    const dataEnd = size.unknown ? end : dataStart + size.value;
    out.push({ id: id.value, start: dataStart, end: Math.min(dataEnd, end) });
    pos = dataEnd;
  }
  return out;
}

const find = (list: Element[], id: number) => list.find((e) => e.id === id);

function uint(bytes: Uint8Array, e: Element): number {
  let value = 0;
  for (let i = e.start; i < e.end; i++) value = value * 256 + bytes[i]!;
  return value;
}

function float(bytes: Uint8Array, e: Element): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset + e.start, e.end - e.start);
  if (e.end - e.start === 4) return view.getFloat32(0);
  if (e.end - e.start === 8) return view.getFloat64(0);
  throw new Error(`a float of ${e.end - e.start} bytes`);
}

export type WebmInfo = { durationSeconds: number; width: number; height: number };

export function readWebmInfo(bytes: Uint8Array): WebmInfo {
  const top = children(bytes, 0, bytes.length);
  if (top[0]?.id !== EBML_HEADER) throw new Error("not an EBML file");
  const segment = find(top, SEGMENT);
  if (!segment) throw new Error("no Segment");
  const parts = children(bytes, segment.start, segment.end);
  const info = find(parts, INFO);
  if (!info) throw new Error("no Segment Info");
  const infoFields = children(bytes, info.start, info.end);
  const duration = find(infoFields, DURATION);
  if (!duration) throw new Error("the file states no duration (was it finished?)");
  const scale = find(infoFields, TIMECODE_SCALE);
  const nanosPerTick = scale ? uint(bytes, scale) : 1_000_000;
  const tracks = find(parts, TRACKS);
  let width = 0;
  let height = 0;
  for (const entry of tracks ? children(bytes, tracks.start, tracks.end).filter((e) => e.id === TRACK_ENTRY) : []) {
    const video = find(children(bytes, entry.start, entry.end), VIDEO);
    if (!video) continue;
    const fields = children(bytes, video.start, video.end);
    width = uint(bytes, find(fields, PIXEL_WIDTH)!);
    height = uint(bytes, find(fields, PIXEL_HEIGHT)!);
  }
  if (!width || !height) throw new Error("no video track");
  return { durationSeconds: (float(bytes, duration) * nanosPerTick) / 1e9, width, height };
}
