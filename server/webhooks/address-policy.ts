// SSRF guard of outgoing webhooks (DESIGN §15): which destination addresses LeadBroom refuses to
// connect to. Checked when an endpoint is registered and again at every delivery on the resolved
// addresses (delivery connects to the very address checked, so DNS cannot change it in between).
// Pure (node:net's BlockList and isIP only).
import { BlockList, isIP } from "node:net";
import { WEBHOOK_MESSAGES, WEBHOOK_URL_MAX } from "../shared/webhooks/webhook-input.ts";

export type AddressKind = "public" | "loopback" | "private" | "link-local" | "reserved";

function blockList(ranges: [string, number, "ipv4" | "ipv6"][]): BlockList {
  const list = new BlockList();
  for (const [address, prefix, family] of ranges) list.addSubnet(address, prefix, family);
  return list;
}

const loopback = blockList([
  ["127.0.0.0", 8, "ipv4"],
  ["::1", 128, "ipv6"],
]);
const privateRanges = blockList([
  ["10.0.0.0", 8, "ipv4"],
  ["172.16.0.0", 12, "ipv4"],
  ["192.168.0.0", 16, "ipv4"],
  ["100.64.0.0", 10, "ipv4"], // carrier-grade NAT
  ["fc00::", 7, "ipv6"], // unique local
]);
const linkLocal = blockList([
  ["169.254.0.0", 16, "ipv4"], // includes cloud metadata (169.254.169.254)
  ["fe80::", 10, "ipv6"],
]);
const reserved = blockList([
  ["0.0.0.0", 8, "ipv4"],
  ["192.0.0.0", 24, "ipv4"],
  ["192.0.2.0", 24, "ipv4"],
  ["198.18.0.0", 15, "ipv4"],
  ["198.51.100.0", 24, "ipv4"],
  ["203.0.113.0", 24, "ipv4"],
  ["224.0.0.0", 4, "ipv4"], // multicast
  ["240.0.0.0", 4, "ipv4"], // reserved and broadcast
  ["::", 128, "ipv6"],
  ["64:ff9b::", 96, "ipv6"], // NAT64: may embed any IPv4 address
  ["64:ff9b:1::", 48, "ipv6"],
  ["100::", 64, "ipv6"],
  ["2001:db8::", 32, "ipv6"],
  ["2002::", 16, "ipv6"], // 6to4: embeds an IPv4 address
  ["ff00::", 8, "ipv6"],
]);

/** An IPv4 address written as IPv6 (`::ffff:10.0.0.1`, `::ffff:a00:1`) as the IPv4 it stands for. */
function unmapped(address: string): string {
  const lower = address.toLowerCase();
  const dotted = /^(?:0{0,4}:){0,5}:?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower) ?? /^::(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^(?:0{0,4}:){0,5}:?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const high = parseInt(hex[1]!, 16);
    const low = parseInt(hex[2]!, 16);
    return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  }
  return address;
}

/** What kind of destination an IP address is; anything that is not an IP address counts as reserved. */
export function classifyAddress(input: string): AddressKind {
  const address = unmapped(input.replace(/^\[|\]$/g, "").replace(/%.*$/, ""));
  const family = isIP(address);
  if (family === 0) return "reserved";
  const type = family === 4 ? "ipv4" : "ipv6";
  if (loopback.check(address, type)) return "loopback";
  if (privateRanges.check(address, type)) return "private";
  if (linkLocal.check(address, type)) return "link-local";
  if (reserved.check(address, type)) return "reserved";
  return "public";
}

/** Which kinds a deployment allows: public always; loopback only with the development switch. */
export type AddressPolicy = { allowLoopback: boolean };

export function addressAllowed(kind: AddressKind, policy: AddressPolicy): boolean {
  return kind === "public" || (kind === "loopback" && policy.allowLoopback);
}

export const ADDRESS_REFUSALS: Record<Exclude<AddressKind, "public">, string> = {
  loopback: "The endpoint's address is a loopback address (this server itself). Use a public HTTPS address.",
  private: "The endpoint's address is in a private network range. Use a public HTTPS address.",
  "link-local": "The endpoint's address is a link-local address. Use a public HTTPS address.",
  reserved: "The endpoint's address is in a reserved range. Use a public HTTPS address.",
};

export const URL_MESSAGES = {
  invalid: WEBHOOK_MESSAGES.invalidUrl,
  https: "The endpoint must use HTTPS.",
  credentials: "Do not put a user name or password in the URL; check the signature instead.",
  tooLong: "The URL must be at most 500 characters.",
  unresolved: "The endpoint's host name could not be resolved. Check the address.",
} as const;

/**
 * The URL's shape: absolute, https (http only with the development switch), no credentials. Returns the
 * normalised URL or the message to show.
 */
export function checkEndpointUrl(input: string, policy: AddressPolicy): { ok: true; url: URL } | { ok: false; message: string } {
  const text = input.trim();
  if (text.length > WEBHOOK_URL_MAX) return { ok: false, message: URL_MESSAGES.tooLong };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, message: URL_MESSAGES.invalid };
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && policy.allowLoopback)) {
    return { ok: false, message: url.protocol === "http:" ? URL_MESSAGES.https : URL_MESSAGES.invalid };
  }
  if (url.username || url.password) return { ok: false, message: URL_MESSAGES.credentials };
  if (!url.hostname) return { ok: false, message: URL_MESSAGES.invalid };
  url.hash = "";
  return { ok: true, url };
}
