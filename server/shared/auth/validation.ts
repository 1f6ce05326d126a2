// Form rules of spec §5, shared by the browser (live checklist, early messages) and the server
// (the authority). Pure: safe to import from client code.
import { z } from "zod";
import type { Parsed } from "../forms/action-result.ts";
import { validatePersonName } from "../auth/person-name.ts";

export const PASSWORD_MIN_LENGTH = 8;

export const passwordRules = [
  { id: "length", label: "At least 8 characters", test: (p: string) => p.length >= PASSWORD_MIN_LENGTH },
  { id: "uppercase", label: "One uppercase letter", test: (p: string) => /[A-Z]/.test(p) },
  { id: "lowercase", label: "One lowercase letter", test: (p: string) => /[a-z]/.test(p) },
  { id: "digit", label: "One number", test: (p: string) => /\d/.test(p) },
] as const;

export function passwordMeetsRules(password: string): boolean {
  return passwordRules.every((rule) => rule.test(password));
}

export const messages = {
  fillAllFields: "Please fill in all fields",
  enterEmail: "Please enter your email address",
  passwordRequirements: "Password does not meet requirements",
  passwordsDoNotMatch: "Passwords do not match",
  acceptTerms: "Please accept the Terms of Service and Privacy Policy",
  invalidEmail: "Invalid email address",
} as const;

/** Longest values we accept; beyond these the input is refused rather than truncated. */
export const LIMITS = { email: 254, password: 128, businessName: 120 } as const;

const emailSchema = z.email();

