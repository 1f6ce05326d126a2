import { describe, expect, it } from "vitest";
import { ADDRESS_REFUSALS, addressAllowed, checkEndpointUrl, classifyAddress, URL_MESSAGES } from "./address-policy.ts";
import { resolveAllowed, type Resolver } from "./safe-request.server.ts";

describe("classifyAddress", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.8.9.10", "loopback"],
    ["::1", "loopback"],
    ["[::1]", "loopback"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.10", "private"],
    ["100.64.0.1", "private"],
    ["fd12:3456::1", "private"],
    ["::ffff:10.0.0.1", "private"],
    ["169.254.169.254", "link-local"],
    ["fe80::1", "link-local"],
    ["fe80::1%eth0", "link-local"],
    ["0.0.0.0", "reserved"],
    ["::", "reserved"],
    ["224.0.0.1", "reserved"],
    ["255.255.255.255", "reserved"],
    ["64:ff9b::a00:1", "reserved"],
    // IPv4-compatible ::/96, dotted and as Node's URL parser writes it ([::127.0.0.1] → [::7f00:1]).
    ["::127.0.0.1", "reserved"],
    ["::7f00:1", "reserved"],
    ["[::a9fe:a9fe]", "reserved"],
    ["::169.254.169.254", "reserved"],
    ["0:0:0:0:0:0:a00:1", "reserved"],
    ["::0.0.0.2", "reserved"],
    // IPv4-translated ::ffff:0:0:0/96.
    ["::ffff:0:127.0.0.1", "reserved"],
    ["::ffff:0:7f00:1", "reserved"],
    ["::ffff:0:a9fe:a9fe", "reserved"],
    ["0:0:0:0:ffff:0:808:808", "reserved"],
    // IPv4-mapped, however written, is the IPv4 it stands for.
    ["0:0:0:0:0:ffff:a9fe:a9fe", "link-local"],
    ["::ffff:8.8.8.8", "public"],
    ["not-an-ip", "reserved"],
    ["8.8.8.8", "public"],
    ["172.32.0.1", "public"],
    ["93.184.216.34", "public"],
    ["2606:4700::1111", "public"],
  ])("%s is %s", (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });

  it("allows loopback only with the development switch, private and link-local never", () => {
    expect(addressAllowed("public", { allowLoopback: false })).toBe(true);
    expect(addressAllowed("loopback", { allowLoopback: false })).toBe(false);
    expect(addressAllowed("loopback", { allowLoopback: true })).toBe(true);
    expect(addressAllowed("private", { allowLoopback: true })).toBe(false);
    expect(addressAllowed("link-local", { allowLoopback: true })).toBe(false);
  });
});

describe("checkEndpointUrl", () => {
  const production = { allowLoopback: false };
  it("wants an absolute https URL without credentials", () => {
    expect(checkEndpointUrl("https://hooks.example.com/leadbroom#x", production)).toMatchObject({ ok: true });
    expect(checkEndpointUrl("http://hooks.example.com/", production)).toEqual({ ok: false, message: URL_MESSAGES.https });
    expect(checkEndpointUrl("http://localhost:3000/", { allowLoopback: true })).toMatchObject({ ok: true });
    expect(checkEndpointUrl("ftp://example.com/", production)).toEqual({ ok: false, message: URL_MESSAGES.invalid });
    expect(checkEndpointUrl("example.com/hook", production)).toEqual({ ok: false, message: URL_MESSAGES.invalid });
    expect(checkEndpointUrl("https://user:pw@example.com/", production)).toEqual({ ok: false, message: URL_MESSAGES.credentials });
    expect(checkEndpointUrl(`https://example.com/${"a".repeat(500)}`, production)).toEqual({ ok: false, message: URL_MESSAGES.tooLong });
  });
});

describe("resolveAllowed (the check before any connection)", () => {
  const stub = (answers: Record<string, string[]>): Resolver => async (host) => {
    const list = answers[host];
    if (!list) throw Object.assign(new Error("ENOTFOUND"), { code: "ENOTFOUND" });
    return list.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
  const resolver = stub({
    "public.example": ["93.184.216.34"],
    "mixed.example": ["93.184.216.34", "10.0.0.5"],
    "metadata.example": ["169.254.169.254"],
    "v6private.example": ["fd00::1"],
    "localhost": ["127.0.0.1", "::1"],
  });
  const production = { allowLoopback: false };

  it("answers the address to connect to when every address is public", async () => {
    expect(await resolveAllowed("public.example", production, resolver)).toEqual({ ok: true, address: "93.184.216.34", family: 4 });
  });

  it("refuses a host when any of its addresses is private, link-local or loopback", async () => {
    expect(await resolveAllowed("mixed.example", production, resolver)).toMatchObject({ ok: false, message: expect.stringContaining("private network") });
    expect(await resolveAllowed("metadata.example", production, resolver)).toMatchObject({ ok: false, message: expect.stringContaining("link-local") });
    expect(await resolveAllowed("v6private.example", production, resolver)).toMatchObject({ ok: false, message: expect.stringContaining("private network") });
    expect(await resolveAllowed("localhost", production, resolver)).toMatchObject({ ok: false, message: expect.stringContaining("loopback") });
    expect(await resolveAllowed("[::1]", production, resolver)).toMatchObject({ ok: false, message: expect.stringContaining("loopback") });
    expect(await resolveAllowed("10.0.0.1", production, resolver)).toMatchObject({ ok: false });
    expect(await resolveAllowed("unknown.example", production, resolver)).toEqual({ ok: false, message: URL_MESSAGES.unresolved });
  });

  it("refuses IPv4-compatible and IPv4-translated literals in a URL, as Node's URL parser normalises them", async () => {
    for (const literal of ["[::127.0.0.1]", "[::169.254.169.254]", "[::7f00:1]", "[::ffff:0:127.0.0.1]", "[::ffff:0:a9fe:a9fe]", "[::10.0.0.1]"]) {
      const checked = checkEndpointUrl(`https://${literal}/hook`, { allowLoopback: true });
      if (!checked.ok) throw new Error(checked.message);
      expect(checked.url.hostname).toMatch(/^\[::(ffff:0:)?[0-9a-f]{1,4}:[0-9a-f]{1,4}\]$/); // e.g. [::7f00:1]
      // Refused even with the development switch: not loopback, reserved.
      for (const policy of [production, { allowLoopback: true }])
        expect(await resolveAllowed(checked.url.hostname, policy, resolver), literal).toEqual({ ok: false, message: ADDRESS_REFUSALS.reserved });
    }
  });

  it("allows loopback with the development switch", async () => {
    expect(await resolveAllowed("localhost", { allowLoopback: true }, resolver)).toMatchObject({ ok: true, address: "127.0.0.1" });
  });
});
