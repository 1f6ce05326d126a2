// Webhook signing secrets at rest (decision 0037): each delivery must be signed with the endpoint's
// secret, so it cannot be stored as a one-way hash like API keys. It is encrypted with AES-256-GCM
// under a key derived from the session secret (SESSION_SECRET, or the generated one in DATA_DIR):
// a database dump alone does not reveal it. Changing the session secret makes existing secrets
// unreadable; the owner then rotates them (Settings → Integrations).
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";

export type SecretBox = { seal(plain: string): string; open(sealed: string): string };

export function deriveSecretBoxKey(sessionSecret: string): Buffer {
  return createHmac("sha256", sessionSecret).update("leadbroom-webhook-secrets").digest();
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error("the webhook secret key must be 32 bytes");
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), data.toString("base64url")].join(".");
    },
    open(sealed) {
      const [version, iv, tag, data] = sealed.split(".");
      if (version !== "v1" || !iv || !tag || data === undefined) throw new Error("not a sealed webhook secret");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
    },
  };
}
