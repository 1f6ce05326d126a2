import { describe, expect, it } from "vitest";
import { LOGO_FILE_NAME, sniffLogoType } from "./logo-type.ts";

describe("logo type by magic bytes", () => {
  it("recognises PNG, JPEG and WebP", () => {
    expect(sniffLogoType(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toBe("png");
    expect(sniffLogoType(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe("jpg");
    expect(sniffLogoType(new TextEncoder().encode("RIFF\u0000\u0000\u0000\u0000WEBPVP8 "))).toBe("webp");
  });
  it("refuses everything else, including SVG and truncated signatures", () => {
    expect(sniffLogoType(new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
    expect(sniffLogoType(new TextEncoder().encode("GIF89a"))).toBeNull();
    expect(sniffLogoType(Uint8Array.from([0x89, 0x50, 0x4e]))).toBeNull();
    expect(sniffLogoType(new TextEncoder().encode("RIFF\u0000\u0000\u0000\u0000WAVE"))).toBeNull();
  });
  it("accepts only our own stored names", () => {
    expect(LOGO_FILE_NAME.test(`${"a".repeat(32)}.png`)).toBe(true);
    expect(LOGO_FILE_NAME.test(`../${"a".repeat(29)}.png`)).toBe(false);
    expect(LOGO_FILE_NAME.test(`${"a".repeat(32)}.svg`)).toBe(false);
  });
});
