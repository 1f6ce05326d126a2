// Password hashing: argon2id with OWASP's minimum parameters (m=19 MiB, t=2, p=1).
import { hash, verify } from "@node-rs/argon2";

const ARGON2ID = 2; // @node-rs/argon2 Algorithm.Argon2id (a const enum, not importable under isolatedModules)

const options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * The stored hash of an account that has no password (a demo sandbox's owner, signed in only by the demo
 * button): not a PHC string, so no password verifies against it, and making it costs no hashing.
 */
export const NO_PASSWORD_HASH = "!no-password";

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  if (passwordHash === NO_PASSWORD_HASH) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
