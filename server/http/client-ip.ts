// The client's IP behind reverse proxies (TRUST_PROXY): the nearest address that is not a trusted
// proxy, reading X-Forwarded-For from the right. A client can write anything into the header, so only
// the entries added by proxies we trust count: a hop count (the N nearest addresses are proxies) or
// the proxies' addresses and CIDR ranges. The same rule serves Express (`trust proxy`) and the
// socket.io handshake, through `proxy-addr`, the library Express itself uses.
import type { IncomingHttpHeaders } from "node:http";
import proxyaddr from "proxy-addr";

/** Off, the number of proxies in front of the app, or their addresses / CIDRs. */
export type TrustProxy = false | number | string[];

/** Parses TRUST_PROXY: "false"/"0"/unset → off; "2" → two hops; "10.0.0.1, 10.1.0.0/16" → addresses. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const raw = (value ?? "").trim();
  if (raw === "" || raw === "false" || raw === "0") return false;
  if (raw === "true") {
    throw new Error(
      'TRUST_PROXY=true would trust an X-Forwarded-For written by the client; give the number of proxies in front of the app (e.g. "1") or their addresses',
    );
  }
  if (/^\d+$/.test(raw)) return Number(raw);
  const list = raw.split(",").map((s) => s.trim()).filter(Boolean);
  // Validates each address or range now (proxy-addr throws on a bad one) so the process fails at start.
  proxyaddr.compile(list);
  return list;
}

/** The client IP of a connection: its own address, or the nearest untrusted X-Forwarded-For entry. */
export function clientIpOf(remoteAddress: string | undefined, headers: IncomingHttpHeaders, trust: TrustProxy): string {
  if (!remoteAddress) return "unknown";
  if (trust === false) return remoteAddress;
  const fn = typeof trust === "number" ? (_addr: string, i: number) => i < trust : proxyaddr.compile(trust);
  return proxyaddr({ headers, connection: { remoteAddress }, socket: { remoteAddress } } as never, fn);
}
