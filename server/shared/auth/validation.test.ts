// Form rules of spec §5: login, password reset, registration, new password, and the sign-in redirect.
import { describe, expect, it } from "vitest";
import {
  LIMITS,
  PASSWORD_MIN_LENGTH,
  isValidEmail,
  messages,
  normalizeEmail,
  passwordMeetsRules,
  passwordRules,
  safeRedirectPath,
  validateLogin,
  validateNewPassword,
  validateRegistration,
  validateResetRequest,
  inviteAccountSchema,
} from "./validation.ts";
import { personNameMessages } from "../auth/person-name.ts";

const FILL = "Please fill in all fields";
const ENTER_EMAIL = "Please enter your email address";
const REQUIREMENTS = "Password does not meet requirements";
const MISMATCH = "Passwords do not match";
const TERMS = "Please accept the Terms of Service and Privacy Policy";
const INVALID_EMAIL = "Invalid email address";

describe("messages", () => {
  it("are the exact texts of spec §5", () => {
    expect(messages).toEqual({
      fillAllFields: FILL,
      enterEmail: ENTER_EMAIL,
      passwordRequirements: REQUIREMENTS,
      passwordsDoNotMatch: MISMATCH,
      acceptTerms: TERMS,
      invalidEmail: INVALID_EMAIL,
    });
  });
});

describe("passwordRules", () => {
  it("lists the four rules of the live checklist, in order", () => {
    expect(passwordRules.map((r) => [r.id, r.label])).toEqual([
      ["length", "At least 8 characters"],
      ["uppercase", "One uppercase letter"],
      ["lowercase", "One lowercase letter"],
      ["digit", "One number"],
    ]);
    expect(PASSWORD_MIN_LENGTH).toBe(8);
  });

  it.each([
    // password, length, uppercase, lowercase, digit
    ["", false, false, false, false],
    ["Abcdef1", false, true, true, true], // 7 characters
    ["Abcdefg1", true, true, true, true], // 8 characters
    ["abcdefg1", true, false, true, true],
    ["ABCDEFG1", true, true, false, true],
    ["Abcdefgh", true, true, true, false],
    ["12345678", true, false, false, true],
    ["        ", true, false, false, false],
    ["ÄÖÜäöü12", true, false, false, true], // only ASCII letters count
  ])("%j → length %s, uppercase %s, lowercase %s, digit %s", (password, length, upper, lower, digit) => {
    const byId = Object.fromEntries(passwordRules.map((r) => [r.id, r.test(password)]));
    expect(byId).toEqual({ length, uppercase: upper, lowercase: lower, digit });
    expect(passwordMeetsRules(password)).toBe(length && upper && lower && digit);
  });
});

describe("email helpers", () => {
  it.each([
    ["  Owner@Example.COM  ", "owner@example.com"],
    ["a@b.co", "a@b.co"],
    ["\tMIXED@Case.Org\n", "mixed@case.org"],
  ])("normalizeEmail(%j) → %j", (input, output) => {
    expect(normalizeEmail(input)).toBe(output);
  });

  it.each([
    ["owner@example.com", true],
    ["Owner@Example.COM", true],
    ["first.last+tag@sub.example.co.uk", true],
    ["not-an-email", false],
    ["a@b", false],
    ["@example.com", false],
    ["a b@example.com", false],
  ])("isValidEmail(%j) → %s", (email, valid) => {
    expect(isValidEmail(email)).toBe(valid);
  });

  it("accepts an address of 254 characters and refuses one of 255", () => {
    const domain = `${"b".repeat(60)}.${"c".repeat(60)}.${"d".repeat(63)}.com`; // 189 characters
    const longest = `${"a".repeat(64)}@${domain}`;
    expect(longest.length).toBe(LIMITS.email);
    expect(isValidEmail(longest)).toBe(true);
    const tooLong = `${"a".repeat(65)}@${domain}`;
    expect(tooLong.length).toBe(LIMITS.email + 1);
    expect(isValidEmail(tooLong)).toBe(false);
  });
});

