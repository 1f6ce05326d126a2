// The error catalogue of spec §8 for sign-in, reset and registration.
import { describe, expect, it } from "vitest";
import { fallbackMessages, loginErrorMessage, registerErrorMessage, resetErrorMessage } from "./errors.ts";

const LOGIN_FALLBACK = "Failed to sign in. Please check your credentials and try again.";
const RESET_FALLBACK = "Failed to send reset email. Please try again.";
const REGISTER_FALLBACK = "Failed to create account. Please try again.";

// Codes that are not in any table, including names inherited from Object.prototype.
const UNKNOWN_CODES = [
  undefined,
  "",
  "internal",
  "USER-NOT-FOUND",
  "user-not-found ",
  "toString",
  "constructor",
  "hasOwnProperty",
  "valueOf",
  "__proto__",
  "isPrototypeOf",
];

describe("fallbackMessages", () => {
  it("are the exact texts of spec §8", () => {
    expect(fallbackMessages).toEqual({ login: LOGIN_FALLBACK, reset: RESET_FALLBACK, register: REGISTER_FALLBACK });
  });
});

describe("loginErrorMessage", () => {
  it.each([
    ["user-not-found", "No account found with this email address"],
    ["wrong-password", "Incorrect password"],
    ["invalid-email", "Invalid email address"],
    ["too-many-requests", "Too many failed attempts. Please try again later"],
    ["email-already-in-use", LOGIN_FALLBACK],
    ["weak-password", LOGIN_FALLBACK],
  ])("%s → %j", (code, text) => {
    expect(loginErrorMessage(code)).toBe(text);
  });

  it.each(UNKNOWN_CODES.map((c) => [c]))("unknown code %j → the fallback string", (code) => {
    const text = loginErrorMessage(code);
    expect(typeof text).toBe("string");
    expect(text).toBe(LOGIN_FALLBACK);
  });
});

describe("resetErrorMessage", () => {
  it.each([
    ["user-not-found", "No account found with this email address"],
    // The spec lists only user-not-found for reset; everything else gets the fallback.
    ["too-many-requests", RESET_FALLBACK],
    ["wrong-password", RESET_FALLBACK],
    ["invalid-email", RESET_FALLBACK],
  ])("%s → %j", (code, text) => {
    expect(resetErrorMessage(code)).toBe(text);
  });

  it.each(UNKNOWN_CODES.map((c) => [c]))("unknown code %j → the fallback string", (code) => {
    const text = resetErrorMessage(code);
    expect(typeof text).toBe("string");
    expect(text).toBe(RESET_FALLBACK);
  });
});

describe("registerErrorMessage", () => {
  it.each([
    ["email-already-in-use", "An account with this email already exists"],
    ["invalid-email", "Invalid email address"],
    ["weak-password", "Password is too weak"],
    ["user-not-found", REGISTER_FALLBACK],
    // Registration is rate-limited per IP now (issue 13): our own wording, the spec has none.
    ["too-many-requests", "Too many attempts. Please try again later"],
  ])("%s → %j", (code, text) => {
    expect(registerErrorMessage(code)).toBe(text);
  });

  it.each(UNKNOWN_CODES.map((c) => [c]))("unknown code %j → the fallback string", (code) => {
    const text = registerErrorMessage(code);
    expect(typeof text).toBe("string");
    expect(text).toBe(REGISTER_FALLBACK);
  });
});
