import { describe, expect, it } from "vitest";
import { singleLine } from "./single-line.ts";

describe("singleLine", () => {
  it("turns every run of control characters into one space", () => {
    expect(singleLine("Acme\r\nBcc: x@evil.test")).toBe("Acme Bcc: x@evil.test");
    expect(singleLine("a\u0000b\tc\u0085d\u2028e\u007ff\u001b[31m")).toBe("a b c d e f [31m");
    expect(singleLine("Plain text — café, 日本")).toBe("Plain text — café, 日本");
  });
});
