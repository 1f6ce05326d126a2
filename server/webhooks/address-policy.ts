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

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail included), or null for anything else. */
function ipv6Groups(address: string): number[] | null {
  if (isIP(address) !== 6) return null;
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const groups = (part: string) => (part ? part.split(":").map((h) => parseInt(h, 16)) : []);
  const [head = "", tail] = text.split("::");
  if (tail === undefined) return groups(head);
  const before = groups(head);
  const after = groups(tail);
  return [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
}

/**
 * IPv6 forms that carry an IPv4 address, however written (Node's URL parser turns `[::127.0.0.1]` into
 * `[::7f00:1]`): IPv4-mapped `::ffff:0:0/96` is the IPv4 it stands for; IPv4-compatible `::/96` (other
 * than `::` and `::1`) and IPv4-translated `::ffff:0:0:0/96` are reserved. Null for any other address.
 */
function embeddedIpv4(address: string): { ipv4: string } | "reserved" | null {
  const g = ipv6Groups(address);
  if (!g || g.length !== 8 || g.slice(0, 4).some((x) => x !== 0)) return null;
  const ipv4 = `${g[6]! >> 8}.${g[6]! & 255}.${g[7]! >> 8}.${g[7]! & 255}`;
  if (g[4] === 0 && g[5] === 0xffff) return { ipv4 };
  if (g[4] === 0xffff && g[5] === 0) return "reserved"; // ::ffff:0:a.b.c.d (IPv4-translated)
  if (g[4] === 0 && g[5] === 0 && (g[6] !== 0 || g[7]! > 1)) return "reserved"; // ::a.b.c.d (IPv4-compatible)
  return null;
}

/** What kind of destination an IP address is; anything that is not an IP address counts as reserved. */
export function classifyAddress(input: string): AddressKind {
  const bare = input.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const embedded = embeddedIpv4(bare);
  if (embedded === "reserved") return "reserved";
  const address = embedded?.ipv4 ?? bare;
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
