import { describe, expect, it } from "vitest";
import { hashPassword, NO_PASSWORD_HASH, verifyPassword } from "./password.server.ts";

describe("password hashes", () => {
  it("verify the password they were made from, and no other", async () => {
    const hash = await hashPassword("Correct-Horse-2026");
    expect(hash.startsWith("$argon2id$")).toBe(true);
    expect(await verifyPassword(hash, "Correct-Horse-2026")).toBe(true);
    expect(await verifyPassword(hash, "correct-horse-2026")).toBe(false);
  });

  it("an account without a password (a demo sandbox's owner) is verified by no password at all", async () => {
    for (const attempt of ["", NO_PASSWORD_HASH, "!", "password", "Correct-Horse-2026"]) {
      expect(await verifyPassword(NO_PASSWORD_HASH, attempt)).toBe(false);
    }
  });

  it("a damaged stored hash verifies nothing instead of throwing", async () => {
    expect(await verifyPassword("$argon2id$v=19$broken", "anything")).toBe(false);
  });
});
