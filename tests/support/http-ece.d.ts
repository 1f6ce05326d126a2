// Types of `http_ece` (RFC 8188 / 8291 content encoding), which ships none: only what the Web Push
// test uses to decrypt a push as the browser would.
declare module "http_ece" {
  import type { ECDH } from "node:crypto";
  export function decrypt(buffer: Buffer, params: { version: "aes128gcm"; privateKey: ECDH; authSecret: string }): Buffer;
  const ece: { decrypt: typeof decrypt };
  export default ece;
}
