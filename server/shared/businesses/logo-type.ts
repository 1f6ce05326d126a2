// Logo uploads (spec §2.14 Business Profile): which images are accepted, recognised by their content
// (magic bytes), never by the file name or the browser's claimed type. Pure: the page shares the limits.
// SVG is refused: it can carry scripts, and a logo opened directly would run them on the app's origin.

export const LOGO_MAX_BYTES = 2 * 1024 * 1024;

export const LOGO_TYPES = {
  png: "image/png",
  jpg: "image/jpeg",
  webp: "image/webp",
} as const;
export type LogoExtension = keyof typeof LOGO_TYPES;

/** For the file input's accept attribute (a hint only; the server checks the bytes). */
export const LOGO_ACCEPT = "image/png,image/jpeg,image/webp";

export const LOGO_MESSAGES = {
  missing: "Choose an image file to upload.",
  tooLarge: "The logo must be 2 MB or smaller.",
  wrongType: "The logo must be a PNG, JPEG or WebP image.",
  saved: "Logo uploaded.",
  removed: "Logo removed.",
} as const;

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

/** The image type of these bytes, or null when they are not a PNG, JPEG or WebP image. */
export function sniffLogoType(bytes: Uint8Array): LogoExtension | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpg";
  // RIFF <size> WEBP
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return "webp";
  return null;
}

/** Stored logo names: 32 random base64url characters and the detected extension. */
export const LOGO_FILE_NAME = /^[A-Za-z0-9_-]{32}\.(png|jpg|webp)$/;