describe("validateLogin", () => {
  it.each([
    [{}],
    [{ email: "", password: "" }],
    [{ email: "owner@example.com" }],
    [{ email: "owner@example.com", password: "" }],
    [{ password: "Secret123" }],
    [{ email: "   ", password: "Secret123" }],
    [{ email: 42, password: "Secret123" }],
    [{ email: "owner@example.com", password: null }],
  ])("%j → 'Please fill in all fields'", (input) => {
    expect(validateLogin(input)).toEqual({ ok: false, error: FILL });
  });

  it("refuses a malformed email", () => {
    expect(validateLogin({ email: "owner-at-example", password: "x" })).toEqual({ ok: false, error: INVALID_EMAIL });
  });

  it("checks for missing fields before the email format", () => {
    expect(validateLogin({ email: "owner-at-example", password: "" })).toEqual({ ok: false, error: FILL });
  });

  it("normalises the email and keeps the password as typed", () => {
    expect(validateLogin({ email: "  Owner@Example.COM ", password: " Pass word1 " })).toEqual({
      ok: true,
      value: { email: "owner@example.com", password: " Pass word1 " },
    });
  });

  it("does not apply the registration password rules at sign-in", () => {
    expect(validateLogin({ email: "owner@example.com", password: "x" })).toEqual({
      ok: true,
      value: { email: "owner@example.com", password: "x" },
    });
  });

  it("refuses a password longer than the limit", () => {
    expect(validateLogin({ email: "owner@example.com", password: "a".repeat(LIMITS.password + 1) })).toEqual({
      ok: false,
      error: REQUIREMENTS,
    });
    expect(validateLogin({ email: "owner@example.com", password: "a".repeat(LIMITS.password) }).ok).toBe(true);
  });
});

describe("validateResetRequest", () => {
  it.each([[{}], [{ email: "" }], [{ email: "   " }], [{ email: 7 }]])(
    "%j → 'Please enter your email address'",
    (input) => {
      expect(validateResetRequest(input)).toEqual({ ok: false, error: ENTER_EMAIL });
    },
  );

  it("refuses a malformed email", () => {
    expect(validateResetRequest({ email: "nobody" })).toEqual({ ok: false, error: INVALID_EMAIL });
  });

  it("normalises the email", () => {
    expect(validateResetRequest({ email: " Owner@Example.com " })).toEqual({
      ok: true,
      value: { email: "owner@example.com" },
    });
  });
});