export function isValidEmail(email: string): boolean {
  return email.length <= LIMITS.email && emailSchema.safeParse(email).success;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A form's optional e-mail address: empty is null, anything else must be valid and is stored normalised. */
export const optionalEmailField = z
  .string()
  .trim()
  .default("")
  .refine((value) => value === "" || isValidEmail(value), "Invalid email address")
  .transform((value) => (value === "" ? null : normalizeEmail(value)));

export type LoginInput = { email: string; password: string };

export function validateLogin(input: { email?: unknown; password?: unknown }): Parsed<LoginInput> {
  const email = typeof input.email === "string" ? input.email.trim() : "";
  const password = typeof input.password === "string" ? input.password : "";
  if (!email || !password) return { ok: false, error: messages.fillAllFields };
  if (!isValidEmail(email)) return { ok: false, error: messages.invalidEmail };
  if (password.length > LIMITS.password) return { ok: false, error: messages.passwordRequirements };
  return { ok: true, value: { email: normalizeEmail(email), password } };
}

export type ResetRequestInput = { email: string };

export function validateResetRequest(input: { email?: unknown }): Parsed<ResetRequestInput> {
  const email = typeof input.email === "string" ? input.email.trim() : "";
  if (!email) return { ok: false, error: messages.enterEmail };
  if (!isValidEmail(email)) return { ok: false, error: messages.invalidEmail };
  return { ok: true, value: { email: normalizeEmail(email) } };
}

export type RegisterInput = { businessName: string; displayName: string; email: string; password: string };

type AccountFields = { email?: unknown; password?: unknown; confirmPassword?: unknown; acceptTerms?: unknown };

/**
 * The rules a new account shares (registration and accepting an invitation): the person's name (issue 32:
 * a person's rules, not a business name's), the e-mail, the password twice and the terms. `extra` are
 * further required fields (the business name at registration).
 */
function validateNewAccount(input: AccountFields & { displayName?: unknown }, extra: string[] = []): Parsed<{ displayName: string; email: string; password: string }> {
  const rawName = typeof input.displayName === "string" ? input.displayName.trim() : "";
  const email = typeof input.email === "string" ? input.email.trim() : "";
  const password = typeof input.password === "string" ? input.password : "";
  const confirmPassword = typeof input.confirmPassword === "string" ? input.confirmPassword : "";
  const acceptTerms = input.acceptTerms === true || input.acceptTerms === "on" || input.acceptTerms === "true";
  if (extra.some((value) => !value) || !rawName || !email || !password || !confirmPassword) return { ok: false, error: messages.fillAllFields };
  const name = validatePersonName(rawName);
  if (!name.ok) return name;
  if (!isValidEmail(email)) return { ok: false, error: messages.invalidEmail };
  if (!passwordMeetsRules(password) || password.length > LIMITS.password) {
    return { ok: false, error: messages.passwordRequirements };
  }
  if (password !== confirmPassword) return { ok: false, error: messages.passwordsDoNotMatch };
  if (!acceptTerms) return { ok: false, error: messages.acceptTerms };
  return { ok: true, value: { displayName: name.value, email: normalizeEmail(email), password } };
}

export function validateRegistration(input: AccountFields & { businessName?: unknown; displayName?: unknown }): Parsed<RegisterInput> {
  const businessName = typeof input.businessName === "string" ? input.businessName.trim() : "";
  if (businessName.length > LIMITS.businessName) return { ok: false, error: messages.fillAllFields };
  const account = validateNewAccount(input, [businessName]);
  if (!account.ok) return account;
  return { ok: true, value: { businessName, ...account.value } };
}

export type NewPasswordInput = { token: string; password: string };

export function validateNewPassword(input: {
  token?: unknown;
  password?: unknown;
  confirmPassword?: unknown;
}): Parsed<NewPasswordInput> {
  const token = typeof input.token === "string" ? input.token : "";
  const password = typeof input.password === "string" ? input.password : "";
  const confirmPassword = typeof input.confirmPassword === "string" ? input.confirmPassword : "";
  if (!password || !confirmPassword) return { ok: false, error: messages.fillAllFields };
  if (!passwordMeetsRules(password) || password.length > LIMITS.password) {
    return { ok: false, error: messages.passwordRequirements };
  }
  if (password !== confirmPassword) return { ok: false, error: messages.passwordsDoNotMatch };
  return { ok: true, value: { token, password } };
}

/**
 * A spec rule above as a Zod schema for Conform (parseWithZod in the browser and on the server): the
 * rule's one message is a form-level error (Conform's "" key), the order of the checks is the rule's.
 */
function ruleSchema<I extends Record<string, unknown>, T>(keys: readonly (keyof I & string)[], rule: (input: I) => Parsed<T>) {
  const shape = Object.fromEntries(keys.map((key) => [key, z.unknown().optional()]));
  return z.object(shape).transform((input, ctx): T => {
    const result = rule(input as I);
    if (result.ok) return result.value;
    ctx.addIssue({ code: "custom", message: result.error, path: [] });
    return z.NEVER;
  });
}

export const loginSchema = ruleSchema(["email", "password"], validateLogin);
export const resetRequestSchema = ruleSchema(["email"], validateResetRequest);
export const registrationSchema = ruleSchema(["businessName", "displayName", "email", "password", "confirmPassword", "acceptTerms"], validateRegistration);
export const newPasswordSchema = ruleSchema(["token", "password", "confirmPassword"], validateNewPassword);

/**
 * Accepting an invitation with a new account: the person's name (a person's rules), the password twice and
 * the terms; the invited address, which the form does not send, is the e-mail.
 */
export function inviteAccountSchema(email: string) {
  return ruleSchema(["displayName", "password", "confirmPassword", "acceptTerms"], (input: AccountFields & { displayName?: unknown }) =>
    validateNewAccount({ ...input, email }),
  );
}

/** Only same-site relative paths may be returned to after sign-in. */
export function safeRedirectPath(target: unknown, fallback = "/app"): string {
  if (
    typeof target !== "string" ||
    !target.startsWith("/") ||
    target.startsWith("//") ||
    target.includes("\\") ||
    // Browsers drop tabs and newlines from URLs, so "/\t/evil.com" would become "//evil.com".
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    /[\u0000-\u001f\u007f]/.test(target)
  ) {
    return fallback;
  }
  if (target.length > MAX_REDIRECT_LENGTH) return fallback;
  // Re-serialised through the URL parser against a throw-away origin: what is left is a same-origin
  // path whose non-ASCII characters are percent-encoded, so it is always a valid Location header
  // (a raw "ü" there turned a good sign-in into a 500).
  const base = "http://same-origin.invalid";
  const url = new URL(target, base);
  if (url.origin !== base) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Longer redirect targets are dropped (the fallback is used). */
const MAX_REDIRECT_LENGTH = 2048;
