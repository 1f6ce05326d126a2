// Sends one webhook POST to an endpoint without SSRF (DESIGN §15): the host name is resolved first,
// every address it resolves to must be allowed (address-policy.ts), and the connection is made to the
// checked address itself (a fixed `lookup`), so a DNS answer that changes between check and connect
// (DNS rebinding) cannot reach an internal address. TLS still verifies the certificate for the host
// name. No redirects are followed; the answer's body is read up to a small cap and dropped.
import { lookup as dnsLookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { ADDRESS_REFUSALS, addressAllowed, classifyAddress, URL_MESSAGES, type AddressPolicy } from "./address-policy.ts";

export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

export const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

export type ResolveResult = { ok: true; address: string; family: number } | { ok: false; message: string };

/** The address to connect to, when every address of the host is allowed. */
export async function resolveAllowed(hostname: string, policy: AddressPolicy, resolver: Resolver): Promise<ResolveResult> {
  const host = hostname.replace(/^\[|\]$/g, "");
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await resolver(host);
    } catch {
      return { ok: false, message: URL_MESSAGES.unresolved };
    }
  }
  if (addresses.length === 0) return { ok: false, message: URL_MESSAGES.unresolved };
  for (const { address } of addresses) {
    const kind = classifyAddress(address);
    if (kind !== "public" && !addressAllowed(kind, policy)) return { ok: false, message: ADDRESS_REFUSALS[kind] };
  }
  return { ok: true, address: addresses[0]!.address, family: addresses[0]!.family };
}

export type PostResult =
  | { kind: "answered"; status: number; durationMs: number }
  | { kind: "refused"; message: string }
  | { kind: "error"; message: string; durationMs: number };

const MAX_RESPONSE_BYTES = 64 * 1024;

/**
 * Posts once, within one deadline for the whole exchange (issue 27): resolving, connecting, the answer's
 * headers and its body. A receiver that drips its answer (a byte every 2 s was once read for 92 s) is
 * cut at `timeoutMs`, and the delivery counts as not answered (retried with backoff).
 */
export async function safePost(
  args: { url: string; body: string | Buffer; headers: Record<string, string>; timeoutMs: number },
  deps: { policy: AddressPolicy; resolver: Resolver },
): Promise<PostResult> {
  const url = new URL(args.url);
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const timedOut = `no complete answer within ${Math.round(args.timeoutMs / 100) / 10} s`;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<"expired">((resolve) => {
    timer = setTimeout(() => resolve("expired"), args.timeoutMs);
  });
  try {
    const resolved = await Promise.race([resolveAllowed(url.hostname, deps.policy, deps.resolver), deadline]);
    if (resolved === "expired") return { kind: "error", message: timedOut, durationMs: elapsed() };
    if (!resolved.ok) return { kind: "refused", message: resolved.message };
    // Connect to the checked address whatever the host name resolves to now.
    const pinned: LookupFunction = (_hostname, options, callback) => {
      if ((options as { all?: boolean }).all) (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address: resolved.address, family: resolved.family }]);
      else callback(null, resolved.address, resolved.family);
    };
    const transport = url.protocol === "https:" ? https : http;
    return await new Promise<PostResult>((resolve) => {
      let settled = false;
      const settle = (result: PostResult) => {
        if (settled) return;
        settled = true;
        resolve(result);
      };
      const request = transport.request(
        url,
        {
          method: "POST",
          lookup: pinned,
          headers: { ...args.headers, "Content-Length": String(Buffer.byteLength(args.body)) },
          agent: false,
        },
        (response) => {
          let read = 0;
          response.on("data", (chunk: Buffer) => {
            read += chunk.length;
            if (read > MAX_RESPONSE_BYTES) response.destroy();
          });
          const done = () => settle({ kind: "answered", status: response.statusCode ?? 0, durationMs: elapsed() });
          response.on("end", done);
          response.on("close", done);
          response.on("error", done);
        },
      );
      // The deadline wins over whatever is still under way: the answer so far does not count.
      void deadline.then(() => {
        settle({ kind: "error", message: timedOut, durationMs: elapsed() });
        request.destroy();
      });
      request.on("error", (error) => settle({ kind: "error", message: error.message, durationMs: elapsed() }));
      request.end(args.body);
    });
  } finally {
    clearTimeout(timer);
  }
}