describe("validateRegistration", () => {
  const valid = {
    businessName: "  Sparkle Cleaning Co ",
    displayName: " Maria  Lopez ",
    email: " Owner@Sparkle.TEST ",
    password: "Secret123",
    confirmPassword: "Secret123",
    acceptTerms: true,
  };

  it("accepts a complete form, trimming the business name and normalising the email", () => {
    expect(validateRegistration(valid)).toEqual({
      ok: true,
      value: { businessName: "Sparkle Cleaning Co", displayName: "Maria Lopez", email: "owner@sparkle.test", password: "Secret123" },
    });
  });

  it.each(["businessName", "displayName", "email", "password", "confirmPassword"] as const)(
    "without %s → 'Please fill in all fields'",
    (field) => {
      expect(validateRegistration({ ...valid, [field]: "" })).toEqual({ ok: false, error: FILL });
      expect(validateRegistration({ ...valid, [field]: undefined })).toEqual({ ok: false, error: FILL });
    },
  );

  it.each(["businessName", "displayName", "email"] as const)("%s of only spaces counts as missing", (field) => {
    expect(validateRegistration({ ...valid, [field]: "   " })).toEqual({ ok: false, error: FILL });
  });

  it("refuses a business name longer than the limit", () => {
    expect(validateRegistration({ ...valid, businessName: "x".repeat(LIMITS.businessName + 1) })).toEqual({
      ok: false,
      error: FILL,
    });
    expect(validateRegistration({ ...valid, businessName: "x".repeat(LIMITS.businessName) }).ok).toBe(true);
  });

  it("checks the person's name with a person's rules, not the business name's (issue 32)", () => {
    expect(validateRegistration({ ...valid, displayName: "1234" })).toEqual({ ok: false, error: personNameMessages.nameNeedsLetter });
    expect(validateRegistration({ ...valid, displayName: "x".repeat(81) })).toEqual({ ok: false, error: personNameMessages.nameTooLong });
    expect(validateRegistration({ ...valid, displayName: "Zoë O'Neil-Ávila" }).ok).toBe(true);
  });

  it("refuses a malformed email", () => {
    expect(validateRegistration({ ...valid, email: "owner.sparkle.test" })).toEqual({
      ok: false,
      error: INVALID_EMAIL,
    });
  });

  it.each([
    ["length", "Secret1"],
    ["uppercase", "secret123"],
    ["lowercase", "SECRET123"],
    ["digit", "SecretPass"],
  ])("a password breaking only the %s rule → 'Password does not meet requirements'", (ruleId, password) => {
    const broken = passwordRules.filter((r) => !r.test(password)).map((r) => r.id);
    expect(broken).toEqual([ruleId]);
    expect(validateRegistration({ ...valid, password, confirmPassword: password })).toEqual({
      ok: false,
      error: REQUIREMENTS,
    });
  });

  it("refuses a password longer than the limit even if it meets the rules", () => {
    const password = `Aa1${"x".repeat(LIMITS.password - 2)}`;
    expect(password.length).toBe(LIMITS.password + 1);
    expect(validateRegistration({ ...valid, password, confirmPassword: password })).toEqual({
      ok: false,
      error: REQUIREMENTS,
    });
  });

  it("refuses a confirmation that differs", () => {
    expect(validateRegistration({ ...valid, confirmPassword: "Secret124" })).toEqual({ ok: false, error: MISMATCH });
  });

  it.each([[false], [undefined], ["false"], ["off"], [1], ["yes"]])("acceptTerms %j → terms message", (acceptTerms) => {
    expect(validateRegistration({ ...valid, acceptTerms })).toEqual({ ok: false, error: TERMS });
  });

  it.each([[true], ["on"], ["true"]])("acceptTerms %j is accepted", (acceptTerms) => {
    expect(validateRegistration({ ...valid, acceptTerms }).ok).toBe(true);
  });

  // Each row breaks every rule from its position on; the first still broken wins.
  it.each([
    [
      "missing fields before everything",
      { businessName: "", email: "bad", password: "weak", confirmPassword: "other", acceptTerms: false },
      FILL,
    ],
    [
      "invalid email before the password rules",
      { businessName: "Biz", displayName: "Sam", email: "bad", password: "weak", confirmPassword: "other", acceptTerms: false },
      INVALID_EMAIL,
    ],
    [
      "password rules before the confirmation",
      { businessName: "Biz", displayName: "Sam", email: "a@b.co", password: "weak", confirmPassword: "other", acceptTerms: false },
      REQUIREMENTS,
    ],
    [
      "confirmation before the terms",
      { businessName: "Biz", displayName: "Sam", email: "a@b.co", password: "Secret123", confirmPassword: "other", acceptTerms: false },
      MISMATCH,
    ],
    [
      "terms last",
      { businessName: "Biz", displayName: "Sam", email: "a@b.co", password: "Secret123", confirmPassword: "Secret123", acceptTerms: false },
      TERMS,
    ],
  ])("order: %s", (_label, input, error) => {
    expect(validateRegistration(input)).toEqual({ ok: false, error });
  });
});

describe("validateNewPassword", () => {
  it("accepts a valid password and its confirmation, passing the token through", () => {
    expect(validateNewPassword({ token: "tok_123", password: "Secret123", confirmPassword: "Secret123" })).toEqual({
      ok: true,
      value: { token: "tok_123", password: "Secret123" },
    });
  });

  it.each([
    [{ token: "t", password: "", confirmPassword: "Secret123" }, FILL],
    [{ token: "t", password: "Secret123", confirmPassword: "" }, FILL],
    [{ token: "t" }, FILL],
    [{ token: "t", password: "Secret1", confirmPassword: "Secret1" }, REQUIREMENTS],
    [{ token: "t", password: "secret123", confirmPassword: "secret123" }, REQUIREMENTS],
    [{ token: "t", password: "SECRET123", confirmPassword: "SECRET123" }, REQUIREMENTS],
    [{ token: "t", password: "SecretPass", confirmPassword: "SecretPass" }, REQUIREMENTS],
    [{ token: "t", password: "weak", confirmPassword: "other" }, REQUIREMENTS],
    [{ token: "t", password: "Secret123", confirmPassword: "Secret124" }, MISMATCH],
  ])("%j → %s", (input, error) => {
    expect(validateNewPassword(input)).toEqual({ ok: false, error });
  });
});

