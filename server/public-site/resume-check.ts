// Recognises a résumé by its bytes, not its name: PDF (%PDF-), legacy Word .doc (an OLE compound
// file, D0 CF 11 E0 A1 B1 1A E1) and Word .docx (a ZIP whose central directory lists word/ entries).
import type { ResumeKind } from "../shared/public-site/careers.ts";

const OLE_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP_LOCAL_HEADER = 0x04034b50;
const ZIP_END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const ZIP_CENTRAL_HEADER = 0x02014b50;

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((b, i) => bytes[i] === b);
}

function isPdf(bytes: Uint8Array): boolean {
  // "%PDF-" within the first 1 KB (the PDF spec allows leading bytes), and an end-of-file marker.
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 1024));
  if (!head.includes("%PDF-")) return false;
  const tail = new TextDecoder("latin1").decode(bytes.subarray(Math.max(0, bytes.length - 2048)));
  return tail.includes("%%EOF");
}

/** The entry names of a ZIP's central directory, or null when the bytes are not a well-formed ZIP. */
export function zipEntryNames(bytes: Uint8Array): string[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 22 || view.getUint32(0, true) !== ZIP_LOCAL_HEADER) return null;
  // The end-of-central-directory record is in the last 22 + 65,535 (comment) bytes.
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === ZIP_END_OF_CENTRAL_DIRECTORY) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = view.getUint16(eocd + 10, true);
  let offset = view.getUint32(eocd + 16, true);
  const names: string[] = [];
  const decoder = new TextDecoder();
  for (let n = 0; n < count; n++) {
    if (offset + 46 > bytes.length || view.getUint32(offset, true) !== ZIP_CENTRAL_HEADER) return null;
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    if (offset + 46 + nameLength > bytes.length) return null;
    names.push(decoder.decode(bytes.subarray(offset + 46, offset + 46 + nameLength)));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

/** What the bytes are, among the accepted résumé kinds; null for anything else. */
export function detectResumeKind(bytes: Uint8Array): ResumeKind | null {
  if (isPdf(bytes)) return "pdf";
  if (startsWith(bytes, OLE_SIGNATURE)) return "doc";
  const entries = zipEntryNames(bytes);
  if (entries && entries.includes("[Content_Types].xml") && entries.some((name) => name.startsWith("word/"))) return "docx";
  return null;
}

export const RESUME_CONTENT_TYPES: Record<ResumeKind, string> = {
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};
