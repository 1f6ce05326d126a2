// The error catalogue of spec §8 for sign-in, reset and registration: domain code → exact text.
// Pure: shared with the browser.

export type LoginErrorCode = "user-not-found" | "wrong-password" | "invalid-email" | "too-many-requests";
export type ResetErrorCode = "user-not-found" | "too-many-requests";
export type RegisterErrorCode = "email-already-in-use" | "invalid-email" | "weak-password" | "too-many-requests";

const loginMessages: Record<LoginErrorCode, string> = {
  "user-not-found": "No account found with this email address",
  "wrong-password": "Incorrect password",
  "invalid-email": "Invalid email address",
  "too-many-requests": "Too many failed attempts. Please try again later",
};

const registerMessages: Record<RegisterErrorCode, string> = {
  "email-already-in-use": "An account with this email already exists",
  "invalid-email": "Invalid email address",
  "weak-password": "Password is too weak",
  // Not in the spec's catalogue (its identity provider rate-limited sign-up on its own): our wording.
  "too-many-requests": "Too many attempts. Please try again later",
};

export const fallbackMessages = {
  login: "Failed to sign in. Please check your credentials and try again.",
  reset: "Failed to send reset email. Please try again.",
  register: "Failed to create account. Please try again.",
} as const;

function lookup(table: Record<string, string>, code: string | undefined, fallback: string): string {
  return code !== undefined && Object.hasOwn(table, code) ? table[code]! : fallback;
}

export function loginErrorMessage(code: string | undefined): string {
  return lookup(loginMessages, code, fallbackMessages.login);
}

export function resetErrorMessage(code: string | undefined): string {
  return lookup({ "user-not-found": loginMessages["user-not-found"] }, code, fallbackMessages.reset);
}

export function registerErrorMessage(code: string | undefined): string {
  return lookup(registerMessages, code, fallbackMessages.register);
}