describe("safeRedirectPath", () => {
  it.each([
    ["/app/leads?q=Müller", "/app/leads?q=M%C3%BCller"],
    ["/app/é", "/app/%C3%A9"],
    ["/app/leads#Ünter", "/app/leads#%C3%9Cnter"],
    ["/%2F%2Fevil.com", "/%2F%2Fevil.com"],
    ["/app/../settings", "/settings"],
  ])("encodes or normalises %j to the same-site path %j, valid in a Location header", (target, result) => {
    expect(safeRedirectPath(target)).toBe(result);
    expect(() => new Headers({ Location: safeRedirectPath(target) })).not.toThrow();
  });

  it("drops an over-long target", () => {
    expect(safeRedirectPath(`/app?${"a".repeat(3000)}`)).toBe("/app");
  });

  it.each([
    ["/app/leads?x=1", "/app/leads?x=1"],
    ["/app", "/app"],
    ["/", "/"],
    ["/app/leads#top", "/app/leads#top"],
  ])("accepts the same-site path %j", (target, result) => {
    expect(safeRedirectPath(target)).toBe(result);
  });

  it.each([
    ["//evil.com"],
    ["///evil.com"],
    ["https://evil.com"],
    ["http://evil.com/app"],
    ["javascript:alert(1)"],
    ["\\evil"],
    ["/\\evil.com"],
    ["app/leads"],
    [""],
    [undefined],
    [null],
    [42],
    [["/app"]],
  ])("refuses %j and falls back to /app", (target) => {
    expect(safeRedirectPath(target)).toBe("/app");
  });

  // Browsers drop tabs and newlines anywhere in a URL (WHATWG URL parser), so "/\t/evil.com" in a
  // Location header is followed as "//evil.com": another site (an open redirect after sign-in).
  // A newline is not an open redirect but makes Remix's redirect() throw (invalid header value).
  it.each([["/\t/evil.com"], ["/\n/evil.com"], ["/\r\n/evil.com"]])(
    "refuses %j, which a browser reads as //evil.com",
    (target) => {
      expect(new URL(target, "https://app.leadbroom.test").host).toBe("evil.com");
      expect(safeRedirectPath(target)).toBe("/app");
    },
  );

  it("uses the given fallback", () => {
    expect(safeRedirectPath("//evil.com", "/login")).toBe("/login");
    expect(safeRedirectPath(undefined, "/")).toBe("/");
    expect(safeRedirectPath("/app/settings", "/login")).toBe("/app/settings");
  });
});

describe("inviteAccountSchema (accepting an invitation with a new account)", () => {
  const form = { displayName: "Maria Lopez", password: "Secret123", confirmPassword: "Secret123", acceptTerms: "on" };

  it("takes the person's name and the invited address", () => {
    const parsed = inviteAccountSchema("maria@spotless.test").safeParse(form);
    expect(parsed.success && parsed.data).toEqual({ displayName: "Maria Lopez", email: "maria@spotless.test", password: "Secret123" });
  });

  it("applies a person's name rules: a 100-character business-like name is refused with a name message", () => {
    const parsed = inviteAccountSchema("maria@spotless.test").safeParse({ ...form, displayName: "A".repeat(100) });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(personNameMessages.nameTooLong);
  });

  it("refuses an e-mail address typed as the name", () => {
    const parsed = inviteAccountSchema("maria@spotless.test").safeParse({ ...form, displayName: "maria@spotless.test" });
    expect(parsed.error?.issues[0]?.message).toBe(personNameMessages.nameIsEmail);
  });
});
