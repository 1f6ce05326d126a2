// A local Web Push service (issue 34): it stands in for the browser vendor's push service on loopback
// (allowed by WEBHOOKS_ALLOW_LOOPBACK). Each push must carry a valid VAPID JWT (ES256, RFC 8292) signed
// with the server's key, and its aes128gcm body is decrypted with the device's keys (RFC 8291,
// `http_ece`), as a browser would. Devices are made here: a P-256 key pair and an auth secret, as
// PushSubscription.toJSON() gives them.
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import ece from "http_ece";
import type { PushPayload } from "#shared/push/push-input.ts";
import { until } from "./until.ts";

export type ReceivedPush = { path: string; at: number; payload: PushPayload; jwt: { aud: string; exp: number; sub: string } };

export type DeviceKeys = { ecdh: ECDH; p256dh: string; authText: string };

/** A browser profile's push keys (P-256 key pair and auth secret). */
export function deviceKeys(): DeviceKeys {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return { ecdh, p256dh: ecdh.getPublicKey().toString("base64url"), authText: randomBytes(16).toString("base64url") };
}

/** Checks the VAPID `Authorization: vapid t=<JWT>, k=<key>` header against the server's public key, and returns the JWT's claims. */
function checkVapid(header: string | undefined, publicKey: string): ReceivedPush["jwt"] {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(header ?? "");
  if (!match) throw new Error(`no VAPID header: ${header}`);
  const [, token, key] = match as unknown as [string, string, string];
  if (key !== publicKey) throw new Error("the push is signed with another key");
  const [head, body, signature] = token.split(".") as [string, string, string];
  const point = Buffer.from(key, "base64url");
  const jwk = { kty: "EC", crv: "P-256", x: point.subarray(1, 33).toString("base64url"), y: point.subarray(33).toString("base64url") };
  const ok = verify("sha256", Buffer.from(`${head}.${body}`), { key: createPublicKey({ key: jwk, format: "jwk" }), dsaEncoding: "ieee-p1363" }, Buffer.from(signature, "base64url"));
  if (!ok || JSON.parse(Buffer.from(head, "base64url").toString()).alg !== "ES256") throw new Error("bad VAPID signature");
  return JSON.parse(Buffer.from(body, "base64url").toString()) as ReceivedPush["jwt"];
}

export type PushService = {
  origin: string;
  received: ReceivedPush[];
  /** A new device: its endpoint on this service and its keys. */
  device(): { endpoint: string; path: string; keys: DeviceKeys };
  /** Waits until `count` pushes have reached the device at `path` (60 s at most), and returns them. */
  pushesTo(path: string, count: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
};

/** Starts the service; `vapidPublicKey` is read per push (the app server may start after this). */
export async function startPushService(vapidPublicKey: () => string): Promise<PushService> {
  const devices = new Map<string, DeviceKeys>();
  const received: ReceivedPush[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      try {
        const keys = devices.get(req.url ?? "");
        if (!keys) throw new Error(`unknown device ${req.url}`);
        if (req.headers["content-encoding"] !== "aes128gcm") throw new Error("not aes128gcm");
        const jwt = checkVapid(req.headers.authorization, vapidPublicKey());
        const clear = ece.decrypt(Buffer.concat(chunks), { version: "aes128gcm", privateKey: keys.ecdh, authSecret: keys.authText });
        received.push({ path: req.url ?? "", at: Date.now(), payload: JSON.parse(clear.toString("utf8")) as PushPayload, jwt });
        res.writeHead(201).end();
      } catch (error) {
        res.writeHead(400).end(String(error));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    device() {
      const path = `/push/${randomBytes(6).toString("hex")}`;
      const keys = deviceKeys();
      devices.set(path, keys);
      return { endpoint: `${origin}${path}`, path, keys };
    },
    pushesTo: (path, count) =>
      until(
        async () => received.filter((r) => r.path === path),
        (r) => r.length >= count,
        60_000,
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
