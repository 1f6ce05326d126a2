import { describe, expect, it } from "vitest";
import { checkMessageText, pageOriginAndPath } from "./widget-payloads.ts";

describe("checkMessageText", () => {
  it.each(["a\u0000b", "\u0007", "x\u001b[0m", "del\u007f"])("refuses the control character in %j", (text) => {
    expect(checkMessageText(text)).toEqual({ ok: false, error: "invalid_payload" });
  });
  it("keeps line breaks and tabs", () => {
    expect(checkMessageText(" one\ntwo\tthree\r\n ")).toEqual({ ok: true, text: "one\ntwo\tthree" });
  });
});

describe("pageOriginAndPath", () => {
  it.each([
    ["https://customer.example/reset-password?token=abc#x", "https://customer.example/reset-password"],
    ["http://customer.example:8080/a/b/", "http://customer.example:8080/a/b/"],
    ["https://customer.example", "https://customer.example/"],
    ["javascript:alert(1)", undefined],
    ["not a url", undefined],
    [undefined, undefined],
  ])("%j → %j", (input, output) => {
    expect(pageOriginAndPath(input)).toBe(output);
  });
});
