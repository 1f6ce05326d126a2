// The VAPID key pair that signs every push (RFC 8292, DESIGN §20): from VAPID_PUBLIC_KEY /
// VAPID_PRIVATE_KEY when set, otherwise generated once into DATA_DIR/vapid.json (mode 0600) and read
// from there at every start, so subscriptions made by browsers keep working across restarts. Several
// instances (scale-out) must share one pair: set the variables (docs/deploy notes in README).
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import webpush from "web-push";
import type { Env } from "../config/env.server.ts";

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

const KEY_FILE = "vapid.json";

export function loadVapidKeys(env: Pick<Env, "DATA_DIR" | "VAPID_PUBLIC_KEY" | "VAPID_PRIVATE_KEY" | "VAPID_SUBJECT" | "PUBLIC_APP_URL" | "MAIL_FROM">): VapidKeys {
  const subject = env.VAPID_SUBJECT ?? defaultSubject(env.PUBLIC_APP_URL, env.MAIL_FROM);
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  const file = path.resolve(env.DATA_DIR, KEY_FILE);
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, "utf8")) as { publicKey?: unknown; privateKey?: unknown };
    if (typeof stored.publicKey !== "string" || typeof stored.privateKey !== "string") {
      throw new Error(`${file} is not a VAPID key pair: remove it to generate a new one (devices must subscribe again)`);
    }
    return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
  }
  const generated = webpush.generateVAPIDKeys();
  mkdirSync(path.dirname(file), { recursive: true });
  // `wx`: a second process starting at the same moment does not overwrite the first one's pair.
  try {
    writeFileSync(file, JSON.stringify({ publicKey: generated.publicKey, privateKey: generated.privateKey }), { flag: "wx", mode: 0o600 });
    chmodSync(file, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return loadVapidKeys(env);
    throw error;
  }
  return { ...generated, subject };
}

/** `https://` of the public URL when it has one, else `mailto:` the sender's address. */
export function defaultSubject(publicAppUrl: string, mailFrom: string): string {
  if (publicAppUrl.startsWith("https://")) return new URL(publicAppUrl).origin;
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}
